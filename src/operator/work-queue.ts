/**
 * A keyed work queue with the guarantees of client-go's rate-limited workqueue:
 *
 * - a key is queued at most once, however many events name it;
 * - a key is never handed to two workers at once: re-added while being processed,
 *   it is queued again when `done` is called, so the latest state is reconciled;
 * - failures back off per key, exponentially up to a cap, and an overall token
 *   bucket keeps a burst of failures from hammering the API server; `forget`
 *   resets a key's backoff after a success.
 */

export interface WorkQueueOptions {
  /** Delay after the first failure of a key; doubles with each further failure. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Overall rate of rate-limited re-adds, and the burst allowed above it. */
  qps?: number;
  burst?: number;
}

export class WorkQueue {
  private readonly queue: string[] = [];
  /** Keys waiting to be processed (queued, or re-added while processing). */
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private readonly waiters: ((key: string | undefined) => void)[] = [];
  private shuttingDown = false;

  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly qps: number;
  private readonly burst: number;
  private tokens: number;
  private refilledAt = Date.now();

  constructor(options: WorkQueueOptions = {}) {
    this.baseDelayMs = options.baseDelayMs ?? 100;
    this.maxDelayMs = options.maxDelayMs ?? 300_000;
    this.qps = options.qps ?? 10;
    this.burst = options.burst ?? 100;
    this.tokens = this.burst;
  }

  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (!this.processing.has(key)) this.enqueue(key);
  }

  /** Adds the key after `delayMs`; of several pending delays for one key the earliest wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.shuttingDown) return;
    if (delayMs <= 0) return this.add(key);
    const at = Date.now() + delayMs;
    const pending = this.timers.get(key);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.add(key);
    }, delayMs);
    timer.unref();
    this.timers.set(key, { at, timer });
  }

  /** Re-adds a key that failed, after its backoff (and the overall rate limit). */
  addRateLimited(key: string): void {
    this.addAfter(key, this.whenRateLimited(key));
  }

  /** The delay `addRateLimited` would use now, counting this failure. */
  whenRateLimited(key: string): number {
    const failures = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, failures);
    const perKey = Math.min(this.baseDelayMs * 2 ** (failures - 1), this.maxDelayMs);
    return Math.max(perKey, this.reserveToken());
  }

  /** Clears a key's failure count, after it was processed successfully. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** The next key to process, or undefined once the queue is shut down. */
  get(): Promise<string | undefined> {
    const key = this.queue.shift();
    if (key !== undefined) {
      this.startProcessing(key);
      return Promise.resolve(key);
    }
    if (this.shuttingDown) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Marks the key processed; if it was re-added meanwhile it is queued again. */
  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key) && !this.shuttingDown) this.enqueue(key);
  }

  get length(): number {
    return this.queue.length;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Stops handing out keys: waiting workers receive undefined, pending delays are dropped. */
  shutDown(): void {
    this.shuttingDown = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.queue.length = 0;
    this.dirty.clear();
    for (const waiter of this.waiters.splice(0)) waiter(undefined);
  }

  private enqueue(key: string): void {
    const waiter = this.waiters.shift();
    if (waiter) {
      this.startProcessing(key);
      waiter(key);
    } else {
      this.queue.push(key);
    }
  }

  private startProcessing(key: string): void {
    this.dirty.delete(key);
    this.processing.add(key);
  }

  /** Token bucket: 0 while tokens remain, else how long until this reservation's token exists. */
  private reserveToken(): number {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.qps);
    this.refilledAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.qps) * 1000);
  }
}
