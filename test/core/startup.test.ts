/**
 * Start-up behaviour: configuration errors, the bootstrap key, restarts of the
 * embedded database, the CLI and a graceful stop. These manage their own processes;
 * the rules that need no process (one bootstrap key from replicas starting together,
 * the HNSW settings of an index) are in startup.medium.ts.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Api } from '../support/http';
import { databaseKinds } from '../support/databases';
import { createTestDatabase, startTrove, TroveDatabase } from '../support/trove-process';
import { waitFor } from '../support/wait';

const NODE = path.resolve(__dirname, '../../node_modules/.bin/node');
const DIST = path.resolve(__dirname, '../../dist');

function runNode(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(NODE, [path.join(DIST, script), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('configuration errors stop the start with the variable named', () => {
  it.each([
    [{ PORT: 'eighty' }, "Invalid environment variable PORT: expected an integer, got 'eighty'"],
    [{ PORT: '70000' }, 'Invalid environment variable PORT: expected 0 to 65535, got 70000'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid environment variable DATABASE_URL: expected a postgres:// or postgresql:// URL',
    ],
    [
      { DATABASE_URL: 'postgres://x/y' },
      'Invalid environment variable TROVE_ENCRYPTION_KEY: is required when DATABASE_URL is set',
    ],
    [
      { TROVE_ENCRYPTION_KEY: 'short' },
      "Invalid environment variable TROVE_ENCRYPTION_KEY: key 'k1' must be 32 bytes encoded in base64",
    ],
    [
      { TROVE_BOOTSTRAP_API_KEY: '0193a000-0000-7000-8000-000000000001' },
      'Invalid environment variable TROVE_BOOTSTRAP_API_SECRET: must be set together with its pair',
    ],
    [
      { TROVE_LOG_LEVEL: 'loud' },
      "Invalid environment variable TROVE_LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
    ],
    [
      { TROVE_MCP_SESSION_STORE: 'redis' },
      "Invalid environment variable TROVE_MCP_SESSION_STORE: expected one of memory, postgres, got 'redis'",
    ],
  ])('%j', (env, message) => {
    const result = runNode('main.js', [], {
      TROVE_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'trove-cfg-')),
      ...env,
    });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(`trove: ${message}`);
  });
});

describe.each(databaseKinds())('start-up and restarts [%s]', (kind) => {
  let database: TroveDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind, { empty: true }); // a first start on each
  });
  afterEach(async () => {
    await database.drop();
  });

  it('generates a bootstrap admin key on an empty database, prints it once, and keeps data across restarts', async () => {
    // TROVE_HOST unset, as on a laptop: the embedded default listens on loopback only.
    const env = { TROVE_BOOTSTRAP_API_KEY: '', TROVE_BOOTSTRAP_API_SECRET: '', TROVE_HOST: '' };
    const first = await startTrove(database, { env });
    // The end of start-up: where to go, then the key, last, so no other line buries it.
    await waitFor('the end of start-up', async () => first.output().includes('x-api-key-secret='));
    const lines = first.output().trim().split('\n');
    const ready = lines.findIndex((line) => line.includes('"Trove is ready at http://'));
    const listening = lines.findIndex((line) => line.includes('"Trove listening on port'));
    expect(JSON.parse(lines[ready])).toMatchObject({
      console: expect.stringMatching(/\/ui\/$/),
      docs: expect.stringMatching(/\/docs$/),
    });
    expect(ready).toBeGreaterThan(listening);
    expect(lines[ready]).toContain(
      kind === 'pglite' ? 'reachable from this machine only' : 'reachable on every interface',
    );
    expect(lines[ready + 1]).toContain('x-api-key-secret=');
    expect(lines.filter((line) => line.includes('x-api-key-secret='))).toHaveLength(1);
    const match = first.output().match(/x-api-key=([0-9a-f-]{36}) x-api-key-secret=([A-Za-z0-9_-]+)/);
    expect(match).not.toBeNull();
    const keyFile = path.join(database.env.TROVE_DATA_DIR ?? '', 'bootstrap-admin-key.env');
    if (kind === 'pglite') {
      // The embedded default also keeps it in the data folder, for its user alone.
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const text = fs.readFileSync(keyFile, 'utf8');
      expect(text).toContain(`TROVE_API_KEY=${match![1]}\nTROVE_API_SECRET=${match![2]}\n`);
      expect(lines[ready + 1]).toContain(`(also in ${keyFile}, readable by this user only)`);
    } else {
      expect(fs.existsSync(keyFile)).toBe(false);
    }
    const api = new Api(first.url, { id: match![1], secret: match![2] });
    const created = await api.post('/pipelines', { name: 'survives-restart' });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await startTrove(database, { env });
    await waitFor('the end of start-up', async () => second.output().includes('"Trove is ready at http://'));
    expect(second.output()).not.toContain('x-api-key-secret=');
    expect(second.output()).not.toContain(match![2]);
    const again = new Api(second.url, api.credentials);
    const fetched = await again.get(`/pipelines/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.name).toBe('survives-restart');
    await second.stop();
  });

  // The embedded database admits one process by design (see the lock test below).
  const itOnPostgres = kind === 'postgres' ? it : it.skip;
  itOnPostgres('reports 503 on /readyz while the database is gone, and 200 on /healthz', async () => {
    const trove = await startTrove(database);
    const api = new Api(trove.url).as(null);
    expect((await api.get('/readyz')).status).toBe(200);
    await database.drop(); // DROP DATABASE ... WITH (FORCE) ends Trove's connections
    const ready = await api.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not ready');
    expect(ready.body.checks.database).toBe('unreachable');
    expect((await api.get('/healthz')).status).toBe(200);
    await trove.stop();
  });

  it('stops gracefully on SIGTERM: readiness turns 503 while in-flight requests finish', async () => {
    const trove = await startTrove(database, { env: { TROVE_SHUTDOWN_DRAIN_SECONDS: '2' } });
    const api = new Api(trove.url);
    trove.child.kill('SIGTERM');
    const ready = await waitFor('the drain to begin', async () => {
      const response = await api.as(null).get('/readyz');
      return response.body.checks.lifecycle === 'draining' && response;
    });
    expect(ready.status).toBe(503);
    expect(ready.body.checks.lifecycle).toBe('draining');
    expect((await api.get('/pipelines')).status).toBe(200); // still served while draining
    const code = await new Promise<number | null>((resolve) => trove.child.once('exit', resolve));
    expect(code).toBe(0);
    expect(trove.output()).toContain('"msg":"Stopped"');
  });
});

describe('the embedded database and the CLI', () => {
  it('refuses a second process on the same data folder, and the CLI works once the server stops', async () => {
    const database = await createTestDatabase('pglite');
    const trove = await startTrove(database);
    const second = runNode('cli.js', ['keys', 'list'], database.env);
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/The embedded database in .* is in use by process \d+/);
    await trove.stop();

    const created = runNode(
      'cli.js',
      ['keys', 'create', '--name', 'from-cli', '--grant', '*:5:public,internal'],
      database.env,
    );
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({
      name: 'from-cli',
      admin: false,
      grants: [{ pipeline_id: '*', permissions: 5, classifications: ['public', 'internal'] }],
    });
    const listed = runNode('cli.js', ['keys', 'list'], database.env);
    expect(listed.stdout).toContain(`${key.id}\tfrom-cli\tuser\tenabled`);
    const bad = runNode('cli.js', ['keys', 'create', '--name', 'x', '--grant', '*:9'], database.env);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('trove: grants[0].permissions: must be an integer from 0 to 7');

    const restarted = await startTrove(database);
    expect((await new Api(restarted.url, { id: key.id, secret: key.secret }).get('/pipelines')).status).toBe(
      200,
    );
    await restarted.stop();
    await database.drop();
  });

  it('migrates with the CLI and then serves with TROVE_MIGRATE_ON_START=false', async () => {
    const database = await createTestDatabase('pglite', { empty: true });
    const migrated = runNode('cli.js', ['migrate'], database.env);
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/^Applied: Initial1764470000000, DefaultCatalogue1764470100000/);
    expect(runNode('cli.js', ['migrate'], database.env).stdout).toBe('Database is up to date.\n');
    const trove = await startTrove(database, { env: { TROVE_MIGRATE_ON_START: 'false' } });
    expect((await new Api(trove.url).get('/pipelines')).status).toBe(200);
    await trove.stop();
    await database.drop();
  });
});

describe('HNSW index settings', () => {
  it('refuses an ef_construction below twice m', () => {
    const result = runNode('main.js', [], {
      TROVE_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'trove-cfg-')),
      TROVE_HNSW_M: '16',
      TROVE_HNSW_EF_CONSTRUCTION: '20',
    });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      'trove: Invalid environment variable TROVE_HNSW_EF_CONSTRUCTION: must be at least twice TROVE_HNSW_M (32), got 20',
    );
  });
});
