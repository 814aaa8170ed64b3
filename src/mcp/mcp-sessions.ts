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
 * `0/n` and `1/n`.
 */
import { randomUUID } from 'node:crypto';
import { isUuid } from '../common/ids';
import { McpSessionsRepository } from './mcp-sessions.repository';

export interface McpSessionStore {
  /** Creates a session; returns its id (a UUID). */
  create(protocolVersion: string): Promise<string>;
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
  requestCount: number;
  lastSeen: number;
}

export class MemorySessionStore implements McpSessionStore {
  private readonly sessions = new Map<string, MemorySession>();

  constructor(
    private readonly idleSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  async create(protocolVersion: string): Promise<string> {
    const id = randomUUID();
    this.sessions.set(id, { protocolVersion, requestCount: 0, lastSeen: this.now() });
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
    const live = this.live(id) !== null;
    this.sessions.delete(id);
    return live;
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
      this.sessions.delete(id);
      return null;
    }
    return session;
  }
}

export class PostgresSessionStore implements McpSessionStore {
  constructor(
    private readonly repository: McpSessionsRepository,
    private readonly idleSeconds: number,
  ) {}

  async create(protocolVersion: string): Promise<string> {
    const id = randomUUID();
    await this.repository.insert(id, protocolVersion);
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
