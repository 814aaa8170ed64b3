import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded files waiting to be processed (`process=false`, the `upload_document`
 * case). Owned by the files module. The bytes are stored only as AES-256-GCM
 * ciphertext, like fragment text, and the row is deleted when the file becomes a
 * document, so nothing of the original outlives its processing.
 */
export class PendingFiles1764495000000 implements MigrationInterface {
  name = 'PendingFiles1764495000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pending_files (
        id uuid PRIMARY KEY,
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        api_key_id uuid NOT NULL,
        filename text NOT NULL,
        type text NOT NULL,
        mime_type text NOT NULL,
        size bigint NOT NULL,
        sha256 text NOT NULL,
        classification text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        external_id text,
        text_splitter_id uuid,
        chunk_size integer,
        chunk_overlap integer,
        content bytea NOT NULL,
        content_key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX pending_files_pipeline ON pending_files (pipeline_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS pending_files`);
  }
}
