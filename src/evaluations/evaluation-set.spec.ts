import {
  idealGrades,
  Judgements,
  percentile,
  QueryOutcome,
  rankDocuments,
  scoreRanking,
  summarize,
} from './evaluation-set';

const hit = (id: string, documentId: string) => ({ id, documentId });

describe('scoring an evaluation at the document level', () => {
  const judgements: Judgements = {
    // d1 relevant as a document (grade 1); d2 through its fragment f2b only (grade 3).
    documents: new Map([['d1', 1]]),
    fragments: new Map([['f2b', { documentId: 'd2', grade: 3 }]]),
  };

  it('counts a document once, at its best fragment, graded by what its returned fragments meet', () => {
    const ranked = rankDocuments(
      [hit('f1a', 'd1'), hit('f2a', 'd2'), hit('f1b', 'd1'), hit('f3', 'd3'), hit('f2b', 'd2')],
      judgements,
      new Map([['d1', 'one']]),
    );
    expect(ranked).toEqual([
      { document_id: 'd1', external_id: 'one', grade: 1, fragment_ids: ['f1a', 'f1b'] },
      { document_id: 'd2', external_id: null, grade: 3, fragment_ids: ['f2a', 'f2b'] },
      { document_id: 'd3', external_id: null, grade: 0, fragment_ids: ['f3'] },
    ]);
    // d2 returned without its judged fragment is no answer.
    expect(rankDocuments([hit('f2a', 'd2')], judgements, new Map())[0].grade).toBe(0);
  });

  it('scores against the ideal order of every judged document at its best grade', () => {
    expect(idealGrades(judgements).sort()).toEqual([1, 3]);
    const ranked = rankDocuments([hit('f3', 'd3'), hit('f1a', 'd1')], judgements, new Map());
    const m = scoreRanking(ranked, judgements, 2);
    // DCG = 0 + 1/log2(3); ideal = 3/log2(2) + 1/log2(3)
    expect(m.ndcg_at_k).toBeCloseTo(1 / Math.log2(3) / (3 + 1 / Math.log2(3)), 12);
    expect(m).toMatchObject({ hit_at_k: 1, recall_at_k: 0.5, precision_at_k: 0.5, mrr_at_k: 0.5 });
  });

  it('takes nearest-rank percentiles', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 0.5)).toBe(5);
    expect(percentile(sorted, 0.95)).toBe(10);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });

  it('summarizes each search over the queries, or says why it failed', () => {
    const metrics = (v: number) => ({
      hit_at_k: v,
      recall_at_k: v,
      precision_at_k: v,
      mrr_at_k: v,
      ndcg_at_k: v,
    });
    const outcomes: QueryOutcome[] = [
      {
        unknown: [],
        searches: [
          { ms: 10, metrics: metrics(1), ranked: [] },
          { ms: 3, metrics: metrics(0), ranked: [] },
        ],
      },
      {
        unknown: [],
        searches: [{ ms: 30, metrics: metrics(0), ranked: [] }, { error: 'query q2: it broke' }],
      },
      { unknown: [], searches: [{ ms: 20, metrics: metrics(0.5), ranked: [] }, { skipped: true }] },
    ];
    expect(summarize(['a', 'b'], outcomes)).toEqual([
      { label: 'a', metrics: metrics(0.5), latency_ms: { p50: 20, p95: 30 }, error: null },
      { label: 'b', metrics: null, latency_ms: null, error: 'query q2: it broke' },
    ]);
  });
});
