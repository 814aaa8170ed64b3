/**
 * Fusing a hybrid search's two ranked lists, the vector leg's (nearest first) and the
 * BM25 leg's (best ranked first), into one, best first:
 *
 *  - `rrf` (reciprocal rank fusion, the default): a fragment's score is the sum over the
 *    lists holding it of w / (rrf_k + its rank there), ranks from 1, w = 2 × alpha for the
 *    vector list and 2 × (1 − alpha) for the text list (alpha 0.5: plain RRF, w = 1). It
 *    needs no scale common to the two scores, which have none (a distance and an
 *    unbounded rank).
 *  - `weighted`: each list's scores are brought to 0..1 (min-max over the list: its best
 *    1, its worst 0; a distance counts the nearer as the better), and a fragment's score
 *    is alpha × its vector score + (1 − alpha) × its text score, 0 for a list without it.
 *
 * Ties keep the order of fragment ids, as every search does.
 */

export type Fusion = 'rrf' | 'weighted';

export interface FusionParameters {
  fusion: Fusion;
  /** The vector leg's share of the weight, 0..1 (0.5: both alike). */
  alpha: number;
  /** The constant of reciprocal rank fusion: the larger, the flatter. */
  rrfK: number;
}

export const DEFAULT_FUSION: FusionParameters = { fusion: 'rrf', alpha: 0.5, rrfK: 60 };

export interface Ranked {
  id: string;
  score: number;
}

/** The fused list of ids with their scores, best first. */
export function fuse(
  vector: readonly Ranked[],
  text: readonly Ranked[],
  { fusion, alpha, rrfK }: FusionParameters,
): Ranked[] {
  const scores = new Map<string, number>();
  const add = (id: string, value: number) => scores.set(id, (scores.get(id) ?? 0) + value);
  if (fusion === 'rrf') {
    vector.forEach((hit, i) => add(hit.id, (2 * alpha) / (rrfK + i + 1)));
    text.forEach((hit, i) => add(hit.id, (2 * (1 - alpha)) / (rrfK + i + 1)));
  } else {
    // Distances: smaller is better, so the vector leg's are negated before scaling.
    scaled(vector.map((hit) => ({ id: hit.id, score: -hit.score }))).forEach((hit) =>
      add(hit.id, alpha * hit.score),
    );
    scaled(text).forEach((hit) => add(hit.id, (1 - alpha) * hit.score));
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Scores brought to 0..1 over the list: the best 1, the worst 0; all 1 when they are equal. */
function scaled(hits: readonly Ranked[]): Ranked[] {
  if (hits.length === 0) return [];
  const values = hits.map((hit) => hit.score);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return hits.map((hit) => ({ id: hit.id, score: max === min ? 1 : (hit.score - min) / (max - min) }));
}
