/**
 * Keys in alphabetical order, at every depth: how every view orders its keys (the
 * published Fragment does, and MCP serialises answers key by key), including the
 * keys of stored metadata, which PostgreSQL's jsonb keeps in its own order (shorter
 * keys first), not one a reader expects.
 */
export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeysDeep) as T;
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted as T;
}
