import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rerankers (src/rerankers/): cross-encoder endpoints that score a query against each
 * candidate of a search, registered like LLMs (the API key sealed with the content
 * cipher, bound to the row). A pipeline may name one as its default, which its agents'
 * retrieval and Guided Mind's rag_search use; a reranker a pipeline names cannot be
 * deleted.
 */
export class Rerankers1764710000000 implements MigrationInterface {
  name = 'Rerankers1764710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rerankers (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE,
        description text,
        provider text NOT NULL CHECK (provider IN ('cohere', 'tei')),
        endpoint text NOT NULL,
        model text,
        api_key bytea,
        api_key_key_id text,
        parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `ALTER TABLE pipelines ADD COLUMN default_reranker_id uuid REFERENCES rerankers (id) ON DELETE RESTRICT`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pipelines DROP COLUMN default_reranker_id`);
    await q.query(`DROP TABLE rerankers`);
  }
}
