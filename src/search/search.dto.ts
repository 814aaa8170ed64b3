/**
 * The REST search body: one zod schema (SearchBodySchema) that the controller parses
 * with and the OpenAPI document publishes, so the two cannot disagree. parseSearchBody
 * turns it into a SearchRequest:
 *   {type, query, classifications, params, filters, distance_strategy}
 * Every refusal is a 422 naming the field. This checks shapes and types; the rules
 * about values that MCP shares (search-rules.ts) are SearchService's. `params` follows
 * the MCP tools page: each type has its own parameters; without `params` the defaults
 * are k 5, fetch_k 10, lambda_mult 0.5; with `params`, an omitted k or fetch_k is 0.
 */
import { z } from 'zod';
import { invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { describeIssue, issueMessage } from '../common/validation';
import { DistanceStrategy } from '../fragments/fragment';
import { parseMetadataFilter } from '../fragments/metadata-filter';
import {
  ClassificationQuery,
  DEFAULT_PARAMS,
  PRESENT_PARAMS_BASE,
  SearchParams,
  SearchRequest,
} from './search.types';
import { SearchErrorReason } from './search-errors';

const REST_TYPES = ['similarity', 'mmr', 'search', 'hybrid', 'history'] as const;
type RestType = (typeof REST_TYPES)[number];
const STRATEGIES = ['cosine', 'euclidean', 'inner_product'] as const satisfies readonly DistanceStrategy[];
const MAX_UINT16 = 65535;

/** The parameters each type accepts, as in the MCP input schema's Placeholder* definitions. */
const PARAMS_OF: Record<RestType, readonly string[]> = {
  similarity: ['embedding', 'k', 'threshold'],
  mmr: ['embedding', 'fetch_k', 'k', 'lambda_mult', 'threshold'],
  search: ['k', 'threshold'],
  hybrid: ['embedding', 'k', 'fusion', 'alpha', 'rrf_k', 'candidates'],
  history: ['k'],
};

const CLASSIFICATION_FORMS =
  'a name, an array of names, or {"values": [...], "match": "hierarchical" | "exact"}';
const names = z.array(z.string({ error: 'expected a classification name' }), {
  error: (issue) => (issue.input === undefined ? 'is required' : 'expected an array of classification names'),
});
const count = (what: string) => {
  const error = `must be an integer from 0 to ${MAX_UINT16}`;
  return z.int({ error }).min(0, error).max(MAX_UINT16, error).optional().describe(what);
};
const nullableNumber = (what: string) =>
  z.number({ error: 'must be a number or null' }).nullable().optional().describe(what);

export const SearchBodySchema = z
  .strictObject(
    {
      type: z.enum(REST_TYPES, { error: `must be one of ${REST_TYPES.join(', ')}` }),
      query: z.string({ error: 'is required and must be a string' }),
      classifications: z
        .union([
          z.string().describe('one name, matched hierarchically'),
          names.describe('names, matched hierarchically'),
          z.strictObject({
            values: names,
            match: z
              .enum(['hierarchical', 'exact'], { error: 'must be hierarchical or exact' })
              .default('hierarchical')
              .describe(
                'hierarchical: a name also finds every classification it inherits, transitively (with the pair [internal, public], internal also finds public; public finds only public); exact: only that name',
              ),
          }),
        ])
        .describe(`the classifications to search: ${CLASSIFICATION_FORMS}`),
      params: z
        .strictObject(
          {
            k: count('how many fragments to return'),
            fetch_k: count('MMR candidates'),
            lambda_mult: nullableNumber('MMR balance: 1 relevance .. 0 diversity (null: 0.5)'),
            threshold: nullableNumber('max distance (similarity, mmr) or min rank (search); null: none'),
            fusion: z
              .enum(['rrf', 'weighted'], { error: 'must be rrf or weighted' })
              .optional()
              .describe(
                'hybrid: reciprocal rank fusion (rrf, the default) or a weighted sum of scaled scores',
              ),
            alpha: z
              .number({ error: 'must be a number from 0 to 1' })
              .min(0, 'must be a number from 0 to 1')
              .max(1, 'must be a number from 0 to 1')
              .optional()
              .describe("hybrid: the vector leg's share of the weight, 0..1 (0.5: both alike)"),
            rrf_k: z
              .int({ error: 'must be an integer from 0 to 1000' })
              .min(0, 'must be an integer from 0 to 1000')
              .max(1000, 'must be an integer from 0 to 1000')
              .optional()
              .describe('hybrid, rrf: the constant k of 1 / (k + rank) (60)'),
            candidates: count('hybrid: the candidates each leg takes (3 × k, at least 20)'),
            embedding: z
              .string({ error: 'must be an embedding model UUID or null' })
              .refine(isUuid, 'must be an embedding model UUID or null')
              .nullable()
              .optional()
              .describe("an embedding model id of the pipeline; null: the pipeline's default"),
          },
          { error: 'expected an object' },
        )
        .nullable()
        .optional()
        .describe(
          'Each type takes only its own: ' +
            Object.entries(PARAMS_OF)
              .map(([type, allowed]) => `${type}: ${allowed.join(', ')}`)
              .join('; ') +
            '. Without params: k 5, fetch_k 10, lambda_mult 0.5; with params, an omitted k or fetch_k is 0.',
        ),
      filters: z
        .record(z.string(), z.unknown(), { error: 'expected an object of conditions' })
        .nullable()
        .optional()
        .describe(
          'a metadata filter ($and, $or, $not; per key $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists)',
        ),
      distance_strategy: z
        .enum(STRATEGIES, { error: `must be one of ${STRATEGIES.join(', ')}` })
        .nullable()
        .optional()
        .describe('null: cosine'),
      rerank: z
        .strictObject(
          {
            reranker_id: z
              .string({ error: 'must be a reranker UUID' })
              .refine(isUuid, 'must be a reranker UUID')
              .describe('a reranker of GET /rerankers'),
            candidates: count("how many of the search's results the reranker scores (3 × k, at least 20)"),
          },
          { error: 'expected an object {reranker_id, candidates}' },
        )
        .nullable()
        .optional()
        .describe(
          "the search's best candidates scored again by a reranker; score: its relevance, descending",
        ),
    },
    { error: 'expected a JSON object' },
  )
  .meta({ id: 'SearchRequest' });
type SearchBody = z.output<typeof SearchBodySchema>;

const BODY_FIELDS = Object.keys(SearchBodySchema.shape);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseSearchBody(body: unknown): SearchRequest {
  const result = SearchBodySchema.safeParse(body, { error: issueMessage });
  if (!result.success) {
    throw invalid(
      SearchErrorReason.InvalidRequest,
      refusal(firstOf(result.error.issues), body as Record<string, unknown>),
    );
  }
  const parsed = result.data;
  const { params, embeddingModelId } = paramsOf(parsed);
  return {
    type: parsed.type,
    query: parsed.query,
    classifications: classificationsOf(parsed.classifications),
    params,
    filters: parsed.filters == null ? null : parseMetadataFilter(parsed.filters, 'filters'),
    distanceStrategy: parsed.distance_strategy ?? 'cosine',
    embeddingModelId,
    rerank:
      parsed.rerank == null
        ? null
        : {
            rerankerId: parsed.rerank.reranker_id.toLowerCase(),
            candidates: parsed.rerank.candidates ?? null,
          },
  };
}

/** The issue to report: an unknown field first, as a misspelt one explains the others. */
const firstOf = (issues: z.core.$ZodIssue[]) =>
  issues.find((i) => i.code === 'unrecognized_keys' && i.path.length === 0) ?? issues[0];

/** The message of a refusal: the field, then what is wrong, in the words of docs/search.md. */
function refusal(issue: z.core.$ZodIssue, body: Record<string, unknown>): string {
  const where = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    if (where === '') return `${key}: unknown field; expected ${BODY_FIELDS.join(', ')}`;
    if (where === 'params') return notAParameter(body.type as RestType, key);
    if (where === 'rerank') return `rerank.${key}: unknown field; expected reranker_id and candidates`;
    return `${where}.${key}: unknown field; expected values and match`;
  }
  if (issue.code === 'invalid_union' && where === 'classifications') {
    // Name the form the value was meant to be: the union's branch of its JSON type.
    const value = body.classifications;
    const branch = typeof value === 'string' ? 0 : Array.isArray(value) ? 1 : isObject(value) ? 2 : -1;
    if (branch < 0) {
      return value == null
        ? `classifications: is required: ${CLASSIFICATION_FORMS}`
        : `classifications: expected ${CLASSIFICATION_FORMS}`;
    }
    const inner = firstOf(issue.errors[branch]);
    return refusal({ ...inner, path: ['classifications', ...inner.path] }, body);
  }
  return describeIssue(issue);
}

const notAParameter = (type: RestType, key: string) =>
  `params.${key}: not a parameter of type ${type}; expected ${PARAMS_OF[type].join(', ')}`;

function classificationsOf(value: SearchBody['classifications']): ClassificationQuery {
  if (typeof value === 'string') return { values: [value], match: 'hierarchical' };
  if (Array.isArray(value)) return { values: value, match: 'hierarchical' };
  return value;
}

function paramsOf(body: SearchBody): { params: SearchParams; embeddingModelId: string | null } {
  const value = body.params;
  if (value == null) return { params: { ...DEFAULT_PARAMS }, embeddingModelId: null };
  const unknown = Object.keys(value).find((key) => !PARAMS_OF[body.type].includes(key));
  if (unknown !== undefined)
    throw invalid(SearchErrorReason.InvalidRequest, notAParameter(body.type, unknown));
  return {
    params: {
      ...PRESENT_PARAMS_BASE,
      ...(value.k !== undefined ? { k: value.k } : {}),
      ...(value.fetch_k !== undefined ? { fetchK: value.fetch_k } : {}),
      ...(value.lambda_mult != null ? { lambdaMult: value.lambda_mult } : {}),
      ...(value.threshold != null ? { threshold: value.threshold } : {}),
      ...(value.candidates !== undefined ? { candidates: value.candidates } : {}),
      ...(value.fusion !== undefined || value.alpha !== undefined || value.rrf_k !== undefined
        ? {
            fusion: {
              ...(value.fusion !== undefined ? { fusion: value.fusion } : {}),
              ...(value.alpha !== undefined ? { alpha: value.alpha } : {}),
              ...(value.rrf_k !== undefined ? { rrfK: value.rrf_k } : {}),
            },
          }
        : {}),
    },
    embeddingModelId: value.embedding == null ? null : value.embedding.toLowerCase(),
  };
}
