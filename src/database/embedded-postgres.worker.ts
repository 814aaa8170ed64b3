/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to
 * WebAssembly synchronously, so a long statement stalls whichever thread runs
 * it: here that is this worker, and the main thread keeps answering HTTP
 * (/healthz, and every request that needs no database) meanwhile.
 *
 * Protocol with embedded-postgres.ts: the worker answers `ready` once the socket
 * listens (or `failed` with a message), and on `stop` closes the socket server
 * and the database, then answers `stopped`.
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { parentPort, workerData } from 'node:worker_threads';

export interface EmbeddedWorkerData {
  pgdata: string;
  socketPath: string;
}

export type EmbeddedWorkerMessage =
  { type: 'ready' } | { type: 'failed'; message: string } | { type: 'stopped' };

async function serve(port: NonNullable<typeof parentPort>, data: EmbeddedWorkerData): Promise<void> {
  const db = await PGlite.create({ dataDir: data.pgdata, extensions: { vector } });
  const server = new PGLiteSocketServer({ db, path: data.socketPath });
  await server.start();
  port.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    void (async () => {
      await server.stop();
      await db.close();
      port.postMessage({ type: 'stopped' } satisfies EmbeddedWorkerMessage);
    })();
  });
  port.postMessage({ type: 'ready' } satisfies EmbeddedWorkerMessage);
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData as EmbeddedWorkerData).catch((error: unknown) =>
    port.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies EmbeddedWorkerMessage),
  );
}
