import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which API key opened each MCP session, so that open sessions can be capped per
 * key (TROVE_MCP_MAX_SESSIONS_PER_KEY). Sessions opened before have none and
 * count only towards the total until they expire.
 */
export class McpSessionKeys1764481000000 implements MigrationInterface {
  name = 'McpSessionKeys1764481000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mcp_sessions ADD COLUMN api_key_id uuid`);
    await q.query(`CREATE INDEX mcp_sessions_api_key_id_idx ON mcp_sessions (api_key_id, last_seen_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS mcp_sessions_api_key_id_idx`);
    await q.query(`ALTER TABLE mcp_sessions DROP COLUMN IF EXISTS api_key_id`);
  }
}
