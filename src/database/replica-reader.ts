/**
 * Reads that may be served by a read replica (TROVE_DATABASE_READ_URL): searches.
 *
 * A streaming replica lags the primary by the time its WAL takes to arrive and be
 * replayed (usually milliseconds), so only work that does not need to read its own
 * writes comes here; keys, pipelines, documents and everything written stay on the
 * primary. Replicas take turns. One that cannot be reached, cancels a query for a
 * conflict with recovery, or has not yet replayed what the read needs (a table a
 * migration made on the primary a moment ago) is skipped for a while and the read goes
 * to the primary: a replica makes reads cheaper, never less available.
 */
import { Logger } from '@nestjs/common';
import { Pool, PoolClient, PoolConfig } from 'pg';
import { isUnreachable, sanitizeDatabaseError } from './database-errors';
import { holdSessionSettings } from './session-settings';

/** What a reader offers: plain queries, and queries on one connection with hnsw.* session settings. */
export interface Reader {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  withSessionSettings<T>(
    settings: Record<string, string>,
    work: (db: { query: Reader['query'] }) => Promise<T>,
  ): Promise<T>;
}

/** How long a failed replica is left out before it is tried again. */
const RETRY_AFTER_MS = 10_000;
/**
 * Beside a replica that cannot be reached or serve at all (`isUnreachable`, which also
 * covers a database not replayed yet: 3D000), the SQLSTATEs of a replica that answers
 * but cannot serve this read while the primary can:
 * - recovery cancelled the query: 40001 for a lock, snapshot or tablespace conflict,
 *   40P01 for a buffer pin deadlock with the startup process;
 * - it has not replayed yet what the primary has: a schema, table, column, function or
 *   type that a migration just made (3F000, 42P01, 42703, 42883, 42704): under load a
 *   replica may lag the primary's start by seconds;
 * - the statement writes (25006), which only the primary may.
 * A statement that is wrong fails on the primary too, and is reported from there.
 */
const NOT_SERVABLE_HERE = new Set(['40001', '40P01', '3F000', '42P01', '42703', '42883', '42704', '25006']);

/** Whether a read that failed on a replica should go to the primary (see the file comment). */
export function isReplicaFailure(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return isUnreachable(error) || (typeof code === 'string' && NOT_SERVABLE_HERE.has(code));
}

export class ReplicaReader implements Reader {
  private readonly logger = new Logger(ReplicaReader.name);
  private readonly replicas: { pool: Pool; downUntil: number; name: string }[];
  private next = 0;

  constructor(
    urls: string[],
    /** The primary's pool settings, deadlines included (postgresDeadlines). */
    options: PoolConfig,
    private readonly primary: Reader,
  ) {
    this.replicas = urls.map((url, i) => {
      const pool = new Pool({ ...options, connectionString: url });
      // An idle connection that dies (a replica restarting) must not crash the process.
      pool.on('error', (error) =>
        this.logger.warn({ err: error, replica: i }, 'Read replica connection lost'),
      );
      return { pool, downUntil: 0, name: `replica ${i}` };
    });
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.onReplica(
      async (client) => (await client.query(sql, params)).rows as T[],
      () => this.primary.query<T>(sql, params),
    );
  }

  withSessionSettings<T>(
    settings: Record<string, string>,
    work: (db: { query: Reader['query'] }) => Promise<T>,
  ): Promise<T> {
    return this.onReplica(
      async (client) => {
        await holdSessionSettings(client, settings, (sql, params) => client.query(sql, params));
        return work({
          query: async <R>(sql: string, params: unknown[] = []) =>
            (await client.query(sql, params)).rows as R[],
        });
      },
      () => this.primary.withSessionSettings(settings, work),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
  }

  private async onReplica<T>(
    work: (client: PoolClient) => Promise<T>,
    onPrimary: () => Promise<T>,
  ): Promise<T> {
    const replica = this.pick();
    if (!replica) return onPrimary();
    let client: PoolClient | undefined;
    let lost = false;
    try {
      client = await replica.pool.connect();
      return await work(client);
    } catch (error) {
      lost = client === undefined || isReplicaFailure(error);
      if (!lost) throw sanitizeDatabaseError(error);
      replica.downUntil = Date.now() + RETRY_AFTER_MS;
      const { code } = error as { code?: unknown };
      this.logger.warn(
        { replica: replica.name, code },
        'Read replica failed the read; reading from the primary',
      );
    } finally {
      // A connection that failed or stopped answering is closed rather than handed to the next read.
      client?.release(lost || undefined);
    }
    return onPrimary();
  }

  /** The next replica in turn that is not left out; null when all are. */
  private pick(): ReplicaReader['replicas'][number] | null {
    const now = Date.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length];
      if (replica.downUntil <= now) {
        this.next = (this.next + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return null;
  }
}
