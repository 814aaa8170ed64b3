import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retrieval evaluations (src/evaluations/): labelled queries run with several search
 * configurations as a background job of kind `evaluation`. The set (queries, their
 * relevant items, the search bodies) is user text, sealed with the content cipher and
 * bound to its row, as is each query's outcome (`evaluation_queries`, one row per query,
 * stored with the job's progress so that a resumed job continues after the last one).
 * The summary (per search: label, metrics, latency) holds numbers and labels only.
 *
 * An evaluation belongs to its job (the job's state is its status): the job goes with
 * the pipeline, and the evaluation with it.
 */
export class Evaluations1764730000000 implements MigrationInterface {
  name = 'Evaluations1764730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs DROP CONSTRAINT jobs_kind_check`);
    await q.query(
      `ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check CHECK (kind IN ('ingest', 'reindex', 'evaluation'))`,
    );
    await q.query(`
      CREATE TABLE evaluations (
        id uuid PRIMARY KEY,
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        job_id uuid NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
        api_key_id uuid NOT NULL,
        name text NOT NULL,
        k integer NOT NULL,
        query_count integer NOT NULL,
        labels text[] NOT NULL,
        spec bytea NOT NULL,
        spec_key_id text NOT NULL,
        summary jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX evaluations_pipeline ON evaluations (pipeline_id, id)`);
    await q.query(
      `CREATE INDEX evaluations_latest ON evaluations (pipeline_id, finished_at DESC) WHERE summary IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE evaluation_queries (
        evaluation_id uuid NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
        position integer NOT NULL,
        outcome bytea NOT NULL,
        outcome_key_id text NOT NULL,
        PRIMARY KEY (evaluation_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE evaluation_queries`);
    await q.query(`DROP TABLE evaluations`);
    await q.query(`DELETE FROM jobs WHERE kind = 'evaluation'`);
    await q.query(`ALTER TABLE jobs DROP CONSTRAINT jobs_kind_check`);
    await q.query(`ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check CHECK (kind IN ('ingest', 'reindex'))`);
  }
}
