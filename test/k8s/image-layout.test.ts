/**
 * The image's runtime stage, rebuilt without Docker: the production dependencies
 * (`npm ci --omit=dev`, as the prod-deps stage runs it), the compiled dist/ and
 * package.json in a read-only folder, started as uid/gid 10001 with only /data and
 * /tmp writable. It proves the production dependencies suffice, nothing writes next
 * to the code, and SIGTERM drains and exits 0, as the chart's probes expect.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Api } from '../support/http';
import { freePort } from '../support/trove-process';
import { waitFor } from '../support/wait';
import { REPO_ROOT } from './support/tools';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node'); // the image's node:22 stand-in
const NPM_CLI = path.join(path.dirname(fs.realpathSync(process.execPath)), '../lib/node_modules/npm/bin/npm-cli.js');

describe('the image runtime stage, without Docker', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-image-'));
  const app = path.join(root, 'app');
  const data = path.join(root, 'data');
  const tmp = path.join(root, 'tmp');

  afterAll(() => {
    execFileSync('chmod', ['-R', 'u+w', root]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves from production dependencies alone, as a non-root user, and stops cleanly', async () => {
    fs.mkdirSync(app);
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(REPO_ROOT, file), path.join(app, file));
    fs.cpSync(path.join(REPO_ROOT, 'packages'), path.join(app, 'packages'), { recursive: true });
    const npm = fs.existsSync(NPM_CLI) ? [NODE, NPM_CLI] : ['npm'];
    execFileSync(npm[0], [...npm.slice(1), 'ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: app, stdio: 'pipe', timeout: 300_000 });
    expect(fs.existsSync(path.join(app, 'node_modules/typescript'))).toBe(false);
    fs.cpSync(path.join(REPO_ROOT, 'dist'), path.join(app, 'dist'), { recursive: true });
    fs.rmSync(path.join(app, 'package-lock.json'));
    // Readable by all and writable by none, as the image's layers are: whatever the umask of
    // this worker (an in-process embedded database sets 077, data-dir-permissions.ts), which
    // would otherwise leave the folders this test made unreadable to uid 10001.
    execFileSync('chmod', ['-R', 'a+rX,a-w', app]);
    for (const dir of [data, tmp]) {
      fs.mkdirSync(dir);
      fs.chownSync(dir, 10001, 10001);
    }
    fs.chmodSync(root, 0o755);

    const port = await freePort();
    const child = spawn('setpriv', ['--reuid=10001', '--regid=10001', '--clear-groups', NODE, 'dist/main.js'], {
      cwd: app,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), TROVE_HOST: '127.0.0.1', TROVE_DATA_DIR: data, TROVE_TMP_DIR: tmp, TROVE_SHUTDOWN_DRAIN_SECONDS: '1', HOME: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const api = new Api(`http://127.0.0.1:${port}`, null);
      const answers = (path: string, status: number) => async () => (await api.get(path)).status === status;
      // The first start creates the embedded database: on a loaded CI machine that can
      // take more than a minute. If Trove exits or never answers, its log says why.
      const state = await waitFor(
        '/readyz to answer 200',
        async () => (child.exitCode !== null ? 'exited' : (await answers('/readyz', 200)()) && 'ready'),
        { timeoutMs: 180_000, intervalMs: 100 },
      ).catch((err: Error) => err.message);
      if (state !== 'ready') throw new Error(`${state === 'exited' ? `Trove exited with ${child.exitCode}` : state}:\n${output}`);
      expect((await api.get('/healthz')).status).toBe(200);
      // The web console is part of dist/ and served by production dependencies alone.
      expect((await api.get('/ui/')).status).toBe(200);
      expect((await api.get('/metrics')).text).toContain('trove_http_requests_total');
      child.kill('SIGTERM');
      await waitFor('/readyz to answer 503', answers('/readyz', 503), { timeoutMs: 5_000, intervalMs: 100 });
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(output).toContain('Created the bootstrap admin API key');
    expect(fs.readdirSync(data)).toEqual(expect.arrayContaining(['pgdata', 'encryption.key']));
  }, 600_000); // npm ci of the production dependencies, then a first start
});
