/**
 * The `mcp_sessions` table, for TROVE_MCP_SESSION_STORE=postgres. Liveness is
 * judged by the database clock, so replicas agree on when a session expired.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';

@Injectable()
export class McpSessionsRepository {
  constructor(private readonly db: DatabaseService) {}

  async insert(id: string, protocolVersion: string): Promise<void> {
    await this.db.query(`INSERT INTO mcp_sessions (id, protocol_version) VALUES ($1, $2)`, [
      id,
      protocolVersion,
    ]);
  }

  /**
   * Records activity on a live session. With `countRequest`, atomically takes
   * the session's next request number (from 0), so event ids `0/n`, `1/n` stay
   * unique whichever replica answers. null: unknown or expired.
   */
  async touch(
    id: string,
    idleSeconds: number,
    countRequest: boolean,
  ): Promise<{ requestNumber: number } | null> {
    const rows = await this.db.query<{ request_number: number }>(
      `UPDATE mcp_sessions
          SET last_seen_at = now(), request_count = request_count + $3::int
        WHERE id = $1 AND last_seen_at > now() - make_interval(secs => $2)
        RETURNING request_count - $3::int AS request_number`,
      [id, idleSeconds, countRequest ? 1 : 0],
    );
    return rows.length === 0 ? null : { requestNumber: Number(rows[0].request_number) };
  }

  /** Deletes the session; true when it was live. */
  async delete(id: string, idleSeconds: number): Promise<boolean> {
    const rows = await this.db.query<{ live: boolean }>(
      `DELETE FROM mcp_sessions WHERE id = $1
       RETURNING last_seen_at > now() - make_interval(secs => $2) AS live`,
      [id, idleSeconds],
    );
    return rows.length > 0 && rows[0].live;
  }

  async liveAmong(ids: string[], idleSeconds: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM mcp_sessions WHERE id = ANY($1::uuid[]) AND last_seen_at > now() - make_interval(secs => $2)`,
      [ids, idleSeconds],
    );
    return rows.map((row) => row.id);
  }

  async deleteExpired(idleSeconds: number): Promise<void> {
    await this.db.query(`DELETE FROM mcp_sessions WHERE last_seen_at <= now() - make_interval(secs => $1)`, [
      idleSeconds,
    ]);
  }

  async countLive(idleSeconds: number): Promise<number> {
    const rows = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM mcp_sessions WHERE last_seen_at > now() - make_interval(secs => $1)`,
      [idleSeconds],
    );
    return Number(rows[0].n);
  }
}
