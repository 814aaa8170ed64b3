import { Injectable } from '@nestjs/common';
import { DatabaseService, Queryable } from '../database/database.service';

export interface RunOwner {
  orgId: string;
  userId: string;
  conversationId: string;
}

export interface RunRow {
  run_id: string;
  org_id: string;
  user_id: string;
  conversation_id: string;
  cancel_requested: boolean;
  /** A run whose replica stopped touching it is over, whatever `finished_at` says. */
  live: boolean;
}

@Injectable()
export class RunsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Registers a run, replacing a finished or abandoned one with the same id;
   * false when a live run already has it.
   */
  async start(runId: string, owner: RunOwner, staleSeconds: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO agent_runs (run_id, org_id, user_id, conversation_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (run_id) DO UPDATE SET org_id = $2, user_id = $3, conversation_id = $4,
         cancel_requested = false, started_at = now(), seen_at = now(), finished_at = NULL
       WHERE agent_runs.finished_at IS NOT NULL OR agent_runs.seen_at < now() - make_interval(secs => $5)
       RETURNING run_id`,
      [runId, owner.orgId, owner.userId, owner.conversationId, staleSeconds],
    );
    return rows.length > 0;
  }

  async find(runId: string, staleSeconds: number): Promise<RunRow | null> {
    const rows = await this.db.query<RunRow>(
      `SELECT run_id, org_id, user_id, conversation_id, cancel_requested,
              finished_at IS NULL AND seen_at >= now() - make_interval(secs => $2) AS live
       FROM agent_runs WHERE run_id = $1`,
      [runId, staleSeconds],
    );
    return rows[0] ?? null;
  }

  async requestCancel(runId: string): Promise<void> {
    await this.db.query(`UPDATE agent_runs SET cancel_requested = true WHERE run_id = $1`, [runId]);
  }

  /** Keeps these runs live (their replica still runs them); answers those asked to cancel. */
  async touch(runIds: string[]): Promise<string[]> {
    const rows = await this.db.query<{ run_id: string; cancel_requested: boolean }>(
      `UPDATE agent_runs SET seen_at = now() WHERE run_id = ANY($1::uuid[]) AND finished_at IS NULL
       RETURNING run_id, cancel_requested`,
      [runIds],
    );
    return rows.filter((r) => r.cancel_requested).map((r) => r.run_id);
  }

  /** Forgets runs finished long ago (a cancel of those answers "not running" either way). */
  async prune(olderThanHours: number): Promise<void> {
    await this.db.query(`DELETE FROM agent_runs WHERE finished_at < now() - make_interval(hours => $1)`, [
      olderThanHours,
    ]);
  }

  /** Runs not finished whose replica stopped touching them: the turns a dead replica left behind. */
  async abandoned(staleSeconds: number): Promise<{ run_id: string; conversation_id: string }[]> {
    return this.db.query(
      `SELECT run_id, conversation_id FROM agent_runs
       WHERE finished_at IS NULL AND seen_at < now() - make_interval(secs => $1)`,
      [staleSeconds],
    );
  }

  /**
   * Marks an abandoned run finished, in the caller's transaction; false when its replica
   * touched it again meanwhile or another replica claimed it first (the row lock decides).
   */
  async claimAbandoned(runId: string, staleSeconds: number, tx: Queryable): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE agent_runs SET finished_at = now()
       WHERE run_id = $1 AND finished_at IS NULL AND seen_at < now() - make_interval(secs => $2)
       RETURNING run_id`,
      [runId, staleSeconds],
    );
    return rows.length > 0;
  }

  /** Whether another run of the conversation is alive (a later turn may have started since). */
  async hasLiveRun(conversationId: string, staleSeconds: number, tx: Queryable): Promise<boolean> {
    const rows = await tx.query(
      `SELECT 1 FROM agent_runs
       WHERE conversation_id = $1 AND finished_at IS NULL AND seen_at >= now() - make_interval(secs => $2)`,
      [conversationId, staleSeconds],
    );
    return rows.length > 0;
  }

  async finish(runId: string): Promise<void> {
    await this.db.query(`UPDATE agent_runs SET finished_at = now() WHERE run_id = $1`, [runId]);
  }
}
