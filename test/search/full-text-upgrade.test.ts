/**
 * An installation upgraded to BM25: fragments stored before it have no length and no
 * statistics. The migration marks their pipelines' full text not ready and queues a
 * reindex job; until it ends, full text answers 409 (as a model being added does), and
 * afterwards BM25 scores are the textbook's. Also the repair command that rebuilds a
 * pipeline's statistics from its fragments, and compaction of the rows of changes.
 *
 * The state before the upgrade is made by running the migration's `down` on a
 * database Trove has filled (PostgreSQL: the embedded database can only be opened while
 * Trove is stopped, and the migration is the same SQL on both).
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { Client } from 'pg';
import { FullTextBm251764700000000 } from '../../src/database/migrations/1764700000000-FullTextBm25';
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { waitForJob } from '../support/jobs';
import { createTestDatabase, startTrove, TroveDatabase } from '../support/trove-process';
import { waitFor } from '../support/wait';
import { addDocuments, createPipeline, search } from './helpers';

const onPostgres = databaseKinds().includes('postgres') ? describe : describe.skip;
const ROOT = path.resolve(__dirname, '../..');

const DOCUMENTS = [
  'Refunds for annual plans are prorated.',
  'A refund needs a ticket number and a reason.',
  'Invoices are sent by email on the first day of the month.',
].map((content) => ({ content, classification: 'public' }));

async function withClient<T>(database: TroveDatabase, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const scores = async (api: Api, pipelineId: string) =>
  (
    await search(api, pipelineId, { type: 'search', query: 'refund ticket', classifications: 'public' })
  ).body.map((f: any) => [f.page_content, f.score]);

onPostgres('full text statistics of an upgraded installation [postgres]', () => {
  let database: TroveDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('builds the statistics of fragments stored before BM25 in a reindex job, then ranks as before the upgrade', async () => {
    let trove = await startTrove(database);
    let api = new Api(trove.url);
    const pipeline = await createPipeline(api, { classifications: ['public'] });
    await addDocuments(api, pipeline.id, DOCUMENTS);
    const expected = await scores(api, pipeline.id);
    expect(expected).toHaveLength(2);
    await trove.stop();

    // Back to the schema before BM25, as an older Trove left it.
    await withClient(database, async (client) => {
      await new FullTextBm251764700000000().down({ query: (sql: string) => client.query(sql) } as never);
      await client.query(`DELETE FROM migrations WHERE name = 'FullTextBm251764700000000'`);
    });

    trove = await startTrove(database);
    api = new Api(trove.url);
    const jobs = (await api.get(`/jobs?pipeline_id=${pipeline.id}`)).body.data;
    const reindex = jobs.find((job: any) => job.kind === 'reindex');
    expect(reindex).toBeDefined();
    const finished = await waitForJob(api, reindex.id);
    expect(finished.state).toBe('succeeded');
    expect(await scores(api, pipeline.id)).toEqual(expected);
    await trove.stop();
  });

  it('rebuilds a pipeline statistics from its fragments with `trove full-text rebuild`, and compacts them', async () => {
    const trove = await startTrove(database);
    const api = new Api(trove.url);
    const pipeline = await createPipeline(api, { classifications: ['public'] });
    // Three writes: three rows of changes for "refund", summed by compaction a little later.
    for (const document of DOCUMENTS) await addDocuments(api, pipeline.id, [document]);
    const expected = await scores(api, pipeline.id);
    const rows = () =>
      withClient(database, async (client) =>
        Number(
          (
            await client.query(
              `SELECT count(*) AS n FROM full_text_terms WHERE pipeline_id = $1 AND lexeme = 'refund'`,
              [pipeline.id],
            )
          ).rows[0].n,
        ),
      );
    await waitFor('compaction of the rows of changes', async () => (await rows()) === 1, {
      timeoutMs: 30_000,
    });
    expect(await scores(api, pipeline.id)).toEqual(expected);

    // Damaged statistics give other scores; the repair gives the right ones back.
    await withClient(database, (client) =>
      client.query(`UPDATE full_text_terms SET fragments = fragments + 5 WHERE pipeline_id = $1`, [
        pipeline.id,
      ]),
    );
    expect(await scores(api, pipeline.id)).not.toEqual(expected);
    const output = execFileSync(
      path.join(ROOT, 'node_modules/.bin/node'),
      [path.join(ROOT, 'dist/cli.js'), 'full-text', 'rebuild', pipeline.id],
      { env: { ...process.env, ...database.env }, cwd: ROOT },
    ).toString();
    expect(output).toContain(`Rebuilt the full-text statistics of pipeline ${pipeline.id}`);
    expect(await scores(api, pipeline.id)).toEqual(expected);
    await trove.stop();
  });
});
