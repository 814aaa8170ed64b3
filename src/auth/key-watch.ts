/**
 * Work that outlives the request that authenticated it (an MCP session, its event
 * stream, an agent turn) watches its key: when the key is disabled, deleted or given
 * a new secret, on any Trove process sharing the database, the work is told and ends.
 * (Narrower grants need no watch: each message of a session is authorised with the
 * key's row of the moment, ApiKeysService.current.)
 *
 * Every change of a key moves the database's cache generation
 * (src/database/cache-generation.ts), so a watch costs one tiny read a second while
 * something is watched, and reads the watched keys' rows only when the generation
 * moved. A new watch forces that read once: its key may have changed between the
 * request that authenticated it and the watch.
 */
import { Logger } from '@nestjs/common';
import { credentialStampOf } from './auth-context';

const POLL_MS = 1000;

export interface KeyStates {
  generation(): Promise<string>;
  usableAmong(ids: string[]): Promise<{ generation: string; usable: { id: string; secret_hash: string }[] }>;
}

interface Watcher {
  stamp: string | null;
  revoked: () => void;
}

export class KeyWatch {
  private readonly logger = new Logger(KeyWatch.name);
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** The generation the watched keys were last read at; null: read them on the next check. */
  private generation: string | null = null;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(
    private readonly states: KeyStates,
    private readonly pollMs = POLL_MS,
  ) {}

  /**
   * Calls `revoked` once when the key is no longer usable with the secret whose stamp
   * is `stamp` (null: any secret); returns the function that stops watching.
   */
  watch(keyId: string, stamp: string | null, revoked: () => void): () => void {
    const watcher: Watcher = { stamp, revoked };
    const set = this.watchers.get(keyId) ?? new Set<Watcher>();
    set.add(watcher);
    this.watchers.set(keyId, set);
    this.generation = null;
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.pollMs);
      this.timer.unref();
    }
    return () => this.forget(keyId, watcher);
  }

  /** Checks the watched keys now (after a change this process made: no need to wait for the poll). */
  changed(): void {
    this.generation = null;
    void this.check();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  get watched(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  /** One check at a time; a check asked for while one runs runs again after it. */
  check(): Promise<void> {
    if (this.running) return this.running.then(() => this.check());
    this.running = this.read().finally(() => (this.running = null));
    return this.running;
  }

  private async read(): Promise<void> {
    const ids = [...this.watchers.keys()];
    if (ids.length === 0) return;
    try {
      if (this.generation !== null && (await this.states.generation()) === this.generation) return;
      const { generation, usable } = await this.states.usableAmong(ids);
      const stamps = new Map(usable.map((row) => [row.id, credentialStampOf(row.secret_hash)]));
      this.generation = generation;
      for (const id of ids) {
        const stamp = stamps.get(id);
        for (const watcher of [...(this.watchers.get(id) ?? [])]) {
          if (stamp !== undefined && (watcher.stamp === null || watcher.stamp === stamp)) continue;
          this.forget(id, watcher);
          try {
            watcher.revoked();
          } catch (error) {
            this.logger.error({ err: error }, 'Ending the work of a revoked key failed');
          }
        }
      }
      this.failing = false;
    } catch (error) {
      // The database is away: nothing can be told, so nothing ends; the next poll tries again.
      if (!this.failing) this.logger.warn({ err: error }, 'Could not check the keys of open sessions');
      this.failing = true;
    }
  }

  private forget(keyId: string, watcher: Watcher): void {
    const set = this.watchers.get(keyId);
    if (!set?.delete(watcher)) return;
    if (set.size === 0) this.watchers.delete(keyId);
    if (this.watchers.size === 0) this.stop();
  }
}
