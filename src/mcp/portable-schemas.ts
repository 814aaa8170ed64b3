/**
 * Tool schemas every MCP client accepts (`TROVE_MCP_TOOL_SCHEMAS=portable`, and
 * the stdio bridge always).
 *
 * The published `search_knowledge` input schema is a top-level `oneOf` over the
 * search types, each variant referencing its parameter struct through `$ref`.
 * The Anthropic API refuses any tool whose input schema has `oneOf`, `anyOf` or
 * `allOf` at its root ("input_schema does not support oneOf, allOf, or anyOf at
 * the top level"), and one refused tool breaks the whole tool list of a Claude
 * client; several clients do not resolve `$ref` either. So the portable form is
 * one object: the variants' `type` constants become an enum property, and their
 * parameter structs become the variants of the `params` property, inlined.
 *
 * The portable schemas are derived from the published ones, never written by
 * hand, so the two cannot drift. They accept the same arguments, with one
 * difference a schema cannot avoid without top-level composition: it cannot
 * tie a `params` variant to its `type`. The server still does, exactly as
 * before: the arguments are parsed by the same code with the same error texts
 * whichever schemas were listed.
 *
 * The portable descriptions also say what the published ones leave out (see
 * PARAMETER_NOTES); src/mcp/strict-schemas.ts derives OpenAI's strict form from these.
 */
import { ToolDefinition } from './tool-definitions';

type Schema = Record<string, unknown>;

const COMPOSITION = ['oneOf', 'anyOf', 'allOf'] as const;

/** A tool as listed with portable schemas. */
export function portableTool(tool: ToolDefinition): ToolDefinition {
  return {
    ...tool,
    inputSchema: portableSchema(tool.inputSchema),
    outputSchema: describeScore(portableSchema(tool.outputSchema)),
  };
}

/**
 * What the published descriptions leave a model to guess, and it guesses wrong:
 * with `params`, an omitted `k` or `fetch_k` is 0, which returns nothing (an MMR
 * call with `k` but no `fetch_k` picks from no candidates), and a score's meaning
 * and direction depend on the search type. docs/search.md has the full tables.
 */
const PARAMETER_NOTES: Record<string, string> = {
  k: 'the number of fragments to return; with params, an omitted k is 0 and returns nothing',
  fetch_k:
    'mmr: the number of nearest candidates k is chosen from; omitted, it is 0 and the search returns nothing, so give it (at least k, e.g. 4 × k)',
  lambda_mult: 'mmr: 1 ranks by relevance only, 0 by diversity only; null: 0.5',
  threshold:
    'null: none; otherwise compared with the score: similarity and mmr keep distances at most this, search keeps scores at least this',
  embedding: "the id of the pipeline's embedding model to search with; null: the pipeline's default",
};

export const SCORE_NOTE =
  'Score by search type: similarity and mmr, a distance (smaller is nearer: cosine 0 to 2, euclidean L2, inner_product the negated inner product); search, the BM25 score (larger is better); hybrid, the fused score (larger is better)';

/** Each search parameter's property gets its note (the published ones have no description). */
function describeParameters(params: Schema): Schema {
  const properties = (params.properties ?? {}) as Record<string, Schema>;
  const described = Object.fromEntries(
    Object.entries(properties).map(([name, property]) =>
      PARAMETER_NOTES[name] ? [name, { description: PARAMETER_NOTES[name], ...property }] : [name, property],
    ),
  );
  return { ...params, properties: described };
}

/** The `score` of search_knowledge's fragments says what it measures (every other schema is unchanged). */
function describeScore(schema: Schema): Schema {
  const results = (schema.properties as Record<string, Schema> | undefined)?.results;
  const fragment = results?.items as Schema | undefined;
  const score = (fragment?.properties as Record<string, Schema> | undefined)?.score;
  if (!score) return schema;
  const properties = fragment!.properties as Record<string, Schema>;
  const items = { ...fragment, properties: { ...properties, score: { ...score, description: SCORE_NOTE } } };
  return { ...schema, properties: { ...(schema.properties as Schema), results: { ...results, items } } };
}

/** One object schema, without `$ref`, `$defs` or composition at its root. */
export function portableSchema(schema: Schema): Schema {
  const defs = (schema.$defs ?? {}) as Record<string, Schema>;
  const inlined = inline(schema, defs) as Schema;
  delete inlined.$defs;
  const variants = inlined.oneOf as Schema[] | undefined;
  if (variants === undefined) return inlined;
  return mergeTaggedVariants(inlined, variants);
}

/** Replaces every `{"$ref": "#/$defs/X", ...}` by X's keywords merged with the siblings. */
function inline(value: unknown, defs: Record<string, Schema>): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, defs));
  if (value === null || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Schema;
  const out: Schema = {};
  if (typeof $ref === 'string') {
    const name = /^#\/\$defs\/(.+)$/.exec($ref)?.[1];
    if (name === undefined || !(name in defs)) throw new Error(`cannot inline ${$ref}`);
    Object.assign(out, inline(defs[name], defs));
  }
  for (const [key, child] of Object.entries(rest)) {
    out[key] =
      key === 'properties' && out.properties
        ? { ...(out.properties as Schema), ...(inline(child, defs) as Schema) }
        : inline(child, defs);
  }
  return out;
}

/**
 * A root `oneOf` whose variants each fix `type` with a `const` and may carry a
 * `params` property: `type` becomes an enum of the constants, `params` the
 * union of the variants' parameter schemas (or null: the type's defaults).
 */
function mergeTaggedVariants(root: Schema, variants: Schema[]): Schema {
  const { oneOf: _oneOf, ...base } = root;
  const tags: string[] = [];
  const descriptions: string[] = [];
  const paramVariants: Schema[] = [];
  for (const variant of variants) {
    const properties = (variant.properties ?? {}) as Schema;
    const tag = (properties.type as Schema | undefined)?.const;
    if (typeof tag !== 'string') throw new Error('a oneOf variant without a `type` constant');
    tags.push(tag);
    if (typeof variant.description === 'string') descriptions.push(`${tag}: ${variant.description}`);
    const params = properties.params as Schema | undefined;
    if (params) {
      paramVariants.push({ ...describeParameters(params), description: `the parameters of the ${tag} type` });
    }
  }
  const properties = {
    ...(base.properties as Schema),
    type: {
      description: `the search type (${descriptions.join(' ')}). ${SCORE_NOTE}`,
      enum: tags,
      type: 'string',
    },
    params: {
      anyOf: [...paramVariants, { type: 'null' }],
      description:
        'the parameters of the search type (none for query); omitted or null: the defaults k 5, fetch_k 10, lambda_mult 0.5. An object replaces the defaults: give k (and fetch_k for mmr), an omitted one is 0 and returns nothing',
    },
  };
  const required = [...((base.required as string[] | undefined) ?? []), 'type'];
  return { ...base, properties, required };
}

/** Why a schema would be refused by a strict client, or null when it is portable (used by the tests). */
export function portabilityProblem(schema: Schema): string | null {
  if (schema.type !== 'object') return 'the root is not an object schema';
  for (const keyword of COMPOSITION) if (keyword in schema) return `${keyword} at the root`;
  if (JSON.stringify(schema).includes('"$ref"')) return 'a $ref';
  for (const name of propertyNames(schema)) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) return `the property name '${name}'`;
  }
  return null;
}

function propertyNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(propertyNames);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Schema).flatMap(([key, child]) =>
    key === 'properties' && child !== null && typeof child === 'object'
      ? [...Object.keys(child), ...Object.values(child).flatMap(propertyNames)]
      : propertyNames(child),
  );
}
