/**
 * Retrieval metrics of one ranked answer against graded judgements, as trec_eval
 * defines them (at a cut-off k): what a search found of what was relevant.
 *
 *  - hit@k: 1 when any relevant item is among the first k, else 0;
 *  - recall@k: the share of the relevant items among the first k;
 *  - precision@k: the share of the first k that are relevant (k in the denominator,
 *    however many were returned, as trec_eval's P_k);
 *  - MRR@k: 1 / the rank of the first relevant item among the first k, else 0;
 *  - nDCG@k: the discounted cumulative gain of the first k (gain = the grade, discount
 *    log2(rank + 1)) over that of the ideal order of all judged items.
 *
 * Items are compared by id; a ranked id that repeats counts once, at its first rank.
 * Grades are positive numbers; an item not judged, or judged 0, is not relevant.
 */
import { z } from 'zod';
import { MetricsSchema } from './evaluations.wire';

/** Stored as the wire shows them (the summary column, the sealed outcomes), so typed from the wire. */
export type Metrics = z.output<typeof MetricsSchema>;

export function metricsAt(
  ranked: readonly string[],
  relevant: ReadonlyMap<string, number>,
  k: number,
): Metrics {
  const seen = new Set<string>();
  const top: string[] = [];
  for (const id of ranked) {
    if (top.length === k) break;
    if (seen.has(id)) continue;
    seen.add(id);
    top.push(id);
  }
  return metricsOfGains(
    top.map((id) => relevant.get(id) ?? 0),
    [...relevant.values()],
    k,
  );
}

/**
 * The metrics of a ranking given as the gain of each rank (the grade of what is there;
 * 0 when it is not relevant) and the grades of every judged item, the ideal order's
 * gains: for callers whose ranked items are judged by more than their id (a document
 * relevant through one of its fragments, when that fragment was returned).
 */
export function metricsOfGains(
  gains: readonly number[],
  judgedGrades: readonly number[],
  k: number,
): Metrics {
  const top = gains.slice(0, k).map((g) => Math.max(0, g));
  const judged = judgedGrades.filter((g) => g > 0);
  const found = top.filter((g) => g > 0).length;
  const first = top.findIndex((g) => g > 0);
  const dcg = top.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const ideal = [...judged]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return {
    hit_at_k: found > 0 ? 1 : 0,
    recall_at_k: judged.length === 0 ? 0 : found / judged.length,
    precision_at_k: k === 0 ? 0 : found / k,
    mrr_at_k: first < 0 ? 0 : 1 / (first + 1),
    ndcg_at_k: ideal === 0 ? 0 : dcg / ideal,
  };
}

/** The mean of each metric over queries (0 for none). */
export function meanMetrics(all: readonly Metrics[]): Metrics {
  const mean = (pick: (m: Metrics) => number) =>
    all.length === 0 ? 0 : all.reduce((sum, m) => sum + pick(m), 0) / all.length;
  return {
    hit_at_k: mean((m) => m.hit_at_k),
    recall_at_k: mean((m) => m.recall_at_k),
    precision_at_k: mean((m) => m.precision_at_k),
    mrr_at_k: mean((m) => m.mrr_at_k),
    ndcg_at_k: mean((m) => m.ndcg_at_k),
  };
}
