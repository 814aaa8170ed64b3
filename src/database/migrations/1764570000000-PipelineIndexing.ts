import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Editing a pipeline's embedding models and full-text search (PATCH /pipelines/{id}).
 *
 * A model added to a pipeline that already holds fragments has no vectors for them
 * yet, nor has full text turned on any lexemes: `ready` / `full_text_ready` stay
 * false until a `reindex` job has filled them, and searches refuse what is not ready
 * rather than answering from part of the pipeline. Rows that exist already are
 * complete, hence the defaults.
 *
 * A reindex job is queued by an admin, or by the Kubernetes operator, which has no
 * key: `api_key_id` becomes optional; it reads what is stored, so it has no payload
 * (both stay required for ingest jobs). At most one reindex job per pipeline is open at
 * a time; a second edit adds its work to it.
 */
export class PipelineIndexing1764570000000 implements MigrationInterface {
  name = 'PipelineIndexing1764570000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE vector_embeddings ADD COLUMN ready boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE pipelines ADD COLUMN full_text_ready boolean NOT NULL DEFAULT true`);
    await q.query(
      `ALTER TABLE jobs ADD COLUMN kind text NOT NULL DEFAULT 'ingest' CHECK (kind IN ('ingest', 'reindex'))`,
    );
    await q.query(`ALTER TABLE jobs ALTER COLUMN api_key_id DROP NOT NULL`);
    await q.query(`ALTER TABLE jobs ALTER COLUMN payload DROP NOT NULL`);
    await q.query(`ALTER TABLE jobs ALTER COLUMN payload_key_id DROP NOT NULL`);
    await q.query(
      `ALTER TABLE jobs ADD CONSTRAINT jobs_ingest_payload CHECK (kind <> 'ingest' OR (payload IS NOT NULL AND payload_key_id IS NOT NULL AND api_key_id IS NOT NULL))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX jobs_open_reindex ON jobs (pipeline_id) WHERE kind = 'reindex' AND state IN ('queued', 'running')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS jobs_open_reindex`);
    await q.query(`DELETE FROM jobs WHERE kind = 'reindex'`);
    await q.query(`ALTER TABLE jobs DROP CONSTRAINT jobs_ingest_payload`);
    await q.query(`ALTER TABLE jobs ALTER COLUMN payload_key_id SET NOT NULL`);
    await q.query(`ALTER TABLE jobs ALTER COLUMN payload SET NOT NULL`);
    await q.query(`ALTER TABLE jobs ALTER COLUMN api_key_id SET NOT NULL`);
    await q.query(`ALTER TABLE jobs DROP COLUMN kind`);
    await q.query(`ALTER TABLE pipelines DROP COLUMN full_text_ready`);
    await q.query(`ALTER TABLE vector_embeddings DROP COLUMN ready`);
  }
}
