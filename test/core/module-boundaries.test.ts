/**
 * The module boundaries of docs/architecture.md, checked on the source: a module
 * (a folder of src/) owns its tables, and other modules reach them through its
 * service. So no module imports another module's repository or row types, no Nest
 * module exports a repository, and search, which reads fragments through the
 * fragments module, imports nothing from documents.
 *
 * And imports only point down: every module stands on one of the floors drawn in
 * docs/architecture.md; it may import from the floors below, from its own floor only
 * where SIDEWAYS says (the same-floor part of the module map), never from above. A
 * shared piece a lower floor needs moves down (to src/common, most often).
 *
 * The files directly in src/ (main.ts, cli.ts, app.module.ts, ...) are the
 * composition root: they wire modules together, as the CLI wires ApiKeysService to
 * its repository by hand, and are not checked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const SRC = path.resolve(__dirname, '../../src');

/** The floors, lowest first, as docs/architecture.md draws them. */
const FLOORS: readonly { name: string; modules: readonly string[] }[] = [
  { name: 'ground', modules: ['common', 'config'] },
  { name: 'platform', modules: ['crypto', 'database', 'observability', 'openapi'] },
  {
    name: 'core',
    modules: ['auth', 'catalogue', 'embeddings', 'fragments', 'identity', 'llms', 'pipelines', 'rerankers'],
  },
  { name: 'content', modules: ['documents', 'evaluations', 'files', 'oauth', 'search'] },
  { name: 'edges', modules: ['agents', 'client', 'console', 'mcp', 'operator'] },
];

/** The imports allowed between modules of one floor (the module map of docs/architecture.md). */
const SIDEWAYS: Readonly<Record<string, readonly string[]>> = {
  observability: ['database', 'openapi'],
  catalogue: ['auth', 'embeddings'],
  llms: ['auth', 'embeddings'],
  rerankers: ['auth'],
  identity: ['auth'],
  pipelines: ['auth', 'catalogue', 'fragments', 'rerankers'],
  files: ['documents'],
  evaluations: ['documents', 'search'],
  mcp: ['agents'],
  client: ['mcp'],
};

const floorOf = (module: string) => FLOORS.findIndex((floor) => floor.modules.includes(module));
const floorName = (module: string) => `${module} (${FLOORS[floorOf(module)]?.name ?? 'no floor'})`;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The module a file of src/ belongs to: its first folder (null for the composition root). */
function moduleOf(file: string): string | null {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

interface Import {
  /** The imported file, resolved, without extension. */
  target: string;
  names: string[];
}

/** The relative imports and re-exports of a TypeScript source, with the names they bring. */
function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Import[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    const names: string[] = [];
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      const clause = statement.importClause;
      if (clause?.name) names.push(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause))
        names.push(...clause.elements.map((e) => (e.propertyName ?? e.name).text));
      else names.push('*');
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    found.push({ target: path.resolve(path.dirname(file), specifier.text), names });
  }
  return found;
}

const isRepository = (target: string) => path.basename(target).endsWith('.repository');
const isRowType = (name: string) => /Rows?$/.test(name);

/** What in `text` (the source of `file`, a file of src/) imports up a floor, or sideways unannounced. */
function climbs(file: string, text: string): string[] {
  const from = moduleOf(file);
  if (from === null) return [];
  const where = path.relative(SRC, file);
  const found: string[] = [];
  for (const { target } of importsOf(file, text)) {
    // Spec files may use test/support and bench/: outside src/, outside the floors.
    if (path.relative(SRC, target).startsWith('..')) continue;
    const to = moduleOf(target);
    if (to === null || to === from) continue;
    const what = `${where} imports ${path.relative(SRC, target)}`;
    if (floorOf(from) < 0 || floorOf(to) < 0)
      found.push(`${what}: ${floorOf(from) < 0 ? from : to} stands on no floor`);
    else if (floorOf(to) > floorOf(from))
      found.push(`${what}: ${floorName(from)} climbs to ${floorName(to)}`);
    else if (floorOf(to) === floorOf(from) && !(SIDEWAYS[from] ?? []).includes(to))
      found.push(
        `${what}: ${from} may not import ${to}, beside it on the ${FLOORS[floorOf(from)].name} floor`,
      );
  }
  return found;
}

/** What in `text` (the source of `file`, a file of src/) crosses a module boundary. */
function offences(file: string, text: string): string[] {
  const from = moduleOf(file);
  if (from === null) return [];
  const found: string[] = [];
  const where = path.relative(SRC, file);
  for (const { target, names } of importsOf(file, text)) {
    const to = moduleOf(target);
    if (to === null || to === from) continue;
    const what = `${where} imports ${path.relative(SRC, target)}`;
    if (isRepository(target)) found.push(`${what}: another module's repository`);
    for (const name of names.filter(isRowType)) found.push(`${what}: ${name}, another module's row type`);
    if (from === 'search' && to === 'documents') found.push(`${what}: search reads fragments, not documents`);
  }
  if (file.endsWith('.module.ts')) {
    for (const match of text.matchAll(/exports:\s*\[([^\]]*)\]/g)) {
      for (const name of match[1].split(',').map((n) => n.trim())) {
        if (name.endsWith('Repository')) found.push(`${where} exports ${name}: modules export services`);
      }
    }
  }
  return found;
}

describe('module boundaries', () => {
  const files = sources(SRC);

  it('finds the modules it checks', () => {
    const modules = new Set(files.map(moduleOf));
    for (const name of ['documents', 'fragments', 'search', 'pipelines', 'files', 'agents', 'mcp'])
      expect(modules).toContain(name);
  });

  it("has no module that imports another module's repository or row types, or exports a repository", () => {
    const found = files.flatMap((file) => offences(file, fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('has search import nothing from documents', () => {
    const found = files
      .filter((file) => moduleOf(file) === 'search')
      .flatMap((file) => importsOf(file, fs.readFileSync(file, 'utf8')))
      .filter((i) => moduleOf(i.target) === 'documents');
    expect(found).toEqual([]);
  });

  it('stands every module on a floor', () => {
    const modules = [...new Set(files.map(moduleOf))].filter((m): m is string => m !== null);
    expect(modules.filter((m) => floorOf(m) < 0)).toEqual([]);
  });

  it('has every import point down a floor, or sideways where the module map allows it', () => {
    const found = files.flatMap((file) => climbs(file, fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('allows no cycle sideways', () => {
    const cycles: string[] = [];
    const visit = (module: string, trail: string[]) => {
      if (trail.includes(module)) return void cycles.push([...trail, module].join(' → '));
      for (const next of SIDEWAYS[module] ?? []) visit(next, [...trail, module]);
    };
    for (const module of Object.keys(SIDEWAYS)) visit(module, []);
    expect(cycles).toEqual([]);
  });

  it('would notice an import that climbs or goes sideways unannounced', () => {
    const at = (relative: string) => path.join(SRC, relative);
    expect(
      climbs(
        at('auth/api-keys.dto.ts'),
        `import { MAX_CLASSIFICATIONS } from '../pipelines/pipelines.dto';
         import type { Agent } from '../agents/wire/agent';
         import { nameSchema } from '../common/validation';
         import { SCOPES } from './auth-context';
         import { sample } from '../../test/support/domain-errors';`,
      ),
    ).toEqual([
      'auth/api-keys.dto.ts imports pipelines/pipelines.dto: auth may not import pipelines, beside it on the core floor',
      'auth/api-keys.dto.ts imports agents/wire/agent: auth (core) climbs to agents (edges)',
    ]);
    expect(
      climbs(at('pipelines/pipelines.service.ts'), `import { X } from '../catalogue/catalogue.service';`),
    ).toEqual([]);
    expect(climbs(at('common/errors.ts'), `export * from '../observability/metrics';`)).toEqual([
      'common/errors.ts imports observability/metrics: common (ground) climbs to observability (platform)',
    ]);
    expect(climbs(at('widgets/widget.ts'), `import { X } from '../common/ids';`)).toEqual([
      'widgets/widget.ts imports common/ids: widgets stands on no floor',
    ]);
    expect(climbs(at('app.module.ts'), `import { AgentsModule } from './agents/agents.module';`)).toEqual([]);
  });

  it('would notice each kind of crossing', () => {
    const at = (relative: string) => path.join(SRC, relative);
    expect(
      offences(
        at('search/search.service.ts'),
        `import { DocumentsRepository } from '../documents/documents.repository';
         import type { FragmentRow } from '../fragments/fragments.repository';
         import { PipelineRow, PipelinesService } from '../pipelines/pipelines.service';
         export { JobRow } from '../documents/jobs.service';
         import { SearchRepository } from './search.repository';`,
      ),
    ).toEqual([
      "search/search.service.ts imports documents/documents.repository: another module's repository",
      'search/search.service.ts imports documents/documents.repository: search reads fragments, not documents',
      "search/search.service.ts imports fragments/fragments.repository: another module's repository",
      "search/search.service.ts imports fragments/fragments.repository: FragmentRow, another module's row type",
      "search/search.service.ts imports pipelines/pipelines.service: PipelineRow, another module's row type",
      "search/search.service.ts imports documents/jobs.service: JobRow, another module's row type",
      'search/search.service.ts imports documents/jobs.service: search reads fragments, not documents',
    ]);
    expect(
      offences(
        at('files/files.module.ts'),
        `@Module({ providers: [A], exports: [FilesService, PendingFilesRepository] })`,
      ),
    ).toEqual(['files/files.module.ts exports PendingFilesRepository: modules export services']);
    // The composition root wires repositories by hand, and a module its own.
    expect(offences(at('cli.ts'), `import { ApiKeysRepository } from './auth/api-keys.repository';`)).toEqual(
      [],
    );
    expect(
      offences(at('auth/api-keys.service.ts'), `import { ApiKeyRow } from './api-keys.repository';`),
    ).toEqual([]);
  });
});
