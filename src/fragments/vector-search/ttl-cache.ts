/**
 * A bounded map whose entries are forgotten after `ttlMs`: what a search learnt of a
 * vector embedding's or a scope's size, which chooses a method and never limits results,
 * so a value a few seconds old is good enough. Past `maxEntries` it starts over.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
  }

  /** The remembered value, or `load`'s, remembered. */
  async through(key: string, load: () => Promise<V>): Promise<V> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const value = await load();
    this.set(key, value);
    return value;
  }
}
