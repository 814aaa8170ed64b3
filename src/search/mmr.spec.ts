import { cosineSimilarity, maximalMarginalRelevance } from './mmr';

describe('maximalMarginalRelevance', () => {
  const query = [1, 0];
  // Two near-duplicates close to the query, and one further away in another direction.
  const candidates = [
    [0.99, 0.1],
    [0.98, 0.12],
    [0.6, -0.8],
  ];

  it('with lambda 1 is plain relevance order', async () => {
    expect(await maximalMarginalRelevance(query, candidates, 3, 1)).toEqual([0, 1, 2]);
  });

  it('with a low lambda prefers a diverse candidate over a near-duplicate', async () => {
    expect(await maximalMarginalRelevance(query, candidates, 2, 0.5)).toEqual([0, 2]);
  });

  it('selects min(k, candidates) and nothing for k 0', async () => {
    expect(await maximalMarginalRelevance(query, candidates, 10, 0.5)).toHaveLength(3);
    expect(await maximalMarginalRelevance(query, candidates, 0, 0.5)).toEqual([]);
    expect(await maximalMarginalRelevance(query, [], 3, 0.5)).toEqual([]);
  });

  it('matches a direct transcription of the MMR formula', async () => {
    const random = mulberry32(7);
    const vectors = Array.from({ length: 40 }, () => Array.from({ length: 8 }, () => random() - 0.5));
    const q = Array.from({ length: 8 }, () => random() - 0.5);
    for (const lambda of [0, 0.25, 0.5, 0.9]) {
      expect(await maximalMarginalRelevance(q, vectors, 10, lambda)).toEqual(
        reference(q, vectors, 10, lambda),
      );
    }
  });

  it('lets other work run while it computes a large selection', async () => {
    const random = mulberry32(3);
    const vectors = Array.from({ length: 1000 }, () => Array.from({ length: 64 }, () => random()));
    let otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const picked = await maximalMarginalRelevance(vectors[0], vectors, 200, 0.5);
    expect(picked).toHaveLength(200);
    expect(otherWorkRan).toBe(true);
  });

  it('treats a zero vector as similar to nothing and survives a NaN lambda', async () => {
    expect(cosineSimilarity([0, 0], [1, 0])).toBe(0);
    expect(await maximalMarginalRelevance(query, candidates, 3, Number.NaN)).toHaveLength(3);
  });
});

function reference(q: number[], docs: number[][], k: number, lambda: number): number[] {
  const selected: number[] = [];
  while (selected.length < Math.min(k, docs.length)) {
    let best = -1;
    let bestScore = -Infinity;
    docs.forEach((d, i) => {
      if (selected.includes(i)) return;
      const redundancy =
        selected.length === 0 ? 0 : Math.max(...selected.map((s) => cosineSimilarity(d, docs[s])));
      const score =
        selected.length === 0
          ? cosineSimilarity(q, d)
          : lambda * cosineSimilarity(q, d) - (1 - lambda) * redundancy;
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    selected.push(best);
  }
  return selected;
}

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
