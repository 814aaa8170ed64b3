/**
 * A vector embedding (a pipeline's use of one model) gets its HNSW index only once it holds more
 * than TROVE_EXACT_SEARCH_BELOW vectors (src/fragments/vector-index/vector-index-builds.ts):
 * below that every search of it is exact, and an index would only cost builds. Once a
 * write takes it past the threshold, the background builder builds the index; so it does
 * after the backfill of a model added to a pipeline past it, and after an ingestion job
 * for a model added while it ran. Searches are right throughout.
 * Counted by the builds metric, which both databases report.
 */
import { waitForJob } from '../support/jobs';
import { counterValue } from '../support/metrics';
import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import { waitFor } from '../support/wait';
import { addDocuments, createPipeline, DEFAULT_MODEL_ID, search, unique } from '../search/helpers';

const THRESHOLD = 100;
const text = (i: number) =>
  `Parcel ${i} of ${['oak', 'ash', 'elm', 'yew'][i % 4]} boards left yard ${i % 11} on day ${i % 23} with tag ${(i * 7919) % 10007}.`;
const docs = (from: number, count: number) =>
  Array.from({ length: count }, (_, j) => ({ content: text(from + j), classification: 'public' }));

describeEachDatabase(
  'vector indexes past the exact-search threshold',
  (fixture) => {
    const api = () => fixture().api;
    const builds = () => counterValue(api(), 'trove_vector_index_build_seconds_count');
    const pending = () => counterValue(api(), 'trove_vector_index_pending_vectors');
    const built = (what: string, count: number) =>
      waitFor(what, async () => (await builds()) === count && (await pending()) === 0, { timeoutMs: 60_000 });
    /** The nearest fragment to parcel n's own text is parcel n, at distance 0, through `model`. */
    const expectFound = async (pipelineId: string, n: number, model?: string) => {
      const response = await search(api(), pipelineId, {
        type: 'similarity',
        query: text(n),
        classifications: ['public'],
        params: { k: 1, ...(model ? { embedding: model } : {}) },
      });
      expect(response.status).toBe(200);
      expect(response.body[0].page_content).toBe(text(n));
      expect(response.body[0].score).toBeCloseTo(0, 5);
    };

    it('builds no index while a vector embedding holds at most the threshold, and one when a write takes it past', async () => {
      const pipeline = await createPipeline(api(), { classifications: ['public'] });
      const before = await builds();
      await addDocuments(api(), pipeline.id, docs(0, 60));
      await addDocuments(api(), pipeline.id, docs(60, 40)); // 100: still searched exactly
      await built('nothing to do at the threshold', before);
      for (const n of [0, 59, 99]) await expectFound(pipeline.id, n);
      await addDocuments(api(), pipeline.id, docs(100, 5)); // 105: past it
      for (const n of [0, 99, 104]) await expectFound(pipeline.id, n);
      await built('the index past the threshold', before + 1);
      for (const n of [0, 99, 104]) await expectFound(pipeline.id, n);
      // A further small write is merged into the index: no build.
      await addDocuments(api(), pipeline.id, docs(105, 3));
      await expectFound(pipeline.id, 106);
      await built('the small write merged', before + 1);
      await expectFound(pipeline.id, 106);
    });

    it("builds a model's index after its backfill when the pipeline is past the threshold, and not below", async () => {
      const model = await api().post('/embedding_models', {
        name: unique('small-hashing'),
        provider: 'hashing',
        size: 64,
      });
      expect(model.status).toBe(201);
      const first = await builds();
      const large = await createPipeline(api(), { classifications: ['public'] });
      await addDocuments(api(), large.id, docs(0, THRESHOLD + 20));
      const small = await createPipeline(api(), { classifications: ['public'] });
      await addDocuments(api(), small.id, docs(0, 20));
      await built("the large pipeline's first model indexed", first + 1);

      for (const [pipeline, count] of [
        [large, 1],
        [small, 0],
      ] as const) {
        const before = await builds();
        const patched = await api().patch(`/pipelines/${pipeline.id}`, {
          embedding_model_ids: [DEFAULT_MODEL_ID, model.body.id],
        });
        expect(patched.status).toBe(202);
        expect(await waitForJob(api(), patched.body.id)).toMatchObject({ state: 'succeeded' });
        await expectFound(pipeline.id, 7, model.body.id);
        await built('the backfilled model indexed if it needs it', before + count);
        await expectFound(pipeline.id, 7, model.body.id);
      }
    });

    it('builds the index of a model added while an ingestion job ran', async () => {
      const held: OpenAiEmbeddingsStub = await startOpenAiEmbeddingsStub({ size: 16 });
      try {
        const stubModel = await api().post('/embedding_models', {
          name: unique('stub'),
          provider: 'openai',
          size: 16,
          parameters: { base_url: held.url, model: 'stub', batch_size: 256 },
        });
        const added = await api().post('/embedding_models', {
          name: unique('added-hashing'),
          provider: 'hashing',
          size: 48,
        });
        const pipeline = await createPipeline(api(), {
          classifications: ['public'],
          embedding_model_ids: [stubModel.body.id],
        });
        const before = await builds();
        held.holdNext(1);
        const queued = await api().post(
          `/pipelines/${pipeline.id}/documents?async=true`,
          docs(0, 3 * THRESHOLD),
        );
        expect(queued.status).toBe(202);
        await waitFor('the job to be at the embedding endpoint', () => held.requests.length >= 1);
        // No live fragment yet: the model is added at once, and the job's chunks embed it too.
        const patched = await api().patch(`/pipelines/${pipeline.id}`, {
          embedding_model_ids: [stubModel.body.id, added.body.id],
        });
        expect(patched.status).toBe(200);
        held.releaseHeld();
        expect(await waitForJob(api(), queued.body.id)).toMatchObject({ state: 'succeeded', failed: 0 });
        // Both vector embeddings are past the threshold: the job's own and the one added meanwhile
        // (built in the background, after it is marked succeeded).
        await waitFor('both indexes to be built', async () => (await builds()) === before + 2, {
          timeoutMs: 60_000,
        });
        await expectFound(pipeline.id, 250, added.body.id);
      } finally {
        await held.close();
      }
    });
  },
  {
    env: {
      TROVE_EXACT_SEARCH_BELOW: String(THRESHOLD),
      TROVE_JOBS_POLL_MS: '100',
    },
  },
);
