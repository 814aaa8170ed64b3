import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cache generation's trigger also notifies its new value on the channel
 * `trove_cache_generation`, so that every Trove process LISTENing there learns of a
 * change of a key, a pipeline or a model at its commit, without reading the counter on
 * every request (src/database/cache-generation-listener.ts). A notification is sent
 * only if the transaction commits, and notifications of one channel arrive in commit
 * order; the counter's row lock makes that the counter's order too.
 */
export class CacheGenerationNotify1764740700001 implements MigrationInterface {
  name = 'CacheGenerationNotify1764740700001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE OR REPLACE FUNCTION bump_cache_generation() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE
         moved bigint;
       BEGIN
         UPDATE cache_generation SET value = value + 1 RETURNING value INTO moved;
         PERFORM pg_notify('trove_cache_generation', moved::text);
         RETURN NULL;
       END
       $$`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE OR REPLACE FUNCTION bump_cache_generation() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE cache_generation SET value = value + 1;
         RETURN NULL;
       END
       $$`,
    );
  }
}
