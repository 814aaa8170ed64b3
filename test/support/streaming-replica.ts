/**
 * A real streaming replica of the test PostgreSQL server: a second cluster on this
 * machine, copied with pg_basebackup and following the primary's WAL, on its own port.
 * It needs the PostgreSQL server binaries (`streamingReplicaAvailable`): without them the
 * tests that need one skip, saying why, except under TROVE_TEST_REQUIRE_POSTGRES=true (CI),
 * where they fail. As root (CI, scripts/postgres-setup.sh) the cluster runs as the
 * `postgres` user, since PostgreSQL refuses to run as root.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { postgresAdminUrl } from './databases';
import { freePort } from './trove-process';
import { waitFor } from './wait';

const run = promisify(execFile);

export interface StreamingReplica {
  /** The URL of `database` on the replica (same role and password as the primary). */
  url(database: string): string;
  /** Resolves once the replica has replayed all the primary had written when it was called. */
  caughtUp(): Promise<void>;
  /** Stops replaying WAL: the replica keeps answering, with what it had. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

function binDir(): string | null {
  const candidates = [process.env.TROVE_TEST_PG_BIN, '/usr/lib/postgresql/15/bin'].filter(
    Boolean,
  ) as string[];
  return (
    candidates.find((dir) =>
      ['pg_basebackup', 'pg_ctl', 'postgres'].every((b) => fs.existsSync(path.join(dir, b))),
    ) ?? null
  );
}

const MISSING_BINARIES =
  'no PostgreSQL server binaries (pg_basebackup, pg_ctl, postgres) in /usr/lib/postgresql/15/bin: ' +
  'run scripts/postgres-setup.sh or set TROVE_TEST_PG_BIN';

/** True when a replica can be started here; throws when it cannot and TROVE_TEST_REQUIRE_POSTGRES=true. */
export function streamingReplicaAvailable(): boolean {
  if (binDir() !== null) return true;
  if (process.env.TROVE_TEST_REQUIRE_POSTGRES === 'true')
    throw new Error(`${MISSING_BINARIES} (TROVE_TEST_REQUIRE_POSTGRES=true)`);
  console.warn(`Skipping the read replica tests: ${MISSING_BINARIES}`);
  return false;
}

export async function startStreamingReplica(): Promise<StreamingReplica> {
  const bin = binDir();
  if (bin === null) throw new Error(MISSING_BINARIES);
  const primary = new URL(postgresAdminUrl());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-replica-'));
  const asRoot = process.getuid?.() === 0;
  // pg_ctl and the server run as the owner of the data folder.
  const asOwner = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  const port = await freePort();

  // The standby needs at least the primary's values of these (hot standby checks them).
  const admin = new Client({ connectionString: primary.toString() });
  await admin.connect();
  const needed = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions'];
  const values: string[] = [];
  for (const name of needed) values.push(`${name} = ${(await admin.query(`SHOW ${name}`)).rows[0][name]}`);
  await admin.end();

  // Other test files end their own connections at times; a copy cut short is taken again.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(
        path.join(bin, 'pg_basebackup'),
        [
          '-h',
          primary.hostname,
          '-p',
          primary.port || '5432',
          '-U',
          decodeURIComponent(primary.username),
        ].concat(['-D', dir, '-X', 'stream', '-c', 'fast', '-R', '-w']),
        { env: { ...process.env, PGPASSWORD: decodeURIComponent(primary.password) } },
      );
      break;
    } catch (error) {
      if (attempt === 3) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw error;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { mode: 0o700 });
    }
  }
  // The copy holds the data folder only (Debian keeps the configuration in /etc).
  fs.writeFileSync(
    path.join(dir, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      ...values,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'pg_hba.conf'), 'host all all 127.0.0.1/32 scram-sha-256\n');
  fs.rmSync(path.join(dir, 'postmaster.opts'), { force: true });
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  await asOwner(path.join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '120',
    'start',
  ]);

  const url = (database: string) => {
    const u = new URL(primary.toString());
    u.port = String(port);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const on = async <T>(connectionString: string, sql: string, params: unknown[] = []): Promise<T> => {
    const client = new Client({ connectionString });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows[0] as T;
    } finally {
      await client.end();
    }
  };
  const onReplica = async (sql: string) => {
    await on(url('postgres'), sql);
  };
  return {
    url,
    caughtUp: async () => {
      const { lsn } = await on<{ lsn: string }>(
        primary.toString(),
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      await waitFor(
        `the replica to replay the WAL up to ${lsn}`,
        async () =>
          (
            await on<{ done: boolean }>(
              url('postgres'),
              'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
              [lsn],
            )
          ).done,
        { timeoutMs: 60_000, intervalMs: 100 },
      );
    },
    pause: () => onReplica('SELECT pg_wal_replay_pause()'),
    resume: () => onReplica('SELECT pg_wal_replay_resume()'),
    stop: async () => {
      await asOwner(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
