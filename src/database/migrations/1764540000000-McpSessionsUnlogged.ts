import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * MCP sessions (TROVE_MCP_SESSION_STORE=postgres) in an unlogged table. Every request
 * of a session updates its row (last seen, the request counter of its event ids): a
 * logged table makes each of them wait for a WAL flush while holding the row, so the
 * concurrent requests of one session queued behind each other (4 clients updating one
 * row: 5.5-7 ms each, against 0.4 ms unlogged; docs/benchmarks.md). A session is
 * short-lived state: after a database crash, or on a promoted standby (unlogged
 * tables are not replicated), its clients get 404 and open a new one, as after a
 * restart with the memory store. Nothing reads the table on a read replica.
 */
export class McpSessionsUnlogged1764540000000 implements MigrationInterface {
  name = 'McpSessionsUnlogged1764540000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mcp_sessions SET UNLOGGED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mcp_sessions SET LOGGED`);
  }
}
