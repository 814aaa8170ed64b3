/** The matrix rows of the identity routes: roles and role bindings, admin keys only. */
import { MatrixFixture, unique } from '../permission-matrix.fixture';
import { adminOnly, get, MatrixRequest, RestRow } from './rows';

export const IDENTITY_READ_ROWS: RestRow[] = [
  { route: 'GET /roles', request: get(() => '/roles?limit=1000'), expect: adminOnly(200) },
  { route: 'GET /roles/:id', request: get((fx) => `/roles/${fx.scratch.role}`), expect: adminOnly(200) },
  { route: 'GET /role_bindings', request: get(() => '/role_bindings?limit=1000'), expect: adminOnly(200) },
  {
    route: 'GET /role_bindings/:id',
    request: get((fx) => `/role_bindings/${fx.scratch.binding}`),
    expect: adminOnly(200),
  },
];

function adminRow(
  route: string,
  path: (fx: MatrixFixture) => string,
  status: number,
  body?: (fx: MatrixFixture) => unknown,
): RestRow {
  const method = route.split(' ')[0] as MatrixRequest['method'];
  return {
    route,
    request: (fx) => ({ method, path: path(fx), body: body?.(fx) }),
    expect: adminOnly(status),
  };
}

export const IDENTITY_WRITE_ROWS: RestRow[] = [
  adminRow(
    'POST /roles',
    () => '/roles',
    201,
    () => ({ name: unique('role'), grants: [] }),
  ),
  adminRow(
    'PATCH /roles/:id',
    (fx) => `/roles/${fx.scratch.role}`,
    200,
    () => ({ name: unique('renamed') }),
  ),
  adminRow('DELETE /roles/:id', (fx) => `/roles/${fx.scratch.doomedRole}`, 204),
  adminRow(
    'POST /role_bindings',
    () => '/role_bindings',
    201,
    (fx) => ({
      claim: 'groups',
      value: unique('group'),
      role_id: fx.scratch.role,
    }),
  ),
  adminRow(
    'PATCH /role_bindings/:id',
    (fx) => `/role_bindings/${fx.scratch.binding}`,
    200,
    () => ({
      value: unique('group'),
    }),
  ),
  adminRow('DELETE /role_bindings/:id', (fx) => `/role_bindings/${fx.scratch.doomedBinding}`, 204),
];
