/**
 * The cache generation (cache-generation.ts) as this process knows it without reading
 * it: one connection of its own LISTENs on the channel the generation's trigger
 * notifies at every commit that moves it (migration 1764740700001-CacheGenerationNotify),
 * so a request need not read the counter, nor its key's row when that was read in the
 * same generation.
 *
 * What it knows is trusted only while it cannot be behind:
 * - the connection listens and answered lately: a heartbeat reads the counter every
 *   HEARTBEAT_MS, and past TRUST_MS without an answer or a notification (a partition, a
 *   server gone without a reset) nothing is trusted. A lost connection trusts nothing
 *   until it listens again and has read the counter anew (notifications sent meanwhile
 *   were lost);
 * - after a statement of this process that may have written, once it committed
 *   (`invalidate`): the notification of its own change may still be on its way, so the
 *   next request reads the counter, and that reading is trusted again.
 * Untrusted, `current` is null and every request reads its key and the counter as
 * before: a dropped connection costs a round trip per request, never stale grants.
 *
 * A change committed on another process is seen here when its notification arrives:
 * PostgreSQL sends it to every listening connection at the commit, before the writer
 * hears that its statement completed.
 */
import { Logger } from '@nestjs/common';
import { Client, ClientConfig } from 'pg';

/** The channel the trigger notifies, with the new value as payload. */
export const CACHE_GENERATION_CHANNEL = 'trove_cache_generation';
const HEARTBEAT_MS = 1000;
const TRUST_MS = 3000;
const RETRY_MS = 1000;

/** The generation as read on the primary, stamped with when its reading began. */
export interface GenerationReading {
  generation: string;
  ticket: number;
}

export class CacheGenerationListener {
  private readonly logger = new Logger(CacheGenerationListener.name);
  private client: Client | null = null;
  private known: bigint | null = null;
  private confirmedAt = 0;
  /**
   * Moves whenever what was known stops being trustworthy (a lost connection, a write of
   * this process): a reading begun before cannot restore it.
   */
  private epoch = 0;
  private listening = false;
  private heartbeat?: NodeJS.Timeout;
  private retry?: NodeJS.Timeout;
  private stopped = false;
  private failing = false;

  constructor(
    private readonly config: ClientConfig,
    private readonly now: () => number = Date.now,
    private readonly timing = { heartbeatMs: HEARTBEAT_MS, trustMs: TRUST_MS, retryMs: RETRY_MS },
  ) {}

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.drop();
  }

  /** Whether the connection listens (for tests and /metrics-free diagnosis). */
  get live(): boolean {
    return this.listening;
  }

  /** The current generation when it is known without reading; null: read it. */
  current(): string | null {
    if (!this.listening || this.known === null) return null;
    if (this.now() - this.confirmedAt > this.timing.trustMs) return null;
    return this.known.toString();
  }

  /** Taken before a statement that reads the generation; null when a reading cannot be trusted. */
  ticket(): number | null {
    return this.listening ? this.epoch : null;
  }

  /**
   * What a statement begun at `ticket` read: it becomes known unless something made
   * knowledge untrustworthy since (the connection was lost, this process wrote).
   */
  observed(ticket: number | null, generation: string): void {
    if (ticket === null || ticket !== this.epoch || !this.listening) return;
    this.learn(BigInt(generation), true);
  }

  /** After a statement of this process that may have written committed: read before trusting again. */
  invalidate(): void {
    this.epoch++;
    this.known = null;
  }

  private learn(generation: bigint, confirmed: boolean): void {
    if (this.known === null && !confirmed) return;
    if (this.known === null || generation > this.known) this.known = generation;
    this.confirmedAt = this.now();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client(this.config);
    this.client = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (client !== this.client || message.channel !== CACHE_GENERATION_CHANNEL) return;
      if (/^\d+$/.test(message.payload ?? '')) this.learn(BigInt(message.payload!), false);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_GENERATION_CHANNEL}`);
      if (client !== this.client) return;
      // Listening from here on: a reading begun now misses no later change.
      this.listening = true;
      this.epoch++;
      await this.beat(client);
      if (client !== this.client) return; // the first heartbeat failed: lost, retried
      this.heartbeat = setInterval(() => void this.beat(client), this.timing.heartbeatMs);
      this.heartbeat.unref();
      if (this.failing) this.logger.log('Listening for cache generation changes again');
      this.failing = false;
    } catch (error) {
      this.lost(client, error);
    }
  }

  private async beat(client: Client): Promise<void> {
    const ticket = this.ticket();
    try {
      const { rows } = await client.query<{ generation: string }>(
        `SELECT value::text AS generation FROM cache_generation`,
      );
      if (client === this.client) this.observed(ticket, rows[0].generation);
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: Client, error: unknown): void {
    if (client !== this.client) return;
    if (!this.failing && !this.stopped)
      this.logger.warn({ err: error }, 'Lost the cache generation listener; reading keys on every request');
    this.failing = true;
    void this.drop();
    if (this.stopped) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), this.timing.retryMs);
    this.retry.unref();
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.listening = false;
    this.known = null;
    this.epoch++;
    clearInterval(this.heartbeat);
    await client?.end().catch(() => undefined);
  }
}
