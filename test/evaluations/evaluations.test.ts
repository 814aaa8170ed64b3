/**
 * Evaluations through the HTTP stack, on each database: a labelled set built by hand so
 * that each search type finds other documents (a query of stop words only full text
 * cannot answer; a word that only one long page holds, where the hashing model prefers a
 * short page that merely looks alike), scored as computed here by hand; a key limited
 * to `public` that evaluates a set whose answers are `internal` (it scores 0 and its
 * answers are the same as for ids that name nothing); the refusals and bounds; the job
 * in GET /jobs and the trove_evaluation_metric gauges (which the permission matrix
 * checks are not on the public /metrics by default); and, across restarts, a worker
 * killed mid-evaluation whose job another process resumes after the last stored query,
 * and an evaluation deleted before it ran.
 */
import { randomUUID } from 'node:crypto';
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { waitForJob } from '../support/jobs';
import { counterValue } from '../support/metrics';
import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';
import { addDocuments, createPipeline, unique } from '../search/helpers';
import { createKey } from '../support/records';

const FAST = { TROVE_JOBS_POLL_MS: '100' };

const DOCUMENTS = [
  { external_id: 'hamlet', classification: 'public', content: 'To be, or not to be, that is the question.' },
  {
    external_id: 'zoo',
    classification: 'public',
    content:
      'The city zoo opened a new enclosure on Monday. Visitors watched lions, giraffes, elephants and one zebra ' +
      'near the lake, while keepers fed the otters in the afternoon and children queued for ice cream at the gate.',
  },
  { external_id: 'zebu', classification: 'public', content: 'Zebu, zebus and zeb.' },
  { external_id: 'refunds', classification: 'public', content: 'Refunds for annual plans are prorated.' },
  {
    external_id: 'invoices',
    classification: 'internal',
    content: 'Invoices are generated on the first day of each month.',
  },
];

const SEARCHES = [{ type: 'similarity' }, { type: 'search' }, { type: 'hybrid' }];

/** Starts an evaluation (202) and waits for its job; answers the evaluation as GET then shows it. */
async function evaluate(api: Api, pipelineId: string, body: Record<string, unknown>): Promise<any> {
  const created = await api.post(`/pipelines/${pipelineId}/evaluations`, {
    name: unique('evaluation'),
    ...body,
  });
  if (created.status !== 202) throw new Error(`evaluation: ${created.status} ${created.text}`);
  await waitForJob(api, created.body.job_id);
  return (await api.get(`/pipelines/${pipelineId}/evaluations/${created.body.id}`)).body;
}

const metrics = (hit: number, recall: number, precision: number, mrr: number, ndcg: number) => ({
  hit_at_k: hit,
  recall_at_k: recall,
  precision_at_k: precision,
  mrr_at_k: mrr,
  ndcg_at_k: ndcg,
});
const closeTo = (expected: Record<string, number>) =>
  Object.fromEntries(Object.entries(expected).map(([name, value]) => [name, expect.closeTo(value, 10)]));

describeEachDatabase(
  'evaluations',
  (fixture) => {
    const api = () => fixture().api;
    let pipeline: any;
    let docs: Record<string, any>;
    let fragmentOf: (externalId: string) => Promise<string>;
    beforeAll(async () => {
      pipeline = await createPipeline(api(), {
        classifications: ['public', 'internal'],
        hierarchy: [['internal', 'public']],
        full_text_search: true,
      });
      const stored = await addDocuments(api(), pipeline.id, DOCUMENTS);
      docs = Object.fromEntries(stored.map((doc: any) => [doc.external_id, doc]));
      fragmentOf = async (externalId) =>
        (await api().get(`/pipelines/${pipeline.id}/documents/${docs[externalId].id}/fragments`)).body.data[0]
          .id;
    });

    it('scores each search on a set whose answers are known, as computed by hand', async () => {
      const evaluation = await evaluate(api(), pipeline.id, {
        k: 3,
        classifications: ['public', 'internal'],
        queries: [
          { id: 'stop-words', query: 'to be or not to be', relevant: [{ external_id: 'hamlet' }] },
          { id: 'zebra', query: 'zebra', relevant: [{ external_id: 'zoo', grade: 2 }] },
          {
            id: 'refunds',
            query: 'refunds',
            relevant: [{ fragment_id: await fragmentOf('refunds') }, { external_id: 'no-such-page' }],
          },
          { id: 'invoices', query: 'monthly invoices', relevant: [{ document_id: docs.invoices.id }] },
        ],
        searches: SEARCHES,
      });
      expect(evaluation).toMatchObject({
        status: 'done',
        progress: { done: 4, total: 4 },
        error: null,
        k: 3,
      });
      expect(evaluation.labels).toEqual(['similarity', 'search', 'hybrid (rrf)']);
      const [similarity, search, hybrid] = evaluation.results;

      // Similarity (the hashing model) finds hamlet, refunds and invoices first; for "zebra" it
      // prefers the short zebu page and the refunds page, and finds the zoo third:
      // MRR 1/3, nDCG (2 / log2 4) / (2 / log2 2) = 0.5.
      const ranked = (result: any, id: string) =>
        result.queries.find((q: any) => q.id === id).ranked.map((doc: any) => doc.external_id);
      expect(ranked(similarity, 'zebra')).toEqual(['zebu', 'refunds', 'zoo']);
      expect(similarity.queries.find((q: any) => q.id === 'zebra').metrics).toEqual(
        closeTo(metrics(1, 1, 1 / 3, 1 / 3, 0.5)),
      );
      expect(similarity.metrics).toEqual(closeTo(metrics(1, 1, 1 / 3, (1 + 1 / 3 + 1 + 1) / 4, 3.5 / 4)));

      // Full text has nothing for a query of stop words, and the one page holding "zebra" first.
      expect(ranked(search, 'stop-words')).toEqual([]);
      expect(ranked(search, 'zebra')).toEqual(['zoo']);
      expect(search.metrics).toEqual(closeTo(metrics(0.75, 0.75, 0.25, 0.75, 0.75)));

      // Hybrid has the best of both: every answer first.
      expect(hybrid.metrics).toEqual(closeTo(metrics(1, 1, 1 / 3, 1, 1)));
      expect(ranked(hybrid, 'zebra')[0]).toBe('zoo');

      // Each result says the body it ran, its latency, and per query the documents found.
      expect(similarity.search).toEqual({
        type: 'similarity',
        classifications: ['public', 'internal'],
        params: { k: 3 },
      });
      for (const result of evaluation.results) {
        expect(result.error).toBeNull();
        expect(result.latency_ms.p95).toBeGreaterThanOrEqual(result.latency_ms.p50);
        expect(result.latency_ms.p50).toBeGreaterThan(0);
      }
      const zoo = similarity.queries.find((q: any) => q.id === 'zebra').ranked[2];
      expect(zoo).toEqual({
        document_id: docs.zoo.id,
        external_id: 'zoo',
        grade: 2,
        fragment_ids: [await fragmentOf('zoo')],
      });
      // An unknown relevant id is reported with its query, and counts for nothing.
      expect(evaluation.queries.map((q: any) => q.unknown_relevant)).toEqual([
        [],
        [],
        [{ external_id: 'no-such-page', grade: 1 }],
        [],
      ]);

      // One query with the passages each search returned.
      const detail = (await api().get(`/pipelines/${pipeline.id}/evaluations/${evaluation.id}/queries/1`))
        .body;
      expect(detail).toMatchObject({ position: 1, id: 'zebra', query: 'zebra' });
      expect(detail.results[1].ranked[0].passages).toEqual([
        { fragment_id: await fragmentOf('zoo'), text: DOCUMENTS[1].content },
      ]);

      // The job is listed with the others; the gauges show the last finished evaluation.
      const job = (await api().get(`/jobs/${evaluation.job_id}`)).body;
      expect(job).toMatchObject({ kind: 'evaluation', state: 'succeeded', processed: 4, total: 4 });
      const gauge = (search: string, metric: string) =>
        counterValue(
          api(),
          'trove_evaluation_metric',
          `pipeline="${pipeline.name}",search="${search}",metric="${metric}"`,
        );
      await waitFor(
        'the gauges of the evaluation',
        async () => (await gauge('similarity', 'ndcg_at_k')) === 0.875,
      );
      expect(await gauge('search', 'hit_at_k')).toBe(0.75);
    });

    it('scores 0 for a public key whose answers are internal, and tells it nothing it cannot read', async () => {
      const publicKey = api().as(
        await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 5, classifications: ['public'] }]),
      );
      const invoicesFragment = await fragmentOf('invoices');
      const hidden = [
        { external_id: 'invoices' },
        { document_id: docs.invoices.id },
        { fragment_id: invoicesFragment },
      ];
      const unknown = [
        { external_id: 'no-such-page' },
        { document_id: randomUUID() },
        { fragment_id: randomUUID() },
      ];
      const evaluation = await evaluate(publicKey, pipeline.id, {
        k: 3,
        classifications: ['public', 'internal'],
        queries: [
          { id: 'hidden', query: 'monthly invoices', relevant: hidden },
          { id: 'unknown', query: 'monthly invoices', relevant: unknown },
        ],
        searches: SEARCHES,
      });
      expect(evaluation.status).toBe('done');
      for (const result of evaluation.results) {
        expect(result.metrics).toEqual(metrics(0, 0, 0, 0, 0));
        // The internal answers are as absent as ids that name nothing.
        const [a, b] = result.queries;
        expect({ ...a, id: 'x' }).toEqual({ ...b, id: 'x' });
      }
      expect(evaluation.queries.map((q: any) => q.unknown_relevant)).toEqual([
        hidden.map((item) => ({ ...item, grade: 1 })),
        unknown.map((item) => ({ ...item, grade: 1 })),
      ]);
      // Nothing of the internal document but what the key sent itself.
      const { queries: _sent, ...rest } = evaluation;
      const detail = (await publicKey.get(`/pipelines/${pipeline.id}/evaluations/${evaluation.id}/queries/0`))
        .body;
      const { relevant: _relevant, unknown_relevant: _unknown, ...detailRest } = detail;
      for (const answer of [JSON.stringify(rest), JSON.stringify(detailRest)]) {
        expect(answer).not.toContain(docs.invoices.id);
        expect(answer).not.toContain(invoicesFragment);
        expect(answer).not.toContain('Invoices are generated');
        expect(answer).not.toContain('"invoices"');
      }

      // An evaluation is its key's (and admins'): the public key sees no other.
      const own = (await publicKey.get(`/pipelines/${pipeline.id}/evaluations`)).body.data;
      expect(own.map((e: any) => e.id)).toEqual([evaluation.id]);
      const all = (await api().get(`/pipelines/${pipeline.id}/evaluations?limit=1000`)).body.data;
      expect(all.map((e: any) => e.id)).toContain(evaluation.id);
      const admins = all.find((e: any) => e.id !== evaluation.id);
      expect((await publicKey.get(`/pipelines/${pipeline.id}/evaluations/${admins.id}`)).status).toBe(404);
      expect((await publicKey.delete(`/pipelines/${pipeline.id}/evaluations/${admins.id}`)).status).toBe(404);
    });

    it('refuses a bad search as REST search does, naming it, and the bounds of the settings', async () => {
      const queries = [{ id: 'q', query: 'zebra', relevant: [{ external_id: 'zoo' }] }];
      const post = (body: Record<string, unknown>, as = api()) =>
        as.post(`/pipelines/${pipeline.id}/evaluations`, {
          name: 'refused',
          classifications: 'public',
          ...body,
        });
      const refused = await post({
        queries,
        searches: [
          { type: 'similarity' },
          { type: 'search' },
          { type: 'hybrid' },
          { type: 'similarity', params: { k: 'ten' } },
        ],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toBe('searches[3].params.k: must be an integer from 0 to 65535');
      expect((await post({ queries, searches: [{ type: 'history' }] })).body.detail).toBe(
        'searches[0]: History placeholder is not implemented yet',
      );
      const six = Array.from({ length: 6 }, (_, i) => ({ ...queries[0], id: `q${i}` }));
      expect((await post({ queries: six, searches: SEARCHES })).body.detail).toBe(
        'queries: must hold at most 5 queries (TROVE_EVALUATION_MAX_QUERIES)',
      );
      expect((await post({ queries, searches: [...SEARCHES, { type: 'mmr' }] })).body.detail).toBe(
        'searches: must hold at most 3 searches (TROVE_EVALUATION_MAX_SEARCHES)',
      );
      expect((await post({ queries: [{ ...queries[0], query: ' ' }], searches: SEARCHES })).body.detail).toBe(
        'queries[0].query: must not be empty',
      );
      const readOnly = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 4 }]));
      const forbidden = await post({ queries, searches: SEARCHES }, readOnly);
      expect(forbidden.status).toBe(403);
      expect((await readOnly.get(`/pipelines/${pipeline.id}/evaluations`)).status).toBe(200);
      expect((await api().get(`/pipelines/${pipeline.id}/evaluations/${randomUUID()}`)).status).toBe(404);
      expect((await api().get(`/pipelines/${pipeline.id}/evaluations/nope`)).status).toBe(422);
    });

    it('deletes an evaluation and its results', async () => {
      const evaluation = await evaluate(api(), pipeline.id, {
        classifications: 'public',
        queries: [{ id: 'q', query: 'zebra', relevant: [{ external_id: 'zoo' }] }],
        searches: [{ type: 'search' }],
      });
      const path = `/pipelines/${pipeline.id}/evaluations/${evaluation.id}`;
      expect((await api().delete(path)).status).toBe(204);
      expect((await api().get(path)).status).toBe(404);
      expect((await api().get(`${path}/queries/0`)).status).toBe(404);
    });
  },
  {
    env: {
      ...FAST,
      TROVE_EVALUATION_MAX_QUERIES: '5',
      TROVE_EVALUATION_MAX_SEARCHES: '3',
      // On the API port's public /metrics only when asked for: the labels name pipelines.
      TROVE_METRICS_EVALUATIONS: 'true',
    },
  },
);

describe.each(databaseKinds())('evaluations across restarts [%s]', (kind) => {
  let database: TroveDatabase;
  let stub: OpenAiEmbeddingsStub;
  const running: TroveProcess[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const trove = await startTrove(database, { env: { ...FAST, TROVE_JOBS_LEASE_SECONDS: '2', ...env } });
    running.push(trove);
    return { trove, api: new Api(trove.url) };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    stub = await startOpenAiEmbeddingsStub({ size: 16 });
  });
  afterAll(async () => {
    stub?.releaseHeld();
    for (const trove of running) await trove.kill();
    await stub?.close();
    await database?.drop();
  });

  it('resumes the evaluation of a worker killed mid-run after the last query it stored', async () => {
    const first = await start();
    const model = (
      await first.api.post('/embedding_models', {
        name: unique('stub'),
        provider: 'openai',
        size: 16,
        parameters: { base_url: stub.url, model: 'stub' },
      })
    ).body;
    const pipeline = await createPipeline(first.api, {
      classifications: ['public'],
      embedding_model_ids: [model.id],
    });
    await addDocuments(
      first.api,
      pipeline.id,
      DOCUMENTS.filter((doc) => doc.classification === 'public'),
    );
    const queries = Array.from({ length: 10 }, (_, i) => ({
      id: `q${i}`,
      query: `zebra number ${i}`,
      relevant: [{ external_id: 'zoo' }],
    }));
    // Five queries are embedded at once; the sixth hangs until the worker is killed.
    stub.reset();
    stub.delayNext(0, 5);
    stub.holdNext(1);
    const created = await first.api.post(`/pipelines/${pipeline.id}/evaluations`, {
      name: 'killed',
      classifications: 'public',
      queries,
      searches: [{ type: 'similarity' }],
    });
    expect(created.status).toBe(202);
    const path = `/pipelines/${pipeline.id}/evaluations/${created.body.id}`;
    await waitFor('the sixth query to be embedded', () => stub.requests.length >= 6, { timeoutMs: 30_000 });
    await waitFor(
      'five queries to be stored',
      async () => (await first.api.get(path)).body.progress.done === 5,
      {
        timeoutMs: 30_000,
      },
    );
    expect((await first.api.get(path)).body.status).toBe('running');
    await first.trove.kill(); // SIGKILL: no chance to hand the job back

    const second = await start();
    const job = await waitForJob(second.api, created.body.job_id);
    expect(job).toMatchObject({ state: 'succeeded', processed: 10, total: 10, attempts: 2 });
    const evaluation = (await second.api.get(path)).body;
    expect(evaluation.status).toBe('done');
    expect(evaluation.results[0].queries.map((q: any) => q.id)).toEqual(queries.map((q) => q.id));
    // Only the five queries not stored before the kill were searched again.
    expect(stub.requests.filter((r) => JSON.stringify(r.body).includes('zebra number')).length).toBe(6 + 5);
    expect(second.trove.output()).toMatch(/"resumeAt":5/);
    await second.trove.stop();
  });

  it('cancels an evaluation deleted before it ran', async () => {
    const first = await start({ TROVE_JOBS_WORKER: 'false' });
    const pipeline = await createPipeline(first.api, { classifications: ['public'], full_text_search: true });
    await addDocuments(first.api, pipeline.id, DOCUMENTS.slice(0, 2));
    const created = await first.api.post(`/pipelines/${pipeline.id}/evaluations`, {
      name: 'deleted',
      classifications: 'public',
      queries: [{ id: 'q', query: 'zebra', relevant: [{ external_id: 'zoo' }] }],
      searches: [{ type: 'search' }],
    });
    expect((await first.api.delete(`/pipelines/${pipeline.id}/evaluations/${created.body.id}`)).status).toBe(
      204,
    );
    await first.trove.stop();

    const second = await start();
    const job = await waitForJob(second.api, created.body.job_id);
    expect(job).toMatchObject({ state: 'failed', processed: 0 });
    expect(job.errors.at(-1).detail).toBe('The evaluation was deleted');
    await second.trove.stop();
  });
});
