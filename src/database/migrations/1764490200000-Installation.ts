import { ObjectId } from 'bson';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The installation's identity: one row, created once by this migration (which runs
 * once per database, under the migration lock), so every replica and every restart
 * agree on it. `org_id` is the agents API's ObjectId-shaped organisation id.
 */
export class Installation1764490200000 implements MigrationInterface {
  name = 'Installation1764490200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE installation (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        org_id text NOT NULL CHECK (org_id ~ '^[0-9a-f]{24}$'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO installation (org_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
      new ObjectId().toHexString(),
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS installation`);
  }
}
