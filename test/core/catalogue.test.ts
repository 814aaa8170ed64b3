import { describeEachDatabase } from '../support/suite';

const DEFAULT_MODEL = '01900000-0000-7000-8000-000000000002';
const DEFAULT_SPLITTER = '01900000-0000-7000-8000-000000000001';

describeEachDatabase('catalogue: embedding providers, models and text splitters', (fixture) => {
  const api = () => fixture().api;

  it('lists the built-in providers with their fixed ids', async () => {
    const response = await api().get('/embedding_providers');
    expect(response.status).toBe(200);
    expect(response.body.data.map((p: { provider: string }) => p.provider)).toEqual(['hashing', 'openai']);
    for (const provider of response.body.data)
      expect(Object.keys(provider)).toEqual(['id', 'provider', 'description']);
    const filtered = await api().get('/embedding_providers?provider$startswith=open');
    expect(filtered.body.data.map((p: { provider: string }) => p.provider)).toEqual(['openai']);
  });

  it('ships a default hashing model and a default splitter', async () => {
    const model = await api().get(`/embedding_models/${DEFAULT_MODEL}`);
    expect(model.body).toMatchObject({ id: DEFAULT_MODEL, provider: 'hashing', size: 384 });
    expect(Object.keys(model.body)).toEqual(['id', 'name', 'provider', 'size', 'parameters', 'description']);
    const splitter = await api().get(`/text_splitters/${DEFAULT_SPLITTER}`);
    expect(splitter.body).toMatchObject({ id: DEFAULT_SPLITTER, provider: 'recursive_character' });
    expect(Object.keys(splitter.body)).toEqual(['id', 'provider', 'parameters', 'description']);
  });

  it('creates, reads, filters and deletes a model; never returns its api_key', async () => {
    const created = await api().post('/embedding_models', {
      name: 'remote-small',
      provider: 'openai',
      size: 64,
      parameters: {
        base_url: 'http://127.0.0.1:9/v1',
        model: 'text-embedding-3-small',
        api_key: 'sk-very-secret',
      },
      description: 'remote',
    });
    expect(created.status).toBe(201);
    expect(created.text).not.toContain('sk-very-secret');
    expect(created.body.parameters.base_url).toBe('http://127.0.0.1:9/v1');
    const listed = await api().get('/embedding_models?provider=openai');
    expect(listed.body.data.map((m: { name: string }) => m.name)).toEqual(['remote-small']);
    expect(listed.text).not.toContain('sk-very-secret');
    expect((await api().delete(`/embedding_models/${created.body.id}`)).status).toBe(204);
    expect((await api().get(`/embedding_models/${created.body.id}`)).status).toBe(404);
  });

  it('refuses to delete a model that a pipeline uses, with 409', async () => {
    const model = (await api().post('/embedding_models', { name: 'in-use', provider: 'hashing', size: 32 }))
      .body;
    const pipeline = await api().post('/pipelines', { name: 'uses-model', embedding_model_ids: [model.id] });
    expect(pipeline.status).toBe(201);
    const refused = await api().delete(`/embedding_models/${model.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`Embedding model ${model.id} is used by pipelines: uses-model`);
    expect((await api().delete(`/pipelines/${pipeline.body.id}`)).status).toBe(204);
    expect((await api().delete(`/embedding_models/${model.id}`)).status).toBe(204);
  });

  it.each([
    [{ name: 'x', provider: 'nope', size: 8 }, 422],
    [{ name: 'x', provider: 'hashing', size: 0 }, 422],
    [{ name: 'x', provider: 'hashing', size: 4001 }, 422],
    [{ name: 'x', provider: 'hashing', size: 8, parameters: { ngram: 99 } }, 422],
    [{ name: 'x', provider: 'openai', size: 8, parameters: { model: 'm' } }, 422],
    [{ provider: 'hashing', size: 8 }, 422],
  ])('refuses the model %j', async (body, status) => {
    const response = await api().post('/embedding_models', body);
    expect(response.status).toBe(status);
    expect(typeof response.body.detail).toBe('string');
  });

  it('creates text splitters and validates their parameters', async () => {
    const created = await api().post('/text_splitters', {
      provider: 'recursive_character',
      parameters: { chunk_size: 200, chunk_overlap: 20 },
    });
    expect(created.status).toBe(201);
    expect(created.body.parameters).toMatchObject({ chunk_size: 200, chunk_overlap: 20 });
    const bad = await api().post('/text_splitters', {
      provider: 'recursive_character',
      parameters: { chunk_size: 100, chunk_overlap: 100 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/chunk_overlap/);
    const unknown = await api().post('/text_splitters', { provider: 'semantic' });
    expect(unknown.status).toBe(422);
    const listed = await api().get('/text_splitters?limit=10');
    expect(listed.body.data.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps catalogue writes to admins while any key may read', async () => {
    const key = (await api().post('/api_keys', { name: 'catalogue-reader' })).body;
    const reader = api().as({ id: key.id, secret: key.secret });
    expect((await reader.get('/embedding_models')).status).toBe(200);
    expect((await reader.get('/text_splitters')).status).toBe(200);
    expect((await reader.post('/embedding_models', { name: 'x', provider: 'hashing', size: 8 })).status).toBe(
      403,
    );
    expect((await reader.post('/text_splitters', { provider: 'recursive_character' })).status).toBe(403);
    expect((await reader.delete(`/embedding_models/${DEFAULT_MODEL}`)).status).toBe(403);
  });
});
