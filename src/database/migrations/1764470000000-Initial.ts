import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole first schema. Runs unchanged on PostgreSQL 15+ and on PGlite.
 *
 * Vectors of every embedding model share one `fragment_embeddings.embedding`
 * column of unconstrained dimension; each vector embedding (a pipeline's use
 * of a model) gets its own partial HNSW index over `embedding::vector(size)`,
 * created at runtime when the vector embedding is made (see vector-index.ts).
 */
export class Initial1764470000000 implements MigrationInterface {
  name = 'Initial1764470000000';

  async up(q: QueryRunner): Promise<void> {
    // No IF EXISTS guard around failure: without pgvector Trove cannot work, so say so now.
    await q.query(`CREATE EXTENSION IF NOT EXISTS vector`);

    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        secret_hash text NOT NULL,
        admin boolean NOT NULL DEFAULT false,
        disabled boolean NOT NULL DEFAULT false,
        grants jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE embedding_models (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        provider text NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
        description text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE text_splitters (
        id uuid PRIMARY KEY,
        provider text NOT NULL,
        parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
        description text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE pipelines (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE,
        description text,
        default_text_splitter_id uuid NOT NULL REFERENCES text_splitters (id),
        default_vector_embedding_id uuid,
        full_text_search boolean NOT NULL DEFAULT false,
        classifications text[] NOT NULL DEFAULT '{}',
        hierarchy jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE vector_embeddings (
        id uuid PRIMARY KEY,
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        embedding_model_id uuid NOT NULL REFERENCES embedding_models (id) ON DELETE RESTRICT,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (pipeline_id, embedding_model_id)
      )`);

    await q.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY,
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        external_id text,
        classification text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        version bigint NOT NULL,
        text_splitter_id uuid NOT NULL REFERENCES text_splitters (id),
        fragment_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        expired_at timestamptz
      )`);
    await q.query(
      `CREATE UNIQUE INDEX documents_pipeline_external_id ON documents (pipeline_id, external_id) WHERE external_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX documents_pipeline_id ON documents (pipeline_id, id)`);

    // page_content is stored only as AES-256-GCM ciphertext; search_vector holds the
    // full-text lexemes (only for pipelines with full text search).
    await q.query(`
      CREATE TABLE fragments (
        id uuid PRIMARY KEY,
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        order_id integer NOT NULL,
        version bigint NOT NULL,
        classification text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        content bytea NOT NULL,
        content_key_id text NOT NULL,
        search_vector tsvector,
        created_at timestamptz NOT NULL DEFAULT now(),
        expired_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX fragments_live ON fragments (pipeline_id, classification) WHERE expired_at IS NULL`,
    );
    await q.query(`CREATE INDEX fragments_document ON fragments (document_id, version, order_id)`);
    await q.query(
      `CREATE INDEX fragments_search_vector ON fragments USING gin (search_vector) WHERE expired_at IS NULL`,
    );

    await q.query(`
      CREATE TABLE fragment_embeddings (
        vector_embedding_id uuid NOT NULL REFERENCES vector_embeddings (id) ON DELETE CASCADE,
        fragment_id uuid NOT NULL REFERENCES fragments (id) ON DELETE CASCADE,
        embedding vector NOT NULL,
        PRIMARY KEY (vector_embedding_id, fragment_id)
      )`);
    await q.query(`CREATE INDEX fragment_embeddings_fragment ON fragment_embeddings (fragment_id)`);

    // Background ingestion. The payload holds document text, so it is encrypted like fragments.
    await q.query(`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY,
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        api_key_id uuid NOT NULL,
        state text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
        payload bytea NOT NULL,
        payload_key_id text NOT NULL,
        total integer NOT NULL,
        processed integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        results jsonb NOT NULL DEFAULT '[]'::jsonb,
        attempts integer NOT NULL DEFAULT 0,
        claimed_by text,
        lease_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX jobs_open ON jobs (created_at) WHERE state IN ('queued', 'running')`);

    // MCP sessions when TROVE_MCP_SESSION_STORE=postgres (any replica serves any session).
    await q.query(`
      CREATE TABLE mcp_sessions (
        id uuid PRIMARY KEY,
        protocol_version text NOT NULL,
        request_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'mcp_sessions',
      'jobs',
      'fragment_embeddings',
      'fragments',
      'documents',
      'vector_embeddings',
      'pipelines',
      'text_splitters',
      'embedding_models',
      'api_keys',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
