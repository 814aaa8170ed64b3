/**
 * Machine clients and the client_credentials grant: an admin registers a client over
 * REST (its secret shown once, never listed), the client takes a token with HTTP Basic or
 * body credentials, and the token opens the resource it was issued for and nothing else.
 * At every use the token holds the client's grants and scopes of that moment: narrowing
 * the client narrows it, a new secret or deleting the client ends it. Refusals are in OAuth's error
 * format (`401 invalid_client`).
 */
import { lastMessage, RawMcp, refundsSearch, STREAM_HEADERS } from '../mcp/support';
import { createSupportKb, SupportKb } from '../support/records';
import { describeEachDatabase } from '../support/suite';

type Json = Record<string, any>;
interface Client {
  client_id: string;
  client_secret: string;
}

/** The scanner expression of docs/security.md. */
const SECRET_PATTERN = /^trove_cs_[0-9a-f]{32}[0-9A-Za-z]{38}$/;
const REFUNDS = 'Refunds for annual plans';

describeEachDatabase('OAuth client_credentials', (fixture) => {
  let kb: SupportKb;
  let base: string;
  const admin = () => fixture().api;

  beforeAll(async () => {
    base = `http://localhost:${fixture().trove.port}`;
    kb = await createSupportKb(admin());
  });

  const everything = () => [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: '*' }];
  const publicOnly = () => [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] }];

  async function register(grants = everything()): Promise<Client> {
    const made = await admin().post('/oauth_clients', { name: 'nightly', grants, scopes: ['agent:read'] });
    expect(made.status).toBe(201);
    return made.body;
  }

  async function tokenRequest(fields: Record<string, string>, basic?: Client) {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (basic) {
      const pair = `${encodeURIComponent(basic.client_id)}:${encodeURIComponent(basic.client_secret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    const response = await fetch(`${base}/api/v1/oauth2/token`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  const withBasic = (client: Client, resource = `${base}/mcp`) =>
    tokenRequest({ grant_type: 'client_credentials', resource }, client);
  const withBody = (client: Client, resource = `${base}/mcp`) =>
    tokenRequest({ grant_type: 'client_credentials', resource, ...client });

  async function tokenOf(client: Client): Promise<string> {
    const answer = await withBasic(client);
    expect(answer.status).toBe(200);
    return answer.body.access_token as string;
  }

  /** search_knowledge over /mcp with the token: its text, or the HTTP status of a refusal. */
  async function search(token: string): Promise<string | number> {
    const mcp = new RawMcp(fixture().trove.url, { id: '', secret: '', bearer: token });
    const response = await mcp.modern('tools/call', {
      name: 'search_knowledge',
      arguments: refundsSearch(kb.pipelineId),
    });
    if (response.status !== 200) return response.status;
    const message = lastMessage(response.body);
    expect(message.result.isError).toBeFalsy();
    return JSON.stringify(message.result.content);
  }

  it('registers a client over REST: the secret is shown once, stored hashed, never listed', async () => {
    const client = await register();
    expect(client.client_secret).toMatch(SECRET_PATTERN);
    expect(client).toMatchObject({
      name: 'nightly',
      grants: everything(),
      scopes: ['agent:read'],
      grant_types: ['client_credentials'],
    });
    const listed = await admin().get('/oauth_clients?limit=1000');
    expect(listed.status).toBe(200);
    const entry = listed.body.data.find((c: Json) => c.client_id === client.client_id);
    expect(entry).toMatchObject({ name: 'nightly' });
    expect(entry.client_secret).toBeUndefined();
    const secretPart = client.client_secret.slice(9 + 32);
    expect(listed.text).not.toContain(secretPart);
    const one = await admin().get(`/oauth_clients/${client.client_id}`);
    expect(one.status).toBe(200);
    expect(one.text).not.toContain(secretPart);
    expect(one.body.client_secret).toBeUndefined();
    const refused = await admin().post('/oauth_clients', { name: 'x', grants: [{ pipeline_id: 'nope' }] });
    expect(refused.status).toBe(422);
  });

  it('issues a token for credentials in HTTP Basic or in the body, which opens /mcp', async () => {
    const client = await register();
    for (const answer of [await withBasic(client), await withBody(client)]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ token_type: 'Bearer' });
      expect(answer.body.access_token).toMatch(/^trove_cc_/);
      expect(answer.body.refresh_token).toBeUndefined();
      expect(await search(answer.body.access_token)).toContain(REFUNDS);
    }
  });

  it('answers a wrong secret, an unknown client and a secret of another client with 401 invalid_client', async () => {
    const client = await register();
    const other = await register();
    const wrong = { ...client, client_secret: client.client_secret.slice(0, -1) + 'x' };
    const strangers = [
      wrong,
      { ...client, client_secret: other.client_secret },
      { ...client, client_secret: 'not-even-the-shape' },
      { ...client, client_id: '0193a000-0000-7000-8000-00000000dead' },
    ];
    for (const credentials of strangers) {
      for (const answer of [await withBasic(credentials), await withBody(credentials)]) {
        expect(answer.status).toBe(401);
        expect(answer.body.error).toBe('invalid_client');
      }
    }
  });

  it('binds a token to its resource: a /mcp token is refused on REST and /api/v1/mcp', async () => {
    const client = await register();
    const token = await tokenOf(client);
    const rest = await fetch(`${base}/pipelines`, { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as Json).detail).toMatch(/invalid_token/);
    const guided = await fetch(`${base}/api/v1/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...STREAM_HEADERS },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(guided.status).toBe(401);
    // A resource Trove serves no tokens for, and a scope the client was not given.
    const elsewhere = await withBasic(client, 'https://elsewhere.example/mcp');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe('invalid_target');
    const scoped = await tokenRequest(
      { grant_type: 'client_credentials', resource: `${base}/api/v1`, scope: 'agent:execute' },
      client,
    );
    expect(scoped.status).toBe(400);
    expect(scoped.body.error).toBe('invalid_scope');
  });

  it("holds the client's grants of the moment: narrowing the client narrows the next request", async () => {
    const client = await register();
    const token = await tokenOf(client);
    expect(await search(token)).toContain(REFUNDS);
    const path = `/oauth_clients/${client.client_id}`;
    expect((await admin().patch(path, { grants: publicOnly() })).status).toBe(200);
    const narrowed = await search(token);
    expect(typeof narrowed).toBe('string');
    expect(narrowed).not.toContain(REFUNDS);
    expect((await admin().patch(path, { grants: everything() })).status).toBe(200);
    expect(await search(token)).toContain(REFUNDS);
  });

  it("holds the agents API scopes it was issued with, within the client's of the moment", async () => {
    const client = await register();
    const issued = await tokenRequest(
      { grant_type: 'client_credentials', resource: `${base}/api/v1`, scope: 'agent:read' },
      client,
    );
    expect(issued.status).toBe(200);
    expect(issued.body.scope).toBe('agent:read');
    const agents = () =>
      fetch(`${base}/api/v1/agents`, { headers: { authorization: `Bearer ${issued.body.access_token}` } });
    expect((await agents()).status).toBe(200);
    expect((await admin().patch(`/oauth_clients/${client.client_id}`, { scopes: [] })).status).toBe(200);
    const refused = await agents();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).error.message).toBe(
      'Forbidden — insufficient OAuth scope (agent:read required)',
    );
  });

  it('ends the tokens of the old secret on rotation, and every token on deletion', async () => {
    const client = await register();
    const token = await tokenOf(client);
    // A session opened with the token: each of its requests presents the token again.
    const mcp = new RawMcp(fixture().trove.url, { id: '', secret: '', bearer: token });
    const session = await mcp.openSession();
    expect(
      (await mcp.callTool(session, 'search_knowledge', refundsSearch(kb.pipelineId))).result,
    ).toBeDefined();

    const rotated = await admin().post(`/oauth_clients/${client.client_id}/rotate`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.client_secret).toMatch(SECRET_PATTERN);
    expect(rotated.body.client_secret).not.toBe(client.client_secret);
    expect(await search(token)).toBe(401);
    const inSession = await mcp.post(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      mcp.sessionHeaders(session),
    );
    expect(inSession.status).toBe(401);
    expect((await withBasic(client)).status).toBe(401);

    const renewed = { ...client, client_secret: rotated.body.client_secret as string };
    const fresh = await tokenOf(renewed);
    expect(await search(fresh)).toContain(REFUNDS);
    expect((await admin().delete(`/oauth_clients/${client.client_id}`)).status).toBe(204);
    expect(await search(fresh)).toBe(401);
    const gone = await withBasic(renewed);
    expect(gone.status).toBe(401);
    expect(gone.body.error).toBe('invalid_client');
    expect((await admin().get(`/oauth_clients/${client.client_id}`)).status).toBe(404);
  });

  it('gives client_credentials to no client of dynamic registration', async () => {
    const registered = await fetch(`${base}/api/v1/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'self-made machine',
        redirect_uris: [],
        response_types: [],
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    });
    // Registration lets a client name the grant (RFC 7591 does); the token endpoint refuses it.
    expect(registered.status).toBe(201);
    const made = (await registered.json()) as Json;
    const answer = await withBasic({ client_id: made.client_id, client_secret: made.client_secret });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('unauthorized_client');
  });

  it('is administered by admin keys only', async () => {
    const key = await admin().post('/api_keys', { name: 'plain', grants: everything() });
    const plain = admin().as({ id: key.body.id, secret: key.body.secret });
    expect((await plain.get('/oauth_clients')).status).toBe(403);
    expect((await plain.post('/oauth_clients', { name: 'x', grants: [] })).status).toBe(403);
  });
});
