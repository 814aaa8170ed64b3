/**
 * Sessions of the revisions up to 2025-11-25 as McpSessionLifecycle keeps them (the
 * medium tier: in-process, restarted on the same database, a second application as a
 * second replica): idle expiry, ending one, restarts with each store, and replicas
 * sharing the postgres store. What the transport answers (status codes, texts, event
 * streams, a stop with streams open, the memory store's 404 on another replica) is in
 * sessions.test.ts.
 */
import { McpSessionLifecycle } from '../../src/mcp/http/session-lifecycle';
import { ADMIN, describeEachDatabaseInProcess, InProcessTrove } from '../support/in-process';

/** Short, so that expiry is quick to see; idle time must really pass, hence the sleeps below. */
const IDLE_SECONDS = 2;
const VERSION = '2025-11-25';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sessions = (trove: { get: InProcessTrove['get'] }) => trove.get(McpSessionLifecycle);
const env = (store: string, idleSeconds = IDLE_SECONDS) => ({
  TROVE_MCP_SESSION_STORE: store,
  TROVE_MCP_SESSION_IDLE_SECONDS: String(idleSeconds),
});

for (const store of ['memory', 'postgres'] as const) {
  describeEachDatabaseInProcess(
    `MCP sessions, ${store} store`,
    (trove) => {
      // The memory store's idle rule is MemorySessionStore's unit test (a clock of its own);
      // the postgres store's is SQL on the database's clock, so time must really pass.
      if (store === 'postgres')
        it('ends a session after the idle time without a message', async () => {
          const idle = await sessions(trove()).open(VERSION, ADMIN);
          const busy = await sessions(trove()).open(VERSION, ADMIN);
          for (let i = 0; i < 4; i++) {
            await sleep((IDLE_SECONDS * 1000) / 2);
            expect(await sessions(trove()).touch(busy, false)).not.toBeNull();
          }
          expect(await sessions(trove()).touch(idle, true)).toBeNull();
          expect(await sessions(trove()).touch(busy, true)).toEqual({ requestNumber: 0 });
        });

      it('ends a session once, when asked', async () => {
        const id = await sessions(trove()).open(VERSION, ADMIN);
        expect(await sessions(trove()).touch(id, true)).toEqual({ requestNumber: 0 });
        expect(await sessions(trove()).end(id)).toBe(true);
        expect(await sessions(trove()).touch(id, true)).toBeNull();
        expect(await sessions(trove()).end(id)).toBe(false);
      });

      it(
        store === 'memory'
          ? 'forgets its sessions on a restart'
          : 'keeps its sessions, and their numbers, across a restart',
        async () => {
          // A long idle time: the restart must not be what ends the session.
          await trove().restart(env(store, 60));
          const id = await sessions(trove()).open(VERSION, ADMIN);
          expect(await sessions(trove()).touch(id, true)).toEqual({ requestNumber: 0 });
          await trove().restart(env(store, 60));
          expect(await sessions(trove()).touch(id, true)).toEqual(
            store === 'memory' ? null : { requestNumber: 1 },
          );
        },
      );
    },
    { env: env(store) },
  );
}

describeEachDatabaseInProcess(
  'replicas sharing the postgres store',
  (trove) => {
    it('serve a session on any replica, numbering its requests across them', async () => {
      const b = await trove().replica(env('postgres'));
      try {
        const id = await sessions(trove()).open(VERSION, ADMIN);
        const inTurn = [b, trove(), b, b, trove()];
        for (const [n, replica] of inTurn.entries())
          expect(await sessions(replica).touch(id, true)).toEqual({ requestNumber: n });
        // Concurrent requests take unique numbers.
        const numbers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => sessions(i % 2 ? trove() : b).touch(id, true)),
        );
        expect(numbers.map((r) => r!.requestNumber).sort((x, y) => x - y)).toEqual(
          Array.from({ length: 20 }, (_, i) => i + inTurn.length),
        );
        // Ended on one, ended on every one.
        expect(await sessions(b).end(id)).toBe(true);
        expect(await sessions(trove()).touch(id, false)).toBeNull();
      } finally {
        await b.close();
      }
    });

    it('expire idle sessions for every replica', async () => {
      const b = await trove().replica(env('postgres'));
      try {
        const id = await sessions(trove()).open(VERSION, ADMIN);
        await sleep(IDLE_SECONDS * 1000 + 500);
        for (const replica of [trove(), b]) expect(await sessions(replica).touch(id, false)).toBeNull();
      } finally {
        await b.close();
      }
    });
  },
  // The embedded database admits one application.
  { env: env('postgres'), kinds: ['postgres'] },
);
