/**
 * Editing a pipeline's embedding models and full-text search (PATCH /pipelines/{id}):
 * a model added to a pipeline holding documents gets their vectors through a reindex
 * job, searching it is refused until then; a model removed loses its vectors; full text
 * turned on gets its lexemes, turned off drops them; a failing embedding endpoint fails
 * the job with its reason and leaves the pipeline consistent and the edit retryable.
 */
import { describeEachDatabase } from '../support/suite';
import { Api } from '../support/http';
import { waitForJob } from '../support/jobs';
import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { waitFor } from '../support/wait';

const MISSING = '0193a000-0000-7000-8000-00000000dead';
const NEEDS_MODEL_OR_FULL_TEXT =
  'embedding_model_ids: a pipeline without embedding models needs full_text_search: true';
/** More documents than one backfill piece holds (REINDEX_VECTOR_CHUNK, 64), so it takes several. */
const DOCUMENTS = Array.from({ length: 70 }, (_, i) => ({
  content: i === 7 ? 'Refunds are issued within fourteen days of the return.' : `Filler note number ${i}.`,
  classification: 'public',
  external_id: `doc-${i}`,
}));

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now()}`;

describeEachDatabase('editing a pipeline’s models and full text', (fixture) => {
  const api = () => fixture().api;
  let stub: OpenAiEmbeddingsStub;

  beforeAll(async () => {
    stub = await startOpenAiEmbeddingsStub({ size: 16 });
  });
  afterAll(() => stub?.close());

  const stubModel = async () =>
    (
      await api().post('/embedding_models', {
        name: unique('stub'),
        provider: 'openai',
        size: 16,
        parameters: { base_url: stub.url, model: 'stub', batch_size: 256 },
      })
    ).body as { id: string; name: string };

  /** A pipeline with the default model, without full text, holding DOCUMENTS. */
  const filledPipeline = async () => {
    const pipeline = (
      await api().post('/pipelines', {
        name: unique('edit'),
        full_text_search: false,
        classifications: ['public'],
      })
    ).body;
    const added = await api().post(`/pipelines/${pipeline.id}/documents`, DOCUMENTS);
    expect(added.status).toBe(201);
    return pipeline as { id: string; default_vector_embedding_id: string; embedding_models: object };
  };
  const defaultModelId = (pipeline: { embedding_models: object }) =>
    (Object.values(pipeline.embedding_models)[0] as { id: string }).id;

  const similar = (pipelineId: string, model: string | undefined, query = 'refunds within fourteen days') =>
    api().post(`/pipelines/${pipelineId}/search`, {
      type: 'similarity',
      query,
      classifications: ['public'],
      params: { k: 3, ...(model ? { embedding: model } : {}) },
    });
  const fullText = (pipelineId: string) =>
    api().post(`/pipelines/${pipelineId}/search`, {
      type: 'search',
      query: 'refunds fourteen',
      classifications: ['public'],
      params: { k: 3 },
    });

  it('adds a model: 202 with a reindex job, 409 while it runs, then the new model finds every document', async () => {
    const pipeline = await filledPipeline();
    const model = await stubModel();
    stub.reset();
    stub.holdNext(1);
    const patched = await api().patch(`/pipelines/${pipeline.id}`, {
      embedding_model_ids: [defaultModelId(pipeline), model.id],
    });
    expect(patched.status).toBe(202);
    expect(patched.body).toMatchObject({
      kind: 'reindex',
      pipeline_id: pipeline.id,
      total: DOCUMENTS.length,
    });
    expect(['queued', 'running']).toContain(patched.body.state);

    // The edit is applied at once; the new model is searchable only when complete.
    const during = (await api().get(`/pipelines/${pipeline.id}`)).body;
    expect(Object.values(during.embedding_models).map((m: any) => m.id)).toEqual([
      defaultModelId(pipeline),
      model.id,
    ]);
    expect(during.default_vector_embedding_id).toBe(pipeline.default_vector_embedding_id);
    await waitFor('the backfill to call the endpoint', () => stub.requests.length >= 1);
    const refused = await similar(pipeline.id, model.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `Embedding model '${model.name}' is still being built for this pipeline's stored fragments: ` +
        `search it when its reindex job (GET /jobs?pipeline_id=${pipeline.id}) has finished; ` +
        'if that job failed, PATCH the pipeline again to retry',
    );
    // The default model is searched as before meanwhile.
    expect((await similar(pipeline.id, undefined)).status).toBe(200);
    stub.releaseHeld();

    const job = await waitForJob(api(), patched.body.id);
    expect(job).toMatchObject({ state: 'succeeded', processed: DOCUMENTS.length, total: DOCUMENTS.length });
    expect(job.errors).toEqual([]);
    // Several pieces, each one call to the endpoint.
    expect(stub.requests.length).toBeGreaterThanOrEqual(2);
    const found = await similar(pipeline.id, model.id);
    expect(found.status).toBe(200);
    expect(found.body[0].page_content).toContain('Refunds are issued');
    const listed = await api().get(`/jobs?pipeline_id=${pipeline.id}`);
    expect(listed.body.data.map((j: any) => [j.kind, j.state])).toEqual([['reindex', 'succeeded']]);

    // Documents stored afterwards are embedded with both models at once.
    await api().post(`/pipelines/${pipeline.id}/documents`, {
      content: 'Warranty claims need the original receipt.',
      classification: 'public',
    });
    const later = await similar(pipeline.id, model.id, 'warranty claims receipt');
    expect(later.body[0].page_content).toContain('Warranty claims');
  });

  it('removes a model: 200, its searches answer as for a model the pipeline never had', async () => {
    const pipeline = await filledPipeline();
    const model = await stubModel();
    const added = await api().patch(`/pipelines/${pipeline.id}`, {
      embedding_model_ids: [model.id, defaultModelId(pipeline)],
    });
    expect(added.status).toBe(202);
    await waitForJob(api(), added.body.id);
    const removed = await api().patch(`/pipelines/${pipeline.id}`, { embedding_model_ids: [model.id] });
    expect(removed.status).toBe(200);
    expect(Object.values(removed.body.embedding_models).map((m: any) => m.id)).toEqual([model.id]);
    // The first model listed is the default, as at creation.
    expect(removed.body.embedding_models[removed.body.default_vector_embedding_id].id).toBe(model.id);
    const gone = await similar(pipeline.id, defaultModelId(pipeline));
    expect(gone.status).toBe(422);
    expect(gone.body).toEqual({ detail: 'Embedding model not found' });
    const byDefault = await similar(pipeline.id, undefined);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body[0].page_content).toContain('Refunds are issued');
  });

  it('turns full text on through a job, and off at once', async () => {
    const pipeline = await filledPipeline();
    expect((await fullText(pipeline.id)).status).toBe(501);
    const on = await api().patch(`/pipelines/${pipeline.id}`, { full_text_search: true });
    expect(on.status).toBe(202);
    expect(on.body).toMatchObject({ kind: 'reindex', total: DOCUMENTS.length });
    expect((await waitForJob(api(), on.body.id)).state).toBe('succeeded');
    const found = await fullText(pipeline.id);
    expect(found.status).toBe(200);
    expect(found.body.map((f: any) => f.page_content)).toEqual([
      'Refunds are issued within fourteen days of the return.',
    ]);
    expect((await api().get(`/pipelines/${pipeline.id}`)).body.full_text_search).toBe(true);

    const off = await api().patch(`/pipelines/${pipeline.id}`, { full_text_search: false });
    expect(off.status).toBe(200);
    expect(off.body.full_text_search).toBe(false);
    expect((await fullText(pipeline.id)).status).toBe(501);
  });

  it('completes at once, without a job, in a pipeline without documents', async () => {
    const empty = (await api().post('/pipelines', { name: unique('empty'), embedding_model_ids: [] })).body;
    const model = await stubModel();
    const patched = await api().patch(`/pipelines/${empty.id}`, { embedding_model_ids: [model.id] });
    expect(patched.status).toBe(200);
    expect(patched.body.embedding_models[patched.body.default_vector_embedding_id].id).toBe(model.id);
    expect((await similar(empty.id, model.id)).status).toBe(200);
    expect((await api().get(`/jobs?pipeline_id=${empty.id}`)).body.data).toEqual([]);
  });

  it('fails the job with the endpoint’s reason, keeps the pipeline consistent, and retries on the next edit', async () => {
    const pipeline = await filledPipeline();
    const model = await stubModel();
    stub.reset();
    stub.failNext(400, 1, { message: 'token limit exceeded' });
    const models = [defaultModelId(pipeline), model.id];
    const patched = await api().patch(`/pipelines/${pipeline.id}`, { embedding_model_ids: models });
    expect(patched.status).toBe(202);
    const failed = await waitForJob(api(), patched.body.id);
    expect(failed.state).toBe('failed');
    expect(failed.errors).toEqual([
      {
        index: -1,
        external_id: null,
        detail: expect.stringMatching(
          /^Embedding endpoint of model 'stub-\S+' answered 400: token limit exceeded$/,
        ),
      },
    ]);
    // The model stays listed, refused to searches; the other model still answers.
    expect(Object.values((await api().get(`/pipelines/${pipeline.id}`)).body.embedding_models)).toHaveLength(
      2,
    );
    expect((await similar(pipeline.id, model.id)).status).toBe(409);
    expect((await similar(pipeline.id, undefined)).status).toBe(200);

    const retried = await api().patch(`/pipelines/${pipeline.id}`, { embedding_model_ids: models });
    expect(retried.status).toBe(202);
    expect(retried.body.id).not.toBe(patched.body.id);
    expect((await waitForJob(api(), retried.body.id)).state).toBe('succeeded');
    const found = await similar(pipeline.id, model.id);
    expect(found.status).toBe(200);
    expect(found.body[0].page_content).toContain('Refunds are issued');
  });

  it('refuses a document embedded while the models changed (409), and stores it when sent again', async () => {
    const model = await stubModel();
    const pipeline = (
      await api().post('/pipelines', {
        name: unique('racing'),
        embedding_model_ids: [model.id],
        full_text_search: false,
        classifications: ['public'],
      })
    ).body;
    const document = { content: 'Gift cards never expire.', classification: 'public' };
    stub.reset();
    stub.holdNext(1);
    const storing = api().post(`/pipelines/${pipeline.id}/documents`, document);
    await waitFor('the document to be at the embedding endpoint', () => stub.requests.length >= 1);
    // Full text turned on while the document is embedded: it was split without lexemes.
    expect((await api().patch(`/pipelines/${pipeline.id}`, { full_text_search: true })).status).toBe(200);
    stub.releaseHeld();
    const refused = await storing;
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      "The pipeline's embedding models or full-text search changed while these documents were being embedded; send them again",
    );
    expect((await api().post(`/pipelines/${pipeline.id}/documents`, document)).status).toBe(201);
    const found = await api().post(`/pipelines/${pipeline.id}/search`, {
      type: 'search',
      query: 'gift cards',
      classifications: ['public'],
      params: { k: 3 },
    });
    expect(found.body.map((f: any) => f.page_content)).toEqual(['Gift cards never expire.']);
  });

  it('stores a queued batch whose pipeline is edited mid-job with what the pipeline holds now', async () => {
    const model = await stubModel();
    const pipeline = (
      await api().post('/pipelines', {
        name: unique('queued'),
        embedding_model_ids: [model.id],
        full_text_search: false,
        classifications: ['public'],
      })
    ).body;
    stub.reset();
    stub.holdNext(1);
    const queued = await api().post(`/pipelines/${pipeline.id}/documents?async=true`, [
      { content: 'Store credit is valid for a year.', classification: 'public' },
      { content: 'Exchanges need the receipt.', classification: 'public' },
    ]);
    expect(queued.status).toBe(202);
    await waitFor('the job to be at the embedding endpoint', () => stub.requests.length >= 1);
    expect((await api().patch(`/pipelines/${pipeline.id}`, { full_text_search: true })).status).toBe(200);
    stub.releaseHeld();
    const job = await waitForJob(api(), queued.body.id);
    expect(job).toMatchObject({ state: 'succeeded', processed: 2, failed: 0 });
    const found = await api().post(`/pipelines/${pipeline.id}/search`, {
      type: 'search',
      query: 'store credit',
      classifications: ['public'],
      params: { k: 3 },
    });
    expect(found.body.map((f: any) => f.page_content)).toEqual(['Store credit is valid for a year.']);
  });

  it('refuses bad edits with a 4xx and changes nothing', async () => {
    const pipeline = await filledPipeline();
    const before = (await api().get(`/pipelines/${pipeline.id}`)).body;
    const cases: [unknown, number, string][] = [
      [{ embedding_model_ids: [] }, 422, NEEDS_MODEL_OR_FULL_TEXT],
      [
        { embedding_model_ids: [defaultModelId(pipeline), MISSING] },
        422,
        `embedding_model_ids[1]: embedding model ${MISSING} does not exist`,
      ],
      [{ embedding_model_ids: ['nope'] }, 422, 'embedding_model_ids[0]: must be an embedding model UUID'],
      [
        { embedding_model_ids: [defaultModelId(pipeline), defaultModelId(pipeline)] },
        422,
        'embedding_model_ids: must not repeat a model',
      ],
      [{ embedding_model_ids: 'all' }, 422, 'embedding_model_ids: must be an array of embedding model ids'],
      [{ full_text_search: 'yes' }, 422, 'full_text_search: must be true or false'],
      [
        { embedding_model_ids: [defaultModelId(pipeline)], default_vector_embedding_id: MISSING },
        422,
        'default_vector_embedding_id: must be one of the keys of embedding_models that stay in embedding_model_ids',
      ],
    ];
    for (const [body, status, detail] of cases) {
      const response = await api().patch(`/pipelines/${pipeline.id}`, body);
      expect([JSON.stringify(body), response.status, response.body.detail]).toEqual([
        JSON.stringify(body),
        status,
        detail,
      ]);
    }
    expect((await api().get(`/pipelines/${pipeline.id}`)).body).toEqual(before);
    expect((await api().patch(`/pipelines/${MISSING}`, { full_text_search: true })).status).toBe(404);

    // Read, write and execute on the pipeline are not enough: editing it is an admin's.
    const key = (
      await api().post('/api_keys', {
        name: unique('rwx'),
        grants: [{ pipeline_id: pipeline.id, permissions: 7, classifications: '*' }],
      })
    ).body;
    const rwx: Api = api().as({ id: key.id, secret: key.secret });
    expect((await rwx.patch(`/pipelines/${pipeline.id}`, { full_text_search: true })).status).toBe(403);
    expect((await api().get(`/pipelines/${pipeline.id}`)).body).toEqual(before);
  });
});
