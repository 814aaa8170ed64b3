/**
 * Hybrid search through the real HTTP stack, on each database: the fused answer is
 * the fusion, computed here, of the two searches REST answers on their own (similarity
 * and BM25, each with as many candidates); classifications, allow-lists and filters
 * narrow both legs; a pipeline that lacks a leg is refused with the fix named.
 */
import { DEFAULT_FUSION, fuse, FusionParameters } from '../../src/search/fusion';
import { describeEachDatabase } from '../support/suite';
import { addDocuments, createPipeline, search } from './helpers';
import { createKey } from '../support/records';

const CORPUS = [
  ['public', 'billing', 'Refunds for annual plans are prorated; ask support within thirty days.'],
  ['public', 'billing', 'Invoices are generated on the first day of each month.'],
  ['internal', 'billing', 'Agents record the refund reason in the ticket before approving a refund.'],
  ['internal', 'support', 'Escalate a disputed refund to the billing team.'],
  ['public', 'accounts', 'To reset a password, open Settings and choose Security.'],
  ['internal', 'accounts', 'Single sign-on replaces passwords for staff accounts.'],
  ['public', 'support', 'Our support team answers within one business day.'],
] as const;

describeEachDatabase('hybrid search', (fixture) => {
  const api = () => fixture().api;
  let pipeline: any;

  /** The two legs as REST answers them alone, fused here. */
  const expected = async (
    body: Record<string, unknown>,
    k: number,
    candidates: number,
    fusion: FusionParameters,
  ) => {
    const leg = async (type: string) => {
      const response = await search(api(), pipeline.id, { ...body, type, params: { k: candidates } });
      expect(response.status).toBe(200);
      return response.body.map((f: any) => ({ id: f.id, score: f.score }));
    };
    return fuse(await leg('similarity'), await leg('search'), fusion).slice(0, k);
  };

  beforeAll(async () => {
    pipeline = await createPipeline(api(), { classifications: ['public', 'internal'] });
    await addDocuments(
      api(),
      pipeline.id,
      CORPUS.map(([classification, product, content]) => ({
        classification,
        content,
        metadata: { product },
      })),
    );
  });

  it('fuses the two legs by reciprocal rank, or by weighted scaled scores', async () => {
    const body = { query: 'how do I get a refund', classifications: ['internal'] };
    const rrf = await search(api(), pipeline.id, {
      ...body,
      type: 'hybrid',
      params: { k: 4, candidates: 6 },
    });
    expect(rrf.status).toBe(200);
    const want = await expected(body, 4, 6, DEFAULT_FUSION);
    expect(rrf.body.map((f: any) => f.id)).toEqual(want.map((h) => h.id));
    rrf.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(want[i].score, 12));
    expect(rrf.body[0].page_content).toMatch(/refund/i);

    const weighted = await search(api(), pipeline.id, {
      ...body,
      type: 'hybrid',
      params: { k: 5, candidates: 7, fusion: 'weighted', alpha: 0.3 },
    });
    const wantWeighted = await expected(body, 5, 7, { ...DEFAULT_FUSION, fusion: 'weighted', alpha: 0.3 });
    expect(weighted.body.map((f: any) => f.id)).toEqual(wantWeighted.map((h) => h.id));
    weighted.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(wantWeighted[i].score, 12));
  });

  it('narrows both legs by classifications, the key allow-list and the metadata filter', async () => {
    const publicOnly = await search(api(), pipeline.id, {
      type: 'hybrid',
      query: 'refund',
      classifications: { values: ['public'], match: 'exact' },
      params: { k: 10 },
    });
    expect(publicOnly.body.length).toBeGreaterThan(0);
    expect(publicOnly.body.every((f: any) => f.classification === 'public')).toBe(true);

    const narrowKey = api().as(
      await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 5, classifications: ['public'] }]),
    );
    const narrowed = await search(narrowKey, pipeline.id, {
      type: 'hybrid',
      query: 'refund ticket',
      classifications: ['internal'],
      params: { k: 10 },
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.every((f: any) => f.classification === 'public')).toBe(true);

    const filtered = await search(api(), pipeline.id, {
      type: 'hybrid',
      query: 'refund',
      classifications: ['internal'],
      filters: { product: 'support' },
      params: { k: 10 },
    });
    expect(filtered.body.length).toBeGreaterThan(0);
    expect(filtered.body.every((f: any) => f.metadata.product === 'support')).toBe(true);
  });

  it('refuses a pipeline without full text or without a model, naming the fix, and parameters of other types', async () => {
    const vectorsOnly = await createPipeline(api(), { classifications: ['public'], full_text_search: false });
    const noText = await search(api(), vectorsOnly.id, {
      type: 'hybrid',
      query: 'refund',
      classifications: 'public',
    });
    expect(noText.status).toBe(501);
    expect(noText.body.detail).toContain(`PATCH /pipelines/${vectorsOnly.id} {"full_text_search": true}`);

    const textOnly = await createPipeline(api(), { classifications: ['public'], embedding_model_ids: [] });
    const noModel = await search(api(), textOnly.id, {
      type: 'hybrid',
      query: 'refund',
      classifications: 'public',
    });
    expect(noModel.status).toBe(422);
    expect(noModel.body.detail).toContain('Hybrid search needs an embedding model');

    const wrong = await search(api(), pipeline.id, {
      type: 'hybrid',
      query: 'refund',
      classifications: 'public',
      params: { k: 2, fetch_k: 4 },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toBe(
      'params.fetch_k: not a parameter of type hybrid; expected embedding, k, fusion, alpha, rrf_k, candidates',
    );
    const alpha = await search(api(), pipeline.id, {
      type: 'hybrid',
      query: 'refund',
      classifications: 'public',
      params: { k: 2, alpha: 2 },
    });
    expect(alpha.status).toBe(422);
    expect(alpha.body.detail).toBe('params.alpha: must be a number from 0 to 1');
  });
});
