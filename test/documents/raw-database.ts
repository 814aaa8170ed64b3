/**
 * Reads Trove's tables directly, bypassing Trove, to check what is stored at rest.
 *
 * PostgreSQL is read through `pg` at any time. The embedded database can only be
 * opened while no Trove process holds its folder, so the caller stops Trove first;
 * it is then opened with PGlite in a plain Node child process (PGlite loads its
 * WebAssembly with a dynamic import, which Jest's module sandbox refuses).
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { Client } from 'pg';
import { TroveDatabase } from '../support/trove-process';

const ROOT = path.resolve(__dirname, '../..');

export async function queryRaw<T = Record<string, unknown>>(
  database: TroveDatabase,
  sql: string,
): Promise<T[]> {
  if (database.kind === 'postgres') {
    const client = new Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const script = `
    const { PGlite } = require('@electric-sql/pglite');
    const { vector } = require('@electric-sql/pglite-pgvector');
    (async () => {
      const db = await PGlite.create({ dataDir: process.argv[1], extensions: { vector } });
      const result = await db.query(process.argv[2]);
      process.stdout.write(JSON.stringify(result.rows));
      await db.close();
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const output = execFileSync(
    path.join(ROOT, 'node_modules/.bin/node'),
    ['-e', script, path.join(database.env.TROVE_DATA_DIR, 'pgdata'), sql],
    {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(output.toString()) as T[];
}
