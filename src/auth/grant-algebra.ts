/**
 * Grants combined, for the principals that hold no grants of their own: a personal
 * access token holds the intersection of what it was minted with and what its key holds
 * now; a signed-in user holds the union of their roles. Each works pipeline by pipeline
 * through `access` (a pipeline's own grant, else the `*` one), so a narrower grant on one
 * pipeline keeps narrowing whatever the other side's `*` grant gives.
 */
import { accessIn, AuthContext, Grant, PipelineAccess, Scope, SCOPES } from './auth-context';

/** What holds grants: a key's context (whose `access('*')` is what it gives on a pipeline it does not name). */
type Holder = Pick<AuthContext, 'access' | 'grants'>;

const named = (grants: readonly Grant[]) =>
  grants.filter((g) => g.pipeline_id !== '*').map((g) => g.pipeline_id);

const grantOf = (pipelineId: string, access: PipelineAccess): Grant =>
  access.permissions === 0
    ? { pipeline_id: pipelineId, permissions: 0, classifications: [] }
    : { pipeline_id: pipelineId, permissions: access.permissions, classifications: access.classifications };

function meet(a: PipelineAccess, b: PipelineAccess): PipelineAccess {
  const classifications =
    a.classifications === '*'
      ? b.classifications
      : b.classifications === '*'
        ? a.classifications
        : a.classifications.filter((name) => (b.classifications as string[]).includes(name));
  return { permissions: a.permissions & b.permissions, classifications };
}

function join(a: PipelineAccess, b: PipelineAccess): PipelineAccess {
  if (a.permissions === 0) return b;
  if (b.permissions === 0) return a;
  const classifications =
    a.classifications === '*' || b.classifications === '*'
      ? '*'
      : [...new Set([...a.classifications, ...b.classifications])];
  return { permissions: a.permissions | b.permissions, classifications };
}

/** Whether `inner` gives nothing `outer` does not: fewer or equal bits, a narrower allow-list. */
function within(inner: PipelineAccess, outer: PipelineAccess): boolean {
  if (inner.permissions === 0) return true;
  if ((inner.permissions & ~outer.permissions) !== 0) return false;
  if (outer.classifications === '*') return true;
  const allowed = outer.classifications;
  return inner.classifications !== '*' && inner.classifications.every((name) => allowed.includes(name));
}

/**
 * The first grant of `wanted` that gives more than `holder` on some pipeline, with that
 * pipeline ('*': a pipeline neither names); null when `wanted` stays within `holder`.
 */
export function firstExcess(
  holder: Holder,
  wanted: readonly Grant[],
): { index: number; pipelineId: string } | null {
  const wildcard = wanted.findIndex((g) => g.pipeline_id === '*');
  for (const [index, grant] of wanted.entries()) {
    if (grant.pipeline_id === '*') continue;
    if (!within(accessIn(wanted, grant.pipeline_id), holder.access(grant.pipeline_id)))
      return { index, pipelineId: grant.pipeline_id };
  }
  if (wildcard < 0) return null;
  // The `*` grant reaches every pipeline `wanted` does not name, those `holder` narrows included.
  for (const id of ['*', ...named(holder.grants).filter((id) => !named(wanted).includes(id))]) {
    if (!within(accessIn(wanted, '*'), holder.access(id))) return { index: wildcard, pipelineId: id };
  }
  return null;
}

/** Grants that give on each pipeline what both `grants` and `holder` give there. */
export function intersectGrants(grants: readonly Grant[], holder: Holder): Grant[] {
  const result: Grant[] = [];
  const hasWildcard = grants.some((g) => g.pipeline_id === '*');
  if (hasWildcard) result.push(grantOf('*', meet(accessIn(grants, '*'), holder.access('*'))));
  const ids = new Set([...named(grants), ...(hasWildcard ? named(holder.grants) : [])]);
  for (const id of ids) result.push(grantOf(id, meet(accessIn(grants, id), holder.access(id))));
  return result;
}

/** Grants that give on each pipeline what any of the lists gives there. */
export function unionGrants(lists: readonly (readonly Grant[])[]): Grant[] {
  const result: Grant[] = [];
  const union = (id: string) =>
    lists.reduce<PipelineAccess>((sum, list) => join(sum, accessIn(list, id)), {
      permissions: 0,
      classifications: [],
    });
  if (lists.some((list) => list.some((g) => g.pipeline_id === '*'))) result.push(grantOf('*', union('*')));
  for (const id of new Set(lists.flatMap(named))) result.push(grantOf(id, union(id)));
  return result;
}

/** Scopes in both lists; `all` for a holder that has every scope (an admin key). */
export const intersectScopes = (scopes: readonly Scope[], held: readonly Scope[] | 'all'): Scope[] =>
  scopes.filter((scope) => held === 'all' || held.includes(scope));

/** Scopes in any of the lists, in the order SCOPES gives them. */
export const unionScopes = (lists: readonly (readonly Scope[])[]): Scope[] =>
  SCOPES.filter((scope) => lists.some((list) => list.includes(scope)));
