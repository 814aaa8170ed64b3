/**
 * Which databases the integration tests run against: always the embedded PGlite,
 * and PostgreSQL when one is reachable (scripts/postgres-setup.sh starts one;
 * `.ci/run` always does, and there a missing PostgreSQL fails the run).
 */
import { Client } from 'pg';
import { randomBytes } from 'node:crypto';

export type DatabaseKind = 'pglite' | 'postgres';

export const DEFAULT_POSTGRES_URL = 'postgres://trove:trove@127.0.0.1:5432/trove';

export function postgresAdminUrl(): string {
  return process.env.TROVE_TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
}

export async function postgresReachable(url = postgresAdminUrl()): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Set by global-setup: the kinds available in this run. */
export function databaseKinds(): DatabaseKind[] {
  const kinds = (process.env.TROVE_TEST_DATABASES ?? 'pglite').split(',').filter(Boolean);
  return kinds as DatabaseKind[];
}

/** A fresh, empty PostgreSQL database for one test file; dropped by `drop()`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = postgresAdminUrl();
  const name = `trove_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
