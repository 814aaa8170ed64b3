/**
 * The REST search body, parsed strictly into a SearchRequest:
 *   {type, query, classifications, params, filters, distance_strategy}
 * Every refusal is a 422 naming the field. This checks shapes and types; the
 * rules about values that MCP shares (search-rules.ts) are SearchService's. `params` follows the MCP tools page: each
 * type has its own parameters; without `params` the defaults are k 5, fetch_k 10,
 * lambda_mult 0.5; with `params`, an omitted k or fetch_k is 0.
 */
import { invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { DistanceStrategy } from '../fragments/fragment';
import { parseMetadataFilter } from '../fragments/metadata-filter';
import {
  ClassificationQuery,
  DEFAULT_PARAMS,
  PRESENT_PARAMS_BASE,
  SearchParams,
  SearchRequest,
} from './search.types';

const REST_TYPES = ['similarity', 'mmr', 'search', 'hybrid', 'history'] as const;
const STRATEGIES: readonly DistanceStrategy[] = ['cosine', 'euclidean', 'inner_product'];
const BODY_FIELDS = ['type', 'query', 'classifications', 'params', 'filters', 'distance_strategy'];
const MAX_UINT16 = 65535;

/** The parameters each type accepts, as in the MCP input schema's Placeholder* definitions. */
const PARAMS_OF: Record<(typeof REST_TYPES)[number], readonly string[]> = {
  similarity: ['embedding', 'k', 'threshold'],
  mmr: ['embedding', 'fetch_k', 'k', 'lambda_mult', 'threshold'],
  search: ['k', 'threshold'],
  hybrid: ['embedding', 'k'],
  history: ['k'],
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseSearchBody(body: unknown): SearchRequest {
  if (!isObject(body)) throw invalid('body: expected a JSON object');
  const unknown = Object.keys(body).find((key) => !BODY_FIELDS.includes(key));
  if (unknown !== undefined) throw invalid(`${unknown}: unknown field; expected ${BODY_FIELDS.join(', ')}`);

  if (typeof body.type !== 'string' || !(REST_TYPES as readonly string[]).includes(body.type)) {
    throw invalid(`type: must be one of ${REST_TYPES.join(', ')}`);
  }
  const type = body.type as (typeof REST_TYPES)[number];
  if (typeof body.query !== 'string') throw invalid('query: is required and must be a string');

  const { params, embeddingModelId } = parseParams(type, body.params);
  return {
    type,
    query: body.query,
    classifications: parseClassifications(body.classifications),
    params,
    filters:
      body.filters === undefined || body.filters === null
        ? null
        : parseMetadataFilter(body.filters, 'filters'),
    distanceStrategy: parseStrategy(body.distance_strategy),
    embeddingModelId,
  };
}

/** A name, a list of names (both hierarchical), or {values, match}. */
export function parseClassifications(value: unknown): ClassificationQuery {
  const names = (list: unknown, where: string): string[] => {
    if (!Array.isArray(list)) throw invalid(`${where}: expected an array of classification names`);
    list.forEach((name, i) => {
      if (typeof name !== 'string') throw invalid(`${where}[${i}]: expected a classification name`);
    });
    return list as string[];
  };
  if (value === undefined || value === null) {
    throw invalid(
      'classifications: is required: a name, an array of names, or {"values": [...], "match": "hierarchical" | "exact"}',
    );
  }
  if (typeof value === 'string') return { values: [value], match: 'hierarchical' };
  if (Array.isArray(value)) return { values: names(value, 'classifications'), match: 'hierarchical' };
  if (!isObject(value)) {
    throw invalid(
      'classifications: expected a name, an array of names, or {"values": [...], "match": "hierarchical" | "exact"}',
    );
  }
  const unknown = Object.keys(value).find((key) => key !== 'values' && key !== 'match');
  if (unknown !== undefined)
    throw invalid(`classifications.${unknown}: unknown field; expected values and match`);
  if (value.values === undefined) throw invalid('classifications.values: is required');
  const match = value.match ?? 'hierarchical';
  if (match !== 'hierarchical' && match !== 'exact')
    throw invalid('classifications.match: must be hierarchical or exact');
  return { values: names(value.values, 'classifications.values'), match };
}

function parseParams(
  type: (typeof REST_TYPES)[number],
  value: unknown,
): { params: SearchParams; embeddingModelId: string | null } {
  if (value === undefined || value === null) return { params: { ...DEFAULT_PARAMS }, embeddingModelId: null };
  if (!isObject(value)) throw invalid('params: expected an object');
  const allowed = PARAMS_OF[type];
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw invalid(`params.${unknown}: not a parameter of type ${type}; expected ${allowed.join(', ')}`);
  }
  const params: SearchParams = { ...PRESENT_PARAMS_BASE };
  for (const name of ['k', 'fetch_k'] as const) {
    const v = value[name];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_UINT16) {
      throw invalid(`params.${name}: must be an integer from 0 to ${MAX_UINT16}`);
    }
    params[name] = v;
  }
  if (value.lambda_mult !== undefined && value.lambda_mult !== null) {
    if (typeof value.lambda_mult !== 'number') throw invalid('params.lambda_mult: must be a number or null');
    params.lambda_mult = value.lambda_mult;
  }
  if (value.threshold !== undefined && value.threshold !== null) {
    if (typeof value.threshold !== 'number' || !Number.isFinite(value.threshold)) {
      throw invalid('params.threshold: must be a number or null');
    }
    params.threshold = value.threshold;
  }
  let embeddingModelId: string | null = null;
  if (value.embedding !== undefined && value.embedding !== null) {
    if (!isUuid(value.embedding)) throw invalid('params.embedding: must be an embedding model UUID or null');
    embeddingModelId = value.embedding.toLowerCase();
  }
  return { params, embeddingModelId };
}

function parseStrategy(value: unknown): DistanceStrategy {
  if (value === undefined || value === null) return 'cosine';
  if (typeof value !== 'string' || !(STRATEGIES as readonly string[]).includes(value)) {
    throw invalid(`distance_strategy: must be one of ${STRATEGIES.join(', ')}`);
  }
  return value as DistanceStrategy;
}
