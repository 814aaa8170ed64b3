/**
 * Query vectors lately computed, so that a question asked again (assistants repeat
 * themselves) does not call the model again. Only vectors are kept, never results:
 * what a search returns depends on the caller's grants and on the data of the moment,
 * a query's vector on nothing but the model and the text.
 *
 * An entry is keyed by everything the model's embedder is built from (its id,
 * provider, size and parameters: a model edited since is another model) and the exact
 * text. Bounded by TROVE_QUERY_EMBEDDING_CACHE_SIZE entries (0, the default: nothing is
 * kept); the least recently used makes room for a new one. Off by default because a
 * kept vector answers a repeated query even while its model is failing, where without
 * it the search would fail: a choice for the operator.
 */
export class QueryEmbeddingCache {
  private readonly entries = new Map<string, number[]>();

  constructor(private readonly capacity: number) {}

  /** The vector kept for this model and text (a copy: callers may keep or change it), or undefined. */
  get(modelKey: string, text: string): number[] | undefined {
    const key = entryKey(modelKey, text);
    const vector = this.entries.get(key);
    if (vector === undefined) return undefined;
    // Re-inserted to mark it recently used: a Map iterates in insertion order.
    this.entries.delete(key);
    this.entries.set(key, vector);
    return [...vector];
  }

  has(modelKey: string, text: string): boolean {
    return this.entries.has(entryKey(modelKey, text));
  }

  set(modelKey: string, text: string, vector: number[]): void {
    if (this.capacity === 0) return;
    const key = entryKey(modelKey, text);
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, [...vector]);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The model's key is JSON (an array), so no text can make two pairs meet. */
const entryKey = (modelKey: string, text: string) => `${modelKey}\n${text}`;
