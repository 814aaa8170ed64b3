import { describeEachDatabase } from '../support/suite';
import { Api } from '../support/http';

describeEachDatabase('API keys and authentication', (fixture) => {
  const api = () => fixture().api;

  it('refuses a request without headers with the exact message', async () => {
    const response = await api().as(null).get('/pipelines');
    expect(response.status).toBe(401);
    expect(response.text).toBe('{"detail":"Unauthorized: No API Key specified."}');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses a request with only one of the two headers', async () => {
    const response = await api()
      .as(null)
      .request('GET', '/pipelines', undefined, { 'x-api-key': fixture().api.credentials!.id });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Unauthorized: No API Key specified.' });
  });

  it.each([
    ['an unknown key', '0193a000-0000-7000-8000-0000000000ff', 'whatever-secret'],
    ['a wrong secret', null, 'not-the-secret'],
    ['a key id that is not a UUID', 'abc', 'whatever-secret'],
  ])('refuses %s with the invalid-key message', async (_, id, secret) => {
    const response = await api()
      .as({ id: id ?? fixture().api.credentials!.id, secret })
      .get('/pipelines');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Unauthorized: Invalid API Key.' });
  });

  it('creates a key whose secret is shown once and works at once', async () => {
    const created = await api().post('/api_keys', {
      name: 'reader',
      grants: [{ pipeline_id: '*', permissions: 4 }],
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).slice(0, 6)).toEqual([
      'id',
      'secret',
      'name',
      'admin',
      'grants',
      'created_at',
    ]);
    expect(created.body).toMatchObject({
      name: 'reader',
      admin: false,
      grants: [{ pipeline_id: '*', permissions: 4, classifications: '*' }],
    });
    expect(created.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const fetched = await api().get(`/api_keys/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.secret).toBeUndefined();
    expect(JSON.stringify(fetched.body)).not.toContain(created.body.secret);
    const listed = await api().get('/api_keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    const reader = api().as({ id: created.body.id, secret: created.body.secret });
    expect((await reader.get('/pipelines')).status).toBe(200);
  });

  it('refuses a disabled key on its next request, and accepts it again when enabled', async () => {
    const created = (await api().post('/api_keys', { name: 'soon-disabled' })).body;
    const key = api().as({ id: created.id, secret: created.secret });
    expect((await key.get('/pipelines')).status).toBe(200);
    expect((await api().patch(`/api_keys/${created.id}`, { disabled: true })).status).toBe(200);
    expect((await key.get('/pipelines')).body).toEqual({ detail: 'Unauthorized: Invalid API Key.' });
    expect((await api().patch(`/api_keys/${created.id}`, { disabled: false })).status).toBe(200);
    expect((await key.get('/pipelines')).status).toBe(200);
  });

  it('refuses a deleted key on its next request', async () => {
    const created = (await api().post('/api_keys', { name: 'soon-deleted' })).body;
    const key = api().as({ id: created.id, secret: created.secret });
    expect((await key.get('/pipelines')).status).toBe(200);
    expect((await api().delete(`/api_keys/${created.id}`)).status).toBe(204);
    expect((await key.get('/pipelines')).status).toBe(401);
    expect((await api().get(`/api_keys/${created.id}`)).status).toBe(404);
  });

  it('rotates a secret: the old one stops working, the new one works', async () => {
    const created = (await api().post('/api_keys', { name: 'rotated' })).body;
    const rotated = await api().post(`/api_keys/${created.id}/rotate`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect((await api().as({ id: created.id, secret: created.secret }).get('/pipelines')).status).toBe(401);
    expect((await api().as({ id: created.id, secret: rotated.body.secret }).get('/pipelines')).status).toBe(
      200,
    );
  });

  it('keeps key management to admin keys', async () => {
    const created = (
      await api().post('/api_keys', { name: 'not-admin', grants: [{ pipeline_id: '*', permissions: 7 }] })
    ).body;
    const key = api().as({ id: created.id, secret: created.secret });
    for (const [method, path] of [
      ['GET', '/api_keys'],
      ['POST', '/api_keys'],
      ['GET', `/api_keys/${created.id}`],
      ['DELETE', `/api_keys/${created.id}`],
    ]) {
      const response = await key.request(method, path, method === 'POST' ? { name: 'x' } : undefined);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Forbidden: this operation needs an admin API key.' });
    }
  });

  it('lets an admin key create another admin key that can manage keys', async () => {
    const created = (await api().post('/api_keys', { name: 'second-admin', admin: true })).body;
    const admin2 = new Api(fixture().trove.url, { id: created.id, secret: created.secret });
    expect((await admin2.get('/api_keys')).status).toBe(200);
  });

  it('refuses a key deleting itself', async () => {
    const response = await api().delete(`/api_keys/${api().credentials!.id}`);
    expect(response.status).toBe(422);
  });

  it.each([
    [{}, 'name: is required'],
    [{ name: '' }, 'name: must not be empty'],
    [{ name: 'x', admin: 'yes' }, 'admin: must be true or false'],
    [{ name: 'x', grants: {} }, 'grants: must be an array of grants'],
    [
      { name: 'x', grants: [{ pipeline_id: 'nope', permissions: 4 }] },
      'grants[0].pipeline_id: must be a pipeline UUID or "*"',
    ],
    [
      { name: 'x', grants: [{ pipeline_id: '*', permissions: 8 }] },
      'grants[0].permissions: must be an integer from 0 to 7',
    ],
    [
      { name: 'x', grants: [{ pipeline_id: '*', permissions: 1.5 }] },
      'grants[0].permissions: must be an integer from 0 to 7',
    ],
    [
      { name: 'x', grants: [{ pipeline_id: '*', permissions: 4, classifications: 'public' }] },
      'grants[0].classifications: must be "*" or an array of classification names',
    ],
    [
      { name: 'x', grants: [{ pipeline_id: '0193a000-0000-7000-8000-000000000123', permissions: 4 }] },
      'grants[0].pipeline_id: pipeline 0193a000-0000-7000-8000-000000000123 does not exist',
    ],
    [
      {
        name: 'x',
        grants: [
          { pipeline_id: '*', permissions: 4 },
          { pipeline_id: '*', permissions: 5 },
        ],
      },
      'grants: name each pipeline at most once',
    ],
    [{ name: 'x', surprise: true }, 'surprise: unknown field'],
  ])('refuses the body %j with 422 naming the field', async (body, detail) => {
    const response = await api().post('/api_keys', body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail });
  });

  it('pages the key list with cursors', async () => {
    for (let i = 0; i < 3; i++) await api().post('/api_keys', { name: `page-${i}` });
    const first = await api().get('/api_keys?name$startswith=page-&limit=2');
    expect(first.body.data.map((k: { name: string }) => k.name)).toEqual(['page-0', 'page-1']);
    expect(first.body.page_info).toMatchObject({ count: 2, has_next: true, has_prev: false });
    const second = await api().get(
      `/api_keys?name$startswith=page-&limit=2&after=${first.body.page_info.after}`,
    );
    expect(second.body.data.map((k: { name: string }) => k.name)).toEqual(['page-2']);
    expect(second.body.page_info).toMatchObject({ count: 1, has_next: false, has_prev: true });
    const back = await api().get(
      `/api_keys?name$startswith=page-&limit=2&before=${second.body.page_info.before}`,
    );
    expect(back.body.data.map((k: { name: string }) => k.name)).toEqual(['page-0', 'page-1']);
    expect(first.body.query_info).toEqual([{ field: 'name', op: 'startswith', value: 'page-' }]);
  });

  it('gives a key the agent scopes it is created with, agent:read alone by default, and changes them', async () => {
    const plain = (await api().post('/api_keys', { name: 'scopes-default' })).body;
    expect(plain.scopes).toEqual(['agent:read']);
    const agent = await api().post('/api_keys', {
      name: 'scopes-all',
      scopes: ['agent:read', 'agent:write', 'agent:execute'],
    });
    expect(agent.status).toBe(201);
    expect(agent.body.scopes).toEqual(['agent:read', 'agent:write', 'agent:execute']);
    const patched = await api().patch(`/api_keys/${plain.id}`, { scopes: ['agent:execute'] });
    expect(patched.body.scopes).toEqual(['agent:execute']);
    expect((await api().get(`/api_keys/${plain.id}`)).body.scopes).toEqual(['agent:execute']);
    expect((await api().patch(`/api_keys/${plain.id}`, { scopes: [] })).body.scopes).toEqual([]);
  });

  it.each([
    [
      { name: 'x', scopes: ['agent:admin'] },
      'scopes[0]: must be one of agent:read, agent:write, agent:execute',
    ],
    [{ name: 'x', scopes: ['agent:read', 'agent:read'] }, 'scopes: name each scope at most once'],
    [
      { name: 'x', scopes: 'agent:read' },
      'scopes: must be an array of scopes (agent:read, agent:write, agent:execute)',
    ],
  ])('refuses scopes %j', async (body, detail) => {
    const response = await api().post('/api_keys', body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail });
  });
});
