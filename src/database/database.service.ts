/**
 * The one connection to the database, PGlite or PostgreSQL.
 *
 * Repositories receive this service and run parameterised SQL through `query` or,
 * inside a transaction, through the `Tx` handed to them. Nothing else holds a
 * connection. Each piece of work borrows one pooled connection (ConnectionLease);
 * on PostgreSQL every statement has a client-side deadline and every connection TCP
 * keepalive, so a partitioned or dead server fails requests (503) instead of holding
 * them, and a connection that stopped answering leaves the pool.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource, MigrationExecutor, QueryRunner } from 'typeorm';
import { SETTINGS, Settings } from '../config/settings';
import { CacheGenerationListener } from './cache-generation-listener';
import { ConnectionLease } from './connection-lease';
import { sanitizeDatabaseError } from './database-errors';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { MIGRATIONS } from './migrations';
import { Reader, ReplicaReader } from './replica-reader';
import { holdSessionSettings } from './session-settings';
import { settledWithin } from '../common/settled-within';

/** Anything that runs SQL: the pool, or one transaction's connection. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export type Tx = Queryable;

/** What /readyz reports of the database. */
export interface Readiness {
  database: 'ok' | 'unreachable';
  migrations?: 'ok' | 'pending';
}

/** Advisory lock key that serialises migrations across replicas ("trove" in ASCII). */
const MIGRATION_LOCK = 0x74726f7665;

@Injectable()
export class DatabaseService implements Queryable, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseService.name);
  private dataSource?: DataSource;
  private embedded?: EmbeddedPostgres;
  private embeddedFailure?: Error;
  private rowsSinceAnalyze = 0;
  private rowsAtLastAnalyze = 0;
  private analyzing?: Promise<void>;
  private replicas?: ReplicaReader;
  /** On PostgreSQL: the cache generation as notified (cache-generation-listener.ts). */
  private generations?: CacheGenerationListener;
  /** Applied migrations stay applied: once /readyz has seen none pending it stops asking. */
  private migrationsApplied = false;
  private readinessCheck?: Promise<Readiness>;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  get isEmbedded(): boolean {
    return this.settings.databaseUrl === null;
  }

  /** False once the embedded database's thread died: nothing brings it back but a restart. */
  get alive(): boolean {
    return this.embeddedFailure === undefined;
  }

  /**
   * At start: connect, then migrate — or, when another step owns migrations (the
   * Helm hook Job sets TROVE_MIGRATE_ON_START=false), wait until they are applied.
   */
  async onModuleInit(): Promise<void> {
    await this.connect();
    if (this.settings.migrateOnStart) {
      const applied = await this.migrate();
      if (applied.length > 0) this.logger.log(`Applied migrations: ${applied.join(', ')}`);
    } else {
      while (await this.hasPendingMigrations()) {
        this.logger.warn('Waiting for database migrations to be applied (TROVE_MIGRATE_ON_START=false)');
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
    // The counter and its notifying trigger exist from here on.
    this.generations?.start();
  }

  /** Opens the connection (and the embedded database when no DATABASE_URL is set). */
  async connect(): Promise<void> {
    if (this.dataSource?.isInitialized) return;
    let connection: Record<string, unknown>;
    if (this.settings.databaseUrl === null) {
      this.embedded = await startEmbeddedPostgres(this.settings.dataDir, this.settings.tmpDir);
      this.embedded.onFailure((error) => {
        this.embeddedFailure = error;
        this.logger.fatal({ err: error }, 'The embedded database stopped; Trove must be restarted');
      });
      connection = {
        host: this.embedded.socketDir,
        port: this.embedded.port,
        username: 'postgres',
        database: 'postgres',
        // PGlite serves one connection; a bigger pool would only queue in the socket server.
        extra: { max: 1 },
      };
      this.logger.log(`Embedded PostgreSQL (PGlite) in ${this.settings.dataDir}`);
    } else {
      connection = {
        url: this.settings.databaseUrl,
        extra: { max: this.settings.dbPoolSize, ...postgresDeadlines(this.settings) },
      };
    }
    this.dataSource = new DataSource({
      type: 'postgres',
      ...connection,
      migrations: MIGRATIONS,
      migrationsTableName: 'migrations',
      synchronize: false,
      logging: false,
    });
    await this.dataSource.initialize();
    if (this.settings.databaseUrl !== null) {
      // PGlite serves one session to one connection: it has none to spare for LISTEN, and a
      // process that holds its data folder is the only one that can change it.
      this.generations = new CacheGenerationListener({
        connectionString: this.settings.databaseUrl,
        application_name: 'trove-cache-generation',
        ...postgresDeadlines(this.settings),
      });
    }
    if (this.settings.databaseReadUrls.length > 0)
      this.replicas = new ReplicaReader(
        this.settings.databaseReadUrls,
        { max: this.settings.dbPoolSize, ...postgresDeadlines(this.settings) },
        this,
      );
  }

  /**
   * Where reads that need not see their own writes go (searches): the read replicas
   * of TROVE_DATABASE_READ_URL in turn, or the primary when there are none.
   */
  get reader(): Reader {
    return this.replicas ?? this;
  }

  /**
   * Applies pending migrations; returns their names. Replicas starting together
   * take turns on a PostgreSQL advisory lock, so each migration runs once. (The
   * embedded database needs no lock: its data folder admits one process.)
   */
  async migrate(): Promise<string[]> {
    if (this.isEmbedded) return (await this.source.runMigrations({ transaction: 'each' })).map((m) => m.name);
    return this.onConnection((lock) =>
      // Building an index over a large table may rightly take longer than a request's statement.
      lock.withoutDeadline(async () => {
        try {
          await lock.query('SET statement_timeout = 0');
          await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          const executor = new MigrationExecutor(this.source, lock.runner);
          executor.transaction = 'each';
          const applied = await executor.executePendingMigrations();
          return applied.map((m) => m.name);
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          // The connection goes back to the pool: with the timeout it was opened with.
          await lock.query('RESET statement_timeout').catch(() => undefined);
        }
      }),
    );
  }

  /** On a lease: TypeORM's own showMigrations keeps its connection when a statement fails. */
  async hasPendingMigrations(): Promise<boolean> {
    return this.onConnection((db) => new MigrationExecutor(this.source, db.runner).showMigrations());
  }

  /**
   * For /readyz: whether the database answers and every migration is applied, or
   * 'unreachable' when it fails or does not answer within `deadlineMs`, whatever it
   * does meanwhile. A check left behind ends at the statement deadline; until then the
   * next probes wait on it rather than take more connections.
   */
  async readiness(deadlineMs: number): Promise<Readiness> {
    this.readinessCheck ??= this.checkReadiness().finally(() => (this.readinessCheck = undefined));
    const checked = await settledWithin(this.readinessCheck, deadlineMs).catch(() => undefined);
    return checked ?? { database: 'unreachable' };
  }

  private async checkReadiness(): Promise<Readiness> {
    await this.query('SELECT 1');
    if (!this.migrationsApplied) this.migrationsApplied = !(await this.hasPendingMigrations());
    return { database: 'ok', migrations: this.migrationsApplied ? 'ok' : 'pending' };
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.onConnection((db) => db.query<T>(sql, params));
  }

  /**
   * The cache generation (cache-generation.ts) when this process knows it without
   * reading it, from the notifications of every commit that moves it; null when it
   * must be read (the embedded database, the listener lost, a write of this process
   * since): see cache-generation-listener.ts.
   */
  knownGeneration(): string | null {
    return this.generations?.current() ?? null;
  }

  /** Runs `read`, a statement that reads the cache generation on the primary; what it read becomes known. */
  async readsGeneration<T extends { generation: string }>(read: () => Promise<T>): Promise<T> {
    const ticket = this.generations?.ticket() ?? null;
    const result = await read();
    this.generations?.observed(ticket, result.generation);
    return result;
  }

  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.onConnection(async (db) => {
      await db.runner.startTransaction();
      let result: T;
      try {
        result = await work(db);
      } catch (error) {
        // A lost connection has nothing to roll back (the server ends the transaction with
        // it), and a ROLLBACK would only wait behind the statement that did not answer.
        if (!db.broken) await db.runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
      await db.runner.commitTransaction();
      return result;
    });
  }

  /**
   * Runs `work` on one pooled connection that holds these `hnsw.*` session settings
   * (session-settings.ts): a search is then one statement, without the BEGIN, SET
   * LOCAL and COMMIT a transaction would take.
   */
  async withSessionSettings<T>(
    settings: Record<string, string>,
    work: (db: Queryable) => Promise<T>,
  ): Promise<T> {
    return this.onConnection(async (db) => {
      await holdSessionSettings(await db.connection(), settings, (sql, params) => db.query(sql, params));
      return work(db);
    });
  }

  /**
   * Runs `work` on one pooled connection, outside any transaction and without a
   * statement timeout: for maintenance that may rightly take minutes (building an
   * index concurrently) and needs session state (SET, advisory locks). `work` must
   * undo what it sets; the timeout is restored here.
   */
  async maintenance<T>(work: (db: Queryable) => Promise<T>): Promise<T> {
    return this.onConnection((db) =>
      db.withoutDeadline(async () => {
        try {
          await db.query('SET statement_timeout = 0');
          return await work(db);
        } finally {
          // RESET returns to the connection's own default, the timeout it was opened with.
          await db.query('RESET statement_timeout').catch(() => undefined);
        }
      }),
    );
  }

  /** Runs `work` on one pooled connection, destroyed afterwards if it was lost (connection-lease.ts). */
  private async onConnection<T>(work: (db: ConnectionLease) => Promise<T>): Promise<T> {
    const db = new ConnectionLease(this.runner());
    try {
      return await work(db);
    } catch (error) {
      // BEGIN, COMMIT and TypeORM's own statements fail here, unsanitized.
      throw db.failed(error);
    } finally {
      await db.release();
      // A change of this process may move the generation: its notification may still be on its way.
      if (db.mayHaveWritten) this.generations?.invalidate();
    }
  }

  private runner(): QueryRunner {
    try {
      return this.source.createQueryRunner();
    } catch (error) {
      throw sanitizeDatabaseError(error);
    }
  }

  /** The pool's connections for /metrics (pg.Pool's counters); null without a pool (the embedded database). */
  poolConnections(): { total: number; idle: number; waiting: number } | null {
    const pool = (
      this.dataSource?.driver as unknown as {
        master?: { totalCount: number; idleCount: number; waitingCount: number };
      }
    )?.master;
    if (!pool) return null;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /**
   * PGlite runs no autovacuum, so its planner never learns how big the tables grew
   * and keeps scanning them whole instead of using the HNSW indexes. After enough
   * new rows (a fifth of those counted so far, at least 1,000) refresh the statistics,
   * as autovacuum would on PostgreSQL. One ANALYZE at a time, in the background.
   */
  noteRowsWritten(count: number): void {
    if (!this.isEmbedded) return;
    this.rowsSinceAnalyze += count;
    if (this.analyzing || this.rowsSinceAnalyze < Math.max(1000, this.rowsAtLastAnalyze / 5)) return;
    const rows = this.rowsSinceAnalyze;
    this.rowsSinceAnalyze = 0;
    this.rowsAtLastAnalyze += rows;
    this.analyzing = this.query('ANALYZE documents, fragments, fragment_embeddings')
      .then(
        () => this.logger.log({ rows }, 'Refreshed planner statistics (ANALYZE)'),
        (error) => this.logger.warn({ err: error }, 'ANALYZE failed'),
      )
      .finally(() => (this.analyzing = undefined));
  }

  async close(): Promise<void> {
    await this.analyzing;
    await this.generations?.stop();
    this.generations = undefined;
    if (this.dataSource?.isInitialized) await this.dataSource.destroy();
    this.dataSource = undefined;
    await this.replicas?.close();
    this.replicas = undefined;
    if (this.embedded) await this.embedded.close();
    this.embedded = undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  private get source(): DataSource {
    if (!this.dataSource?.isInitialized) throw new Error('Database is not connected');
    return this.dataSource;
  }
}

/**
 * What bounds every PostgreSQL connection (primary and replicas) on the client's side,
 * since the server's statement_timeout cannot fire across a partition: a deadline per
 * statement, per connection attempt, and TCP keepalive for a peer that vanished.
 */
export function postgresDeadlines(settings: Settings): Record<string, unknown> {
  return {
    // A database that does not answer must fail requests (503), not hold them forever.
    connectionTimeoutMillis: settings.dbConnectTimeoutMs,
    ...(settings.dbQueryTimeoutMs > 0 ? { query_timeout: settings.dbQueryTimeoutMs } : {}),
    keepAlive: true,
    keepAliveInitialDelayMillis: settings.dbKeepAliveDelayMs,
    // Sent at connection start: the server cancels any statement running longer.
    ...(settings.dbStatementTimeoutMs > 0 ? { statement_timeout: settings.dbStatementTimeoutMs } : {}),
  };
}
