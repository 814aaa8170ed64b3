/**
 * Storing a large file keeps the event loop free (issue 20, item 14). A large text file
 * is one document of thousands of fragments; they used to go to the database in one
 * INSERT of fragments and one of vectors, whose parameters the driver encodes in one go
 * on the event loop (about a second for 20 million characters, see docs/benchmarks.md),
 * holding every other request that long. Now no statement carries more than 1,000
 * rows, and between two statements the event loop is free.
 *
 * What is checked is that structure, counted in the database itself (a statement-level
 * trigger records how many rows each INSERT brought), not a duration.
 */
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { queryRaw } from '../documents/raw-database';
import { createPipeline } from '../search/helpers';

const MAX_ROWS_PER_STATEMENT = 1000;

/** A trigger that counts the rows of every INSERT into the two tables, in a table of the test's own. */
const COUNT_ROWS_PER_STATEMENT = [
  'CREATE TABLE test_statement_rows (table_name text NOT NULL, row_count int NOT NULL)',
  `CREATE FUNCTION test_count_statement_rows() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO test_statement_rows SELECT TG_TABLE_NAME, count(*) FROM new_rows;
     RETURN NULL;
   END $$`,
  ...['fragments', 'fragment_embeddings'].map(
    (table) => `CREATE TRIGGER test_${table}_rows AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION test_count_statement_rows()`,
  ),
];

/** 3,000 fragments of the default splitter (1,000 characters): one per paragraph. */
function largeText(): Buffer {
  const paragraph = 'Every paragraph of this handbook says the same thing in the same words. '.repeat(12);
  return Buffer.from(Array.from({ length: 3_000 }, (_, i) => `${i}. ${paragraph}`).join('\n\n'));
}

describe.each(databaseKinds())('storing a large file [%s]', (kind) => {
  let database: TroveDatabase;
  let trove: TroveProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The embedded database opens in one process at a time: Trove migrates it, then stops for the trigger.
    trove = await startTrove(database);
    if (kind === 'pglite') {
      await trove.stop();
      trove = undefined;
    }
    for (const statement of COUNT_ROWS_PER_STATEMENT) await queryRaw(database, statement);
    trove ??= await startTrove(database);
  });
  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
  });

  it('writes its fragments and vectors a bounded number of rows at a time', async () => {
    const api = new Api(trove!.url);
    const pipeline = await createPipeline(api, { classifications: ['public'] });
    const upload = await api.upload(
      `/pipelines/${pipeline.id}/files`,
      [{ name: 'handbook.txt', bytes: largeText() }],
      {
        classification: 'public',
      },
    );
    expect(upload.status).toBe(201);
    const fragments: number = upload.body[0].fragment_count;
    expect(fragments).toBeGreaterThan(2 * MAX_ROWS_PER_STATEMENT);
    if (kind === 'pglite') {
      await trove!.stop();
      trove = undefined;
    }
    const statements = await queryRaw<{ table_name: string; row_count: number }>(
      database,
      'SELECT table_name, row_count FROM test_statement_rows',
    );
    for (const table of ['fragments', 'fragment_embeddings']) {
      const counts = statements.filter((s) => s.table_name === table).map((s) => Number(s.row_count));
      expect({ table, total: counts.reduce((a, b) => a + b, 0) }).toEqual({ table, total: fragments });
      expect({ table, largest: Math.max(...counts) }).toEqual({ table, largest: MAX_ROWS_PER_STATEMENT });
    }
  });
});
