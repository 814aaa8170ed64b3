/**
 * One pooled connection lent to one piece of work (DatabaseService).
 *
 * A connection that failed, or stopped answering within the client's deadline (a
 * partition, a node that died without a reset), is destroyed when the work ends rather
 * than handed to the next request: its socket may be dead, and the statement the client
 * gave up on still holds the driver's queue, so every later statement on it would wait
 * behind it.
 */
import type { QueryRunner } from 'typeorm';
import { isUnreachable, sanitizeDatabaseError } from './database-errors';
import type { Queryable } from './database.service';

/** What pg keeps of its connection settings; `query_timeout` is read at every statement. */
interface PgClient {
  connectionParameters: { query_timeout?: number | false };
}

/**
 * TypeORM's PostgresQueryRunner hands an error to pg-pool's release, which then closes
 * the client instead of keeping it: what it does itself when the connection emits one.
 * Its typings keep the method private.
 */
interface ReleasableWithError {
  releasePostgresConnection(error: Error): Promise<void>;
}

/** A statement that only reads: SELECT or WITH naming no write. */
const READ_ONLY = /^\s*(SELECT|WITH)\b/i;
const WRITES = /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE)\b/i;

export class ConnectionLease implements Queryable {
  private lost: Error | undefined;
  /** Whether a statement sent on this lease may have written (any but a plain read). */
  mayHaveWritten = false;

  constructor(readonly runner: QueryRunner) {}

  /** Always the rows: TypeORM's plain query() returns `[rows, count]` for UPDATE and DELETE. */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (!this.mayHaveWritten && !(READ_ONLY.test(sql) && !WRITES.test(sql))) this.mayHaveWritten = true;
    try {
      return (await this.runner.query(sql, params, true)).records as T[];
    } catch (error) {
      throw this.failed(error);
    }
  }

  /**
   * The error as Trove reports it (database-errors.ts), noting first whether it means
   * the connection is lost. Already sanitized errors pass unchanged.
   */
  failed(error: unknown): unknown {
    if (this.lost === undefined && isUnreachable(error)) {
      this.lost = error instanceof Error ? error : new Error(String(error));
    }
    return sanitizeDatabaseError(error);
  }

  /** Whether the connection was lost: nothing more is sent on it, not even a ROLLBACK. */
  get broken(): boolean {
    return this.lost !== undefined;
  }

  /** The driver's connection, opened if it is not yet. */
  async connection(): Promise<object> {
    return (await this.runner.connect()) as object;
  }

  /**
   * Runs `work` without the client's deadline on this connection, for work that may
   * rightly take minutes (migrations, index builds); TCP keepalive still ends it if the
   * server goes away. The deadline is back before the connection returns to the pool.
   */
  async withoutDeadline<T>(work: () => Promise<T>): Promise<T> {
    const { connectionParameters } = (await this.connection()) as PgClient;
    const deadline = connectionParameters.query_timeout;
    connectionParameters.query_timeout = false;
    try {
      return await work();
    } finally {
      connectionParameters.query_timeout = deadline;
    }
  }

  /** Back to the pool, or, when the connection was lost, closed (pg-pool removes a client released with an error). */
  release(): Promise<void> {
    if (this.lost === undefined) return this.runner.release();
    return (this.runner as unknown as ReleasableWithError).releasePostgresConnection(this.lost);
  }
}
