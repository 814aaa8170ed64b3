/**
 * What the API server checks in a CustomResourceDefinition's schema, and how it checks
 * a custom resource against it.
 *
 * structuralProblems() applies the rules of a structural schema (apiextensions.k8s.io/v1,
 * "Specifying a structural schema" in the Kubernetes docs) plus the v1 restrictions and the
 * x-kubernetes-* extension rules. crValidator() turns the schema into a JSON Schema that
 * rejects unknown fields where the API server would (strict field validation) so that the
 * examples in k8s/examples/ are checked the way `kubectl apply` checks them.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

export type Schema = Record<string, unknown>;

const JUNCTORS = ['allOf', 'anyOf', 'oneOf', 'not'] as const;
const FORBIDDEN = ['$ref', '$schema', 'id', 'definitions', 'dependencies', 'patternProperties', 'additionalItems'];
const TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
const NOT_IN_JUNCTORS = ['description', 'type', 'default', 'additionalProperties', 'nullable'];

function asSchema(value: unknown): Schema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}

/** Fields (properties keys) and whether items are named anywhere inside junctors below a node. */
function junctorFields(node: Schema): { properties: Set<string>; items: boolean } {
  const properties = new Set<string>();
  let items = false;
  const visit = (s: Schema | undefined): void => {
    if (!s) return;
    Object.keys(asSchema(s.properties) ?? {}).forEach((k) => properties.add(k));
    if (s.items !== undefined) items = true;
    for (const j of JUNCTORS) {
      const value = s[j];
      if (Array.isArray(value)) value.forEach((v) => visit(asSchema(v)));
      else visit(asSchema(value));
    }
  };
  for (const j of JUNCTORS) {
    const value = node[j];
    if (Array.isArray(value)) value.forEach((v) => visit(asSchema(v)));
    else visit(asSchema(value));
  }
  return { properties, items };
}

function checkJunctorContent(s: Schema, where: string, problems: string[]): void {
  for (const key of NOT_IN_JUNCTORS) {
    if (key in s) problems.push(`${where}: ${key} is not allowed inside allOf/anyOf/oneOf/not`);
  }
  for (const child of Object.values(asSchema(s.properties) ?? {})) {
    const c = asSchema(child);
    if (c) checkJunctorContent(c, `${where}.properties`, problems);
  }
  for (const j of JUNCTORS) {
    const value = s[j];
    for (const v of Array.isArray(value) ? value : value ? [value] : []) {
      const c = asSchema(v);
      if (c) checkJunctorContent(c, `${where}.${j}`, problems);
    }
  }
}

function isScalarType(s: Schema | undefined): boolean {
  return !!s && ['string', 'integer', 'number', 'boolean'].includes(s.type as string);
}

/** Problems that make the API server refuse the schema, with the path of each. */
export function structuralProblems(root: Schema): string[] {
  const problems: string[] = [];
  if (root.type !== 'object') problems.push('root: type must be object');

  const visit = (s: Schema, where: string, isRoot: boolean): void => {
    const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
    const intOrString = s['x-kubernetes-int-or-string'] === true;
    if (s.type === undefined && !preserve && !intOrString) problems.push(`${where}: type is required`);
    if (s.type !== undefined && !TYPES.includes(s.type as string)) problems.push(`${where}: unknown type ${String(s.type)}`);
    for (const key of FORBIDDEN) if (key in s) problems.push(`${where}: ${key} is not allowed`);
    if (s.uniqueItems === true) problems.push(`${where}: uniqueItems: true is not allowed`);
    if (s.additionalProperties === false) problems.push(`${where}: additionalProperties: false is not allowed`);
    if (s.properties !== undefined && s.additionalProperties !== undefined) {
      problems.push(`${where}: properties and additionalProperties are mutually exclusive`);
    }
    if (s.type === 'array') {
      if (s.items === undefined) problems.push(`${where}: an array needs items`);
      if (Array.isArray(s.items)) problems.push(`${where}: items must be a single schema`);
    }
    if (s.type !== undefined && s.type !== 'object' && (s.properties !== undefined || s.additionalProperties !== undefined)) {
      problems.push(`${where}: properties on a non-object`);
    }
    if (s.type !== undefined && s.type !== 'array' && s.items !== undefined) problems.push(`${where}: items on a non-array`);

    // x-kubernetes-list-type and its keys
    const listType = s['x-kubernetes-list-type'];
    if (listType !== undefined) {
      if (s.type !== 'array') problems.push(`${where}: x-kubernetes-list-type on a non-array`);
      if (!['atomic', 'set', 'map'].includes(listType as string)) problems.push(`${where}: bad x-kubernetes-list-type ${String(listType)}`);
      const items = asSchema(s.items);
      if (listType === 'set' && !isScalarType(items)) problems.push(`${where}: a set needs scalar items`);
      if (listType === 'map') {
        const keys = s['x-kubernetes-list-map-keys'];
        if (!Array.isArray(keys) || keys.length === 0) problems.push(`${where}: a map list needs x-kubernetes-list-map-keys`);
        else {
          const required = new Set((items?.required as string[] | undefined) ?? []);
          const props = asSchema(items?.properties) ?? {};
          for (const key of keys as string[]) {
            const prop = asSchema(props[key]);
            if (!prop) problems.push(`${where}: list map key ${key} is not a property of the items`);
            else if (!required.has(key) && prop.default === undefined) problems.push(`${where}: list map key ${key} must be required or defaulted`);
            else if (!isScalarType(prop)) problems.push(`${where}: list map key ${key} must be a scalar`);
          }
        }
      }
    } else if (s['x-kubernetes-list-map-keys'] !== undefined) {
      problems.push(`${where}: x-kubernetes-list-map-keys without x-kubernetes-list-type: map`);
    }
    const mapType = s['x-kubernetes-map-type'];
    if (mapType !== undefined && !['granular', 'atomic'].includes(mapType as string)) problems.push(`${where}: bad x-kubernetes-map-type`);
    for (const key of Object.keys(s)) {
      if (key.startsWith('x-kubernetes-') && ![
        'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-int-or-string', 'x-kubernetes-embedded-resource',
        'x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'x-kubernetes-validations',
      ].includes(key)) problems.push(`${where}: unknown extension ${key}`);
    }
    if (s['x-kubernetes-preserve-unknown-fields'] !== undefined && s['x-kubernetes-preserve-unknown-fields'] !== true) {
      problems.push(`${where}: x-kubernetes-preserve-unknown-fields must be true or absent`);
    }

    // Rule 2 and 3: junctors only restrict values of fields declared outside them.
    const junctorsUsed = JUNCTORS.filter((j) => s[j] !== undefined);
    if (junctorsUsed.length > 0) {
      const inside = junctorFields(s);
      const outside = new Set(Object.keys(asSchema(s.properties) ?? {}));
      for (const p of inside.properties) {
        if (!outside.has(p)) problems.push(`${where}: ${p} is named in a junctor but not in properties`);
      }
      if (inside.items && s.items === undefined) problems.push(`${where}: items named in a junctor but not outside`);
      for (const j of junctorsUsed) {
        const value = s[j];
        for (const v of Array.isArray(value) ? value : [value]) {
          const c = asSchema(v);
          if (c) checkJunctorContent(c, `${where}.${j}`, problems);
        }
      }
    }

    // Rule 4: metadata at the root may restrict name and generateName only.
    const properties = asSchema(s.properties) ?? {};
    if (isRoot && properties.metadata !== undefined) {
      const metadata = asSchema(properties.metadata) ?? {};
      const allowed = new Set(['type', 'properties']);
      for (const key of Object.keys(metadata)) if (!allowed.has(key)) problems.push(`${where}.metadata: only name and generateName may be restricted (${key})`);
      for (const key of Object.keys(asSchema(metadata.properties) ?? {})) {
        if (!['name', 'generateName'].includes(key)) problems.push(`${where}.metadata: ${key} may not be specified`);
      }
    }

    for (const [name, child] of Object.entries(properties)) {
      const c = asSchema(child);
      if (c) visit(c, `${where}.${name}`, false);
      else problems.push(`${where}.${name}: not a schema`);
    }
    const additional = asSchema(s.additionalProperties);
    if (additional) visit(additional, `${where}[*]`, false);
    const items = asSchema(s.items);
    if (items) visit(items, `${where}[]`, false);
  };
  visit(root, 'root', true);
  return problems;
}

/** Defaults that do not validate against their own schema (the API server refuses them). */
export function defaultProblems(root: Schema): string[] {
  const problems: string[] = [];
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const visit = (s: Schema, where: string): void => {
    if (s.default !== undefined) {
      const { default: value, ...rest } = s;
      const validate = ajv.compile(strictJsonSchema(rest));
      if (!validate(structuredClone(value))) problems.push(`${where}: default ${JSON.stringify(value)}: ${describeErrors(validate.errors)}`);
    }
    for (const [name, child] of Object.entries(asSchema(s.properties) ?? {})) visit(child as Schema, `${where}.${name}`);
    const items = asSchema(s.items);
    if (items) visit(items, `${where}[]`);
    const additional = asSchema(s.additionalProperties);
    if (additional) visit(additional, `${where}[*]`);
  };
  visit(root, 'root');
  return problems;
}

/** The schema node a printer column's jsonPath reads, or undefined when it names nothing. */
export function schemaAtJsonPath(root: Schema, jsonPath: string): Schema | undefined {
  if (jsonPath === '.metadata.creationTimestamp' || jsonPath === '.metadata.name') return { type: 'string' };
  const steps = jsonPath
    .replace(/\[\?\([^)]*\)\]/g, '[]')
    .split('.')
    .filter(Boolean);
  let node: Schema | undefined = root;
  for (const step of steps) {
    const arrayStep = step.endsWith('[]');
    const name = arrayStep ? step.slice(0, -2) : step;
    node = asSchema(asSchema(node?.properties)?.[name]);
    if (arrayStep) node = asSchema(node?.items);
    if (!node) return undefined;
  }
  return node;
}

/** The CRD schema as ajv validates it: unknown fields rejected except under preserve-unknown-fields. */
export function strictJsonSchema(schema: Schema): Schema {
  const convert = (s: Schema, isRootMetadata = false): Schema => {
    const out: Schema = {};
    for (const [key, value] of Object.entries(s)) {
      if (key.startsWith('x-kubernetes-')) continue;
      if (key === 'properties') {
        out.properties = Object.fromEntries(
          Object.entries(value as Schema).map(([k, v]) => [k, convert(v as Schema, s === schema && k === 'metadata')]),
        );
      } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
        out[key] = asSchema(value) ? convert(value as Schema) : value;
      } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
        out[key] = (value as Schema[]).map((v) => convert(v));
      } else {
        out[key] = value;
      }
    }
    // The API server validates metadata itself (ObjectMeta), whatever the CRD says of it.
    if (s.type === 'object' && !isRootMetadata && s['x-kubernetes-preserve-unknown-fields'] !== true && s.additionalProperties === undefined) {
      out.additionalProperties = false;
    }
    return out;
  };
  return convert(schema);
}

export function crValidator(schema: Schema): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, useDefaults: true });
  return ajv.compile(strictJsonSchema(schema));
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('; ');
}
