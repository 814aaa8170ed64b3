/** The answers of /pipelines/{id}/evaluations, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';

const id = z.string().describe('a UUID');
const timestamp = z.string().describe('ISO 8601');

export const MetricsSchema = z
  .object({
    hit_at_k: z.number().describe('1 when a relevant document is among the first k'),
    recall_at_k: z.number().describe('the share of the relevant documents among the first k'),
    precision_at_k: z.number().describe('the share of the first k that are relevant (k in the denominator)'),
    mrr_at_k: z.number().describe('1 / the rank of the first relevant document among the first k'),
    ndcg_at_k: z
      .number()
      .describe('graded gains, log2 discount, over the ideal order of the judged documents'),
  })
  .meta({ id: 'EvaluationMetrics' });

const Latency = z
  .object({ p50: z.number(), p95: z.number() })
  .describe(
    'milliseconds per search of one query (its embedding and rerank included), as the job measured them',
  );

const RelevantItem = z.object({
  external_id: z.string().optional(),
  document_id: id.optional(),
  fragment_id: id.optional(),
  grade: z.number(),
});

export const RankedDocument = z
  .object({
    document_id: id.nullable().describe('null: a document this key may no longer read'),
    external_id: z.string().nullable(),
    grade: z
      .number()
      .describe('its gain: the grade of the judgement its returned fragments meet (0: not relevant)'),
    fragment_ids: z.array(id).describe('the fragments of it the search returned, best first'),
  })
  .describe(
    'a document found, at the rank of its best fragment; it counts once however many of its fragments came back',
  );

const status = z
  .enum(['queued', 'running', 'done', 'failed'])
  .describe("its job's state: done when it succeeded");

export const SearchResultSummary = z.object({
  label: z.string(),
  metrics: MetricsSchema.nullable().describe('the mean over the queries; null when the search failed'),
  latency_ms: Latency.nullable(),
  error: z.string().nullable().describe('why the search failed (it failed at one query and ran no more)'),
});

export const EvaluationSummary = z
  .object({
    id,
    pipeline_id: id,
    job_id: id.describe('its job in GET /jobs (kind evaluation)'),
    name: z.string(),
    status,
    progress: z
      .object({ done: z.number().int(), total: z.number().int() })
      .describe('queries searched of all'),
    k: z.number().int(),
    labels: z.array(z.string()).describe('the searches compared, in order'),
    error: z.string().nullable().describe('why it failed'),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
    results: z.array(SearchResultSummary).nullable().describe('once done: one per search, in order'),
  })
  .meta({ id: 'EvaluationSummary' });
export type EvaluationSummaryView = z.output<typeof EvaluationSummary>;

const QueryResult = z.object({
  id: z.string(),
  metrics: MetricsSchema.nullable().describe('null: the search failed at or before this query'),
  ranked: z.array(RankedDocument),
});

export const Evaluation = EvaluationSummary.extend({
  classifications: z.unknown().describe('as given at the top, or null'),
  searches: z.array(
    z.object({
      label: z.string(),
      search: z.record(z.string(), z.unknown()).describe('the REST search body run, less query'),
    }),
  ),
  queries: z.array(
    z.object({
      id: z.string(),
      query: z.string(),
      relevant: z.array(RelevantItem),
      unknown_relevant: z
        .array(RelevantItem)
        .nullable()
        .describe('the relevant items that named nothing this key could read when it ran; null: not run yet'),
    }),
  ),
  results: z
    .array(
      SearchResultSummary.extend({
        search: z.record(z.string(), z.unknown()),
        queries: z.array(QueryResult).describe('per query, in order'),
      }),
    )
    .nullable(),
}).meta({ id: 'Evaluation' });
export type EvaluationView = z.output<typeof Evaluation>;

/** One query of a finished evaluation, with the passages each search returned. */
export const EvaluationQuery = z
  .object({
    position: z.number().int(),
    id: z.string(),
    query: z.string(),
    relevant: z.array(RelevantItem),
    unknown_relevant: z.array(RelevantItem),
    results: z.array(
      z.object({
        label: z.string(),
        metrics: MetricsSchema.nullable(),
        error: z.string().nullable(),
        ranked: z.array(
          RankedDocument.extend({
            passages: z
              .array(z.object({ fragment_id: id, text: z.string() }))
              .describe('the fragments returned that are still live and readable by this key'),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'EvaluationQuery' });
export type EvaluationQueryView = z.output<typeof EvaluationQuery>;
