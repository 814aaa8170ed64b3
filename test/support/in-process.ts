/**
 * The medium tier (`*.medium.ts`): Trove's modules in the test's own process, built from
 * the sources by ts-jest (no `npm run build`), against the same databases as the
 * integration tests — a copy of the migrated PGlite folder and a fresh PostgreSQL
 * database. Nothing listens on HTTP: a test asks the services (`trove.get(JobsService)`)
 * and checks the rules they own; what only the edges decide (status codes, the wire, MCP)
 * stays with the HTTP tests.
 *
 * `restart()` closes the application as a SIGTERM does and builds a new one on the same
 * database, for rules that outlive a process (queued jobs, jobs handed back); `replica()`
 * builds a second one beside it, for rules between replicas.
 */
import 'reflect-metadata';
import { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../src/app.module';
import { AuthContext } from '../../src/auth/auth-context';
import { loadSettings } from '../../src/config/settings';
import { createLogger, PinoNestLogger } from '../../src/observability/logger';
import { DatabaseKind, databaseKinds } from './databases';
import { ADMIN_KEY, ADMIN_SECRET } from './http';
import { createTestDatabase, TroveDatabase } from './trove-process';

/** An admin key, as the guard hands it to services. */
export const ADMIN = new AuthContext(ADMIN_KEY, true, []);

export interface InProcessTrove {
  kind: DatabaseKind;
  database: TroveDatabase;
  /** A provider of the running application (a service). */
  get<T>(type: Type<T>): T;
  /** Everything logged so far, across restarts (JSON lines). */
  output(): string;
  /** Closes the application (shutdown hooks run, as on SIGTERM) and starts another on the same database. */
  restart(env?: Record<string, string>): Promise<void>;
  /**
   * Another application on the same database, as a second replica (PostgreSQL only: the
   * embedded database admits one); closed with the fixture, or earlier by `close()`.
   */
  replica(env?: Record<string, string>): Promise<Replica>;
}

export interface Replica {
  get<T>(type: Type<T>): T;
  close(): Promise<void>;
}

/**
 * Builds Trove's modules on `database`, with the environment a Trove process of the
 * integration tests gets; for tests that start applications their own way (several at
 * once, on an empty database). The caller closes it.
 */
export async function buildInProcess(
  database: TroveDatabase,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<INestApplicationContext> {
  const settings = loadSettings({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TROVE_LOG_LEVEL: 'info',
    // Work queued for a key (a job) runs as that key: it has to exist.
    TROVE_BOOTSTRAP_API_KEY: ADMIN_KEY,
    TROVE_BOOTSTRAP_API_SECRET: ADMIN_SECRET,
    TROVE_SHUTDOWN_DRAIN_SECONDS: '0',
    ...database.env,
    ...env,
  });
  const logger = createLogger(settings.logLevel, { write: log });
  return NestFactory.createApplicationContext(AppModule.forRoot(settings), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
}

/**
 * Runs `body` once per database kind of this run (of `kinds`, when given), each with its
 * own fresh database and its own Trove application, as `describeEachDatabase` does with
 * processes.
 */
export function describeEachDatabaseInProcess(
  name: string,
  body: (trove: () => InProcessTrove, kind: DatabaseKind) => void,
  options: { env?: Record<string, string>; kinds?: DatabaseKind[] } = {},
) {
  const kinds = databaseKinds().filter((kind) => options.kinds?.includes(kind) ?? true);
  if (kinds.length === 0) return;
  describe.each(kinds)(`${name} [%s]`, (kind) => {
    let fixture: InProcessTrove | undefined;
    let app: INestApplicationContext | undefined;
    let database: TroveDatabase | undefined;
    let output = '';
    const log = (line: string) => void (output += line);
    const replicas = new Set<INestApplicationContext>();
    const start = async (env: Record<string, string>) => {
      app = await buildInProcess(database!, { ...options.env, ...env }, log);
    };
    const stop = async () => {
      const closing = app;
      app = undefined;
      await closing?.close();
    };

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      await start({});
      fixture = {
        kind,
        database,
        get: (type) => {
          if (!app) throw new Error('Trove is not running');
          return app.get(type, { strict: false });
        },
        output: () => output,
        restart: async (env = {}) => {
          await stop();
          await start(env);
        },
        replica: async (env = {}) => {
          if (kind !== 'postgres') throw new Error('the embedded database admits one application');
          const other = await buildInProcess(database!, { ...options.env, ...env }, log);
          replicas.add(other);
          return {
            get: (type) => other.get(type, { strict: false }),
            close: async () => {
              if (replicas.delete(other)) await other.close();
            },
          };
        },
      };
    });
    afterAll(async () => {
      for (const other of replicas) await other.close();
      replicas.clear();
      await stop();
      await database?.drop();
    });
    body(() => {
      if (!fixture) throw new Error('Trove did not start');
      return fixture;
    }, kind);
  });
}
