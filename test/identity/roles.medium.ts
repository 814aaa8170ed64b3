/**
 * What a user signed in through the identity provider may do: the union of the roles
 * bound to their claim values, read at each request, so a binding or a role removed
 * applies to the next one. The HTTP side (the routes, their refusals, the sign-in) is in
 * roles.test.ts and oidc-sign-in.test.ts.
 */
import { parseWith } from '../../src/common/validation';
import { CreateRoleBindingSchema, CreateRoleSchema } from '../../src/identity/identity.dto';
import { RolesService } from '../../src/identity/roles.service';
import { UsersService } from '../../src/identity/users.service';
import { CreatePipelineSchema } from '../../src/pipelines/pipelines.dto';
import { PipelinesService } from '../../src/pipelines/pipelines.service';
import { describeEachDatabaseInProcess } from '../support/in-process';
import { unique } from '../search/helpers';

const ISSUER = 'https://idp.example.com';

describeEachDatabaseInProcess('roles of signed-in users', (trove) => {
  it('unions the bound roles at every request, and forgets what was unbound or deleted', async () => {
    const roles = trove().get(RolesService);
    const users = trove().get(UsersService);
    const pipelines = trove().get(PipelinesService);
    const pipeline = async () =>
      (
        await pipelines.create(
          parseWith(CreatePipelineSchema, { name: unique('p'), classifications: ['public', 'internal'] }),
        )
      ).id;
    const [first, second] = [await pipeline(), await pipeline()];
    const readers = await roles.createRole(
      parseWith(CreateRoleSchema, {
        name: unique('readers'),
        grants: [{ pipeline_id: first, permissions: 5, classifications: ['public'] }],
        scopes: ['agent:read'],
      }),
    );
    const writers = await roles.createRole(
      parseWith(CreateRoleSchema, {
        name: unique('writers'),
        grants: [
          { pipeline_id: first, permissions: 2, classifications: ['internal'] },
          { pipeline_id: second, permissions: 4, classifications: '*' },
        ],
        scopes: ['agent:write'],
      }),
    );
    const bind = (claim: string, value: string, roleId: string) =>
      roles.createBinding(parseWith(CreateRoleBindingSchema, { claim, value, role_id: roleId }));
    const byGroup = await bind('groups', 'support', readers.id);
    await bind('email', 'ann@example.com', writers.id);
    await bind('groups', 'nobody-has-this', writers.id);

    const ann = await users.signIn(
      { issuer: ISSUER, subject: 'ann', claims: { groups: ['support', 'sales'], email: 'ann@example.com' } },
      ['groups', 'email'],
    );
    const bob = await users.signIn(
      { issuer: ISSUER, subject: 'bob', claims: { groups: ['sales'], email: 'ann@example.com' } },
      ['groups'], // email is not a configured claim here: bob's is not kept
    );

    const annNow = (await users.principal(ann))!;
    expect(annNow.admin).toBe(false);
    expect(annNow.access(first)).toEqual({ permissions: 7, classifications: ['public', 'internal'] });
    expect(annNow.access(second)).toEqual({ permissions: 4, classifications: '*' });
    expect(annNow.scopes).toEqual(['agent:read', 'agent:write']);
    const bobNow = (await users.principal(bob))!;
    expect(bobNow.grants).toEqual([]);
    expect(bobNow.scopes).toEqual([]);

    // Signing in again updates the claims kept; the same user.
    expect(
      await users.signIn({ issuer: ISSUER, subject: 'bob', claims: { groups: ['support'] } }, ['groups']),
    ).toBe(bob);
    expect((await users.principal(bob))!.access(first)).toEqual({
      permissions: 5,
      classifications: ['public'],
    });

    await roles.deleteBinding(byGroup.id);
    expect((await users.principal(ann))!.access(first)).toEqual({
      permissions: 2,
      classifications: ['internal'],
    });
    expect((await users.principal(bob))!.grants).toEqual([]);
    await roles.deleteRole(writers.id);
    expect((await users.principal(ann))!.grants).toEqual([]);
    expect(await users.principal('0193a000-0000-7000-8000-00000000dead')).toBeNull();
  });
});
