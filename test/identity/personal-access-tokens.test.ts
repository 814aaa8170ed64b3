/**
 * Personal access tokens: a key mints a token holding an expiry and a subset of its
 * grants and scopes; the token is shown once, listed without its secret, refused when
 * tampered with, expired or revoked, and at every use holds no more than its key holds
 * then, over REST, /mcp and /api/v1/mcp alike.
 */
import { RawMcp } from '../mcp/support';
import { Api, Credentials } from '../support/http';
import { createKey, createSupportKb, SupportKb } from '../support/records';
import { describeEachDatabase } from '../support/suite';
import { waitFor } from '../support/wait';

/** The scanner expression of docs/security.md. */
const PAT_PATTERN = /^trove_pat_[0-9a-f]{32}[0-9A-Za-z]{38}$/;
const QUERY = 'password invoices refunds';

describeEachDatabase('personal access tokens', (fixture) => {
  let kb: SupportKb;
  let key: Credentials;
  const admin = () => fixture().api;
  const asKey = () => admin().as(key);
  const bearer = (token: string): Api => admin().as({ id: key.id, secret: '', bearer: token });
  const mint = (body: Record<string, unknown>, api = asKey()) => api.post('/api_keys/me/tokens', body);
  /** The classifications of support-kb a principal may search (a status when it may search none). */
  const seen = async (api: Api): Promise<string[] | number> => {
    const allowed: string[] = [];
    let status = 0;
    for (const classification of ['internal', 'public']) {
      const response = await api.post(`/pipelines/${kb.pipelineId}/search`, {
        type: 'search',
        query: QUERY,
        classifications: { values: [classification], match: 'exact' },
      });
      status = response.status;
      // A search narrows to what the caller may see: a classification it may not is an empty answer.
      if (response.status === 200 && response.body.length > 0) allowed.push(classification);
    }
    return allowed.length > 0 ? allowed.sort() : status;
  };

  beforeAll(async () => {
    kb = await createSupportKb(admin());
    key = await createKey(admin(), [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: '*' }]);
    await admin().patch(`/api_keys/${key.id}`, { scopes: ['agent:read'] });
  });

  it('mints a token of a fixed, checksummed shape, shown once and listed without its secret', async () => {
    const made = await mint({
      name: 'laptop',
      grants: [{ pipeline_id: kb.pipelineId, permissions: 4, classifications: ['public'] }],
    });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(PAT_PATTERN);
    expect(made.body).toMatchObject({ api_key_id: key.id, name: 'laptop', scopes: [] });
    const listed = await asKey().get('/api_keys/me/tokens');
    expect(listed.status).toBe(200);
    const entry = listed.body.data.find((t: { id: string }) => t.id === made.body.id);
    expect(entry).toBeDefined();
    expect(entry.token).toBeUndefined();
    expect(listed.text).not.toContain(made.body.token.slice(10));
    // An admin sees the same list of the key.
    expect(
      (await admin().get(`/api_keys/${key.id}/tokens`)).body.data.map((t: { id: string }) => t.id),
    ).toContain(made.body.id);
  });

  it('gives exactly its own subset over REST, /mcp and /api/v1/mcp', async () => {
    const { body } = await mint({
      name: 'public only',
      grants: [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] }],
    });
    const token = bearer(body.token);
    expect(await seen(asKey())).toEqual(['internal', 'public']);
    expect(await seen(token)).toEqual(['public']);
    // Read only (4): no write, whatever the key holds.
    expect(
      (await token.post(`/pipelines/${kb.pipelineId}/documents`, { content: 'x', classification: 'public' }))
        .status,
    ).toBe(403);
    // Never admin.
    expect((await token.get('/api_keys')).status).toBe(403);

    /** search_knowledge over /mcp as `credentials`, in the given classifications. */
    const searchMcp = async (credentials: Credentials, classifications: string[]) => {
      const mcp = new RawMcp(fixture().trove.url, credentials);
      const session = await mcp.openSession();
      const answer = await mcp.callTool(session, 'search_knowledge', {
        pipeline_id: kb.pipelineId,
        query: QUERY,
        type: 'search',
        classifications,
      });
      return answer.result;
    };
    const asToken = { id: key.id, secret: '', bearer: body.token };
    const publicOnly = await searchMcp(asToken, ['public']);
    expect(publicOnly.isError).toBeFalsy();
    // MCP narrows as REST does: asking for internal too finds only what public finds.
    expect(await searchMcp(asToken, ['public', 'internal'])).toEqual(publicOnly);
    expect(await searchMcp(key, ['public', 'internal'])).not.toEqual(publicOnly);

    const guided = await fetch(`${fixture().trove.url}/api/v1/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${body.token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(guided.status).toBe(200);
  });

  it('refuses at mint more than the key holds: bits, classifications, pipelines, scopes', async () => {
    const other = await admin().post('/pipelines', { name: 'elsewhere', classifications: ['public'] });
    const cases = [
      [{ pipeline_id: kb.pipelineId, permissions: 7, classifications: ['public'] }],
      [{ pipeline_id: other.body.id, permissions: 4, classifications: '*' }],
      [{ pipeline_id: '*', permissions: 4, classifications: '*' }],
    ];
    for (const grants of cases) {
      const refused = await mint({ name: 'too much', grants });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/^grants\[0\]: gives more than the key holds/);
    }
    const scope = await mint({ name: 'scope', grants: [], scopes: ['agent:execute'] });
    expect(scope.status).toBe(403);
    expect(scope.body.detail).toBe('scopes: the key does not hold agent:execute');
    const unknown = await mint({
      name: 'x',
      grants: [{ pipeline_id: '0193a000-0000-7000-8000-0000000000ff', permissions: 4 }],
    });
    expect(unknown.status).toBe(422);
  });

  it('is bounded at use by what the key holds now: narrowing the key narrows the token', async () => {
    const narrowed = await createKey(admin(), [
      { pipeline_id: kb.pipelineId, permissions: 5, classifications: '*' },
    ]);
    const { body } = await mint(
      { name: 'wide', grants: [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: '*' }] },
      admin().as(narrowed),
    );
    const token = admin().as({ ...narrowed, bearer: body.token });
    expect(await seen(token)).toEqual(['internal', 'public']);
    await admin().patch(`/api_keys/${narrowed.id}`, {
      grants: [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] }],
    });
    expect(await seen(token)).toEqual(['public']);
    await admin().patch(`/api_keys/${narrowed.id}`, { disabled: true });
    expect(await seen(token)).toBe(401);
    await admin().patch(`/api_keys/${narrowed.id}`, { disabled: false });
    expect(await seen(token)).toEqual(['public']);
    // A new secret for the key ends its tokens.
    await admin().post(`/api_keys/${narrowed.id}/rotate`);
    expect(await seen(token)).toBe(401);
  });

  it('is refused once revoked, once expired, and when a character is changed', async () => {
    const grants = [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: '*' }];
    const revoked = (await mint({ name: 'revoked', grants })).body;
    expect(await seen(bearer(revoked.token))).toEqual(['internal', 'public']);
    expect((await asKey().delete(`/api_keys/me/tokens/${revoked.id}`)).status).toBe(204);
    const after = await bearer(revoked.token).post(`/pipelines/${kb.pipelineId}/search`, {
      type: 'search',
      query: QUERY,
    });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: 'Unauthorized: Invalid token.' });
    expect((await asKey().delete(`/api_keys/me/tokens/${revoked.id}`)).status).toBe(404);

    const brief = (await mint({ name: 'brief', grants, expires_in: 1 })).body;
    await waitFor('the token to expire', () => Date.now() > Date.parse(brief.expires_at) + 50);
    const expired = await bearer(brief.token).post(`/pipelines/${kb.pipelineId}/search`, {
      type: 'search',
      query: QUERY,
    });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: 'Unauthorized: the token has expired.' });

    const good = (await mint({ name: 'good', grants })).body.token as string;
    const at = 20;
    const tampered = good.slice(0, at) + (good[at] === '0' ? '1' : '0') + good.slice(at + 1);
    expect((await bearer(tampered).get('/pipelines')).status).toBe(401);
    // A well-formed token of a wrong secret (the checksum recomputed cannot be, without the secret): 401 too.
    expect(
      (await bearer(`${good.slice(0, -1)}${good.endsWith('a') ? 'b' : 'a'}`).get('/pipelines')).status,
    ).toBe(401);
  });

  it('mints no token with a token, and an admin mints for any key', async () => {
    const { body } = await mint({ name: 'first', grants: [] });
    const again = await mint({ name: 'second', grants: [] }, bearer(body.token));
    expect(again.status).toBe(403);
    const forKey = await admin().post(`/api_keys/${key.id}/tokens`, {
      name: 'by admin',
      grants: [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] }],
    });
    expect(forKey.status).toBe(201);
    expect(forKey.body.api_key_id).toBe(key.id);
    expect(await seen(bearer(forKey.body.token))).toEqual(['public']);
    expect(
      (await admin().post('/api_keys/0193a000-0000-7000-8000-0000000000ff/tokens', { name: 'x', grants: [] }))
        .status,
    ).toBe(404);
  });
});
