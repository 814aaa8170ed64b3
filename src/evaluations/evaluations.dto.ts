/**
 * The body of POST /pipelines/{id}/evaluations: a labelled set (queries, each with the
 * items that answer it and their grades) and the searches to compare on it.
 *
 * Each entry of `searches` is a REST search body less `query` (each query of the set is
 * searched in turn) and less `classifications` when the evaluation gives them at the
 * top, plus an optional `label`. It is parsed by the REST search's own parser, so that
 * it is refused as a search would be, the field named from the evaluation's body
 * (`searches[3].params.k: ...`). Without `params.k` a search takes the evaluation's `k`,
 * and an MMR without `fetch_k` fetches twice its k: the body run is stored and answered
 * with the results, a REST search body once a query is added.
 *
 * The bounds that are settings (queries and searches per evaluation, TROVE_SEARCH_MAX_K)
 * and the rules of each query's text are checked by EvaluationsService.
 */
import { z } from 'zod';
import { DomainError, invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { nameSchema, parseWith } from '../common/validation';
import { parseSearchBody, SearchBodySchema } from '../search/search.dto';
import { SearchRequest } from '../search/search.types';
import { EvaluationErrorReason } from './evaluation-errors';

/** Relevant items one query may name. */
export const MAX_RELEVANT_PER_QUERY = 1000;
const MAX_LABEL_CHARS = 100;

const uuid = (what: string) =>
  z
    .string({ error: `must be a ${what} UUID` })
    .refine(isUuid, `must be a ${what} UUID`)
    .transform((v) => v.toLowerCase())
    .optional();

export const RelevantItemSchema = z
  .strictObject(
    {
      external_id: z
        .string({ error: 'must be a string' })
        .min(1, 'must not be empty')
        .max(1000, 'must be at most 1000 characters')
        .optional()
        .describe("a document's external id (every live document of that id the key may read)"),
      document_id: uuid('document').describe('a document'),
      fragment_id: uuid('fragment').describe(
        'a fragment: its document counts as found when a search returns that fragment',
      ),
      grade: z
        .number({ error: 'must be a number from 0 to 1000000' })
        .min(0, 'must be a number from 0 to 1000000')
        .max(1_000_000, 'must be a number from 0 to 1000000')
        .default(1)
        .describe('graded relevance, the gain of nDCG (1; 0: judged not relevant)'),
    },
    { error: 'expected an object {external_id | document_id | fragment_id, grade}' },
  )
  .refine(
    (item) =>
      [item.external_id, item.document_id, item.fragment_id].filter((v) => v !== undefined).length === 1,
    'must name exactly one of external_id, document_id and fragment_id',
  );
export type RelevantItem = z.output<typeof RelevantItemSchema>;

const QuerySchema = z.strictObject(
  {
    id: z
      .string({ error: 'is required and must be a string' })
      .min(1, 'must not be empty')
      .max(256, 'must be at most 256 characters')
      .describe('unique in the evaluation, e.g. the id of a BEIR query'),
    query: z.string({ error: 'is required and must be a string' }).describe('searched as a search query'),
    relevant: z
      .array(RelevantItemSchema, { error: 'is required and must be an array' })
      .min(1, 'must name at least one relevant item')
      .max(MAX_RELEVANT_PER_QUERY, `must hold at most ${MAX_RELEVANT_PER_QUERY} items`),
  },
  { error: 'expected an object {id, query, relevant}' },
);

const labelSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_LABEL_CHARS, `must be at most ${MAX_LABEL_CHARS} characters`)
  .optional()
  .describe(
    'its name in results, tables, charts and the trove_evaluation_metric gauge (default: from its type)',
  );

/** One entry of `searches`, as the OpenAPI document describes it. */
const EvaluationSearchSchema = SearchBodySchema.omit({ query: true })
  .partial({ classifications: true })
  .extend({ label: labelSchema });

export const CreateEvaluationSchema = z.strictObject(
  {
    name: nameSchema,
    k: z
      .int({ error: 'must be an integer from 1 to 65535' })
      .min(1, 'must be an integer from 1 to 65535')
      .max(65535, 'must be an integer from 1 to 65535')
      .default(10)
      .describe('the cut-off of every metric (10), and the k of a search that gives none'),
    classifications: SearchBodySchema.shape.classifications
      .optional()
      .describe("every search's classifications (then no search gives its own)"),
    queries: z
      .array(QuerySchema, { error: 'is required and must be an array' })
      .min(1, 'must hold at least one query')
      .describe('at most TROVE_EVALUATION_MAX_QUERIES (5000)'),
    searches: z
      .array(EvaluationSearchSchema, { error: 'is required and must be an array' })
      .min(1, 'must hold at least one search')
      .describe(
        'each a search body less query (and less classifications when given at the top); ' +
          'at most TROVE_EVALUATION_MAX_SEARCHES (8)',
      ),
  },
  { error: 'expected a JSON object' },
);

/** What the controller parses: the searches are left to the search's own parser. */
const ParsedShape = CreateEvaluationSchema.extend({
  searches: z
    .array(z.unknown(), { error: 'is required and must be an array' })
    .min(1, 'must hold at least one search'),
});

export interface EvaluationQuery {
  id: string;
  query: string;
  relevant: RelevantItem[];
}

export interface EvaluationSearch {
  label: string;
  /** The REST search body run, less `query`. */
  body: Record<string, unknown>;
  /** That body parsed, its query left empty. */
  request: SearchRequest;
}

export interface EvaluationInput {
  name: string;
  k: number;
  /** The top-level classifications as given, or null. */
  classifications: unknown;
  queries: EvaluationQuery[];
  searches: EvaluationSearch[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseEvaluationBody(body: unknown): EvaluationInput {
  const parsed = parseWith(ParsedShape, body);
  const seen = new Map<string, number>();
  parsed.queries.forEach((query, i) => {
    const first = seen.get(query.id);
    if (first !== undefined)
      throw invalid(
        EvaluationErrorReason.InvalidInput,
        `queries[${i}].id: '${query.id}' is the id of queries[${first}] already`,
      );
    seen.set(query.id, i);
  });
  const top = parsed.classifications ?? null;
  const searches = parsed.searches.map((entry, i) => parseSearch(entry, i, parsed.k, top));
  const labels = uniqueLabels(searches);
  return {
    name: parsed.name,
    k: parsed.k,
    classifications: top,
    queries: parsed.queries,
    searches: searches.map((search, i) => ({ ...search, label: labels[i] })),
  };
}

/** One entry of `searches`: its label (null: none given) and the body run. */
function parseSearch(
  entry: unknown,
  i: number,
  k: number,
  top: unknown,
): { label: string | null; body: Record<string, unknown>; request: SearchRequest } {
  const at = `searches[${i}]`;
  if (!isObject(entry))
    throw invalid(EvaluationErrorReason.InvalidInput, `${at}: expected a search body (a JSON object)`);
  const { label: rawLabel, ...search } = entry;
  const label = labelSchema.safeParse(rawLabel);
  if (!label.success)
    throw invalid(EvaluationErrorReason.InvalidInput, `${at}.label: ${label.error.issues[0].message}`);
  if ('query' in search)
    throw invalid(
      EvaluationErrorReason.InvalidInput,
      `${at}.query: not part of a search of an evaluation; each query of queries is searched`,
    );
  if (top !== null && 'classifications' in search)
    throw invalid(
      EvaluationErrorReason.InvalidInput,
      `${at}.classifications: given at the top of the evaluation already`,
    );
  const withClassifications = top === null ? search : { ...search, classifications: top };
  let request: SearchRequest;
  try {
    request = parseSearchBody({ ...withClassifications, query: '' });
  } catch (error) {
    throw inSearch(i, error);
  }
  const given: Record<string, unknown> = isObject(search.params) ? search.params : {};
  const params: Record<string, unknown> = { ...given };
  if (given.k === undefined) {
    request.params.k = k;
    params.k = k;
  }
  if (request.type === 'mmr' && given.fetch_k === undefined) {
    request.params.fetchK = 2 * request.params.k;
    params.fetch_k = request.params.fetchK;
  }
  return { label: label.data ?? null, body: { ...withClassifications, params }, request };
}

/**
 * A refusal of searches[i] as the REST search words it, the field named from the
 * evaluation's body: `params.k: ...` becomes `searches[3].params.k: ...`.
 */
export function inSearch(i: number, error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const message = error.message.replace(/^body: /, '');
  const field = /^[a-z_]+(\.|\[|:)/.test(message);
  return new DomainError(
    error.reason,
    error.code,
    field ? `searches[${i}].${message}` : `searches[${i}]: ${message}`,
    error.data,
    {
      retryAfterSeconds: error.retryAfterSeconds,
      adminMessage: error.adminMessage === undefined ? undefined : `searches[${i}]: ${error.adminMessage}`,
    },
  );
}

/**
 * The labels: those given (each once), and for the others one made from the search:
 * its type, a hybrid's fusion, `+ rerank`; one that repeats another is numbered (`#2`).
 */
function uniqueLabels(searches: { label: string | null; request: SearchRequest }[]): string[] {
  const given = new Map<string, number>();
  searches.forEach(({ label }, i) => {
    if (label === null) return;
    const first = given.get(label);
    if (first !== undefined)
      throw invalid(
        EvaluationErrorReason.InvalidInput,
        `searches[${i}].label: '${label}' is the label of searches[${first}] already`,
      );
    given.set(label, i);
  });
  const taken = new Set(given.keys());
  return searches.map(({ label, request }) => {
    if (label !== null) return label;
    const base = describeSearch(request);
    let made = base;
    for (let n = 2; taken.has(made); n++) made = `${base} #${n}`;
    taken.add(made);
    return made;
  });
}

function describeSearch(request: SearchRequest): string {
  let text: string = request.type;
  if (request.type === 'hybrid') {
    const fusion = request.params.fusion?.fusion ?? 'rrf';
    const alpha = request.params.fusion?.alpha;
    text += fusion === 'weighted' && alpha !== undefined ? ` (weighted, alpha ${alpha})` : ` (${fusion})`;
  }
  return request.rerank === null ? text : `${text} + rerank`;
}
