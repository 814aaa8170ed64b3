import { meanMetrics, metricsAt } from './metrics';

describe('retrieval metrics', () => {
  it('computes each metric of a ranking with graded judgements by hand', () => {
    // Relevant: a (grade 2), b (1), c (1); the ranking finds b at 2 and a at 4 of 5.
    const relevant = new Map([
      ['a', 2],
      ['b', 1],
      ['c', 1],
    ]);
    const m = metricsAt(['x', 'b', 'y', 'a', 'z'], relevant, 5);
    expect(m.hit_at_k).toBe(1);
    expect(m.recall_at_k).toBeCloseTo(2 / 3, 12);
    expect(m.precision_at_k).toBeCloseTo(2 / 5, 12);
    expect(m.mrr_at_k).toBeCloseTo(1 / 2, 12);
    // DCG = 1/log2(3) + 2/log2(5); ideal = 2/log2(2) + 1/log2(3) + 1/log2(4)
    const dcg = 1 / Math.log2(3) + 2 / Math.log2(5);
    const ideal = 2 + 1 / Math.log2(3) + 1 / 2;
    expect(m.ndcg_at_k).toBeCloseTo(dcg / ideal, 12);
  });

  it('cuts at k, counts a repeated id once, and scores a miss 0', () => {
    const relevant = new Map([['a', 1]]);
    expect(metricsAt(['x', 'x', 'a'], relevant, 2)).toEqual({
      hit_at_k: 1,
      recall_at_k: 1,
      precision_at_k: 0.5,
      mrr_at_k: 0.5,
      ndcg_at_k: 1 / Math.log2(3),
    });
    expect(metricsAt(['x', 'y', 'a'], relevant, 2)).toEqual({
      hit_at_k: 0,
      recall_at_k: 0,
      precision_at_k: 0,
      mrr_at_k: 0,
      ndcg_at_k: 0,
    });
    // precision keeps k in the denominator when fewer were returned.
    expect(metricsAt(['a'], relevant, 10).precision_at_k).toBeCloseTo(0.1, 12);
  });

  it('averages over queries', () => {
    const one = metricsAt(['a'], new Map([['a', 1]]), 10);
    const none = metricsAt(['b'], new Map([['a', 1]]), 10);
    expect(meanMetrics([one, none]).mrr_at_k).toBe(0.5);
    expect(meanMetrics([]).ndcg_at_k).toBe(0);
  });
});
