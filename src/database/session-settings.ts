/**
 * Session settings held by pooled connections (see DatabaseService.withSessionSettings).
 * Each connection's values are remembered here, so a setting costs a round trip only
 * when it changes. Only `hnsw.*` settings are accepted: they change nothing but HNSW
 * index scans, and every such scan names the values it needs, so a value left on a
 * connection by an earlier request misleads no one.
 */
const held = new WeakMap<object, Map<string, string>>();

export async function holdSessionSettings(
  connection: object,
  settings: Record<string, string>,
  query: (sql: string, params: unknown[]) => Promise<unknown>,
): Promise<void> {
  const names = Object.keys(settings);
  if (!names.every((name) => /^hnsw\.[a-z_]+$/.test(name)))
    throw new Error(`not an hnsw setting: ${names.join(', ')}`);
  const values = held.get(connection) ?? new Map<string, string>();
  const changed = names.filter((name) => values.get(name) !== settings[name]);
  if (changed.length === 0) return;
  const calls = changed.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, false)`);
  await query(
    `SELECT ${calls.join(', ')}`,
    changed.flatMap((name) => [name, settings[name]]),
  );
  for (const name of changed) values.set(name, settings[name]);
  held.set(connection, values);
}
