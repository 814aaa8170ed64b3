import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows a search's authorisation reads: the key, the pipeline and its models. */
const WATCHED = ['api_keys', 'pipelines', 'vector_embeddings', 'embedding_models'];

/**
 * One counter that moves whenever a key, a pipeline, a pipeline's vector embeddings or
 * an embedding model changes (insert, update, delete), so that every Trove process on
 * the database may keep those rows in memory and tell with one tiny read whether they
 * are still current (src/database/cache-generation.ts).
 *
 * The counter is moved by triggers, so no write path can forget it, and in the writing
 * transaction, so a reader never sees the change without the new value nor the reverse.
 * The triggers are deferred to the commit: the counter's row is locked only for the
 * last moment of a transaction, after it took every other lock it needed, so two
 * transactions cannot deadlock over it (the changes are rare: admin edits, a reindex
 * marking a model ready).
 */
export class CacheGeneration1764580000000 implements MigrationInterface {
  name = 'CacheGeneration1764580000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE cache_generation (
         id boolean PRIMARY KEY DEFAULT true CHECK (id),
         value bigint NOT NULL
       )`,
    );
    await q.query(`INSERT INTO cache_generation (id, value) VALUES (true, 1)`);
    await q.query(
      `CREATE FUNCTION bump_cache_generation() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE cache_generation SET value = value + 1;
         RETURN NULL;
       END
       $$`,
    );
    for (const table of WATCHED) {
      await q.query(
        `CREATE CONSTRAINT TRIGGER ${table}_cache_generation
         AFTER INSERT OR UPDATE OR DELETE ON ${table}
         DEFERRABLE INITIALLY DEFERRED
         FOR EACH ROW EXECUTE FUNCTION bump_cache_generation()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of WATCHED)
      await q.query(`DROP TRIGGER IF EXISTS ${table}_cache_generation ON ${table}`);
    await q.query(`DROP FUNCTION IF EXISTS bump_cache_generation()`);
    await q.query(`DROP TABLE IF EXISTS cache_generation`);
  }
}
