/**
 * package.json declares two Node.js versions: `devEngines` is what a machine needs to
 * install and build Trove (the README's "Node.js 20"), `engines` what Trove runs on (the
 * Node.js 22 that `npm ci` installs as the `node` package). npm warns (EBADENGINE) for
 * every installed package whose `engines.node` refuses the Node.js running npm, and the
 * lockfile records each package's `engines`: so these checks are what `npm ci` would
 * print on the oldest machine the README promises, without needing one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as semver from 'semver';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('the Node.js versions package.json declares', () => {
  const manifest = JSON.parse(read('package.json'));
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
  const refusing = (version: string) =>
    Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .map(
        ([where, entry]) => [where, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const,
      )
      .filter(([, range]) => range !== undefined && !semver.satisfies(version, range))
      .map(([where, range]) => `${where} wants node ${range}`);

  it('installs without an engine warning on the oldest Node.js it asks of a machine', () => {
    const oldest = semver.minVersion(manifest.devEngines.runtime.version)!.version;
    expect(semver.major(oldest)).toBe(20);
    expect(refusing(oldest)).toEqual([]);
  });

  it('runs on the Node.js it installs, which every dependency accepts', () => {
    const installed = lock.packages['node_modules/node'].version!;
    expect(semver.satisfies(installed, manifest.engines.node)).toBe(true);
    expect(refusing(installed)).toEqual([]);
    expect(refusing(semver.minVersion(manifest.engines.node)!.version)).toEqual([]);
  });

  it('says in the README what it declares', () => {
    const readme = read('README.md');
    const oldest = semver.minVersion(manifest.devEngines.runtime.version)!;
    const runtime = semver.minVersion(manifest.engines.node)!;
    expect(readme).toContain(`Node.js ${oldest.major}.${oldest.minor}+`);
    expect(readme).toContain(`Node.js ${runtime.major}.${runtime.minor}+`);
    expect(readme).not.toContain('EBADENGINE');
  });
});
