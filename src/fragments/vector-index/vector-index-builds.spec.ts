/**
 * When a bulk load is over (vector-index-builds.ts): a client that loads in batches pauses
 * between them while its next batch is sent, parsed and checked; a pause shorter than
 * twice the write before it (and than QUIET_MS) is not the end of the load. The database is a fake that
 * counts vectors and index builds; the waits are real and have wide margins.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { loadSettings } from '../../config/settings';
import { DatabaseService, Queryable } from '../../database/database.service';
import { QUIET_MS, VectorIndexBuilds } from './vector-index-builds';

const VECTOR_EMBEDDING = { id: '01a23471-a360-7495-b3a7-2cb62dade1ad', size: 384 };

function setup(vectors: number) {
  const state = { vectors, index: 'absent' as 'absent' | 'valid', builds: 0 };
  const db: Queryable = {
    query: async (sql: string, params: unknown[] = []) => {
      if (sql.includes('count(*)')) return [{ rows: Math.min(state.vectors, Number(params[0])) }];
      if (sql.includes('pg_index')) return state.index === 'valid' ? [{ valid: true }] : [];
      if (sql.includes('pg_try_advisory_lock')) return [{ locked: true }];
      if (sql.startsWith('CREATE INDEX')) {
        state.builds++;
        state.index = 'valid';
      }
      return [];
    },
  } as Queryable;
  const database = { ...db, maintenance: (work: (on: Queryable) => Promise<unknown>) => work(db) };
  const settings = loadSettings({ TROVE_EXACT_SEARCH_BELOW: '1000', TROVE_BULK_LOAD_MIN_VECTORS: '500' });
  const builds = new VectorIndexBuilds(database as unknown as DatabaseService, settings);
  /** A write of `vectors` that takes `ms` between its begin and its end; resolves when `end` does. */
  const write = async (count: number, ms: number) => {
    const started = builds.begin([VECTOR_EMBEDDING]);
    await started.loading(count);
    await sleep(ms);
    state.vectors += count;
    return started;
  };
  return { builds, state, write };
}

describe('VectorIndexBuilds: the end of a bulk load', () => {
  it('does not take a pause shorter than twice the last write for the end, and builds once after the load', async () => {
    const { state, write } = setup(3_000);
    const first = await write(1_000, 1_500); // its quiet spell: 3 s
    const firstEnd = first.end();
    await sleep(2_500); // longer than the least spell, QUIET_MS
    expect(state.builds).toBe(0);
    const second = await write(1_000, 0);
    // The second write's begin ends the first one's wait at once: its client is not held back.
    const woken = performance.now();
    await firstEnd;
    expect(performance.now() - woken).toBeLessThan(200);
    expect(state.builds).toBe(0);
    await second.end(); // the last write: QUIET_MS, then the build
    expect(state.builds).toBe(1);
  });

  it('builds at the end of a load that no write follows, once a short write has waited QUIET_MS', async () => {
    const { state, write } = setup(3_000);
    const only = await write(1_000, 0);
    const started = performance.now();
    await only.end();
    expect(state.builds).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(QUIET_MS - 10);
  });

  it("builds at once at the end of a write that no part of the load follows (an ingestion job's)", async () => {
    const { builds, state } = setup(3_000);
    const job = builds.begin([VECTOR_EMBEDDING], { followed: false });
    await job.loading(1_000);
    state.vectors += 1_000;
    const started = performance.now();
    await job.end();
    expect(state.builds).toBe(1);
    expect(performance.now() - started).toBeLessThan(QUIET_MS);
  });

  it('builds nothing for a load that leaves the vector embedding at the exact-search threshold or below', async () => {
    const { state, write } = setup(0);
    await (await write(1_000, 0)).end();
    expect(state.builds).toBe(0);
  });
});
