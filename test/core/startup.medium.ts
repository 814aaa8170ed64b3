/**
 * Start-up rules that need a database, not a process (the medium tier: applications
 * built in-process): replicas starting together on an empty database make one bootstrap
 * key, and each vector embedding's index is built with the HNSW settings. What only a
 * process shows (the start-up block, exit codes, SIGTERM, the CLI) is in startup.test.ts.
 */
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { parseWith } from '../../src/common/validation';
import { DatabaseService } from '../../src/database/database.service';
import { DocumentsService } from '../../src/documents/documents.service';
import { CreatePipelineSchema } from '../../src/pipelines/pipelines.dto';
import { PipelinesService } from '../../src/pipelines/pipelines.service';
import { databaseKinds } from '../support/databases';
import { ADMIN, buildInProcess, describeEachDatabaseInProcess } from '../support/in-process';
import { createTestDatabase } from '../support/trove-process';
import { waitFor } from '../support/wait';

// The embedded database admits one application (and so one replica).
const onPostgres = databaseKinds().includes('postgres') ? it : it.skip;

describe('start-up on an empty PostgreSQL database', () => {
  onPostgres('creates exactly one bootstrap key when two replicas start together', async () => {
    const database = await createTestDatabase('postgres', { empty: true });
    const env = { TROVE_BOOTSTRAP_API_KEY: '', TROVE_BOOTSTRAP_API_SECRET: '' };
    const apps = await Promise.all([
      buildInProcess(database, env, () => undefined),
      buildInProcess(database, env, () => undefined),
    ]);
    try {
      const generated = apps.map((app) =>
        app.get(ApiKeysService, { strict: false }).takeGeneratedBootstrapKey(),
      );
      expect(generated.filter((key) => key !== null)).toHaveLength(1);
      const keys = await apps[0]
        .get(DatabaseService, { strict: false })
        .query<{ admin: boolean }>(`SELECT admin FROM api_keys`);
      expect(keys).toEqual([{ admin: true }]);
    } finally {
      for (const app of apps) await app.close();
      await database.drop();
    }
  });
});

describeEachDatabaseInProcess(
  'HNSW index settings',
  (trove) => {
    it('builds the index of each vector embedding with TROVE_HNSW_M and TROVE_HNSW_EF_CONSTRUCTION', async () => {
      const pipeline = await trove()
        .get(PipelinesService)
        .create(parseWith(CreatePipelineSchema, { name: 'tuned', classifications: ['public'] }));
      await trove()
        .get(DocumentsService)
        .add(ADMIN, pipeline.id, { content: 'One fragment to index.', classification: 'public' }, false);
      const rows = await waitFor('the vector index', async () => {
        const found = await trove()
          .get(DatabaseService)
          .query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname LIKE $1`, [
            `fe_hnsw_${pipeline.default_vector_embedding_id!.replace(/-/g, '')}_%`,
          ]);
        return found.length > 0 && found;
      });
      expect(rows).toHaveLength(1);
      expect(rows[0].indexdef).toContain("WITH (m='8', ef_construction='40')");
    });
  },
  {
    // A vector embedding gets its index once it holds more vectors than are searched exactly: with a
    // threshold of 0, in the background after its first write.
    env: { TROVE_HNSW_M: '8', TROVE_HNSW_EF_CONSTRUCTION: '40', TROVE_EXACT_SEARCH_BELOW: '0' },
    kinds: ['postgres'],
  },
);
