import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An external id no longer names one document per pipeline but one per set of keys
 * that can see each other's documents: a write through an external id versions only
 * documents the writing key may read, and otherwise creates the key's own document
 * (docs/search.md, "External ids and access"). Writers of one external id are
 * serialised by a transaction-scoped advisory lock instead of the unique index, which
 * stays as a plain index for the lookup.
 */
export class ExternalIdsPerReader1764480000000 implements MigrationInterface {
  name = 'ExternalIdsPerReader1764480000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX documents_pipeline_external_id`);
    await q.query(
      `CREATE INDEX documents_pipeline_external_id ON documents (pipeline_id, external_id) WHERE external_id IS NOT NULL`,
    );
  }

  /** Fails while two documents of a pipeline share an external id: merge or expire them first. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX documents_pipeline_external_id`);
    await q.query(
      `CREATE UNIQUE INDEX documents_pipeline_external_id ON documents (pipeline_id, external_id) WHERE external_id IS NOT NULL`,
    );
  }
}
