import { missedBounds, parseBound, resultTable, SearchResult } from './eval-report';
import { UsageError } from './pipeline-lookup';

const metrics = (ndcg: number) => ({
  hit_at_k: 1,
  recall_at_k: 0.5,
  precision_at_k: 0.1,
  mrr_at_k: 0.75,
  ndcg_at_k: ndcg,
});
const results: SearchResult[] = [
  { label: 'similarity', metrics: metrics(0.5), latency_ms: { p50: 3, p95: 9 }, error: null },
  { label: 'hybrid: rrf', metrics: metrics(0.7), latency_ms: { p50: 5, p95: 8 }, error: null },
  { label: 'broken', metrics: null, latency_ms: null, error: 'query q1: it failed' },
];

describe('trove eval report', () => {
  it('reads bounds, with or without a label (which may hold colons)', () => {
    expect(parseBound('ndcg_at_k=0.6')).toEqual({ label: null, metric: 'ndcg_at_k', value: 0.6 });
    expect(parseBound('hybrid: rrf:mrr=0.5')).toEqual({
      label: 'hybrid: rrf',
      metric: 'mrr_at_k',
      value: 0.5,
    });
    for (const bad of ['ndcg', 'ndcg=', 'map=0.5', '=1', 'ndcg=x'])
      expect(() => parseBound(bad)).toThrow(UsageError);
  });

  it('misses a bound of every search, or of the one named; a failed search misses any', () => {
    expect(missedBounds(results.slice(0, 2), [parseBound('ndcg=0.6')])).toEqual([
      'ndcg_at_k of similarity is 0.5000, below 0.6',
    ]);
    expect(missedBounds(results, [parseBound('hybrid: rrf:ndcg=0.6')])).toEqual([]);
    expect(missedBounds(results, [parseBound('broken:hit=0')])).toEqual([
      'broken failed, so its hit_at_k is not 0 or more',
    ]);
    expect(() => missedBounds(results, [parseBound('bm25:ndcg=0.6')])).toThrow(
      /no search is labelled 'bm25'/,
    );
  });

  it('marks the best of each column', () => {
    const table = resultTable(results, 10).split('\n');
    expect(table[0]).toMatch(
      /^search\s+hit@10\s+recall@10\s+precision@10\s+MRR@10\s+nDCG@10\s+p50 ms\s+p95 ms$/,
    );
    expect(table[1]).toMatch(/^similarity .* 0\.500  .* 3\.0 \* .* 9\.0  $/);
    expect(table[2]).toMatch(/0\.700 \* .* 5\.0  .* 8\.0 \*$/);
    expect(table[3]).toMatch(/^broken\s+-\s+-/);
    expect(table[4]).toBe('broken failed: query q1: it failed');
  });
});
