/**
 * The LLM registry (/llms): the built-in extractive default of a fresh install, admin
 * writes and any-key reads, validation per provider, one default at a time, and the
 * API key written once, sealed at rest, never returned and never logged.
 */
import { queryRaw } from '../documents/raw-database';
import { describeEachDatabase } from '../support/suite';

const API_KEY = 'sk-test-llm-key-do-not-leak-4242';

describeEachDatabase('LLMs', (fixture) => {
  const api = () => fixture().api;
  let reader: ReturnType<typeof api>;
  let openaiId = '';

  beforeAll(async () => {
    const key = (await api().post('/api_keys', { name: 'llm-reader' })).body;
    reader = api().as({ id: key.id, secret: key.secret });
  });

  it('has the built-in extractive answerer as the default of a fresh install', async () => {
    const listed = await reader.get('/llms');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        id: '01900000-0000-7000-8000-000000000003',
        name: 'extractive',
        description: expect.stringContaining('offline'),
        provider: 'extractive',
        endpoint: null,
        model: null,
        has_api_key: false,
        is_default: true,
        is_reasoning: false,
        context_window: null,
        parameters: {},
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(listed.body.page_info).toMatchObject({ count: 1, has_next: false });
  });

  it('lets only admin keys write', async () => {
    const body = { name: 'nope', provider: 'extractive' };
    expect((await reader.post('/llms', body)).body).toEqual({
      detail: 'Forbidden: this operation needs an admin API key.',
    });
    expect(
      (await reader.patch('/llms/01900000-0000-7000-8000-000000000003', { description: 'x' })).status,
    ).toBe(403);
    expect((await reader.delete('/llms/01900000-0000-7000-8000-000000000003')).status).toBe(403);
  });

  it('registers an OpenAI-compatible LLM; its key is write-only', async () => {
    const created = await api().post('/llms', {
      name: 'local-llama',
      description: 'Ollama on the workstation',
      provider: 'openai',
      endpoint: 'http://127.0.0.1:11434/v1/',
      model: 'llama3.1:8b',
      api_key: API_KEY,
      context_window: 8192,
      parameters: { temperature: 0.2, max_tokens: 512 },
    });
    expect(created.status).toBe(201);
    openaiId = created.body.id;
    expect(created.body).toMatchObject({
      name: 'local-llama',
      provider: 'openai',
      endpoint: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1:8b',
      has_api_key: true,
      is_default: false,
      context_window: 8192,
      parameters: { temperature: 0.2, max_tokens: 512, tools: true },
    });
    expect(created.body.api_key).toBeUndefined();
    for (const response of [created, await reader.get(`/llms/${openaiId}`), await reader.get('/llms')]) {
      expect(response.text).not.toContain(API_KEY);
    }
    expect(fixture().trove.output()).not.toContain(API_KEY);
  });

  it.each([
    [{ name: 'a', provider: 'openai', model: 'm' }, 'endpoint: is required for the openai provider'],
    [
      { name: 'a', provider: 'openai', endpoint: 'http://h/v1' },
      'model: is required for the openai provider',
    ],
    [
      { name: 'a', provider: 'openai', endpoint: 'http://user:pw@h/v1', model: 'm' },
      'endpoint: must not contain credentials; send the key as api_key',
    ],
    [
      { name: 'a', provider: 'openai', endpoint: 'ftp://h', model: 'm' },
      'endpoint: must be an http(s) URL, such as http://localhost:11434/v1',
    ],
    [
      { name: 'a', provider: 'openai', endpoint: 'http://h/v1', model: 'm', parameters: { temprature: 1 } },
      'parameters.temprature is not a parameter of the openai provider; expected temperature, top_p, max_tokens, tools',
    ],
    [
      { name: 'a', provider: 'openai', endpoint: 'http://h/v1', model: 'm', parameters: { temperature: 3 } },
      'parameters.temperature must be a number from 0 to 2',
    ],
    [
      { name: 'a', provider: 'extractive', endpoint: 'http://h/v1' },
      'endpoint: the extractive provider runs inside Trove and takes none',
    ],
    [{ name: 'a', provider: 'extractive', api_key: 'k' }, 'api_key: the extractive provider takes none'],
    [{ name: 'a', provider: 'claude' }, 'provider: must be one of openai, extractive'],
    [{ name: '', provider: 'extractive' }, 'name: must not be empty'],
    [{ name: 'a', provider: 'extractive', context_window: 0 }, 'context_window: must be at least 1'],
  ])('refuses %j with a 422 naming the field', async (body, detail) => {
    const response = await api().post('/llms', body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail });
  });

  it('refuses a second LLM of the same name', async () => {
    const response = await api().post('/llms', { name: 'local-llama', provider: 'extractive' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: "An LLM named 'local-llama' already exists" });
  });

  it('keeps one default: making another LLM the default takes it from the previous one', async () => {
    const patched = await api().patch(`/llms/${openaiId}`, { is_default: true, is_reasoning: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ is_default: true, is_reasoning: true });
    const all = (await api().get('/llms')).body.data;
    expect(
      all.filter((llm: { is_default: boolean }) => llm.is_default).map((llm: { id: string }) => llm.id),
    ).toEqual([openaiId]);
    expect(
      (await api().patch('/llms/01900000-0000-7000-8000-000000000003', { is_default: true })).body.is_default,
    ).toBe(true);
    expect((await api().get(`/llms/${openaiId}`)).body.is_default).toBe(false);
  });

  it('updates fields partially, clears the key with null, and refuses a provider change', async () => {
    const patched = await api().patch(`/llms/${openaiId}`, { model: 'qwen2.5:7b', api_key: null });
    expect(patched.body).toMatchObject({
      model: 'qwen2.5:7b',
      has_api_key: false,
      endpoint: 'http://127.0.0.1:11434/v1',
    });
    const refused = await api().patch(`/llms/${openaiId}`, { provider: 'extractive' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('provider: unknown field');
    expect((await api().patch(`/llms/${openaiId}`, { endpoint: null })).body).toEqual({
      detail: 'endpoint: is required for the openai provider',
    });
  });

  it('filters and pages the list like every collection', async () => {
    const openai = await reader.get('/llms?provider=openai');
    expect(openai.body.data.map((llm: { name: string }) => llm.name)).toEqual(['local-llama']);
    const page = await reader.get('/llms?limit=1');
    expect(page.body.page_info).toMatchObject({ count: 1, has_next: true });
    expect((await reader.get('/llms?size=3')).status).toBe(422);
  });

  it('answers 404 for an unknown LLM and 422 for a malformed id', async () => {
    expect((await reader.get('/llms/0193a000-0000-7000-8000-0000000000ff')).body).toEqual({
      detail: 'LLM not found',
    });
    expect((await reader.get('/llms/nope')).status).toBe(422);
  });

  it('deletes an LLM', async () => {
    const created = (await api().post('/llms', { name: 'short-lived', provider: 'extractive' })).body;
    expect((await api().delete(`/llms/${created.id}`)).status).toBe(204);
    expect((await api().get(`/llms/${created.id}`)).status).toBe(404);
    expect((await api().delete(`/llms/${created.id}`)).status).toBe(404);
  });

  it('stores the key sealed, not as text (Trove is stopped to read its database)', async () => {
    await api().patch(`/llms/${openaiId}`, { api_key: API_KEY });
    await fixture().trove.stop();
    const rows = await queryRaw<{ api_key: string; api_key_key_id: string }>(
      fixture().database,
      `SELECT encode(api_key, 'hex') AS api_key, api_key_key_id FROM llms WHERE id = '${openaiId}'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].api_key_key_id).toBeTruthy();
    expect(Buffer.from(rows[0].api_key, 'hex').toString('latin1')).not.toContain(API_KEY);
  });
});
