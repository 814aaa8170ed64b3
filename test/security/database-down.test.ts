/**
 * PostgreSQL down (issue 8, item 11): every route that needs the database answers
 * 503 `{"detail"}` with Retry-After instead of a 500, a wrong secret for a key this
 * replica has seen is still a 401, and everything answers again once the database
 * is back. The database sits behind a proxy this test takes down.
 */
import { databaseKinds, postgresAdminUrl } from '../support/databases';
import { Api, Credentials } from '../support/http';
import { counterValue } from '../support/metrics';
import { waitFor } from '../support/wait';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { RawMcp } from '../mcp/support';
import { createKey } from '../support/records';

const UNAVAILABLE = { detail: 'Service Unavailable: the database is unreachable' };
/** A pooled connection that stops answering, or a new one that cannot be opened. */
const NOT_ANSWERING = /^Service Unavailable: the database (did not answer in time|is unreachable)$/;

/** A fresh PostgreSQL database, the proxy in front of it, and the URL of the database through the proxy. */
async function databaseBehindProxy(): Promise<{ database: TroveDatabase; proxy: TcpProxy; url: string }> {
  const database = await createTestDatabase('postgres');
  const url = new URL(database.env.DATABASE_URL);
  const admin = new URL(postgresAdminUrl());
  const proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
  url.host = `127.0.0.1:${proxy.port}`;
  return { database, proxy, url: url.toString() };
}

(databaseKinds().includes('postgres') ? describe : describe.skip)('PostgreSQL down [postgres]', () => {
  let database: TroveDatabase;
  let proxy: TcpProxy;
  let trove: TroveProcess;
  let api: Api;
  let seen: Credentials;
  let mcp: RawMcp;
  let sessionId: string;
  let sharedSessions: TroveProcess;
  let sharedSessionId: string;

  beforeAll(async () => {
    let url: string;
    ({ database, proxy, url } = await databaseBehindProxy());
    trove = await startTrove(database, { env: { DATABASE_URL: url } });
    sharedSessions = await startTrove(database, {
      env: { DATABASE_URL: url, TROVE_MCP_SESSION_STORE: 'postgres' },
    });
    api = new Api(trove.url);
    sharedSessionId = await new RawMcp(sharedSessions.url, api.credentials).openSession();
    seen = await createKey(api, [], 'seen-before');
    expect((await api.as(seen).get('/pipelines')).status).toBe(200);
    mcp = new RawMcp(trove.url, api.credentials);
    sessionId = await mcp.openSession();
    await proxy.down();
  });
  afterAll(async () => {
    await sharedSessions?.stop();
    await trove?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 with Retry-After on the routes that need it', async () => {
    for (const [method, path] of [
      ['GET', '/pipelines'],
      ['GET', '/embedding_models'],
      ['POST', '/pipelines'],
      ['GET', '/api_keys'],
    ]) {
      const response = await api.request(method, path, method === 'POST' ? { name: 'down' } : undefined);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 503,
        body: UNAVAILABLE,
      });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('keeps 401 for missing keys and wrong secrets of keys it has seen; 503 for keys it cannot check', async () => {
    expect((await api.as(null).get('/pipelines')).body).toEqual({
      detail: 'Unauthorized: No API Key specified.',
    });
    const wrong = await api.as({ id: seen.id, secret: 'not-the-secret' }).get('/pipelines');
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 401,
      body: { detail: 'Unauthorized: Invalid API Key.' },
    });
    const unknown = await api
      .as({ id: '0193a000-0000-7000-8000-0000000fffff', secret: 'x' })
      .get('/pipelines');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 503, body: UNAVAILABLE });
  });

  it('answers MCP tool calls with a JSON-RPC error that shows no database text', async () => {
    const message = await mcp.callTool(sessionId, 'get_pipelines', {});
    expect(message.error).toEqual({ code: -32603, message: UNAVAILABLE.detail });
  });

  it('answers 503 in plain text when the MCP session store is the database', async () => {
    const shared = new RawMcp(sharedSessions.url, api.credentials);
    const response = await shared.post(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      shared.sessionHeaders(sharedSessionId),
    );
    expect({ status: response.status, body: response.body }).toEqual({
      status: 503,
      body: UNAVAILABLE.detail,
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stays alive, not ready, and serves again once the database is back', async () => {
    expect((await api.as(null).get('/healthz')).status).toBe(200);
    const ready = await api.as(null).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toBe('unreachable');
    await proxy.up();
    expect((await api.get('/pipelines')).status).toBe(200);
    expect((await api.as(seen).get('/pipelines')).status).toBe(200);
  });
});

/**
 * PostgreSQL partitioned (issue 20, item 4): connections stay open but nothing comes
 * back, so the server's statement_timeout cannot help. Requests on pooled connections
 * and new ones answer 503 at the client's deadlines, /readyz answers not ready at its
 * own, and once the network forwards again every request succeeds: the connections that
 * stopped answering left the pool (the statements sent on them were lost with the
 * partition, so kept, they would never answer again).
 */
(databaseKinds().includes('postgres') ? describe : describe.skip)('PostgreSQL partitioned [postgres]', () => {
  const POOL_SIZE = 3;
  let database: TroveDatabase;
  let proxy: TcpProxy;
  let trove: TroveProcess;
  let api: Api;

  beforeAll(async () => {
    let url: string;
    ({ database, proxy, url } = await databaseBehindProxy());
    trove = await startTrove(database, {
      env: {
        DATABASE_URL: url,
        TROVE_DB_POOL_SIZE: String(POOL_SIZE),
        // Short deadlines, so that the test waits seconds rather than the defaults' half minute.
        TROVE_DB_STATEMENT_TIMEOUT_MS: '1000',
        TROVE_DB_QUERY_TIMEOUT_MS: '1500',
        TROVE_DB_CONNECT_TIMEOUT_MS: '1500',
        TROVE_READYZ_TIMEOUT_MS: '500',
      },
    });
    api = new Api(trove.url);
  });
  afterAll(async () => {
    await trove?.stop();
    await proxy?.close();
    await database?.drop();
  });

  /** `count` requests at once, so the pool lends every connection it has. */
  const listAtOnce = (count: number) =>
    Promise.all(Array.from({ length: count }, () => api.get('/pipelines')));

  it('answers 503 on pooled connections and new ones, and /readyz not ready, while nothing comes back', async () => {
    expect((await listAtOnce(POOL_SIZE)).map((r) => r.status)).toEqual(Array(POOL_SIZE).fill(200));
    // The pool holds connections: the first statements after the partition go to them.
    expect(await counterValue(api, 'trove_db_pool_connections', 'state="idle"')).toBeGreaterThan(0);

    proxy.blackHole();
    const [ready, ...lists] = await Promise.all([
      api.as(null).get('/readyz'),
      ...Array.from({ length: 2 * POOL_SIZE }, () => api.get('/pipelines')),
    ]);
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { database: 'unreachable' } },
    });
    for (const list of lists) {
      expect({ status: list.status, body: list.body }).toEqual({
        status: 503,
        body: { detail: expect.stringMatching(NOT_ANSWERING) },
      });
      expect(Number(list.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);

  it('serves every request again once the network forwards, without the connections that stopped answering', async () => {
    proxy.forward();
    await waitFor('a request to succeed', async () => (await api.get('/pipelines')).status === 200);
    for (let round = 0; round < 2 * POOL_SIZE; round++) {
      expect((await listAtOnce(POOL_SIZE)).map((r) => r.status)).toEqual(Array(POOL_SIZE).fill(200));
    }
    expect((await api.as(null).get('/readyz')).status).toBe(200);
  }, 60_000);
});
