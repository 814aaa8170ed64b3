/**
 * /roles and /role_bindings over HTTP: what each refuses, with the status and the field,
 * and a deleted role taking its bindings with it. Who may call them is the permission
 * matrix's; what a role gives a signed-in user is roles.medium.ts and oidc-sign-in.test.ts.
 */
import { describeEachDatabase } from '../support/suite';
import { unique } from '../search/helpers';

const NO_PIPELINE = '0193a000-0000-7000-8000-00000000beef';

describeEachDatabase('roles and role bindings', (fixture) => {
  const api = () => fixture().api;

  it('creates, lists, edits and deletes roles and bindings; deleting a role deletes its bindings', async () => {
    const name = unique('readers');
    const role = await api().post('/roles', {
      name,
      grants: [{ pipeline_id: '*', permissions: 4, classifications: ['public'] }],
    });
    expect(role.status).toBe(201);
    expect(role.body).toMatchObject({ name, scopes: [], grants: [{ pipeline_id: '*', permissions: 4 }] });
    const binding = await api().post('/role_bindings', {
      claim: 'groups',
      value: 'support',
      role_id: role.body.id,
    });
    expect(binding.status).toBe(201);
    expect((await api().get(`/role_bindings?role_id=${role.body.id}`)).body.data).toEqual([binding.body]);
    expect((await api().get(`/roles?name=${name}`)).body.data.map((r: { id: string }) => r.id)).toEqual([
      role.body.id,
    ]);
    const renamed = await api().patch(`/roles/${role.body.id}`, { scopes: ['agent:read'] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name, scopes: ['agent:read'] });
    const moved = await api().patch(`/role_bindings/${binding.body.id}`, { value: 'sales' });
    expect(moved.body).toMatchObject({ claim: 'groups', value: 'sales', role_id: role.body.id });

    expect((await api().delete(`/roles/${role.body.id}`)).status).toBe(204);
    expect((await api().get(`/roles/${role.body.id}`)).status).toBe(404);
    expect((await api().get(`/role_bindings/${binding.body.id}`)).status).toBe(404);
    expect((await api().delete(`/role_bindings/${binding.body.id}`)).status).toBe(404);
  });

  it('refuses a taken name, an unknown pipeline or role, a repeated binding and bad fields', async () => {
    const name = unique('taken');
    const role = (await api().post('/roles', { name })).body;
    const taken = await api().post('/roles', { name });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('A role of this name already exists');

    const unknownPipeline = await api().post('/roles', {
      name: unique('r'),
      grants: [{ pipeline_id: NO_PIPELINE, permissions: 4 }],
    });
    expect(unknownPipeline.status).toBe(422);
    expect(unknownPipeline.body.detail).toContain('grants[0].pipeline_id');

    const unknownRole = await api().post('/role_bindings', {
      claim: 'groups',
      value: 'x',
      role_id: NO_PIPELINE,
    });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.detail).toContain('role_id');

    expect(
      (await api().post('/role_bindings', { claim: 'groups', value: 'x', role_id: role.id })).status,
    ).toBe(201);
    const again = await api().post('/role_bindings', { claim: 'groups', value: 'x', role_id: role.id });
    expect(again.status).toBe(409);

    for (const body of [
      { claim: '', value: 'x', role_id: role.id },
      { claim: 'groups', value: 'x', role_id: 'not-a-uuid' },
      { claim: 'groups', role_id: role.id },
      { claim: 'groups', value: 'x', role_id: role.id, extra: 1 },
    ]) {
      const refused = await api().post('/role_bindings', body);
      expect(refused.status).toBe(422);
    }
    expect((await api().post('/roles', { name: unique('r'), scopes: ['agent:fly'] })).status).toBe(422);
    expect((await api().get('/roles/not-a-uuid')).status).toBe(422);
  });
});
