import { claimValues } from './claim-values';

describe('claimValues', () => {
  it('reads strings, lists, numbers and booleans of the configured claims only', () => {
    const claims = {
      groups: ['eng', 'ops', 'eng', 7, { no: 1 }],
      email: 'a@example.com',
      admin: true,
      other: 'x',
    };
    expect(claimValues(claims, ['groups', 'email', 'admin', 'missing'])).toEqual([
      { claim: 'groups', value: 'eng' },
      { claim: 'groups', value: 'ops' },
      { claim: 'groups', value: '7' },
      { claim: 'email', value: 'a@example.com' },
      { claim: 'admin', value: 'true' },
    ]);
  });

  it('walks nested objects, after a name with dots of its own', () => {
    const claims = {
      realm_access: { roles: ['reader'] },
      'https://example.com/groups': ['finance'],
      'a.b': 'literal',
      a: { b: 'nested' },
    };
    expect(claimValues(claims, ['realm_access.roles', 'https://example.com/groups', 'a.b'])).toEqual([
      { claim: 'realm_access.roles', value: 'reader' },
      { claim: 'https://example.com/groups', value: 'finance' },
      { claim: 'a.b', value: 'literal' },
    ]);
  });

  it('drops empty and over-long values and does not read inherited properties', () => {
    expect(
      claimValues({ groups: ['', 'x'.repeat(1001), 'ok'] }, ['groups', 'constructor', 'toString']),
    ).toEqual([{ claim: 'groups', value: 'ok' }]);
  });
});
