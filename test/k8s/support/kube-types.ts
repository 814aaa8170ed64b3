/**
 * Validates Kubernetes objects against the API's own types, offline and strictly.
 *
 * The package kubernetes-types holds the Kubernetes OpenAPI definitions as TypeScript
 * interfaces (required fields required, enums as literal types, exact field names). Each
 * object becomes `const doc: Deployment = <the object as a literal>;` and the TypeScript
 * compiler checks it: a missing required field, a wrong type and, through excess-property
 * checks, any unknown or misspelt field is an error, which is what `kubectl apply` with
 * server-side strict field validation would reject.
 *
 * One gap of kubernetes-types: its JSONSchemaProps lacks the `x-kubernetes-*` extensions,
 * so they are removed before CustomResourceDefinitions are checked; crd-schema.ts checks them.
 */
import * as path from 'node:path';
import * as ts from 'typescript';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; namespace?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface Labelled {
  /** Where the object came from, for messages (e.g. `k8s/deployment.yaml#0`). */
  source: string;
  object: KubeObject;
}

const typesRoot = path.dirname(require.resolve('kubernetes-types/package.json'));

/** kubernetes-types module of an apiVersion: `v1` → core/v1, `rbac.authorization.k8s.io/v1` → rbac/v1. */
function typesModule(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return `core/${apiVersion}`;
  const group = apiVersion.slice(0, slash).split('.')[0];
  return `${group}/${apiVersion.slice(slash + 1)}`;
}

function withoutKubernetesExtensions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKubernetesExtensions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('x-kubernetes-'))
      .map(([key, child]) => [key, withoutKubernetesExtensions(child)]),
  );
}

/**
 * Type-checks the objects; returns one message per problem (empty when all are valid).
 * Objects whose apiVersion kubernetes-types does not cover are reported as such.
 */
export function validateWithKubernetesTypes(docs: Labelled[]): string[] {
  const problems: string[] = [];
  const files = new Map<string, { text: string; source: string }>();
  docs.forEach(({ source, object }, index) => {
    const module = typesModule(object.apiVersion);
    const declaration = path.join(typesRoot, `${module}.d.ts`);
    if (!ts.sys.fileExists(declaration)) {
      problems.push(`${source}: no Kubernetes types for apiVersion ${object.apiVersion}`);
      return;
    }
    const literal = object.kind === 'CustomResourceDefinition' ? withoutKubernetesExtensions(object) : object;
    const specifier = path.join(typesRoot, module).split(path.sep).join('/');
    const text =
      `import type { ${object.kind} as Checked } from ${JSON.stringify(specifier)};\n` +
      `export const doc: Checked = ${JSON.stringify(literal, null, 2)};\n`;
    files.set(path.join(typesRoot, '..', '.trove-k8s-check', `doc${index}.ts`), { text, source });
  });

  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const virtual = files.get(path.normalize(fileName));
    if (virtual) return ts.createSourceFile(fileName, virtual.text, languageVersion, true);
    return getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(path.normalize(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => files.get(path.normalize(fileName))?.text ?? readFile(fileName);

  const program = ts.createProgram([...files.keys()], options, host);
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file ? files.get(path.normalize(diagnostic.file.fileName)) : undefined;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!file || !diagnostic.file || diagnostic.start === undefined) {
      problems.push(message);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const lineText = file.text.split('\n')[line]?.trim() ?? '';
    problems.push(`${file.source}: ${message} (at ${lineText})`);
  }
  return problems;
}
