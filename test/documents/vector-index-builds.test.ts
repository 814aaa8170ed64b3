/**
 * The background vector index builder (src/fragments/vector-index/vector-index-builds.ts)
 * on one PostgreSQL database: a build that races writes leaves every vector found, a
 * process killed mid-build has its build finished after a restart, and two replicas
 * build an index once. A build is held in the middle by a transaction that holds the
 * table's ROW EXCLUSIVE lock (writes go on beside it; CREATE INDEX CONCURRENTLY waits for it
 * with its index already in the catalog, invalid): no test depends on timing.
 */
import { Client } from 'pg';
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { counterValue } from '../support/metrics';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';
import { addDocuments, createPipeline, search } from '../search/helpers';

const text = (i: number) =>
  `Crate ${i} of ${['walnut', 'cedar', 'birch', 'maple'][i % 4]} planks shipped from mill ${i % 17} in week ${i % 31} under seal ${(i * 7919) % 10007}.`;
const docs = (from: number, count: number) =>
  Array.from({ length: count }, (_, j) => ({
    content: text(from + j),
    classification: 'public',
    metadata: { n: from + j },
  }));
/** Every search goes the indexed way; passes come quickly. */
const ENV = { TROVE_EXACT_SEARCH_BELOW: '0', TROVE_JOBS_POLL_MS: '100' };

const onPostgres = databaseKinds().includes('postgres') ? describe : describe.skip;

onPostgres('background vector index builds [postgres]', () => {
  let database: TroveDatabase;
  let sql: Client;
  const troves: TroveProcess[] = [];

  const start = async () => {
    const trove = await startTrove(database, { env: ENV });
    troves.push(trove);
    return { trove, api: new Api(trove.url) };
  };
  const builds = (api: Api) => counterValue(api, 'trove_vector_index_build_seconds_count');
  /** The vector embedding's HNSW indexes, by validity. */
  const indexes = async (vectorEmbeddingId: string) => {
    const { rows } = await sql.query<{ name: string; valid: boolean }>(
      `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
       WHERE c.relname LIKE $1`,
      [`fe_hnsw_${vectorEmbeddingId.replace(/-/g, '')}_%`],
    );
    return { valid: rows.filter((r) => r.valid).length, invalid: rows.filter((r) => !r.valid).length };
  };
  /** Vectors of the vector embedding that its valid index does not cover (searched exactly). */
  const uncovered = async (vectorEmbeddingId: string) => {
    const { rows } = await sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
       WHERE c.relname LIKE $1 AND i.indisvalid`,
      [`fe_hnsw_${vectorEmbeddingId.replace(/-/g, '')}_%`],
    );
    if (rows.length === 0) return Infinity;
    const through = Math.max(...rows.map((r) => Number(r.name.split('_').pop())));
    const counted = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM fragment_embeddings
       WHERE vector_embedding_id = $1 AND NOT merged AND seq > $2`,
      [vectorEmbeddingId, through],
    );
    return counted.rows[0].n;
  };
  const expectFound = async (api: Api, pipelineId: string, n: number) => {
    const response = await search(api, pipelineId, {
      type: 'similarity',
      query: text(n),
      classifications: ['public'],
      params: { k: 2 },
    });
    expect(response.status).toBe(200);
    expect(response.body[0].metadata.n).toBe(n);
    expect(response.body[0].score).toBeCloseTo(0, 5);
  };
  /** Holds every build of an index on fragment_embeddings in its first phase until `release`. */
  const holdBuilds = async () => {
    const holder = new Client({ connectionString: database.env.DATABASE_URL });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE fragment_embeddings IN ROW EXCLUSIVE MODE');
    return async () => {
      await holder.query('ROLLBACK');
      await holder.end();
    };
  };
  const buildWaiting = (vectorEmbeddingId: string) =>
    waitFor(
      'a build waiting with its index invalid',
      async () => (await indexes(vectorEmbeddingId)).invalid === 1,
      {
        timeoutMs: 30_000,
      },
    );

  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    sql = new Client({ connectionString: database.env.DATABASE_URL });
    await sql.connect();
  });
  afterEach(async () => {
    await sql.end();
    for (const trove of troves.splice(0)) await trove.stop();
    await database.drop();
  });

  it('a build racing writes leaves every vector found, during it and after', async () => {
    const { api } = await start();
    const pipeline = await createPipeline(api, { classifications: ['public'] });
    const id = pipeline.default_vector_embedding_id;
    const release = await holdBuilds();
    try {
      await addDocuments(api, pipeline.id, docs(0, 200));
      await buildWaiting(id);
      // Written while the build runs: beyond what it covers, found exactly.
      await addDocuments(api, pipeline.id, docs(200, 100));
      for (const n of [0, 199, 200, 299]) await expectFound(api, pipeline.id, n);
    } finally {
      await release();
    }
    // The writes beside the build may be merged, or (more than a quarter of what it covers)
    // rebuilt: the old index is then dropped concurrently, invalid for a moment before it goes.
    await waitFor(
      'the build to end, the writes beside it covered and any replaced index gone',
      async () => (await uncovered(id)) === 0 && (await indexes(id)).invalid === 0,
      {
        timeoutMs: 60_000,
      },
    );
    expect(await indexes(id)).toEqual({ valid: 1, invalid: 0 });
    await addDocuments(api, pipeline.id, docs(300, 20)); // after the build: merged, found at once
    for (const n of [0, 150, 250, 299, 310]) await expectFound(api, pipeline.id, n);
  });

  it('a process killed mid-build has its build finished after a restart', async () => {
    const first = await start();
    const pipeline = await createPipeline(first.api, { classifications: ['public'] });
    const id = pipeline.default_vector_embedding_id;
    const release = await holdBuilds();
    try {
      await addDocuments(first.api, pipeline.id, docs(0, 200));
      await buildWaiting(id);
      await first.trove.kill();
      troves.splice(troves.indexOf(first.trove), 1);
      // PostgreSQL notices the lost client and abandons its build, leaving the invalid index.
      await waitFor(
        'the killed build to be abandoned',
        async () =>
          (
            await sql.query(
              `SELECT 1 FROM pg_stat_activity WHERE query LIKE 'CREATE INDEX CONCURRENTLY%' AND pid <> pg_backend_pid()`,
            )
          ).rows.length === 0,
        { timeoutMs: 30_000 },
      );
      expect(await indexes(id)).toEqual({ valid: 0, invalid: 1 });
    } finally {
      await release();
    }
    const second = await start();
    await waitFor('the restarted process to build the index', async () => (await indexes(id)).valid === 1, {
      timeoutMs: 60_000,
    });
    expect(await indexes(id)).toEqual({ valid: 1, invalid: 0 });
    expect(await builds(second.api)).toBe(1);
    for (const n of [0, 100, 199]) await expectFound(second.api, pipeline.id, n);
  });

  it('two replicas on one database build an index once', async () => {
    const [a, b] = [await start(), await start()];
    const pipeline = await createPipeline(a.api, { classifications: ['public'] });
    const id = pipeline.default_vector_embedding_id;
    // One write: both replicas see the same vectors to index, settled at once.
    await addDocuments(a.api, pipeline.id, docs(0, 300));
    await waitFor('an index covering every vector', async () => (await uncovered(id)) === 0, {
      timeoutMs: 60_000,
    });
    // Both replicas have looked since (their passes find nothing left to do).
    await waitFor('both replicas caught up', async () => {
      const pending = await Promise.all(
        [a, b].map((r) => counterValue(r.api, 'trove_vector_index_pending_vectors')),
      );
      return pending.every((n) => n === 0);
    });
    expect((await builds(a.api)) + (await builds(b.api))).toBe(1);
    expect(await indexes(id)).toEqual({ valid: 1, invalid: 0 });
    for (const n of [0, 149, 150, 299]) await expectFound(b.api, pipeline.id, n);
  });
});
