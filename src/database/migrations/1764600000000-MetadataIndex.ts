import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A GIN index of live fragments' metadata (jsonb_path_ops: containment only, smaller and
 * faster than the default operator class). Metadata filters' `$eq` and `$in` conditions are
 * also written as containment (src/fragments/metadata-filter.ts,
 * `compileMetadataContainment`), so a selective filter finds its fragments through this
 * index instead of evaluating the filter on every fragment of the pipeline, and a search
 * can count them to choose an exact scan (docs/benchmarks.md, "Metadata filters at scale").
 * Building it reads every live fragment's metadata once (about a second per 100,000).
 */
export class MetadataIndex1764600000000 implements MigrationInterface {
  name = 'MetadataIndex1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX fragments_metadata ON fragments USING gin (metadata jsonb_path_ops)
       WHERE expired_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX fragments_metadata`);
  }
}
