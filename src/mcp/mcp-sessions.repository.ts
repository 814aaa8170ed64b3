/**
 * The `mcp_sessions` table, for TROVE_MCP_SESSION_STORE=postgres. Liveness is
 * judged by the database clock, so replicas agree on when a session expired.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';

/** Advisory lock key serialising session creation, so the caps hold across replicas ("mcps"). */
const CREATE_LOCK = 0x6d637073;

export interface LiveSessionCounts {
  ofKey: number;
  total: number;
}

@Injectable()
export class McpSessionsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Inserts the session unless `admit` refuses the live counts it is shown; one
   * creation at a time, so two replicas cannot both take the last place.
   */
  insertIf(
    id: string,
    protocolVersion: string,
    apiKeyId: string,
    idleSeconds: number,
    admit: (counts: LiveSessionCounts) => boolean,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [CREATE_LOCK]);
      const [counts] = await tx.query<{ of_key: string; total: string }>(
        `SELECT count(*) FILTER (WHERE api_key_id = $1) AS of_key, count(*) AS total
           FROM mcp_sessions WHERE last_seen_at > now() - make_interval(secs => $2)`,
        [apiKeyId, idleSeconds],
      );
      if (!admit({ ofKey: Number(counts.of_key), total: Number(counts.total) })) return false;
      await tx.query(`INSERT INTO mcp_sessions (id, protocol_version, api_key_id) VALUES ($1, $2, $3)`, [
        id,
        protocolVersion,
        apiKeyId,
      ]);
      return true;
    });
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
