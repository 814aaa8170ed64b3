/**
 * Starts real Trove processes (`node dist/main.js`) for integration tests, each on
 * its own port and its own database: a fresh PGlite data folder or a fresh
 * PostgreSQL database. Tests talk to them over HTTP only.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createPostgresDatabase, DatabaseKind } from './databases';
import { ADMIN_KEY, ADMIN_SECRET, rawRequest } from './http';
import { checkLog, checkLogLines } from './log-check';
import { waitFor } from './wait';

export { ADMIN_KEY, ADMIN_SECRET };
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

const NODE = path.resolve(__dirname, '../../node_modules/.bin/node');
const MAIN = path.resolve(__dirname, '../../dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TroveDatabase {
  kind: DatabaseKind;
  /** Environment that points a Trove process at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** PGlite only: an uninitialised folder rather than a migrated copy, for tests of a first start. */
  empty?: boolean;
}

/**
 * A fresh database of the given kind; several processes may share it (PostgreSQL only).
 * A PostgreSQL database starts empty and Trove migrates it at start. A PGlite folder is a
 * copy of the one database-setup.ts migrated for this run: creating and migrating a PGlite
 * cluster costs seconds of CPU, a copy a fraction of one, and dozens of files make one.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: TestDatabaseOptions = {},
): Promise<TroveDatabase> {
  if (kind === 'postgres') {
    const db = await createPostgresDatabase();
    return { kind, env: { DATABASE_URL: db.url, TROVE_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }, drop: db.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-test-data-'));
  const template = process.env.TROVE_TEST_PGLITE_TEMPLATE;
  if (template && !options.empty) fs.cpSync(template, dataDir, { recursive: true });
  return {
    kind,
    env: { TROVE_DATA_DIR: dataDir },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface TroveProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed (JSON log lines). */
  output(): string;
  /** SIGTERM and wait for exit; resolves with the exit code. Throws if the log holds a noted text (log-check.ts). */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, for tests of recovery. Checks the log as stop() does. */
  kill(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Wait for /readyz (default) or only for the port to answer /healthz. */
  waitFor?: 'ready' | 'healthy';
  timeoutMs?: number;
}

/** Log levels that hide the info line naming the port (see startTrove). */
const QUIET_LOG_LEVELS = ['fatal', 'error', 'warn', 'silent'];

export async function startTrove(database: TroveDatabase, options: StartOptions = {}): Promise<TroveProcess> {
  // Port 0: the process takes a free port itself and logs it, so test files running in
  // parallel can never be handed the same port. A quiet log level hides that line; then
  // a port found free beforehand has to do.
  const quiet = QUIET_LOG_LEVELS.includes(options.env?.TROVE_LOG_LEVEL ?? 'info');
  const chosenPort = Number(options.env?.PORT ?? (quiet ? await freePort() : 0));
  const child = spawn(NODE, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(chosenPort),
      TROVE_HOST: '127.0.0.1',
      TROVE_LOG_LEVEL: 'info',
      TROVE_BOOTSTRAP_API_KEY: ADMIN_KEY,
      TROVE_BOOTSTRAP_API_SECRET: ADMIN_SECRET,
      TROVE_SHUTDOWN_DRAIN_SECONDS: '0',
      // Tests fail authentications on purpose, all from 127.0.0.1: no rate limit unless a test sets one.
      TROVE_AUTH_MAX_FAILURES_PER_ADDRESS: '0',
      TROVE_AUTH_MAX_FAILURES_PER_KEY: '0',
      ...database.env,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // 'close', not 'exit': the output is complete only once stdout and stderr have closed.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const probe = options.waitFor === 'healthy' ? '/healthz' : '/readyz';
  let port = chosenPort;
  const state = await waitFor(
    `Trove to answer ${probe}`,
    async () => {
      if (child.exitCode !== null) return 'exited';
      port ||= Number(/"Trove listening on port (\d+)"/.exec(output)?.[1] ?? 0);
      if (port === 0) return false;
      return (await rawRequest(`http://127.0.0.1:${port}`, { path: probe })).status === 200 && 'ready';
    },
    { timeoutMs: options.timeoutMs ?? 60_000, intervalMs: 100 },
  ).catch(() => 'timeout');
  if (state === 'exited')
    throw new Error(`Trove exited with ${child.exitCode} before it was ready:\n${output}`);
  if (state === 'timeout') {
    child.kill('SIGKILL');
    throw new Error(`Trove was not ready within the timeout:\n${output}`);
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      checkLog(url, output);
      checkLogLines(url, output);
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      checkLog(url, output);
      checkLogLines(url, output);
    },
  };
}
