/**
 * The sessions of the revisions up to 2025-11-25, as the transport serves
 * them: opened by initialize and checked on every later POST (post-handler.ts),
 * watched through GET event streams, ended by DELETE or by the sweep that
 * forgets idle ones. The store behind them is memory or PostgreSQL
 * (mcp-sessions.ts); the open streams are this replica's own.
 *
 * Every message already carries its key (the transport authenticates each request),
 * so a narrowed key is answered narrowly at once. What outlives a request is watched
 * (ApiKeysService.watch): a session ends when the key that opened it is disabled,
 * deleted or given a new secret, and an event stream when the key that opened the
 * stream is.
 */
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { ApiKeysService } from '../../auth/api-keys.service';
import { AuthContext } from '../../auth/auth-context';
import { SETTINGS, Settings } from '../../config/settings';
import { mcpSessionsOpen, mcpSessionsRefused } from '../../observability/metrics';
import { isSupportedProtocolVersion, MODERN_PROTOCOL_VERSION } from '../mcp-dispatcher';
import {
  McpSessionStore,
  MemorySessionStore,
  PostgresSessionStore,
  SessionLimitReached,
} from '../mcp-sessions';
import { McpSessionsRepository } from '../mcp-sessions.repository';
import { first, guard, InternalFailure, sseHeaders, text } from './replies';
import { primingEvent, SSE_KEEP_ALIVE, SSE_KEEP_ALIVE_MS } from './sse';

interface OpenStream {
  stream: PassThrough;
  keepAlive: NodeJS.Timeout;
  unwatch: () => void;
}

@Injectable()
export class McpSessionLifecycle implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mcp');
  private readonly store: McpSessionStore;
  private readonly streams = new Map<string, Set<OpenStream>>();
  /** The sessions this replica opened, each watching its key: how to stop watching. */
  private readonly watches = new Map<string, () => void>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    repository: McpSessionsRepository,
    private readonly apiKeys: ApiKeysService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    const idle = settings.mcp.sessionIdleSeconds;
    const limits = { perKey: settings.mcp.maxSessionsPerKey, total: settings.mcp.maxSessions };
    this.store =
      settings.mcp.sessionStore === 'postgres'
        ? new PostgresSessionStore(repository, idle, limits)
        : new MemorySessionStore(idle, limits);
  }

  onModuleInit(): void {
    const every = Math.min(30_000, Math.max(200, this.settings.mcp.sessionIdleSeconds * 250));
    this.sweeper = setInterval(() => void this.sweep(), every);
    this.sweeper.unref();
  }

  /** Open GET streams would hold the HTTP server open: end them before it closes. */
  beforeApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const id of [...this.streams.keys()]) this.endStreams(id);
    for (const id of [...this.watches.keys()]) this.unwatch(id);
  }

  /** Opens a session for an initialize request; returns its id. Throws SessionLimitReached. */
  async open(protocolVersion: string, auth: AuthContext): Promise<string> {
    let sessionId: string;
    try {
      sessionId = await this.store.create(protocolVersion, auth.keyId);
    } catch (error) {
      if (!(error instanceof SessionLimitReached)) throw new InternalFailure('create session', error);
      mcpSessionsRefused.inc({ limit: error.limit });
      throw error;
    }
    this.watches.set(
      sessionId,
      this.apiKeys.watch(auth, () => void this.endRevoked(sessionId)),
    );
    void this.refreshSessionGauge();
    return sessionId;
  }

  /**
   * The answer to an initialize over a cap, in the transport's plain-text style.
   * A session frees its place after the idle window at the latest.
   */
  refuseOverLimit(reply: FastifyReply, refused: SessionLimitReached): FastifyReply {
    void reply.header('retry-after', String(this.settings.mcp.sessionIdleSeconds));
    if (refused.limit === 'per_key') {
      return text(
        reply,
        429,
        `Too Many Requests: this API key has ${refused.max} open MCP sessions, the most allowed (TROVE_MCP_MAX_SESSIONS_PER_KEY); end one with DELETE or let one expire`,
      );
    }
    return text(
      reply,
      503,
      `Service Unavailable: the server has ${refused.max} open MCP sessions, the most allowed (TROVE_MCP_MAX_SESSIONS); retry later`,
    );
  }

  /** Records a message on a live session (a request takes the next number); null when there is none. */
  touch(sessionId: string, countRequest: boolean): Promise<{ requestNumber: number } | null> {
    return guard('check session', () => this.store.touch(sessionId, countRequest));
  }

  /** GET: a stream on which the server could send messages within a session. Trove sends none; it stays open. */
  async openStream(request: FastifyRequest, reply: FastifyReply, auth: AuthContext): Promise<FastifyReply> {
    const headers = request.headers;
    const refused = this.refuseVersion(reply, first(headers['mcp-protocol-version']));
    if (refused) return refused;
    const sessionId = first(headers['mcp-session-id']);
    if (sessionId === undefined) return text(reply, 400, 'Bad Request: Session ID is required');
    if (!(await this.touch(sessionId, false))) {
      return text(reply, 404, 'Not Found: Session not found');
    }
    const stream = new PassThrough();
    const open: OpenStream = {
      stream,
      keepAlive: setInterval(() => stream.write(SSE_KEEP_ALIVE), SSE_KEEP_ALIVE_MS),
      unwatch: this.apiKeys.watch(auth, () => stream.end()),
    };
    const set = this.streams.get(sessionId) ?? new Set<OpenStream>();
    set.add(open);
    this.streams.set(sessionId, set);
    const forget = () => {
      clearInterval(open.keepAlive);
      open.unwatch();
      set.delete(open);
      if (set.size === 0 && this.streams.get(sessionId) === set) this.streams.delete(sessionId);
    };
    reply.raw.on('close', () => {
      forget();
      stream.destroy();
    });
    stream.on('close', forget);
    // A stream errs only once its client is gone; unheard, the error would end the process.
    stream.on('error', forget);
    stream.write(primingEvent('0'));
    return sseHeaders(reply).send(stream);
  }

  /** DELETE: ends the session and its streams in this replica (the sweep ends them in the others). */
  async close(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const refused = this.refuseVersion(reply, first(request.headers['mcp-protocol-version']));
    if (refused) return refused;
    const sessionId = first(request.headers['mcp-session-id']);
    if (sessionId === undefined) return text(reply, 400, 'Bad Request: Session ID is required');
    if (!(await this.end(sessionId))) return text(reply, 404, 'Not Found: Session not found');
    return reply.code(202).send();
  }

  /** Ends a session and its streams in this replica (the sweep ends them in the others); false: no live one. */
  async end(sessionId: string): Promise<boolean> {
    const ended = await guard('close session', () => this.store.delete(sessionId));
    if (!ended) return false;
    this.unwatch(sessionId);
    this.endStreams(sessionId);
    void this.refreshSessionGauge();
    return true;
  }

  /** GET and DELETE belong to sessions: an unknown revision is refused, and 2026-07-28 has no sessions. */
  private refuseVersion(reply: FastifyReply, version: string | undefined): FastifyReply | null {
    if (version === undefined) return null;
    if (!isSupportedProtocolVersion(version))
      return text(reply, 400, `Bad Request: Unsupported MCP-Protocol-Version: ${version}`);
    if (version >= MODERN_PROTOCOL_VERSION)
      return text(reply.header('allow', 'POST'), 405, 'Method Not Allowed');
    return null;
  }

  private endStreams(sessionId: string): void {
    for (const open of this.streams.get(sessionId) ?? []) {
      clearInterval(open.keepAlive);
      open.unwatch();
      open.stream.end();
    }
    this.streams.delete(sessionId);
  }

  private unwatch(sessionId: string): void {
    this.watches.get(sessionId)?.();
    this.watches.delete(sessionId);
  }

  /** A session whose key can no longer be used: it ends on every replica (theirs end its streams on their sweep). */
  private async endRevoked(sessionId: string): Promise<void> {
    this.watches.delete(sessionId);
    this.endStreams(sessionId);
    try {
      await this.store.delete(sessionId);
    } catch (error) {
      // Its next message needs the key's credentials, which fail: the session is dead either way.
      this.logger.warn({ err: error }, 'Could not end the MCP session of a revoked key');
    }
    void this.refreshSessionGauge();
  }

  /**
   * Forgets expired sessions, ends the streams of sessions gone (expired, or deleted on
   * another replica) and stops watching the keys of sessions gone.
   */
  private async sweep(): Promise<void> {
    try {
      mcpSessionsOpen.set(await this.store.sweep());
      const watched = [...new Set([...this.streams.keys(), ...this.watches.keys()])];
      if (watched.length === 0) return;
      const live = await this.store.liveAmong(watched);
      for (const id of watched) {
        if (live.has(id)) continue;
        this.endStreams(id);
        this.unwatch(id);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'MCP session sweep failed');
    }
  }

  private async refreshSessionGauge(): Promise<void> {
    try {
      mcpSessionsOpen.set(await this.store.sweep());
    } catch (error) {
      this.logger.warn({ err: error }, 'MCP session count failed');
    }
  }
}
