/**
 * Client ID metadata documents (MCP 2025-11-25): a client names itself by an HTTPS URL
 * and Trove fetches the JSON document there instead of registering it. The test serves
 * the documents over HTTPS with a certificate of its own, which Trove is told to trust
 * (NODE_EXTRA_CA_CERTS), on 127.0.0.1, which Trove is allowed to reach
 * (TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE). The MCP SDK client signs in with such a
 * URL and searches; a document that names another client_id or another redirect URI is
 * refused. Then a Trove without the allowance refuses the same URL, and an http:// one,
 * in OAuth's error format.
 */
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { refundsSearch } from '../mcp/support';
import { describeEachDatabase } from '../support/suite';
import { HttpsServer, selfSignedCertificate, serveHttps } from '../support/tls';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { Browser } from './browser';
import { CALLBACK, Json, MemoryOAuthClient, OAuthFlow, signInWorld } from './sign-in';

const certificate = selfSignedCertificate();
let documents: HttpsServer;
let documentsPort = 0;
/** The paths the test server was asked for, in order. */
const fetched: string[] = [];

const documentUrl = (path: string) => `https://localhost:${documentsPort}${path}`;

/** What the test server answers: a client's document, one naming another client_id, one with another redirect URI. */
function documentAt(path: string): Json | null {
  const client = {
    client_name: 'Metadata document client',
    redirect_uris: [CALLBACK],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  if (path === '/client.json') return { client_id: documentUrl(path), ...client };
  if (path === '/impostor.json') return { client_id: documentUrl('/client.json'), ...client };
  if (path === '/elsewhere.json')
    return { client_id: documentUrl(path), ...client, redirect_uris: ['http://127.0.0.1:9/elsewhere'] };
  return null;
}

beforeAll(async () => {
  documents = await serveHttps(certificate, (request, response) => {
    fetched.push(request.url ?? '');
    const document = documentAt(request.url ?? '');
    if (document === null) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' })
      .end(JSON.stringify(document));
  });
  documentsPort = documents.port;
});

afterAll(async () => {
  await documents.close();
  certificate.remove();
});

describeEachDatabase(
  'OAuth client ID metadata documents',
  (fixture) => {
    const world = signInWorld(fixture);

    it('advertises the support in its authorization server metadata', async () => {
      const server = (await (
        await fetch(`${world.base}/.well-known/oauth-authorization-server`)
      ).json()) as Json;
      expect(server.client_id_metadata_document_supported).toBe(true);
    });

    it('signs the MCP SDK client in by its metadata URL, without registering, and searches', async () => {
      const url = documentUrl('/client.json');
      const oauth = new MemoryOAuthClient(url);
      const first = new StreamableHTTPClientTransport(new URL(`${world.base}/mcp`), { authProvider: oauth });
      await expect(new Client({ name: 'cimd', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      expect(oauth.client?.client_id).toBe(url);
      expect(oauth.authorizationUrl?.searchParams.get('client_id')).toBe(url);
      const callback = await new Browser(CALLBACK).signIn(oauth.authorizationUrl!.toString(), world.reader);
      await first.finishAuth(new URL(callback.url).searchParams);
      expect(oauth.saved?.access_token).toMatch(/^trove_at_/);

      const signedIn = new Client({ name: 'cimd', version: '1.0.0' });
      await signedIn.connect(
        new StreamableHTTPClientTransport(new URL(`${world.base}/mcp`), { authProvider: oauth }),
      );
      try {
        const found = await signedIn.callTool({
          name: 'search_knowledge',
          arguments: refundsSearch(world.kb.pipelineId),
        });
        expect(found.isError).toBe(false);
        const results = (found.structuredContent as { results: { document_id: string }[] }).results;
        expect(results.map((r) => r.document_id)).toEqual([world.kb.documents.refunds]);
      } finally {
        await signedIn.close();
      }
      // Cache-Control said five minutes: a second sign-in reads the kept document.
      const before = fetched.filter((path) => path === '/client.json').length;
      const browser = new Browser(CALLBACK);
      const login = await browser.open(oauth.authorizationUrl!.toString());
      // The document chose its name; the host that published it is named beside it.
      expect(login.html).toContain(`Metadata document client (published by localhost:${documentsPort})`);
      const again = await world.flow.authorize(url);
      expect(again.code).toEqual(expect.any(String));
      expect(fetched.filter((path) => path === '/client.json').length).toBe(before);
    });

    it('refuses a document whose client_id is not its own URL', async () => {
      const { page } = await world.flow.authorize(documentUrl('/impostor.json'));
      expect(page.status).toBe(400);
      expect(page.html).toContain('client_id metadata document client_id does not match the expected value');
    });

    it('takes only the redirect URIs the document lists, exactly', async () => {
      const { page } = await world.flow.authorize(documentUrl('/elsewhere.json'));
      expect(page.status).toBe(400);
      expect(page.html).toContain('redirect_uri');
      expect(page.url).not.toContain('/elsewhere?');
    });
  },
  {
    env: {
      NODE_EXTRA_CA_CERTS: certificate.certFile,
      TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: 'true',
    },
  },
);

describe('OAuth client ID metadata documents without the private-address allowance', () => {
  let database: TroveDatabase;
  let trove: TroveProcess;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    trove = await startTrove(database, { env: { NODE_EXTRA_CA_CERTS: certificate.certFile } });
    base = `http://localhost:${trove.port}`;
  });
  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
  });

  const redeem = (clientId: string) =>
    new OAuthFlow(base, { id: '', secret: '' }).form('/api/v1/oauth2/token', {
      grant_type: 'authorization_code',
      client_id: clientId,
      code: 'any',
      code_verifier: 'v'.repeat(43),
      redirect_uri: CALLBACK,
    });

  it('refuses a metadata URL that points at a loopback address, and logs why', async () => {
    const before = fetched.length;
    const url = `https://127.0.0.1:${documentsPort}/client.json`;
    expect(await redeem(url)).toEqual({
      status: 400,
      body: { error: 'invalid_client', error_description: 'client_id metadata document fetch failed' },
    });
    expect(fetched.length).toBe(before); // never connected
    expect(trove.output()).toContain('127.0.0.1 resolves to 127.0.0.1, which is not a public address');
    const named = await redeem(documentUrl('/client.json'));
    expect(named.body.error).toBe('invalid_client');
    expect(fetched.length).toBe(before);
  });

  it('refuses an http:// client_id as an unknown client', async () => {
    const before = fetched.length;
    const refused = await redeem(`http://localhost:${documentsPort}/client.json`);
    expect(refused).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'client authentication failed' },
    });
    expect(fetched.length).toBe(before);
  });
});
