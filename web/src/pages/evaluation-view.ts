/**
 * What the Evaluations page computes from the API's answers: the labelled set from the
 * files chosen (the formats `trove eval` reads, src/client/eval-formats.ts), the
 * searches a pipeline can compare, the best value of each metric, and the queries on
 * which the searches disagree.
 */
import { FormatError, LabelledQuery, parseBeir, parseQueriesJsonl } from '../../../src/client/eval-formats';
import type { Evaluation, EvaluationMetrics, Pipeline, Reranker } from '../api/types';

export type MetricKey = keyof EvaluationMetrics;

export const METRICS: { key: MetricKey; label: string }[] = [
  { key: 'hit_at_k', label: 'Hit' },
  { key: 'recall_at_k', label: 'Recall' },
  { key: 'precision_at_k', label: 'Precision' },
  { key: 'mrr_at_k', label: 'MRR' },
  { key: 'ndcg_at_k', label: 'nDCG' },
];

export interface SetFile {
  name: string;
  text: string;
}

/**
 * The queries of the files: BEIR when a `.tsv` (its qrels) is among them, read with the
 * `.jsonl` beside it as its queries; otherwise every file a JSONL set of queries.
 */
export function readSet(files: SetFile[]): { queries: LabelledQuery[] } | { error: string } {
  try {
    const qrels = files.find((file) => file.name.endsWith('.tsv'));
    if (qrels) {
      const queries = files.find((file) => file !== qrels);
      if (!queries) return { error: `BEIR: choose queries.jsonl together with ${qrels.name}` };
      return {
        queries: parseBeir(
          { text: queries.text, file: queries.name },
          { text: qrels.text, file: qrels.name },
        ),
      };
    }
    return { queries: files.flatMap((file) => parseQueriesJsonl(file.text, file.name)) };
  } catch (error) {
    if (error instanceof FormatError) return { error: error.message };
    throw error;
  }
}

export interface SearchChoice {
  key: string;
  label: string;
  body: Record<string, unknown>;
}

/** The searches the pipeline can run, and a reranked hybrid per reranker. */
export function searchChoices(pipeline: Pipeline, rerankers: Reranker[]): SearchChoice[] {
  const vectors = pipeline.default_vector_embedding_id !== null;
  const text = pipeline.full_text_search;
  const choices: SearchChoice[] = [];
  if (vectors) {
    choices.push({ key: 'similarity', label: 'Similarity', body: { type: 'similarity' } });
    choices.push({ key: 'mmr', label: 'MMR (diverse)', body: { type: 'mmr' } });
  }
  if (text) choices.push({ key: 'search', label: 'Full text (BM25)', body: { type: 'search' } });
  if (vectors && text) {
    choices.push({
      key: 'hybrid',
      label: 'Hybrid (RRF)',
      body: { type: 'hybrid', params: { fusion: 'rrf' } },
    });
    choices.push({
      key: 'hybrid-weighted',
      label: 'Hybrid (weighted, alpha 0.5)',
      body: { type: 'hybrid', params: { fusion: 'weighted', alpha: 0.5 } },
    });
  }
  const reranked = vectors && text ? 'hybrid' : vectors ? 'similarity' : text ? 'search' : null;
  if (reranked)
    for (const reranker of rerankers)
      choices.push({
        key: `rerank-${reranker.id}`,
        label: `${reranked} + rerank by ${reranker.name}`,
        body: {
          type: reranked,
          rerank: { reranker_id: reranker.id },
          label: `${reranked} + ${reranker.name}`,
        },
      });
  return choices;
}

type Result = NonNullable<Evaluation['results']>[number];

/** The best value of a column: the highest metric, the lowest latency; null when no search has one. */
export function best(results: Pick<Result, 'metrics' | 'latency_ms'>[], column: MetricKey | 'p50' | 'p95') {
  const values = results
    .map((r) => (column === 'p50' || column === 'p95' ? r.latency_ms?.[column] : r.metrics?.[column]))
    .filter((v): v is number => v !== undefined && v !== null);
  if (values.length === 0) return null;
  return column === 'p50' || column === 'p95' ? Math.min(...values) : Math.max(...values);
}

export interface Disagreement {
  position: number;
  id: string;
  query: string;
  /** Per search, its nDCG on the query (null: the search failed there). */
  ndcg: (number | null)[];
}

/** The queries whose nDCG differs between the searches, the widest gap first. */
export function disagreements(evaluation: Evaluation): Disagreement[] {
  const results = evaluation.results ?? [];
  if (results.length < 2) return [];
  const spread = (d: Disagreement) => {
    const known = d.ndcg.filter((v): v is number => v !== null);
    return known.length === 0 ? 0 : Math.max(...known) - Math.min(...known);
  };
  return evaluation.queries
    .map((query, position) => ({
      position,
      id: query.id,
      query: query.query,
      ndcg: results.map((result) => result.queries[position]?.metrics?.ndcg_at_k ?? null),
    }))
    .filter((d) => spread(d) > 1e-9)
    .sort((a, b) => spread(b) - spread(a) || a.position - b.position);
}

export const formatMetric = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(3);
