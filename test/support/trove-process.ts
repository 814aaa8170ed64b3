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
import { checkLog } from './log-check';

export const ADMIN_KEY = '0193a000-0000-7000-8000-00000000a0a0';
export const ADMIN_SECRET = 'integration-admin-secret-0001';
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

/** A fresh database of the given kind; several processes may share it (PostgreSQL only). */
export async function createTestDatabase(kind: DatabaseKind): Promise<TroveDatabase> {
  if (kind === 'postgres') {
    const db = await createPostgresDatabase();
    return { kind, env: { DATABASE_URL: db.url, TROVE_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }, drop: db.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-test-data-'));
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

export async function startTrove(database: TroveDatabase, options: StartOptions = {}): Promise<TroveProcess> {
  const port = await freePort();
  const child = spawn(NODE, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
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
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const probe = options.waitFor === 'healthy' ? '/healthz' : '/readyz';
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Trove exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      const response = await fetch(url + probe);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Trove was not ready within the timeout:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      checkLog(url, output);
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      checkLog(url, output);
    },
  };
}
