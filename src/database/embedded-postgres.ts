/**
 * The embedded default database: PGlite (PostgreSQL compiled to WebAssembly) with
 * pgvector, persisted in the data folder, served to the ordinary `pg` driver over a
 * private Unix socket. Going through the wire protocol means TypeORM, the
 * migrations and every repository run the very same code path as on a real
 * PostgreSQL server; only the pool size differs (PGlite is single-connection).
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lockDataDir } from './data-dir-lock';

export interface EmbeddedPostgres {
  /** Directory holding the socket `.s.PGSQL.5432`: pass it to `pg` as `host`. */
  socketDir: string;
  port: number;
  close(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string, tmpDir: string): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { vector } });
  } catch (error) {
    unlock();
    throw error;
  }
  // A fresh 0700 folder: nobody else on the machine can reach the unauthenticated socket.
  fs.mkdirSync(tmpDir, { recursive: true });
  const socketDir = fs.mkdtempSync(path.join(tmpDir, 'trove-pg-'));
  fs.chmodSync(socketDir, 0o700);
  const port = 5432;
  const server = new PGLiteSocketServer({ db, path: path.join(socketDir, `.s.PGSQL.${port}`) });
  await server.start();
  return {
    socketDir,
    port,
    async close() {
      await server.stop();
      await db.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
      unlock();
    },
  };
}
