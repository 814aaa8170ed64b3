import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys gain agent scopes (`agent:read`, `agent:write`, `agent:execute`). Keys that
 * exist already get `agent:read` only, the default of new keys too (see
 * DEFAULT_SCOPES): running agents sends fragment text to an LLM and spends its
 * tokens, which an admin grants on purpose. Admin keys have every scope anyway.
 */
export class ApiKeyScopes1764490100000 implements MigrationInterface {
  name = 'ApiKeyScopes1764490100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN scopes text[] NOT NULL DEFAULT '{agent:read}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN scopes`);
  }
}
