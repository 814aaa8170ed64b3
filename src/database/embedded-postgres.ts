/**
 * The embedded default database: PGlite (PostgreSQL compiled to WebAssembly) with
 * pgvector, persisted in the data folder, served to the ordinary `pg` driver over a
 * private Unix socket. Going through the wire protocol means TypeORM, the
 * migrations and every repository run the very same code path as on a real
 * PostgreSQL server; only the pool size differs (PGlite is single-connection).
 *
 * PGlite runs in a worker thread (embedded-postgres.worker.ts): its statements
 * execute synchronously, and on the main thread one heavy statement would stop
 * the HTTP server, /healthz included, until it ended. PGlite ignores
 * statement_timeout (it has no timer signals): on the embedded database, the
 * request limits (docs/security.md) are what bound a statement.
 *
 * The folder holds keys, grants and documents: it is made private to Trove's user
 * (folders 0700, files 0600, see data-dir-permissions.ts).
 *
 * The socket lives in a folder of its own under TROVE_TMP_DIR, stamped with the process
 * that made it (as the data folder's lock is, data-dir-lock.ts). A process killed with
 * -9 leaves its folder behind; the next start removes the folders of processes that are
 * gone, and only those: a folder of Trove's name that is not a directory of this user,
 * has no stamp, or names a process still running is left alone.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { lockDataDir, ownerStamp, runningOwner } from './data-dir-lock';
import { makePrivate, tighten } from './data-dir-permissions';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './embedded-postgres.worker';

export interface EmbeddedPostgres {
  /** Directory holding the socket `.s.PGSQL.5432`: pass it to `pg` as `host`. */
  socketDir: string;
  port: number;
  /** Called once if the database thread dies on its own (it does not come back). */
  onFailure(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

// The compiled worker beside the compiled module; from the sources (the medium tests run them
// through ts-jest) the TypeScript worker, which Node runs itself by stripping its types.
const WORKER_FILE = path.join(__dirname, `embedded-postgres.worker${path.extname(__filename)}`);
const SOCKET_DIR_PREFIX = 'trove-pg-';
/** In a socket folder: the stamp of the process that made it. */
const OWNER_FILE = 'owner';

/** Removes the socket folders under `tmpDir` that processes now gone left behind. */
export function removeStaleSocketDirs(tmpDir: string): void {
  for (const name of fs.readdirSync(tmpDir)) {
    if (!name.startsWith(SOCKET_DIR_PREFIX)) continue;
    const dir = path.join(tmpDir, name);
    try {
      const stat = fs.lstatSync(dir);
      if (!stat.isDirectory() || stat.uid !== process.getuid?.()) continue;
      const stamp = fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8');
      if (runningOwner(stamp) === null) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // No stamp (an older Trove's, or one being made right now), or gone meanwhile: not ours to judge.
    }
  }
}

/** Resolves when the worker reports `ready`, rejects when it fails or exits first. */
function started(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      worker.off('message', onMessage);
      worker.off('error', settle);
      worker.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: EmbeddedWorkerMessage) => {
      if (message.type === 'ready') settle();
      if (message.type === 'failed') settle(new Error(message.message));
    };
    const onExit = (code: number) => settle(new Error(`the embedded database thread exited with ${code}`));
    worker.on('message', onMessage);
    worker.on('error', settle);
    worker.on('exit', onExit);
  });
}

export async function startEmbeddedPostgres(dataDir: string, tmpDir: string): Promise<EmbeddedPostgres> {
  makePrivate(dataDir);
  const unlock = lockDataDir(dataDir);
  // A fresh 0700 folder: nobody else on the machine can reach the unauthenticated socket.
  fs.mkdirSync(tmpDir, { recursive: true });
  removeStaleSocketDirs(tmpDir);
  const socketDir = fs.mkdtempSync(path.join(tmpDir, SOCKET_DIR_PREFIX));
  fs.chmodSync(socketDir, 0o700);
  fs.writeFileSync(path.join(socketDir, OWNER_FILE), ownerStamp(), { mode: 0o600 });
  const port = 5432;
  const data: EmbeddedWorkerData = {
    pgdata: path.join(dataDir, 'pgdata'),
    socketPath: path.join(socketDir, `.s.PGSQL.${port}`),
  };
  const worker = new Worker(WORKER_FILE, { workerData: data });
  let stopping = false;
  let failureListener: ((error: Error) => void) | undefined;
  const cleanUp = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    unlock();
  };

  try {
    await started(worker);
  } catch (error) {
    await worker.terminate();
    cleanUp();
    throw error;
  }
  const fail = (error: Error) => {
    if (stopping) return;
    stopping = true;
    cleanUp();
    failureListener?.(error);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the embedded database thread exited with ${code}`)));
  tighten(dataDir);

  return {
    socketDir,
    port,
    onFailure(listener) {
      failureListener = listener;
    },
    async close() {
      if (stopping) return;
      stopping = true;
      const stopped = new Promise<void>((resolve) => {
        worker.on('message', (message: EmbeddedWorkerMessage) => message.type === 'stopped' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
      tighten(dataDir);
      cleanUp();
    },
  };
}
