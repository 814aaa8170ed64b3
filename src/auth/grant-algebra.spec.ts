import { AuthContext, Grant } from './auth-context';
import { firstExcess, intersectGrants, unionGrants } from './grant-algebra';

const P1 = '0193a000-0000-7000-8000-000000000001';
const P2 = '0193a000-0000-7000-8000-000000000002';
const key = (grants: Grant[], admin = false) => new AuthContext('k', admin, grants);

describe('intersectGrants', () => {
  it('keeps what both give, pipeline by pipeline', () => {
    const holder = key([
      { pipeline_id: '*', permissions: 5, classifications: ['public', 'internal'] },
      { pipeline_id: P2, permissions: 4, classifications: ['public'] },
    ]);
    const token = new AuthContext(
      'k',
      false,
      intersectGrants([{ pipeline_id: '*', permissions: 7, classifications: '*' }], holder),
    );
    expect(token.access(P1)).toEqual({ permissions: 5, classifications: ['public', 'internal'] });
    // The key narrows P2 below its own `*` grant: the token's `*` does not widen it back.
    expect(token.access(P2)).toEqual({ permissions: 4, classifications: ['public'] });
  });

  it('shrinks with the key: a pipeline the key lost is lost to the token', () => {
    const grants: Grant[] = [{ pipeline_id: P1, permissions: 5, classifications: '*' }];
    const after = intersectGrants(grants, key([{ pipeline_id: P2, permissions: 7, classifications: '*' }]));
    expect(new AuthContext('k', false, after).can(P1, 4)).toBe(false);
  });

  it("gives an admin key's token exactly its own grants", () => {
    const grants: Grant[] = [{ pipeline_id: P1, permissions: 4, classifications: ['public'] }];
    expect(intersectGrants(grants, key([], true))).toEqual(grants);
  });
});

describe('firstExcess', () => {
  const holder = key([
    { pipeline_id: '*', permissions: 4, classifications: ['public'] },
    { pipeline_id: P2, permissions: 0, classifications: [] },
  ]);

  it('accepts a subset', () => {
    expect(
      firstExcess(holder, [{ pipeline_id: P1, permissions: 4, classifications: ['public'] }]),
    ).toBeNull();
  });

  it('names more bits, a wider allow-list and a `*` reaching a withheld pipeline', () => {
    expect(firstExcess(holder, [{ pipeline_id: P1, permissions: 5, classifications: ['public'] }])).toEqual({
      index: 0,
      pipelineId: P1,
    });
    expect(firstExcess(holder, [{ pipeline_id: P1, permissions: 4, classifications: '*' }])).not.toBeNull();
    expect(
      firstExcess(holder, [
        { pipeline_id: P1, permissions: 0, classifications: [] },
        { pipeline_id: '*', permissions: 4, classifications: ['public'] },
      ]),
    ).toEqual({ index: 1, pipelineId: P2 });
  });
});

describe('unionGrants', () => {
  it("gives on each pipeline what any role gives, a role's `*` included", () => {
    const user = new AuthContext(
      'u',
      false,
      unionGrants([
        [{ pipeline_id: '*', permissions: 4, classifications: ['public'] }],
        [{ pipeline_id: P1, permissions: 1, classifications: ['internal'] }],
      ]),
    );
    expect(user.access(P1)).toEqual({ permissions: 5, classifications: ['public', 'internal'] });
    expect(user.access(P2)).toEqual({ permissions: 4, classifications: ['public'] });
  });

  it('gives nothing without roles', () => {
    expect(new AuthContext('u', false, unionGrants([])).can(P1, 4)).toBe(false);
  });
});
