#!/usr/bin/env node
/**
 * The `trove` command (`npx trove …` in a checkout after `npm ci`): starts the CLI
 * (src/cli.ts) in about the time Node takes to load it, whatever the server is doing.
 *
 * - Its own build. The CLI is compiled from src/ into
 *   node_modules/.cache/trove-cli/<fingerprint of src/ and the build settings>/, never
 *   into dist/, so a running server's files are never touched. The first call after a
 *   change of src/ compiles once (tsc, some seconds, said on stderr); every other call
 *   finds that build. A build is made in a folder of its own and renamed into place
 *   whole: two calls at once never see half of one.
 * - Standard output is the command's alone: tsc's output and this launcher's notes go
 *   to stderr, so `trove mcp` can be a desktop assistant's stdio command.
 * - Node 22: run by an older Node (a Node 20 host's), it runs itself again with the
 *   Node 22 that `npm ci` installed (node_modules/.bin/node).
 *
 * It is plain JavaScript that Node 20 can run, with nothing to install.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_22 = path.join(ROOT, 'node_modules', '.bin', 'node');
const BUILDS = path.join(ROOT, 'node_modules', '.cache', 'trove-cli');
/** What a build is made from, besides src/. */
const INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
/** Builds other than the current one are removed once this old (a long `trove mcp` may still use one). */
const STALE_MS = 24 * 3600 * 1000;

function say(text) {
  process.stderr.write(`trove: ${text}\n`);
}

function tooOld() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 12);
}

/** Runs this file again with Node 22, passing signals on, and exits as it does. */
function runWithNode22() {
  if (!fs.existsSync(NODE_22)) {
    say(`needs Node.js 22.12 or later (this is ${process.version}); run \`npm ci\` first, which installs it`);
    process.exit(2);
  }
  const child = spawn(NODE_22, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** Every .ts file under src/ that the build compiles, with its size and time: a change makes a new fingerprint. */
function fingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) stamp(file);
    }
  };
  const stamp = (file) => {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  walk(path.join(ROOT, 'src'));
  for (const file of INPUTS) stamp(path.join(ROOT, file));
  return hash.digest('hex').slice(0, 16);
}

/** Compiles src/ into BUILDS/<id>/dist (with package.json beside it, as in the checkout). */
function build(id, target) {
  say('compiling the command line from src/ (once after each change; the server and dist/ are left alone)');
  fs.mkdirSync(BUILDS, { recursive: true });
  const partial = fs.mkdtempSync(path.join(BUILDS, `${id}.partial-`));
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const compiled = spawnSync(
    process.execPath,
    [tsc, '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', path.join(partial, 'dist')],
    { cwd: ROOT, stdio: ['ignore', 2, 2] },
  );
  if (compiled.status !== 0) {
    fs.rmSync(partial, { recursive: true, force: true });
    say('the build failed (above); `npm run typecheck` shows the same errors');
    process.exit(1);
  }
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(partial, 'package.json'));
  try {
    fs.renameSync(partial, target);
  } catch (error) {
    // Another call made the same build meanwhile: use theirs.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, 'dist', 'cli.js'))) throw error;
  }
  removeStaleBuilds(id);
}

function removeStaleBuilds(current) {
  const now = Date.now();
  for (const name of fs.readdirSync(BUILDS)) {
    if (name === current) continue;
    const folder = path.join(BUILDS, name);
    try {
      if (now - fs.statSync(folder).mtimeMs > STALE_MS) fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed by another call meanwhile.
    }
  }
}

if (tooOld()) {
  runWithNode22();
} else {
  const id = fingerprint();
  const target = path.join(BUILDS, id);
  if (!fs.existsSync(path.join(target, 'dist', 'cli.js'))) build(id, target);
  createRequire(import.meta.url)(path.join(target, 'dist', 'cli.js')).main(process.argv.slice(2));
}
