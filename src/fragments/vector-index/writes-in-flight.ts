/**
 * This process's writes of vectors in flight, per vector embedding: how many, which of
 * them are bulk loads, when the last write of a load ended, and the writes waiting out
 * the quiet spell after it (vector-index-builds.ts). In memory only: another replica's
 * writes are not seen here, and the advisory lock of a build keeps replicas apart.
 */
export class WritesInFlight {
  /** Writes in flight per vector embedding. */
  private readonly writing = new Map<string, number>();
  /** Of those, the bulk loads. */
  private readonly loads = new Map<string, number>();
  /** When the last write of a load ended: of two that ended before either began its quiet spell, only the later one builds. */
  private readonly lastEnded = new Map<string, number>();
  /** Last writes of a load waiting out their quiet spell: woken when another write begins. */
  private readonly waiting = new Map<string, Set<() => void>>();

  /** A write into the vector embedding begins: whoever waits out a quiet spell of it is woken. */
  began(id: string): void {
    count(this.writing, id, +1);
    for (const wake of this.waiting.get(id) ?? []) wake();
  }

  /** The write is a bulk load (from `loading`, before its transaction opens). */
  loadBegan(id: string): void {
    count(this.loads, id, +1);
  }

  /** A write ended (a bulk load's too: `wasLoad`); returns how many others are still in flight. */
  ended(id: string, wasLoad: boolean): number {
    if (wasLoad) count(this.loads, id, -1);
    return count(this.writing, id, -1);
  }

  isWriting(id: string): boolean {
    return this.writing.has(id);
  }

  isLoading(id: string): boolean {
    return this.loads.has(id);
  }

  /**
   * The last write of a load waits `ms`, or less if another write into the vector
   * embedding begins meanwhile (the load goes on, and this write answers at once rather
   * than hold its client back). True when it is still the last one afterwards: no write
   * in flight, and none ended after it.
   */
  async quietSpell(id: string, ms: number): Promise<boolean> {
    const endedAt = Date.now();
    this.lastEnded.set(id, endedAt);
    await new Promise<void>((resolve) => {
      const waiters = this.waiting.get(id) ?? new Set<() => void>();
      this.waiting.set(id, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0) this.waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiters.add(wake);
    });
    if (this.writing.has(id) || this.lastEnded.get(id) !== endedAt) return false;
    this.lastEnded.delete(id);
    return true;
  }
}

/** Adds `delta` to a count, dropping it at 0; returns the new count. */
function count(counts: Map<string, number>, id: string, delta: number): number {
  const value = Math.max(0, (counts.get(id) ?? 0) + delta);
  if (value === 0) counts.delete(id);
  else counts.set(id, value);
  return value;
}
