/**
 * A failing SQL statement is logged without its parameters (issue 8, item 12):
 * neither the text of the documents of a failed batch (synchronous or queued for
 * the job worker) nor the secret hash of a failed key insert reaches the log.
 *
 * Statements are made to fail by triggers installed directly in this test's own
 * PostgreSQL database: the failure happens where it would in production, inside
 * the statement that carries the values. (Every other test file gets the lighter
 * check of test/support/log-check.ts for the texts it sends.)
 */
import { Client } from 'pg';
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { createPipeline } from '../search/helpers';
import { waitForJob } from '../support/jobs';

const SECRET_TEXT = 'Quarterly layoffs planned for the Lisbon office, do not share';
const QUEUED_TEXT = 'Merger negotiations with Northwind resume on Monday, strictly private';

async function sql(database: TroveDatabase, statement: string): Promise<void> {
  const client = new Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

(databaseKinds().includes('postgres') ? describe : describe.skip)(
  'failed statements in the log [postgres]',
  () => {
    let database: TroveDatabase;
    let trove: TroveProcess;
    let api: Api;
    let pipelineId: string;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      trove = await startTrove(database, { env: { TROVE_JOBS_POLL_MS: '100' } });
      api = new Api(trove.url);
      pipelineId = (await createPipeline(api, { classifications: ['public'] })).id;
      await sql(
        database,
        `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
       CREATE TRIGGER refuse_fragments BEFORE INSERT ON fragments FOR EACH ROW EXECUTE FUNCTION refuse();
       CREATE TRIGGER refuse_keys BEFORE INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION refuse();`,
      );
    });
    afterAll(async () => {
      await trove?.stop();
      await database?.drop();
    });

    it('logs the failures with their SQLSTATE but without the values they carried', async () => {
      const stored = await api.post(`/pipelines/${pipelineId}/documents`, [
        { content: SECRET_TEXT, classification: 'public', metadata: { owner: 'finance' } },
      ]);
      expect({ status: stored.status, body: stored.body }).toEqual({
        status: 500,
        body: { detail: 'Internal Server Error' },
      });
      const key = await api.post('/api_keys', { name: 'doomed' });
      expect(key.status).toBe(500);
      const queued = await api.request('POST', `/pipelines/${pipelineId}/documents?async=true`, [
        { content: QUEUED_TEXT, classification: 'public' },
      ]);
      expect(queued.status).toBe(202);
      const job = await waitForJob(api, queued.body.id);
      expect(job.errors).toEqual([
        { index: 0, external_id: null, detail: 'Internal error while storing the document' },
      ]);

      const log = trove.output();
      // The failures are there, so the check below looks at the lines that matter.
      const failures = log.split('\n').filter((line) => line.includes('"code":"P0001"'));
      expect(failures.length).toBeGreaterThanOrEqual(3);
      for (const text of [SECRET_TEXT, QUEUED_TEXT, 'finance', 'scrypt$', 'doomed'])
        expect(log).not.toContain(text);
      expect(log).not.toContain('"parameters"');
    });
  },
);
