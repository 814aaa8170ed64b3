/**
 * Maximal marginal relevance (Carbonell & Goldstein, 1998), as LangChain's vector
 * stores compute it: start with the candidate most similar to the query, then
 * repeatedly add the candidate maximising
 *     lambda * sim(query, d) - (1 - lambda) * max over selected s of sim(d, s)
 * with cosine similarity, until k are selected. Ties go to the earlier candidate
 * (candidates arrive nearest first).
 *
 * The work is k × candidates similarities (1,000 × 1,000 of 384 dimensions is half
 * a second), so the loop hands the event loop back every few milliseconds rather
 * than hold every other request for that long.
 */

/** Multiply-adds between two yields to the event loop (a few milliseconds' work). */
const WORK_PER_SLICE = 2_000_000;

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  // A zero vector is similar to nothing (LangChain would divide by zero here).
  if (na === 0 || nb === 0) return 0;
  return dot / (Math.sqrt(na) * Math.sqrt(nb));
}

/** Indexes of the selected candidates, in selection order. */
export async function maximalMarginalRelevance(
  query: ArrayLike<number>,
  candidates: ArrayLike<number>[],
  k: number,
  lambda: number,
): Promise<number[]> {
  const limit = Math.min(k, candidates.length);
  if (limit <= 0) return [];
  const relevance = candidates.map((c) => cosineSimilarity(query, c));
  // The highest similarity to any selected candidate so far, updated as each is added.
  const redundancy = new Array<number>(candidates.length).fill(-Infinity);
  const selected: number[] = [];
  const taken = new Array<boolean>(candidates.length).fill(false);

  let first = 0;
  for (let i = 1; i < candidates.length; i++) if (relevance[i] > relevance[first]) first = i;
  const add = (index: number) => {
    selected.push(index);
    taken[index] = true;
    for (let i = 0; i < candidates.length; i++) {
      if (!taken[i])
        redundancy[i] = Math.max(redundancy[i], cosineSimilarity(candidates[i], candidates[index]));
    }
  };
  add(first);
  const stepWork = candidates.length * (query.length || 1);
  let work = stepWork;
  while (selected.length < limit) {
    if (work >= WORK_PER_SLICE) {
      await new Promise((resolve) => setImmediate(resolve));
      work = 0;
    }
    work += stepWork;
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < candidates.length; i++) {
      if (taken[i]) continue;
      const score = lambda * relevance[i] - (1 - lambda) * redundancy[i];
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    // A NaN score (a NaN lambda) must not stall the loop: fall back to the nearest left.
    add(best >= 0 ? best : taken.indexOf(false));
  }
  return selected;
}
