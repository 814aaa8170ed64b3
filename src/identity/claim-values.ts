/**
 * The values of an ID token's claims that role bindings compare with: each configured
 * claim's strings (a list such as `groups` gives each of its members; a number or a
 * boolean its text). A claim name is read as written first, then as a path through
 * nested objects (Keycloak's `realm_access.roles`), since names such as Auth0's
 * `https://example.com/groups` hold dots of their own.
 */
import type { ClaimValue } from './roles.repository';

/** More values than a person's groups ever count: the rest are dropped, not compared. */
const MAX_VALUES_PER_CLAIM = 1000;
/** The longest value a binding can name (identity.dto.ts). */
const MAX_VALUE_CHARS = 1000;

function lookUp(claims: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const scalar = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;

export function claimValues(claims: Record<string, unknown>, names: readonly string[]): ClaimValue[] {
  const out: ClaimValue[] = [];
  for (const claim of new Set(names)) {
    const raw = lookUp(claims, claim);
    const values = (Array.isArray(raw) ? raw : [raw]).map(scalar);
    const kept = new Set(
      values.filter((v): v is string => v !== null && v !== '' && v.length <= MAX_VALUE_CHARS),
    );
    for (const value of [...kept].slice(0, MAX_VALUES_PER_CLAIM)) out.push({ claim, value });
  }
  return out;
}
