/**
 * The console's API types, generated from Trove's own OpenAPI document by
 * openapi-typescript into web/src/api/openapi.ts (committed; see web/src/api/types.ts).
 *
 *   npm run api-types                      start the built app (dist/main.js) on an
 *                                          embedded database in a temporary folder,
 *                                          read its /openapi.json, write the file
 *   node scripts/api-types.mjs --url URL   read URL/openapi.json instead
 *   ... --check                            write nothing: exit 1 if the committed file
 *                                          is not what the document generates
 *
 * Nothing leaves the machine: the document comes from the app on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = path.join(ROOT, 'web/src/api/openapi.ts');
const HEADER = [
  '/**',
  " * Generated from Trove's OpenAPI document (GET /openapi.json) by openapi-typescript.",
  ' * Do not edit: run `npm run api-types` (a test fails when this file is stale).',
  ' */',
  '',
].join('\n');

/** The file's text for this OpenAPI document. */
async function generate(document) {
  return HEADER + astToString(await openapiTS(document, { alphabetize: true, defaultNonNullable: false }));
}

async function fetchDocument(baseUrl) {
  const response = await fetch(`${baseUrl}/openapi.json`);
  if (!response.ok) throw new Error(`GET ${baseUrl}/openapi.json answered ${response.status}`);
  return response.json();
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Runs `use(baseUrl)` against the built app on a fresh embedded database, then stops it. */
async function withLocalTrove(use) {
  const main = path.join(ROOT, 'dist/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/main.js is missing: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-api-types-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      TROVE_HOST: '127.0.0.1',
      TROVE_DATA_DIR: dataDir,
      TROVE_LOG_LEVEL: 'warn',
      TROVE_SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; ; waited += 200) {
      if (child.exitCode !== null) throw new Error(`Trove exited with ${child.exitCode}:\n${errors}`);
      if (waited > 120_000) throw new Error(`Trove did not answer /healthz within two minutes:\n${errors}`);
      const healthy = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await use(baseUrl);
  } finally {
    const exited = new Promise((resolve) => child.once('close', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const urlAt = args.indexOf('--url');
  const url = urlAt >= 0 ? args[urlAt + 1] : undefined;
  const document = url ? await fetchDocument(url) : await withLocalTrove(fetchDocument);
  const text = await generate(document);
  if (check) {
    const committed = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : '';
    if (committed !== text) {
      process.stderr.write(`${path.relative(ROOT, TARGET)} is stale: run npm run api-types and commit it\n`);
      process.exit(1);
    }
    process.stdout.write(`${path.relative(ROOT, TARGET)} is up to date\n`);
    return;
  }
  fs.writeFileSync(TARGET, text);
  process.stdout.write(`wrote ${path.relative(ROOT, TARGET)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
