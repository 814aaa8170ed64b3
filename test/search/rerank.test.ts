/**
 * Rerankers through the real HTTP stack, on each database, against a stub that answers
 * as Cohere's /v1/rerank and as Text Embeddings Inference's /rerank do: the registry
 * (admin writes, any key reads, the address and the API key kept back), the probe, a
 * search reranked in batches with the reranker's relevance as its score, a pipeline's
 * default reranker, and failures worded for admins and for the others.
 */
import { RerankStub, startRerankStub } from '../support/rerank-stub';
import { describeEachDatabase } from '../support/suite';
import { addDocuments, createPipeline, search, unique } from './helpers';
import { createKey } from '../support/records';

const TEXTS = [
  'Refunds for annual plans are prorated; ask support within thirty days.',
  'Invoices are generated on the first day of each month.',
  'A refund needs a ticket number and the reason for the refund.',
  'To reset a password, open Settings and choose Security.',
  'Support answers refund questions within one business day.',
  'Our offices are closed on public holidays.',
];

describeEachDatabase('rerankers', (fixture) => {
  const api = () => fixture().api;
  let stub: RerankStub;
  let pipeline: any;
  let cohere: any;
  let tei: any;

  beforeAll(async () => {
    stub = await startRerankStub();
    pipeline = await createPipeline(api(), { classifications: ['public'] });
    await addDocuments(
      api(),
      pipeline.id,
      TEXTS.map((content) => ({ content, classification: 'public' })),
    );
    const created = await api().post('/rerankers', {
      name: unique('cohere'),
      provider: 'cohere',
      endpoint: stub.cohereUrl,
      model: 'rerank-english-v3.0',
      api_key: 'sk-rerank-secret',
      parameters: { batch_size: 2 },
    });
    expect(created.status).toBe(201);
    cohere = created.body;
    tei = (await api().post('/rerankers', { name: unique('tei'), provider: 'tei', endpoint: stub.teiUrl }))
      .body;
  });
  afterAll(() => stub.close());

  it('keeps the API key and, from keys other than admin keys, the address', async () => {
    expect(cohere).toMatchObject({
      provider: 'cohere',
      endpoint: stub.cohereUrl,
      model: 'rerank-english-v3.0',
      has_api_key: true,
      parameters: { timeout_ms: 30000, batch_size: 2 },
    });
    expect(JSON.stringify(cohere)).not.toContain('sk-rerank-secret');
    const reader = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 5 }]));
    const seen = await reader.get(`/rerankers/${cohere.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.endpoint).toBe('[endpoint]');
    const listed = await reader.get('/rerankers?limit=100');
    expect(listed.body.data.map((r: any) => r.endpoint)).not.toContain(stub.cohereUrl);
    expect(
      (await reader.post('/rerankers', { name: 'x', provider: 'tei', endpoint: stub.teiUrl })).status,
    ).toBe(403);
    expect((await reader.post(`/rerankers/${tei.id}/test`)).status).toBe(403);
    expect((await reader.delete(`/rerankers/${tei.id}`)).status).toBe(403);
  });

  it('probes a reranker: the passage that answers first', async () => {
    for (const reranker of [cohere, tei]) {
      const probe = await api().post(`/rerankers/${reranker.id}/test`);
      expect(probe.status).toBe(200);
      expect(probe.body.ok).toBe(true);
      expect(probe.body.scores[0]).toBeGreaterThan(probe.body.scores[1]);
    }
    const sent = stub.requests.find((r) => r.path === '/v1/rerank')!;
    expect(sent.headers.authorization).toBe('Bearer sk-rerank-secret');
    expect(sent.body.model).toBe('rerank-english-v3.0');
  });

  it("reranks a search's candidates in batches, scored by the reranker's relevance", async () => {
    const query = 'refund ticket reason';
    for (const reranker of [cohere, tei]) {
      stub.requests.length = 0;
      const first = await search(api(), pipeline.id, {
        type: 'similarity',
        query,
        classifications: 'public',
        params: { k: 5 },
      });
      const reranked = await search(api(), pipeline.id, {
        type: 'similarity',
        query,
        classifications: 'public',
        params: { k: 3 },
        rerank: { reranker_id: reranker.id, candidates: 5 },
      });
      expect(reranked.status).toBe(200);
      const expected = first.body
        .map((f: any) => ({ id: f.id, score: stub.relevance(query, f.page_content) }))
        .sort((a: any, b: any) => b.score - a.score)
        .slice(0, 3);
      expect(reranked.body.map((f: any) => f.id)).toEqual(expected.map((e: any) => e.id));
      reranked.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(expected[i].score, 12));
      expect(reranked.body[0].page_content).toBe(TEXTS[2]);
      // Five candidates: three batches of two for the cohere reranker, one for TEI's default 32.
      expect(stub.requests).toHaveLength(reranker === cohere ? 3 : 1);
    }
    const hybrid = await search(api(), pipeline.id, {
      type: 'hybrid',
      query,
      classifications: 'public',
      params: { k: 2 },
      rerank: { reranker_id: tei.id },
    });
    expect(hybrid.body[0].page_content).toBe(TEXTS[2]);
  });

  it('refuses an unknown reranker or too many candidates, and words a failing endpoint per key', async () => {
    const body = { type: 'search', query: 'refund', classifications: 'public', params: { k: 2 } };
    const unknown = await search(api(), pipeline.id, {
      ...body,
      rerank: { reranker_id: '01900000-0000-7000-8000-00000000dead' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe(
      'rerank.reranker_id: there is no reranker 01900000-0000-7000-8000-00000000dead',
    );
    const many = await search(api(), pipeline.id, {
      ...body,
      rerank: { reranker_id: tei.id, candidates: 100000 },
    });
    expect(many.status).toBe(422);

    stub.failNext(400);
    const failed = await search(api(), pipeline.id, { ...body, rerank: { reranker_id: tei.id } });
    expect(failed.status).toBe(502);
    expect(failed.body.detail).toBe(`Reranker endpoint ${stub.teiUrl} answered 400: model is loading`);
    const reader = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 5 }]));
    stub.failNext(400);
    const hidden = await search(reader, pipeline.id, { ...body, rerank: { reranker_id: tei.id } });
    expect(hidden.status).toBe(502);
    expect(hidden.body.detail).toBe(
      `Reranker endpoint of reranker '${tei.name}' answered 400: model is loading`,
    );

    const metrics = await (await fetch(`${fixture().trove.url}/metrics`)).text();
    expect(metrics).toMatch(/^trove_rerank_duration_seconds_count\{provider="tei"\} [1-9]/m);
  });

  it("names a pipeline's default reranker, which cannot be deleted while it does", async () => {
    const missing = await api().post('/pipelines', {
      name: unique('p'),
      default_reranker_id: '01900000-0000-7000-8000-00000000dead',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toBe(
      'default_reranker_id: there is no reranker 01900000-0000-7000-8000-00000000dead',
    );
    const named = await createPipeline(api(), { default_reranker_id: tei.id });
    expect(named.default_reranker_id).toBe(tei.id);
    const refused = await api().delete(`/rerankers/${tei.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(`'${named.name}'`);
    expect((await api().patch(`/pipelines/${named.id}`, { default_reranker_id: null })).status).toBe(200);
    const other = (
      await api().post('/rerankers', { name: unique('gone'), provider: 'tei', endpoint: stub.teiUrl })
    ).body;
    expect((await api().delete(`/rerankers/${other.id}`)).status).toBe(204);
    expect((await api().get(`/rerankers/${other.id}`)).status).toBe(404);
  });
});
