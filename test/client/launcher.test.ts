/**
 * The `trove` command (bin/trove.mjs, `npx trove …`) as an assistant's stdio command
 * runs it, beside a running Trove served from dist/: its standard output carries
 * JSON-RPC and nothing else, and it never writes into dist/ (it builds the CLI into
 * node_modules/.cache/trove-cli, once per change of src/).
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createKey } from '../support/records';
import { describeEachDatabase } from '../support/suite';

const ROOT = path.resolve(__dirname, '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const LAUNCHER = path.join(ROOT, 'bin/trove.mjs');

/** Every file of dist/ with its size and modification time. */
function snapshot(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) snapshot(file, into);
    else {
      const stat = fs.statSync(file);
      into.set(path.relative(ROOT, file), `${stat.size}:${stat.mtimeMs}`);
    }
  }
  return into;
}

describeEachDatabase('the trove command', (fixture) => {
  // The first call after a change of src/ compiles the CLI (seconds); here, not in the timed test.
  beforeAll(() => {
    const first = spawnSync(NODE, [LAUNCHER, 'mcp'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 280_000,
    });
    expect(first.stdout).toBe('');
    expect(first.stderr).toContain('TROVE_API_KEY is not set');
  }, 300_000);

  it('serves MCP on stdio with nothing else on standard output, and leaves dist/ alone', async () => {
    const key = await createKey(
      fixture().api,
      [{ pipeline_id: '*', permissions: 5, classifications: '*' }],
      'launcher',
    );
    const before = snapshot(path.join(ROOT, 'dist'));
    const child = spawn(NODE, [LAUNCHER, 'mcp'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        TROVE_URL: fixture().trove.url,
        TROVE_API_KEY: key.id,
        TROVE_API_SECRET: key.secret,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'desktop', version: '1' },
      },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const deadline = Date.now() + 60_000;
    while (!/"id":2\b/.test(stdout) && Date.now() < deadline && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 50));
    child.stdin.end();
    await exited;

    const lines = stdout.split('\n').filter((line) => line !== '');
    expect({ lines: lines.length, stderr }).toEqual({ lines: 2, stderr: expect.any(String) });
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    const tools = (JSON.parse(lines[1]) as { result: { tools: { name: string }[] } }).result.tools;
    expect(tools.map((tool) => tool.name)).toContain('search_knowledge');
    expect(snapshot(path.join(ROOT, 'dist'))).toEqual(before);
  }, 90_000);

  it('is what `npx trove` and `npm run trove` run, with no build of dist/ before', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.bin.trove).toBe('bin/trove.mjs');
    expect(manifest.scripts.trove).toBe('node bin/trove.mjs');
    expect(manifest.scripts.pretrove).toBeUndefined();
  });
});
