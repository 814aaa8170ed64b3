/**
 * Sessions of the revisions up to 2025-11-25 as the transport serves them: DELETE, the
 * GET event stream, a stop with streams open, and replicas: with the memory store (as
 * published) another replica answers 404; with TROVE_MCP_SESSION_STORE=postgres any
 * replica serves any session, numbering its events consistently, and a DELETE on one
 * ends the streams on the others. The rules of the sessions themselves (idle expiry,
 * restarts with each store, numbering across replicas) are in sessions.medium.ts.
 */
import { databaseKinds } from '../support/databases';
import { ADMIN } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';
import { RawMcp } from './support';

/** Short, so that expiry is quick to see. */
const IDLE_SECONDS = 2;

async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

for (const store of ['memory', 'postgres'] as const) {
  describeEachDatabase(
    `MCP sessions, ${store} store`,
    (fixture) => {
      let mcp: RawMcp;
      beforeAll(() => {
        mcp = new RawMcp(fixture().trove.url, ADMIN);
      });

      it('ends a session on DELETE, with 202 and an empty body', async () => {
        const sessionId = await mcp.openSession();
        const deleted = await mcp.request({
          method: 'DELETE',
          headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
        });
        expect([deleted.status, deleted.body]).toEqual([202, '']);
        expect(
          (await mcp.post({ jsonrpc: '2.0', id: 1, method: 'ping' }, mcp.sessionHeaders(sessionId))).status,
        ).toBe(404);
      });

      it('opens an event stream on GET, primed with id 0, ended by DELETE', async () => {
        const sessionId = await mcp.openSession();
        const stream = await mcp.openStream(sessionId);
        expect(stream.status).toBe(200);
        expect(stream.headers['content-type']).toBe('text/event-stream');
        expect(stream.headers['x-request-id']).toBeTruthy();
        await waitFor('the priming event', () => stream.received() !== '', { timeoutMs: 5000 });
        expect(stream.received()).toBe('data: \nid: 0\nretry: 3000\n\n');
        // The session keeps working while its stream is open.
        expect(
          (await mcp.post({ jsonrpc: '2.0', id: 7, method: 'ping' }, mcp.sessionHeaders(sessionId))).status,
        ).toBe(200);
        await mcp.request({ method: 'DELETE', headers: { 'mcp-session-id': sessionId } });
        await within(5000, stream.ended, 'stream end after DELETE');
      });

      it('ends the event stream when the session expires', async () => {
        const sessionId = await mcp.openSession();
        const stream = await mcp.openStream(sessionId);
        await within(IDLE_SECONDS * 1000 + 5000, stream.ended, 'stream end after expiry');
        expect(
          (await mcp.post({ jsonrpc: '2.0', id: 1, method: 'ping' }, mcp.sessionHeaders(sessionId))).status,
        ).toBe(404);
      });
    },
    { env: { TROVE_MCP_SESSION_STORE: store, TROVE_MCP_SESSION_IDLE_SECONDS: String(IDLE_SECONDS) } },
  );
}

describe.each(databaseKinds())('stopping with event streams open [%s]', (kind) => {
  it('ends the streams and exits promptly', async () => {
    const database = await createTestDatabase(kind);
    const trove = await startTrove(database);
    try {
      const mcp = new RawMcp(trove.url, ADMIN);
      const streams = [
        await mcp.openStream(await mcp.openSession()),
        await mcp.openStream(await mcp.openSession()),
      ];
      const started = Date.now();
      expect(await within(15_000, trove.stop(), 'process exit')).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const stream of streams) await within(1000, stream.ended, 'stream end');
    } finally {
      await trove.kill();
      await database.drop();
    }
  });
});

const withPostgres = databaseKinds().includes('postgres') ? describe : describe.skip;

withPostgres('two replicas on one PostgreSQL database', () => {
  let database: TroveDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function replicas(store: 'memory' | 'postgres'): Promise<[TroveProcess, TroveProcess]> {
    const env = { TROVE_MCP_SESSION_STORE: store, TROVE_MCP_SESSION_IDLE_SECONDS: String(IDLE_SECONDS) };
    const a = await startTrove(database, { env });
    const b = await startTrove(database, { env });
    return [a, b];
  }

  describe('memory store, as published', () => {
    let a: TroveProcess;
    let b: TroveProcess;
    beforeAll(async () => {
      [a, b] = await replicas('memory');
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
    });

    it('answers 404 on the replica that did not make the session', async () => {
      const sessionId = await new RawMcp(a.url, ADMIN).openSession();
      const elsewhere = await new RawMcp(b.url, ADMIN).post(
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'mcp-session-id': sessionId },
      );
      expect([elsewhere.status, elsewhere.body]).toEqual([404, 'Not Found: Session not found']);
      const here = await new RawMcp(a.url, ADMIN).post(
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'mcp-session-id': sessionId },
      );
      expect(here.status).toBe(200);
    });

    it('serves 2026-07-28 on every replica, having no sessions', async () => {
      for (const replica of [a, b])
        expect((await new RawMcp(replica.url, ADMIN).modern('tools/list')).status).toBe(200);
    });
  });

  describe('postgres store', () => {
    let a: TroveProcess;
    let b: TroveProcess;
    beforeAll(async () => {
      [a, b] = await replicas('postgres');
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
    });

    it('serves a session on any replica, numbering its events across them', async () => {
      const onA = new RawMcp(a.url, ADMIN);
      const onB = new RawMcp(b.url, ADMIN);
      const sessionId = await onA.openSession();
      const replicasInTurn = [onB, onA, onB, onB, onA];
      for (const [n, client] of replicasInTurn.entries()) {
        const response = await client.post(
          { jsonrpc: '2.0', id: n, method: 'ping' },
          client.sessionHeaders(sessionId),
        );
        expect(response.status).toBe(200);
        expect(response.body).toBe(
          `data: \nid: 0/${n}\nretry: 3000\n\ndata: {"jsonrpc":"2.0","id":${n},"result":{}}\nid: 1/${n}\n\n`,
        );
      }
    });

    it('ends a session everywhere on DELETE, streams on other replicas included', async () => {
      const onA = new RawMcp(a.url, ADMIN);
      const sessionId = await onA.openSession();
      const stream = await onA.openStream(sessionId);
      const deleted = await new RawMcp(b.url, ADMIN).request({
        method: 'DELETE',
        headers: { 'mcp-session-id': sessionId },
      });
      expect(deleted.status).toBe(202);
      expect(
        (await onA.post({ jsonrpc: '2.0', id: 1, method: 'ping' }, onA.sessionHeaders(sessionId))).status,
      ).toBe(404);
      await within(5000, stream.ended, 'stream end on the other replica');
    });
  });
});
