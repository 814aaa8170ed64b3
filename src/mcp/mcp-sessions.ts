/**
 * Sessions of the revisions up to 2025-11-25, behind one interface:
 *
 * - memory (default, as published): a session lives in the replica that made
 *   it; another replica, or a restart, answers 404;
 * - postgres (TROVE_MCP_SESSION_STORE=postgres): sessions live in the
 *   `mcp_sessions` table, so any replica serves any session.
 *
 * Either way a session ends on DELETE or after TROVE_MCP_SESSION_IDLE_SECONDS
 * (300) without a request, and its n-th request (from 0) gets the event ids
 * `0/n` and `1/n`. Open sessions are capped per API key (the one that sent
 * initialize) and in all: each holds memory (or a row) for the idle window,
 * and a key without any grant could otherwise open them by the hundred thousand.
 */
import { randomUUID } from 'node:crypto';
import { isUuid } from '../common/ids';
import { LiveSessionCounts, McpSessionsRepository } from './mcp-sessions.repository';

export interface SessionLimits {
  perKey: number;
  total: number;
}

/** Thrown by `create` when a cap is reached; `limit` names which. */
export class SessionLimitReached extends Error {
  constructor(
    readonly limit: 'per_key' | 'total',
    readonly max: number,
  ) {
    super(`MCP session limit ${limit} (${max}) reached`);
    this.name = 'SessionLimitReached';
  }
}

/** Which cap, if any, refuses one more session: the key's own first. */
function refusal(counts: LiveSessionCounts, limits: SessionLimits): SessionLimitReached | null {
  if (counts.ofKey >= limits.perKey) return new SessionLimitReached('per_key', limits.perKey);
  if (counts.total >= limits.total) return new SessionLimitReached('total', limits.total);
  return null;
}

export interface McpSessionStore {
  /** Creates a session for the key; returns its id (a UUID). Throws SessionLimitReached. */
  create(protocolVersion: string, apiKeyId: string): Promise<string>;
  /**
   * Records activity on a live session; with `countRequest`, also takes its
   * next request number. null: no such live session.
   */
  touch(id: string, countRequest: boolean): Promise<{ requestNumber: number } | null>;
  /** Ends a session; false when there was no live one. */
  delete(id: string): Promise<boolean>;
  /** Which of these sessions are still live (to end the event streams of the others). */
  liveAmong(ids: string[]): Promise<Set<string>>;
  /** Forgets expired sessions; returns how many are open. */
  sweep(): Promise<number>;
}

interface MemorySession {
  protocolVersion: string;
  apiKeyId: string;
  requestCount: number;
  lastSeen: number;
}

export class MemorySessionStore implements McpSessionStore {
  private readonly sessions = new Map<string, MemorySession>();
  /** Sessions held per key, kept with `sessions` (expired ones count until forgotten). */
  private readonly perKey = new Map<string, number>();

  constructor(
    private readonly idleSeconds: number,
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  async create(protocolVersion: string, apiKeyId: string): Promise<string> {
    const counts = () => ({ ofKey: this.perKey.get(apiKeyId) ?? 0, total: this.sessions.size });
    // Expired sessions still counted are forgotten first, but only when they could matter.
    if (refusal(counts(), this.limits)) await this.sweep();
    const refused = refusal(counts(), this.limits);
    if (refused) throw refused;
    const id = randomUUID();
    this.sessions.set(id, { protocolVersion, apiKeyId, requestCount: 0, lastSeen: this.now() });
    this.perKey.set(apiKeyId, (this.perKey.get(apiKeyId) ?? 0) + 1);
    return id;
  }

  async touch(id: string, countRequest: boolean): Promise<{ requestNumber: number } | null> {
    const session = this.live(id);
    if (!session) return null;
    session.lastSeen = this.now();
    const requestNumber = session.requestCount;
    if (countRequest) session.requestCount += 1;
    return { requestNumber };
  }

  async delete(id: string): Promise<boolean> {
    const session = this.live(id);
    if (session) this.forget(id, session);
    return session !== null;
  }

  async liveAmong(ids: string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.live(id) !== null));
  }

  async sweep(): Promise<number> {
    for (const id of [...this.sessions.keys()]) this.live(id);
    return this.sessions.size;
  }

  private live(id: string): MemorySession | null {
    const session = this.sessions.get(id);
    if (!session) return null;
    if (this.now() - session.lastSeen >= this.idleSeconds * 1000) {
      this.forget(id, session);
      return null;
    }
    return session;
  }

  private forget(id: string, session: MemorySession): void {
    this.sessions.delete(id);
    const held = (this.perKey.get(session.apiKeyId) ?? 1) - 1;
    if (held > 0) this.perKey.set(session.apiKeyId, held);
    else this.perKey.delete(session.apiKeyId);
  }
}

export class PostgresSessionStore implements McpSessionStore {
  constructor(
    private readonly repository: McpSessionsRepository,
    private readonly idleSeconds: number,
    private readonly limits: SessionLimits,
  ) {}

  async create(protocolVersion: string, apiKeyId: string): Promise<string> {
    const id = randomUUID();
    let refused: SessionLimitReached | null = null;
    await this.repository.insertIf(id, protocolVersion, apiKeyId, this.idleSeconds, (counts) => {
      refused = refusal(counts, this.limits);
      return refused === null;
    });
    if (refused) throw refused;
    return id;
  }

  async touch(id: string, countRequest: boolean): Promise<{ requestNumber: number } | null> {
    // The column is a uuid: anything else cannot name a session.
    if (!isUuid(id)) return null;
    return this.repository.touch(id, this.idleSeconds, countRequest);
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.repository.delete(id, this.idleSeconds);
  }

  async liveAmong(ids: string[]): Promise<Set<string>> {
    return new Set(await this.repository.liveAmong(ids.filter(isUuid), this.idleSeconds));
  }

  async sweep(): Promise<number> {
    await this.repository.deleteExpired(this.idleSeconds);
    return this.repository.countLive(this.idleSeconds);
  }
}
