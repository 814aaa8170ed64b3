/**
 * Background ingestion jobs: POST .../documents?async=true and GET /jobs/{id} on each
 * database, per-item errors, and (PostgreSQL) a worker killed mid-job whose job another
 * process reclaims and finishes without storing anything twice. Jobs that outlive a
 * restart and a graceful stop that hands a job back: jobs.medium.ts.
 */
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { startOpenAiEmbeddingsStub, OpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import { documentsOf, waitForJob } from '../support/jobs';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';
import { createPipeline, search, unique } from '../search/helpers';
import { createKey } from '../support/records';

const JOB_KEYS = [
  'attempts',
  'created_at',
  'documents',
  'errors',
  'failed',
  'finished_at',
  'id',
  'kind',
  'pipeline_id',
  'processed',
  'state',
  'total',
  'updated_at',
];
const FAST = { TROVE_JOBS_POLL_MS: '100' };

/** An openai-provider model served by the stub, so tests can slow or fail embedding. */
async function stubbedPipeline(api: Api, stub: OpenAiEmbeddingsStub, classifications = ['public']) {
  const model = (
    await api.post('/embedding_models', {
      name: unique('stub'),
      provider: 'openai',
      size: 16,
      parameters: { base_url: stub.url, model: 'stub', batch_size: 256 },
    })
  ).body;
  return createPipeline(api, { classifications, embedding_model_ids: [model.id] });
}

describeEachDatabase(
  'ingestion jobs',
  (fixture) => {
    const api = () => fixture().api;
    let stub: OpenAiEmbeddingsStub;
    beforeAll(async () => {
      stub = await startOpenAiEmbeddingsStub({ size: 16 });
    });
    afterAll(() => stub?.close());

    it('queues a batch (202), stores it in the background and reports it', async () => {
      const pipeline = await createPipeline(api(), { classifications: ['public'] });
      const queued = await api().post(
        `/pipelines/${pipeline.id}/documents?async=true`,
        documentsOf(70, 'bg'),
      );
      expect(queued.status).toBe(202);
      expect(Object.keys(queued.body)).toEqual(JOB_KEYS);
      expect(queued.body).toMatchObject({
        state: 'queued',
        total: 70,
        processed: 0,
        failed: 0,
        errors: [],
        documents: [],
        pipeline_id: pipeline.id,
        finished_at: null,
      });
      const job = await waitForJob(api(), queued.body.id);
      expect(job).toMatchObject({
        state: 'succeeded',
        total: 70,
        processed: 70,
        failed: 0,
        errors: [],
        attempts: 1,
      });
      expect(job.finished_at).not.toBeNull();
      expect(job.documents.map((d: any) => d.index)).toEqual([...Array(70).keys()]);
      expect(job.documents[0]).toEqual({
        index: 0,
        id: expect.any(String),
        version: expect.any(Number),
        fragment_count: 1,
      });
      const listed = (await api().get(`/pipelines/${pipeline.id}/documents?limit=100`)).body.data;
      expect(listed.map((d: any) => d.id).sort()).toEqual(job.documents.map((d: any) => d.id).sort());
      const found = await search(api(), pipeline.id, {
        type: 'search',
        query: 'bg number 42',
        classifications: ['public'],
      });
      expect(found.body[0].page_content).toBe('bg document number 42 about ledgers');
      // The trove_jobs gauge counts it among the finished jobs.
      const succeeded = async () => {
        const metrics = (await api().as(null).get('/metrics')).text;
        return Number(/^trove_jobs\{state="succeeded"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
      };
      await waitFor('the trove_jobs gauge', async () => (await succeeded()) >= 1);
    });

    it('queues a single document too', async () => {
      const pipeline = await createPipeline(api(), { classifications: ['public'] });
      const queued = await api().post(`/pipelines/${pipeline.id}/documents?async=true`, {
        content: 'Just one.',
        classification: 'public',
      });
      expect(queued.status).toBe(202);
      expect((await waitForJob(api(), queued.body.id)).processed).toBe(1);
    });

    it('refuses at once what would certainly fail, and queues nothing', async () => {
      const pipeline = await createPipeline(api(), { classifications: ['public'] });
      const refused = await api().post(`/pipelines/${pipeline.id}/documents?async=true`, [
        ...documentsOf(2, 'ok'),
        { content: 'x', classification: 'nope' },
      ]);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        detail: "[2].classification: 'nope' is not one of the pipeline's classifications (public)",
      });
      const reader = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 4 }]));
      expect(
        (await reader.post(`/pipelines/${pipeline.id}/documents?async=true`, documentsOf(1, 'r'))).status,
      ).toBe(403);
    });

    it('records the item that fails and stores the others', async () => {
      const pipeline = await stubbedPipeline(api(), stub);
      // The chunk's one embedding call fails, then the first item's own call: only item 0 fails.
      stub.failNext(400, 2, { message: 'token limit exceeded' });
      const queued = await api().post(
        `/pipelines/${pipeline.id}/documents?async=true`,
        documentsOf(5, 'item'),
      );
      const job = await waitForJob(api(), queued.body.id);
      expect(job).toMatchObject({ state: 'failed', total: 5, processed: 4, failed: 1 });
      expect(job.errors).toEqual([
        {
          index: 0,
          external_id: 'item-0',
          // A job's failures are kept for whoever queued it: the endpoint is named by its model, not its address.
          detail: expect.stringMatching(
            /^Embedding endpoint of model 'stub-\S+' answered 400: token limit exceeded$/,
          ),
        },
      ]);
      expect(job.documents.map((d: any) => d.index)).toEqual([1, 2, 3, 4]);
      const listed = (await api().get(`/pipelines/${pipeline.id}/documents`)).body.data;
      expect(listed.map((d: any) => d.external_id).sort()).toEqual(['item-1', 'item-2', 'item-3', 'item-4']);
    });

    it('shows a job to the key that queued it and to admins only', async () => {
      const pipeline = await createPipeline(api(), { classifications: ['public'] });
      const writer = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 2 }]));
      const queued = await writer.post(`/pipelines/${pipeline.id}/documents?async=true`, documentsOf(1, 'w'));
      expect(queued.status).toBe(202);
      expect((await writer.get(`/jobs/${queued.body.id}`)).status).toBe(200);
      expect((await api().get(`/jobs/${queued.body.id}`)).status).toBe(200);
      const other = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 7 }]));
      const hidden = await other.get(`/jobs/${queued.body.id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ detail: 'Job not found' });
      expect((await api().get('/jobs/0193a000-0000-7000-8000-0000000000ff')).status).toBe(404);
      expect((await api().get('/jobs/nope')).status).toBe(422);
    });
  },
  { env: FAST },
);

// A crash needs a process to kill (SIGKILL); restarts after a graceful stop are in jobs.medium.ts.
(databaseKinds().includes('postgres') ? describe : describe.skip)(
  'a worker killed mid-job [postgres]',
  () => {
    let database: TroveDatabase;
    let stub: OpenAiEmbeddingsStub;
    const running: TroveProcess[] = [];
    const start = async (env: Record<string, string> = {}) => {
      const trove = await startTrove(database, { env: { ...FAST, ...env } });
      running.push(trove);
      return { trove, api: new Api(trove.url) };
    };

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      stub = await startOpenAiEmbeddingsStub({ size: 16 });
    });
    afterAll(async () => {
      for (const trove of running) await trove.kill();
      await stub?.close();
      await database?.drop();
    });

    it('reclaims the job of a worker killed mid-job and finishes it without duplicates', async () => {
      const lease = { TROVE_JOBS_LEASE_SECONDS: '2' };
      const first = await start(lease);
      const pipeline = await stubbedPipeline(first.api, stub);
      stub.reset();
      // The first chunk (32 documents) embeds at once; the second hangs until the worker is
      // killed (it starts embedding while the first is stored: wait for that one's commit too).
      stub.delayNext(0);
      stub.delayNext(60_000);
      const queued = await first.api.post(
        `/pipelines/${pipeline.id}/documents?async=true`,
        documentsOf(40, 'killed'),
      );
      await waitFor('the second chunk to start embedding', () => stub.requests.length >= 2, {
        timeoutMs: 30_000,
      });
      const progress = async () => (await first.api.get(`/jobs/${queued.body.id}`)).body;
      await waitFor('the first chunk to be stored', async () => (await progress()).processed === 32, {
        timeoutMs: 30_000,
      });
      expect(await progress()).toMatchObject({ state: 'running', processed: 32, attempts: 1 });
      await first.trove.kill(); // SIGKILL: no chance to hand the job back

      const second = await start(lease);
      const job = await waitForJob(second.api, queued.body.id);
      expect(job).toMatchObject({ state: 'succeeded', total: 40, processed: 40, failed: 0, attempts: 2 });
      expect(job.documents.map((d: any) => d.index)).toEqual([...Array(40).keys()]);
      const listed = (await second.api.get(`/pipelines/${pipeline.id}/documents?limit=100`)).body.data;
      expect(listed).toHaveLength(40);
      expect(new Set(listed.map((d: any) => d.external_id)).size).toBe(40);
      const fragments = await search(second.api, pipeline.id, {
        type: 'similarity',
        query: 'ledgers',
        classifications: ['public'],
        params: { k: 100 },
      });
      expect(fragments.body).toHaveLength(40);
      expect(second.trove.output()).toMatch(/"resumeAt":32/);
    });
  },
);
