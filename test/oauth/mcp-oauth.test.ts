/**
 * Trove as an OAuth 2.1 authorization server for /mcp. First the official MCP
 * TypeScript client's own OAuth support, end to end: the 401's challenge, protected
 * resource and authorization server metadata, dynamic registration, PKCE, the sign-in
 * and consent pages (followed over HTTP), the token, a search, and a refresh. Then the
 * refusals, each in OAuth's error format: a token at another resource, a tampered one,
 * a replayed code, a wrong PKCE verifier, a redirect URI off by one character, a
 * rotated refresh token used again, a revoked token, a disabled key.
 */
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { initializeMessage, refundsSearch, STREAM_HEADERS } from '../mcp/support';
import { createKey } from '../support/records';
import { describeEachDatabase } from '../support/suite';
import { Browser } from './browser';
import { CALLBACK, Json, MemoryOAuthClient, pkce, signInWorld } from './sign-in';

describeEachDatabase('OAuth 2.1 for /mcp', (fixture) => {
  const world = signInWorld(fixture);

  const searchArguments = () => refundsSearch(world.kb.pipelineId);

  async function mcpStatus(token: string) {
    const response = await fetch(`${world.base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...STREAM_HEADERS },
      body: JSON.stringify(initializeMessage()),
    });
    return { status: response.status, challenge: response.headers.get('www-authenticate') };
  }

  it("signs in with the MCP SDK client's own OAuth support and searches", async () => {
    const oauth = new MemoryOAuthClient();
    const first = new StreamableHTTPClientTransport(new URL(`${world.base}/mcp`), { authProvider: oauth });
    const client = new Client({ name: 'trove-oauth-tests', version: '1.0.0' });
    await expect(client.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(oauth.client?.client_id).toEqual(expect.any(String)); // registered dynamically
    expect(oauth.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(oauth.authorizationUrl?.searchParams.get('resource')).toBe(`${world.base}/mcp`);

    const callback = await new Browser(CALLBACK).signIn(oauth.authorizationUrl!.toString(), world.reader);
    const params = new URL(callback.url).searchParams;
    expect(params.get('iss')).toBe(world.base); // RFC 9207
    await first.finishAuth(params);
    expect(oauth.saved?.access_token).toMatch(/^trove_at_/);
    expect(oauth.saved?.refresh_token).toMatch(/^trove_rt_/);

    const transport = new StreamableHTTPClientTransport(new URL(`${world.base}/mcp`), {
      authProvider: oauth,
    });
    const signedIn = new Client({ name: 'trove-oauth-tests', version: '1.0.0' });
    await signedIn.connect(transport);
    try {
      const found = await signedIn.callTool({ name: 'search_knowledge', arguments: searchArguments() });
      expect(found.isError).toBe(false);
      const results = (found.structuredContent as { results: { document_id: string }[] }).results;
      expect(results.map((r) => r.document_id)).toEqual([world.kb.documents.refunds]);
    } finally {
      await signedIn.close();
    }

    // The access token expires or is lost: the SDK refreshes with the rotated refresh token.
    const refresh = oauth.saved!.refresh_token as string;
    oauth.saved = { ...oauth.saved, access_token: 'trove_at_forgotten' };
    const again = new Client({ name: 'trove-oauth-tests', version: '1.0.0' });
    await again.connect(
      new StreamableHTTPClientTransport(new URL(`${world.base}/mcp`), { authProvider: oauth }),
    );
    await again.listTools();
    await again.close();
    expect(oauth.saved.access_token).toMatch(/^trove_at_/);
    expect(oauth.saved.access_token).not.toBe('trove_at_forgotten');
    expect(oauth.saved.refresh_token).not.toBe(refresh);
  });

  it('answers a 401 without credentials with the protected resource metadata challenge', async () => {
    const response = await fetch(`${world.base}/mcp`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('{"detail":"Unauthorized: No API Key specified."}');
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${world.base}/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = (await (
      await fetch(`${world.base}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as Json;
    expect(metadata).toMatchObject({ resource: `${world.base}/mcp`, authorization_servers: [world.base] });
    const server = (await (
      await fetch(`${world.base}/.well-known/oauth-authorization-server`)
    ).json()) as Json;
    expect(server).toMatchObject({
      issuer: world.base,
      authorization_endpoint: `${world.base}/api/v1/oauth2/authorize`,
      token_endpoint: `${world.base}/api/v1/oauth2/token`,
      revocation_endpoint: `${world.base}/api/v1/oauth2/revoke`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('binds a token to its resource, refuses a tampered one, and ends it on revocation', async () => {
    const clientId = await world.flow.register();
    const { code, verifier } = await world.flow.authorize(clientId);
    const { status, body } = await world.flow.redeem(clientId, code!, verifier);
    expect(status).toBe(200);
    const token = body.access_token as string;
    expect(await mcpStatus(token)).toEqual({ status: 200, challenge: null });

    // Issued for /mcp: refused by the REST API and the agents API.
    const rest = await fetch(`http://127.0.0.1:${fixture().trove.port}/pipelines`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as Json).detail).toMatch(/invalid_token/);
    const agents = await fetch(`${world.base}/api/v1/agents`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(agents.status).toBe(401);

    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await mcpStatus(tampered)).toEqual({
      status: 401,
      challenge: `Bearer error="invalid_token", resource_metadata="${world.base}/.well-known/oauth-protected-resource/mcp"`,
    });

    expect((await world.flow.form('/api/v1/oauth2/revoke', { token, client_id: clientId })).status).toBe(200);
    expect((await mcpStatus(token)).status).toBe(401);
  });

  it('resolves the key at each use: a disabled key ends its tokens', async () => {
    const key = await createKey(fixture().api, [{ pipeline_id: world.kb.pipelineId, permissions: 4 }]);
    const clientId = await world.flow.register();
    const { code, verifier } = await world.flow.authorize(clientId, { key });
    const token = (await world.flow.redeem(clientId, code!, verifier)).body.access_token as string;
    expect((await mcpStatus(token)).status).toBe(200);
    expect((await fixture().api.patch(`/api_keys/${key.id}`, { disabled: true })).status).toBe(200);
    expect((await mcpStatus(token)).status).toBe(401);
  });

  it('refuses a replayed code and a wrong PKCE verifier with invalid_grant', async () => {
    const clientId = await world.flow.register();
    const first = await world.flow.authorize(clientId);
    const issued = await world.flow.redeem(clientId, first.code!, first.verifier);
    expect(issued.status).toBe(200);
    const replayed = await world.flow.redeem(clientId, first.code!, first.verifier);
    expect(replayed).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
    // A replay means the code leaked: what its first redemption issued is revoked too.
    expect((await mcpStatus(issued.body.access_token as string)).status).toBe(401);

    const second = await world.flow.authorize(clientId);
    const wrong = await world.flow.redeem(clientId, second.code!, pkce().verifier);
    expect(wrong).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
  });

  it('refuses a redirect URI off by one character, without redirecting there', async () => {
    const clientId = await world.flow.register();
    const { page } = await world.flow.authorize(clientId, { redirectUri: CALLBACK + 'x' });
    expect(page.status).toBe(400);
    expect(page.html).toContain('redirect_uri');
  });

  it('rotates refresh tokens: a used one is refused with invalid_grant', async () => {
    const clientId = await world.flow.register();
    const { code, verifier } = await world.flow.authorize(clientId);
    const issued = (await world.flow.redeem(clientId, code!, verifier)).body;
    const refreshed = await world.flow.form('/api/v1/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: issued.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toMatch(/^trove_rt_/);
    expect(refreshed.body.refresh_token).not.toBe(issued.refresh_token);
    const reused = await world.flow.form('/api/v1/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: issued.refresh_token,
    });
    expect(reused).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
  });

  it('lets the person deny on the consent page', async () => {
    const clientId = await world.flow.register();
    const { error } = await world.flow.authorize(clientId, { decision: 'deny' });
    expect(error).toBe('access_denied');
  });
});
