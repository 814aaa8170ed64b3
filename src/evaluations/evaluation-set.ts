/**
 * What an evaluation keeps sealed (the set it was given, each query's outcome:
 * evaluation-cipher.ts) and how
 * an outcome is scored, at the document level: the hits of a search become the
 * documents they belong to, each at the rank of its best fragment and counted once,
 * with the gain of the best judgement its returned fragments meet (a document named by
 * `external_id` or `document_id` by any of them, a `fragment_id` by that fragment). The
 * ideal order is every judged document at its best grade. Pure: the runner and the
 * tests call it alike.
 */
import { z } from 'zod';
import { EvaluationQuery, RelevantItem } from './evaluations.dto';
import { RankedDocument as RankedDocumentSchema } from './evaluations.wire';
import { meanMetrics, Metrics, metricsOfGains } from './metrics';
import { SearchSummary } from './evaluations.repository';

/** The sealed set of an evaluation, bound to its row. */
export interface EvaluationSpec {
  classifications: unknown;
  queries: EvaluationQuery[];
  searches: { label: string; body: Record<string, unknown> }[];
}

/** Sealed in `evaluation_queries` as the wire shows it, so typed from the wire. */
export type RankedDocument = z.output<typeof RankedDocumentSchema>;

/** What one search did for one query: its result, the error it failed with, or nothing (it had failed before). */
export type SearchOutcome =
  { ms: number; metrics: Metrics; ranked: RankedDocument[] } | { error: string } | { skipped: true };

/** One query's outcome, sealed in `evaluation_queries`. */
export interface QueryOutcome {
  /** The relevant items that named nothing the key could read when the query ran. */
  unknown: RelevantItem[];
  searches: SearchOutcome[];
}

/** A query's judgements, resolved to what the key could read: documents and fragments (with their document). */
export interface Judgements {
  documents: Map<string, number>;
  fragments: Map<string, { documentId: string; grade: number }>;
}

/** The documents of a search's hits, in rank order, each graded by the judgements its returned fragments meet. */
export function rankDocuments(
  hits: readonly { id: string; documentId: string }[],
  judgements: Judgements,
  externalIds: ReadonlyMap<string, string | null>,
): RankedDocument[] {
  const byDocument = new Map<string, RankedDocument>();
  for (const hit of hits) {
    let ranked = byDocument.get(hit.documentId);
    if (!ranked) {
      ranked = {
        document_id: hit.documentId,
        external_id: externalIds.get(hit.documentId) ?? null,
        grade: judgements.documents.get(hit.documentId) ?? 0,
        fragment_ids: [],
      };
      byDocument.set(hit.documentId, ranked);
    }
    ranked.fragment_ids.push(hit.id);
    const fragment = judgements.fragments.get(hit.id);
    if (fragment) ranked.grade = Math.max(ranked.grade, fragment.grade);
  }
  return [...byDocument.values()];
}

/** The grade of every judged document, at its best judgement: the ideal order's gains. */
export function idealGrades(judgements: Judgements): number[] {
  const best = new Map(judgements.documents);
  for (const { documentId, grade } of judgements.fragments.values())
    best.set(documentId, Math.max(best.get(documentId) ?? 0, grade));
  return [...best.values()];
}

export function scoreRanking(ranked: readonly RankedDocument[], judgements: Judgements, k: number): Metrics {
  return metricsOfGains(
    ranked.map((document) => document.grade),
    idealGrades(judgements),
    k,
  );
}

/** The nearest-rank percentile `p` (0..1] of values sorted ascending; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

/**
 * Each search's summary over the outcomes of every query: the mean metrics and the
 * latency percentiles, or the error it failed with.
 */
export function summarize(labels: readonly string[], outcomes: readonly QueryOutcome[]): SearchSummary[] {
  return labels.map((label, i) => {
    const results = outcomes.map((outcome) => outcome.searches[i]);
    const failure = results.find((result): result is { error: string } => 'error' in result);
    if (failure) return { label, metrics: null, latency_ms: null, error: failure.error };
    const done = results.filter((result) => 'metrics' in result);
    const times = done.map((result) => result.ms).sort((a, b) => a - b);
    return {
      label,
      metrics: meanMetrics(done.map((result) => result.metrics)),
      latency_ms:
        times.length === 0
          ? null
          : { p50: round(percentile(times, 0.5)!), p95: round(percentile(times, 0.95)!) },
      error: null,
    };
  });
}

const round = (ms: number) => Math.round(ms * 100) / 100;
