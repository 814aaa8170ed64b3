import { describeEachDatabase } from '../support/suite';
import { createKey, GrantBody } from '../support/records';

const DEFAULT_SPLITTER = '01900000-0000-7000-8000-000000000001';
const MISSING = '0193a000-0000-7000-8000-00000000dead';

describeEachDatabase('pipelines, classifications and visibility', (fixture) => {
  const api = () => fixture().api;
  const keyWith = async (grants: GrantBody[]) => api().as(await createKey(api(), grants));

  let supportKb: { id: string; default_vector_embedding_id: string };
  let other: { id: string };

  beforeAll(async () => {
    const created = await api().post('/pipelines', {
      name: 'support-kb',
      description: 'Support knowledge base',
      classifications: ['public', 'internal'],
      hierarchy: [['internal', 'public']],
    });
    expect(created.status).toBe(201);
    supportKb = created.body;
    other = (await api().post('/pipelines', { name: 'other', full_text_search: false })).body;
  });

  it('returns the contract fields, with embedding_models keyed by vector embedding id', async () => {
    const response = await api().get(`/pipelines/${supportKb.id}`);
    expect(Object.keys(response.body)).toEqual([
      'id',
      'name',
      'description',
      'default_text_splitter_id',
      'default_vector_embedding_id',
      'embedding_models',
      'full_text_search',
      'created_at',
      'full_text_ranking',
      'full_text_bm25',
      'full_text_language',
      'default_reranker_id',
    ]);
    expect(response.body).toMatchObject({
      name: 'support-kb',
      description: 'Support knowledge base',
      default_text_splitter_id: DEFAULT_SPLITTER,
      full_text_search: true,
    });
    const keys = Object.keys(response.body.embedding_models);
    expect(keys).toEqual([response.body.default_vector_embedding_id]);
    const model = response.body.embedding_models[keys[0]];
    expect(model.id).not.toBe(keys[0]);
    expect(model).toMatchObject({ provider: 'hashing', size: 384 });
  });

  it('makes a full-text-only pipeline from an empty model list, and refuses one that could not be searched', async () => {
    const ft = await api().post('/pipelines', { name: 'full-text-only', embedding_model_ids: [] });
    expect(ft.status).toBe(201);
    expect(ft.body).toMatchObject({
      default_vector_embedding_id: null,
      embedding_models: {},
      full_text_search: true,
    });
    const none = await api().post('/pipelines', {
      name: 'unsearchable',
      embedding_model_ids: [],
      full_text_search: false,
    });
    expect(none.status).toBe(422);
    expect(none.body.detail).toBe(
      'embedding_model_ids: a pipeline without embedding models needs full_text_search: true',
    );
  });

  it('binds several models, the first being the default', async () => {
    const a = (await api().post('/embedding_models', { name: 'hash-a', provider: 'hashing', size: 16 })).body;
    const b = (await api().post('/embedding_models', { name: 'hash-b', provider: 'hashing', size: 24 })).body;
    const created = (
      await api().post('/pipelines', { name: 'two-models', embedding_model_ids: [a.id, b.id] })
    ).body;
    const entries = Object.entries(created.embedding_models) as [string, { id: string }][];
    expect(entries.map(([, m]) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(created.embedding_models[created.default_vector_embedding_id].id).toBe(a.id);
    const other = entries.find(([, m]) => m.id === b.id)![0];
    const patched = await api().patch(`/pipelines/${created.id}`, { default_vector_embedding_id: other });
    expect(patched.body.default_vector_embedding_id).toBe(other);
    const wrong = await api().patch(`/pipelines/${created.id}`, { default_vector_embedding_id: b.id });
    expect(wrong.status).toBe(422);
  });

  it.each([
    [{ name: 'support-kb' }, 409, "A pipeline named 'support-kb' already exists"],
    [
      { name: 'x', embedding_model_ids: [MISSING] },
      422,
      `embedding_model_ids[0]: embedding model ${MISSING} does not exist`,
    ],
    [
      { name: 'x', embedding_model_ids: ['nope'] },
      422,
      'embedding_model_ids[0]: must be an embedding model UUID',
    ],
    [
      { name: 'x', text_splitter_id: MISSING },
      422,
      `text_splitter_id: text splitter ${MISSING} does not exist`,
    ],
    [{ name: 'x', classifications: ['a', 'a'] }, 422, "classifications[1]: 'a' is listed twice"],
    [
      { name: 'x', classifications: ['a'], hierarchy: [['a', 'b']] },
      422,
      "hierarchy[0][1]: 'b' is not one of the pipeline's classifications",
    ],
    [
      {
        name: 'x',
        classifications: ['a', 'b'],
        hierarchy: [
          ['a', 'b'],
          ['b', 'a'],
        ],
      },
      422,
      'hierarchy: the pairs form a cycle (a -> b -> a)',
    ],
    [
      { name: 'x', hierarchy: [['a']] },
      422,
      'hierarchy[0]: must be a pair [classification, inherited classification]',
    ],
    [{ name: 'x', full_text_search: 'yes' }, 422, 'full_text_search: must be true or false'],
  ])('refuses %j', async (body, status, detail) => {
    const response = await api().post('/pipelines', body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
  });

  it('returns and replaces classifications, sorted as the MCP page shows', async () => {
    const got = await api().get(`/pipelines/${supportKb.id}/classifications`);
    expect(got.text).toBe('{"classifications":["internal","public"],"hierarchy":[["internal","public"]]}');
    const put = await api().put(`/pipelines/${other.id}/classifications`, {
      classifications: ['c', 'b', 'a'],
      hierarchy: [
        ['c', 'b'],
        ['b', 'a'],
      ],
    });
    expect(put.body).toEqual({
      classifications: ['a', 'b', 'c'],
      hierarchy: [
        ['b', 'a'],
        ['c', 'b'],
      ],
    });
    const cycle = await api().put(`/pipelines/${other.id}/classifications`, {
      classifications: ['a', 'b'],
      hierarchy: [
        ['a', 'b'],
        ['b', 'a'],
      ],
    });
    expect(cycle.status).toBe(422);
    expect((await api().get(`/pipelines/${other.id}/classifications`)).body.classifications).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('lists with the envelope, name$contains wildcards (case-sensitive), limit and cursors', async () => {
    for (const name of ['wild-Alpha', 'wild-alpha', 'wild_beta', 'wildXbeta'])
      await api().post('/pipelines', { name });
    const names = async (q: string) =>
      ((await api().get(`/pipelines?${q}`)).body.data as { name: string }[]).map((p) => p.name);
    expect(await names('name$contains=alpha')).toEqual(['wild-alpha']);
    expect(await names('name$contains=Alpha')).toEqual(['wild-Alpha']);
    expect(await names(`name$contains=${encodeURIComponent('wild_beta')}`)).toEqual([
      'wild_beta',
      'wildXbeta',
    ]);
    expect(await names(`name$contains=${encodeURIComponent('wild%a')}`)).toEqual([
      'wild-Alpha',
      'wild-alpha',
      'wild_beta',
      'wildXbeta',
    ]);
    expect(await names('name$startswith=wild_')).toEqual(['wild_beta']);
    const page = await api().get('/pipelines?name$startswith=wild&limit=3');
    expect(page.body.page_info).toMatchObject({ count: 3, has_next: true, has_prev: false });
    expect(page.body.query_info).toEqual([{ field: 'name', op: 'startswith', value: 'wild' }]);
    const next = await api().get(
      `/pipelines?name$startswith=wild&limit=3&after=${page.body.page_info.after}`,
    );
    expect(next.body.data).toHaveLength(1);
    expect(next.body.page_info).toMatchObject({ has_next: false, has_prev: true });
    for (const [q, status] of [
      ['limit=0', 422],
      ['limit=1001', 422],
      ['after=nope', 422],
      ['colour=red', 422],
      ['name$like=x', 422],
    ] as const) {
      expect((await api().get(`/pipelines?${q}`)).status).toBe(status);
    }
  });

  describe('what each key sees', () => {
    it('a read-only key scoped to one pipeline sees only it; others are 404, never 403', async () => {
      const key = await keyWith([{ pipeline_id: supportKb.id, permissions: 4 }]);
      const list = await key.get('/pipelines');
      expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([supportKb.id]);
      expect((await key.get(`/pipelines/${supportKb.id}`)).status).toBe(200);
      const hidden = await key.get(`/pipelines/${other.id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ detail: 'Pipeline not found' });
      expect((await key.get(`/pipelines/${MISSING}`)).body).toEqual({ detail: 'Pipeline not found' });
      expect((await key.get(`/pipelines/${other.id}/classifications`)).status).toBe(404);
    });

    it('a write-only key (2) cannot see the pipeline at all', async () => {
      const key = await keyWith([{ pipeline_id: supportKb.id, permissions: 2 }]);
      expect((await key.get('/pipelines')).body.data).toEqual([]);
      expect((await key.get(`/pipelines/${supportKb.id}`)).status).toBe(404);
    });

    it('a key with no grants sees nothing', async () => {
      const key = await keyWith([]);
      expect((await key.get('/pipelines')).body.data).toEqual([]);
      expect((await key.get(`/pipelines/${supportKb.id}`)).status).toBe(404);
    });

    it('a * grant reads every pipeline, and a specific grant without read hides one', async () => {
      const key = await keyWith([
        { pipeline_id: '*', permissions: 5 },
        { pipeline_id: other.id, permissions: 0 },
      ]);
      const ids = (await key.get('/pipelines?limit=1000')).body.data.map((p: { id: string }) => p.id);
      expect(ids).toContain(supportKb.id);
      expect(ids).not.toContain(other.id);
      expect((await key.get(`/pipelines/${other.id}`)).status).toBe(404);
    });

    it('an allow-list other than * may read the pipeline but not its classifications', async () => {
      const key = await keyWith([{ pipeline_id: supportKb.id, permissions: 5, classifications: ['public'] }]);
      expect((await key.get(`/pipelines/${supportKb.id}`)).status).toBe(200);
      const denied = await key.get(`/pipelines/${supportKb.id}/classifications`);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ detail: 'Authorization error: AccessLevel(READ)' });
    });

    it('a non-admin key, even with 7 on *, cannot create, change or delete pipelines', async () => {
      const key = await keyWith([{ pipeline_id: '*', permissions: 7 }]);
      expect((await key.post('/pipelines', { name: 'nope' })).status).toBe(403);
      expect((await key.patch(`/pipelines/${supportKb.id}`, { description: 'x' })).status).toBe(403);
      expect((await key.delete(`/pipelines/${supportKb.id}`)).status).toBe(403);
      expect(
        (await key.put(`/pipelines/${supportKb.id}/classifications`, { classifications: ['x'] })).status,
      ).toBe(403);
    });

    it('a disabled admin key is refused', async () => {
      const created = (await api().post('/api_keys', { name: 'admin-2', admin: true })).body;
      const key = api().as({ id: created.id, secret: created.secret });
      expect((await key.get('/pipelines')).status).toBe(200);
      await api().patch(`/api_keys/${created.id}`, { disabled: true });
      expect((await key.get('/pipelines')).status).toBe(401);
    });
  });

  it('updates and deletes a pipeline', async () => {
    const created = (await api().post('/pipelines', { name: 'to-change' })).body;
    const patched = await api().patch(`/pipelines/${created.id}`, {
      name: 'changed',
      description: 'now described',
    });
    expect(patched.body).toMatchObject({ name: 'changed', description: 'now described' });
    expect((await api().patch(`/pipelines/${created.id}`, { name: 'support-kb' })).status).toBe(409);
    expect(
      (await api().patch(`/pipelines/${created.id}`, { embedding_model_ids: [], full_text_search: false }))
        .status,
    ).toBe(422);
    expect((await api().delete(`/pipelines/${created.id}`)).status).toBe(204);
    expect((await api().get(`/pipelines/${created.id}`)).status).toBe(404);
    expect((await api().delete(`/pipelines/${created.id}`)).status).toBe(404);
  });

  it('answers 422, not 500, for a non-UUID id', async () => {
    const response = await api().get('/pipelines/not-a-uuid');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: 'pipeline id must be a UUID, got "not-a-uuid"' });
  });
});
