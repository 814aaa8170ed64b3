/**
 * The suite stands alone: `npm test` on a fresh clone with nothing beside it must
 * pass, so no code or test reads outside the repository. The contract facts the
 * tests need are copied in as test data (test/mcp/contract/). This reads every
 * script of src/, test/, bench/ and scripts/ and refuses a path that leaves the
 * repository: a relative import or require, a path built from __dirname, or a
 * name of the shared folder beside the worktrees.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = /\.(ts|js|mjs|cjs)$/;

function scripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : scripts(full);
    return SCRIPT.test(entry.name) ? [full] : [];
  });
}

const files = ['src', 'test', 'bench', 'scripts']
  .map((dir) => path.join(ROOT, dir))
  .filter((dir) => fs.existsSync(dir))
  .flatMap(scripts)
  .filter((file) => file !== __filename); // this file names what it looks for

const inside = (target: string) => target === ROOT || target.startsWith(ROOT + path.sep);
/** The string literals of an argument list: `'..', '../x'` -> ['..', '../x'] (null when not all literals). */
const literals = (args: string) =>
  /^(\s*'[^']*'\s*,?)*\s*$/.test(args) ? [...args.matchAll(/'([^']*)'/g)].map((m) => m[1]) : null;

/** The places in `text` (a file in `dir`) that reach outside the repository. */
function leaks(text: string, dir: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import|require(?:\.resolve)?\()\s*'(\.\.?\/[^']*)'/g)) {
    if (!inside(path.resolve(dir, match[1]))) found.push(match[0]);
  }
  for (const match of text.matchAll(/path\.(?:resolve|join)\(\s*__dirname\s*,([^)]*)\)/g)) {
    const parts = literals(match[1]);
    if (parts && !inside(path.resolve(dir, ...parts))) found.push(match[0]);
  }
  for (const match of text.matchAll(/\.\.\/shared\b|\bshared\/spec\b|['"`]\/work\//g)) found.push(match[0]);
  return found;
}

describe('the repository stands alone', () => {
  it('finds the scripts it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join(ROOT, 'test', 'mcp', 'support.ts'));
  });

  it('has no code or test that reads outside the repository', () => {
    const offences = files.flatMap((file) =>
      leaks(fs.readFileSync(file, 'utf8'), path.dirname(file)).map(
        (leak) => `${path.relative(ROOT, file)}: ${leak}`,
      ),
    );
    expect(offences).toEqual([]);
  });

  it('would notice one', () => {
    const dir = path.join(ROOT, 'test', 'mcp');
    expect(leaks(`const SPEC = path.resolve(__dirname, '../../../shared/spec');`, dir)).toHaveLength(2);
    expect(leaks(`import { x } from '../../../elsewhere/x';`, dir)).toHaveLength(1);
    expect(leaks(`const page = fs.readFileSync('/work/shared/spec/a.md');`, dir)).toHaveLength(2);
    expect(leaks(`import { Api } from '../support/http';`, dir)).toEqual([]);
    expect(leaks(`const CONTRACT = path.join(__dirname, 'contract');`, dir)).toEqual([]);
  });
});
