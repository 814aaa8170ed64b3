/**
 * Rows that every request needs (an API key, a pipeline with its models) kept in a
 * process's memory, yet never used one request after they changed, on any Trove
 * process sharing the database.
 *
 * The database holds one counter, `cache_generation`, which triggers move in the
 * same transaction as any change of a key, a pipeline, its vector embeddings or an
 * embedding model (migration 1764580000000-CacheGeneration). A request's generation
 * (AuthContext) is the counter as notified to this process at every commit that moves
 * it (cache-generation-listener.ts), or, when that cannot be trusted, as read on the
 * primary in the statement that reads its key (ApiKeysRepository.findWithGeneration). A row
 * read after the counter was seen at G is current for every later request that sees
 * G again: any change committed in between would have moved the counter. So an entry
 * is kept with the generation that was read before it, and served only to a request
 * of that same generation; anything else reads the row again.
 *
 * Read replicas play no part: the counter and the rows are read (and notified) on the
 * primary, so a lagging replica cannot make a revoked key or a withdrawn grant work.
 */

/** How many entries a cache holds; the oldest makes room for a new one. */
const MAX_ENTRIES = 1_000;

export class GenerationCache<V> {
  private readonly entries = new Map<string, { value: V; generation: string }>();

  /** The value kept for `key` if it was read in this very generation; undefined otherwise. */
  get(key: string, generation: string | null): V | undefined {
    if (generation === null) return undefined;
    const entry = this.entries.get(key);
    return entry?.generation === generation ? entry.value : undefined;
  }

  /** Keeps `value`, read after the counter was seen at `generation` (null: not kept). */
  set(key: string, value: V, generation: string | null): void {
    if (generation === null) return;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, generation });
  }
}
