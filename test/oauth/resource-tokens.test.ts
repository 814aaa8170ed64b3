/**
 * Trove's OAuth access tokens at the agents API (/api/v1) and the Guided Mind tools
 * (/api/v1/mcp), signed in through the authorization-code flow as a client does:
 * each resource takes the tokens issued for it and no other, the agents API checks
 * its published scopes (an admin key's token included), and every refusal carries
 * the challenge of RFC 6750 and RFC 9728.
 *
 * Expiry is real: access tokens live 60 s here (the shortest TROVE_OAUTH_ACCESS_TOKEN_SECONDS
 * allows), one is drawn before anything else, and the last test waits until it has
 * expired.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ADMIN, Credentials } from '../support/http';
import { createSupportKb, SupportKb } from '../support/records';
import { describeEachDatabase } from '../support/suite';
import { Json, OAuthFlow } from './sign-in';

const TOKEN_SECONDS = 60;

describeEachDatabase(
  'OAuth tokens at /api/v1 and /api/v1/mcp',
  (fixture) => {
    let kb: SupportKb;
    let reader: Credentials;
    let base: string;
    let flow: OAuthFlow;
    let early: { token: string; at: number };

    const agentsResource = () => `${base}/api/v1`;
    const guidedMindResource = () => `${base}/api/v1/mcp`;
    const metadataOf = (path: string) => `${base}/.well-known/oauth-protected-resource${path}`;

    beforeAll(async () => {
      base = `http://localhost:${fixture().trove.port}`;
      kb = await createSupportKb(fixture().api);
      const key = await fixture().api.post('/api_keys', {
        name: 'oauth-reader',
        admin: false,
        grants: [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['internal', 'public'] }],
        scopes: ['agent:read', 'agent:write', 'agent:execute'],
      });
      reader = { id: key.body.id, secret: key.body.secret };
      flow = new OAuthFlow(base, reader);
      const token = (await flow.tokens({ resource: agentsResource(), scope: 'agent:read' })).access_token;
      // Issued before this moment, so it has expired TOKEN_SECONDS after it.
      early = { token, at: Date.now() };
    });

    const agents = (token: string, method = 'GET', path = '/api/v1/agents', body?: unknown) =>
      fetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    /** One rag_search as raw JSON-RPC: the status, the challenge, and the parsed message or body. */
    async function ragSearch(headers: Record<string, string>) {
      const response = await fetch(`${base}/api/v1/mcp`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'rag_search', arguments: { query: 'How do customers get their money back?' } },
        }),
      });
      return {
        status: response.status,
        challenge: response.headers.get('www-authenticate'),
        text: await response.text(),
      };
    }
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    it('answers 401s without credentials with the challenge of each resource', async () => {
      const rest = await fetch(`${base}/api/v1/agents`);
      expect(rest.status).toBe(401);
      expect(rest.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${metadataOf('/api/v1')}"`,
      );
      const write = await fetch(`${base}/api/v1/agents/create`, { method: 'POST' });
      expect(write.status).toBe(401);
      expect(write.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${metadataOf('/api/v1')}"`,
      );
      const tools = await ragSearch({});
      expect(tools.status).toBe(401);
      expect(tools.challenge).toBe(`Bearer resource_metadata="${metadataOf('/api/v1/mcp')}"`);
      const metadata = (await (await fetch(metadataOf('/api/v1'))).json()) as Json;
      expect(metadata).toMatchObject({
        resource: agentsResource(),
        authorization_servers: [base],
        scopes_supported: ['agent:read', 'agent:write', 'agent:execute'],
      });
      // The REST API outside /api/v1 publishes no resource: its 401 stays as it was.
      expect((await fetch(`${base}/pipelines`)).headers.get('www-authenticate')).toBeNull();
    });

    it('opens the agents API with an agents token, within the scopes it was granted', async () => {
      const { access_token: token } = await flow.tokens({
        resource: agentsResource(),
        scope: 'agent:read agent:write',
      });
      const created = await agents(token, 'POST', '/api/v1/agents/create', {
        name: 'OAuth agent',
        models: [{ modelKey: 'extractive', isReasoning: true }],
        knowledge: [{ connectorId: kb.pipelineId }],
      });
      expect(created.status).toBe(201);
      const listed = await agents(token);
      expect(listed.status).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain('OAuth agent');

      const { access_token: readOnly } = await flow.tokens({
        resource: agentsResource(),
        scope: 'agent:read',
      });
      expect((await agents(readOnly)).status).toBe(200);
      const refused = await agents(readOnly, 'POST', '/api/v1/agents/create', { name: 'x' });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as Json).error).toMatchObject({
        code: 'HTTP_FORBIDDEN',
        message: 'Forbidden — insufficient OAuth scope (agent:write required)',
      });
    });

    it("narrows an admin key's token to its granted scopes", async () => {
      const { access_token: token } = await flow.tokens({
        key: ADMIN,
        resource: agentsResource(),
        scope: 'agent:read',
      });
      expect((await agents(token)).status).toBe(200);
      const refused = await agents(token, 'POST', '/api/v1/agents/x/conversations/stream', { query: 'hi' });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as Json).error.message).toBe(
        'Forbidden — insufficient OAuth scope (agent:execute required)',
      );
    });

    it("calls a Guided Mind tool with a Guided Mind token, through the MCP SDK's client", async () => {
      const { access_token: token } = await flow.tokens({ resource: guidedMindResource(), scope: 'mcp' });
      const client = new Client({ name: 'trove-oauth-tests', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(guidedMindResource()), {
          requestInit: { headers: bearer(token) },
        }),
      );
      try {
        const found = await client.callTool({
          name: 'rag_search',
          arguments: { query: 'How do customers get their money back?', threshold: 0 },
        });
        expect(found.isError).toBeFalsy();
        const hits = (found.structuredContent as { content: { document_id: string }[] }).content;
        expect(hits.map((hit) => hit.document_id)).toContain(kb.documents.refunds);
      } finally {
        await client.close();
      }
    });

    it('refuses a Guided Mind token that was not granted mcp with insufficient_scope', async () => {
      const { access_token: token } = await flow.tokens({ resource: guidedMindResource(), scope: 'openid' });
      const refused = await ragSearch(bearer(token));
      expect(refused.status).toBe(403);
      expect(refused.challenge).toBe(
        `Bearer error="insufficient_scope", scope="mcp", resource_metadata="${metadataOf('/api/v1/mcp')}"`,
      );
    });

    it('refuses each token at every resource but its own', async () => {
      const mcp = (await flow.tokens()).access_token as string;
      const guidedMind = (await flow.tokens({ resource: guidedMindResource(), scope: 'mcp' })).access_token;
      const agentsToken = (await flow.tokens({ resource: agentsResource(), scope: 'agent:read' }))
        .access_token;
      for (const token of [mcp, agentsToken]) {
        const refused = await ragSearch(bearer(token));
        expect(refused.status).toBe(401);
        expect(refused.challenge).toBe(
          `Bearer error="invalid_token", resource_metadata="${metadataOf('/api/v1/mcp')}"`,
        );
      }
      for (const token of [mcp, guidedMind]) {
        const refused = await agents(token);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe(
          `Bearer error="invalid_token", resource_metadata="${metadataOf('/api/v1')}"`,
        );
        expect(((await refused.json()) as Json).error.message).toMatch(/invalid_token/);
      }
      const atMcp = await fetch(`${base}/mcp`, { method: 'POST', headers: bearer(agentsToken) });
      expect(atMcp.status).toBe(401);
    });

    it('refuses a token with one character changed', async () => {
      const token = (await flow.tokens({ resource: agentsResource(), scope: 'agent:read' })).access_token;
      const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      const refused = await agents(tampered);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", resource_metadata="${metadataOf('/api/v1')}"`,
      );
      expect((await agents(token)).status).toBe(200);
    });

    it('refuses a token once it has expired', async () => {
      expect((await agents(early.token)).status).toBe(200);
      const left = early.at + (TOKEN_SECONDS + 1) * 1000 - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      const refused = await agents(early.token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", resource_metadata="${metadataOf('/api/v1')}"`,
      );
      expect(((await refused.json()) as Json).error).toMatchObject({
        code: 'HTTP_UNAUTHORIZED',
        message: 'Unauthorized: invalid_token (unknown, expired or revoked)',
      });
    }, 120_000);
  },
  { env: { TROVE_OAUTH_ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS) } },
);
