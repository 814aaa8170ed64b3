/**
 * Retrieval quality on real text, so that a change that ranks worse fails the suite:
 * the man-pages known-item collection (bench/man-pages.ts, the first PAGES pages by
 * name; Debian's `manpages` and `manpages-dev`, which .ci/run installs) loaded into
 * Trove, each search type scored (bench/quality.ts), beside a textbook BM25 computed
 * here over the same fragments and lexemes. The figures are deterministic for a
 * given set of pages; `npm run bench:quality` prints them for the whole collection
 * (docs/benchmarks.md).
 */
import {
  evaluateSearch,
  evaluateTsRank,
  fragmentsOf,
  K,
  loadCollection,
  textbookBm25,
} from '../../bench/quality';
import { manPages } from '../../bench/man-pages';
import { describeEachDatabase } from '../support/suite';
import { lexemesOf } from './helpers';

const PAGES = 200;

describeEachDatabase('retrieval quality on the man pages', (fixture) => {
  const api = () => {
    const client = fixture().api;
    const body = (response: { status: number; body: unknown; text: string }) => {
      if (response.status >= 300) throw new Error(`${response.status} ${response.text}`);
      return response.body;
    };
    return {
      post: async (route: string, payload: unknown) => body(await client.post(route, payload)),
      patch: async (route: string, payload: unknown) => body(await client.patch(route, payload)),
      get: async (route: string) => body(await client.get(route)),
    };
  };

  it('ranks by BM25 as the textbook does, finds something for every query, and hybrid gains on both legs', async () => {
    const pages = manPages(PAGES);
    expect(pages).toHaveLength(PAGES);
    const collection = await loadCollection(api(), pages, `man-pages-${Date.now()}`);
    const run = (body: Record<string, unknown>) =>
      evaluateSearch(api(), collection, {
        classifications: 'public',
        ...body,
        params: { k: K, ...(body.params as object) },
      });

    const bm25 = await run({ type: 'search' });
    const textbook = await textbookBm25(await fragmentsOf(api(), collection), collection.queries, (texts) =>
      lexemesOf(texts),
    );
    expect(Math.abs(bm25.metrics.mrr_at_k - textbook.metrics.mrr_at_k)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(bm25.metrics.hit_at_k - textbook.metrics.hit_at_k)).toBeLessThanOrEqual(0.01);
    expect(bm25.empty).toBeLessThanOrEqual(0.02);

    // What full text ranked before BM25: every word required, ts_rank.
    const tsRank = await evaluateTsRank(api(), collection);
    expect(tsRank.empty).toBeGreaterThan(0.2);
    expect(bm25.metrics.mrr_at_k).toBeGreaterThan(tsRank.metrics.mrr_at_k + 0.1);

    const similarity = await run({ type: 'similarity' });
    const hybrid = await run({ type: 'hybrid', params: { fusion: 'weighted', alpha: 0.3 } });
    for (const metric of ['hit_at_k', 'mrr_at_k', 'ndcg_at_k'] as const) {
      expect(hybrid.metrics[metric]).toBeGreaterThan(
        Math.max(bm25.metrics[metric], similarity.metrics[metric]),
      );
    }
  });
});
