/**
 * The legacy HTTP+SSE sessions of /api/v1/mcp: `GET /api/v1/mcp/sse` opens one
 * (authenticated like every route), `POST /api/v1/mcp/messages?session_id=`
 * feeds it, and its answers go down the stream.
 *
 * A session lives in the replica whose stream it is (that is the transport's
 * nature: the stream is one connection), bound to the key that opened it and
 * to the pipeline its URL names. Its id is 256 random bits, handed only to
 * that key over its own stream, so it also authenticates the POSTs of clients
 * that can send no credentials there (a client given only a URL with `api_key`
 * loses the query string when it follows the endpoint); a POST that does carry
 * credentials must carry the session's own key.
 *
 * The session identifies its key; it does not freeze what the key may do. Each
 * message is answered with the key as it is when the message arrives (its grants
 * and classifications read again, ApiKeysService.current), exactly as a request
 * with the key's credentials would be; and a session whose key is disabled,
 * deleted or given a new secret ends, its stream with it (ApiKeysService.watch),
 * whether or not a message comes. Sessions are capped like /mcp's
 * (TROVE_MCP_MAX_SESSIONS_PER_KEY, TROVE_MCP_MAX_SESSIONS) and end when the
 * stream closes or after TROVE_MCP_SESSION_IDLE_SECONDS without a message.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { parseJSONRPCMessage } from '@modelcontextprotocol/server';
import type { Server } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { ApiKeysService } from '../../../auth/api-keys.service';
import { BearerTokens } from '../../../auth/bearer-tokens';
import { AuthContext } from '../../../auth/auth-context';
import { badRequest, DomainError, ErrorCode, notFound } from '../../../common/errors';
import { BODY_LIMIT_BYTES } from '../../../common/http-error.filter';
import { SETTINGS, Settings } from '../../../config/settings';
import { readBody, TOO_LARGE } from '../../http/read-body';
import { mcpSseSessionsOpen } from '../../../observability/metrics';
import { callerAuthInfo, GuidedMindCalls } from '../guided-mind-calls';
import { authenticate, guidedMindCredentials, pipelineIdOf, sendApiError } from './edge';
import { SseServerTransport } from './sse-transport';
import { McpErrorReason } from '../../mcp-error-reasons';

export const MESSAGES_PATH = '/api/v1/mcp/messages';
const KEEP_ALIVE_MS = 15_000;

interface Session {
  transport: SseServerTransport;
  server: Server;
  /** The key as it opened the session: which key, and with which secret. */
  opener: AuthContext;
  pipelineId: string | null;
  lastActivity: number;
}

const sessionNotFound = () => notFound(McpErrorReason.SessionNotFound, 'Session not found');

@Injectable()
export class LegacySseSessions implements OnApplicationShutdown {
  private readonly logger = new Logger('GuidedMindSse');
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly calls: GuidedMindCalls,
    private readonly apiKeys: ApiKeysService,
    private readonly tokens: BearerTokens,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    const idleMs = settings.mcp.sessionIdleSeconds * 1000;
    this.sweeper = setInterval(() => this.closeIdle(idleMs), Math.min(idleMs, 30_000));
    this.sweeper.unref();
  }

  /** GET /api/v1/mcp/sse: a new session whose messages come back on this stream. */
  async open(request: FastifyRequest, reply: FastifyReply, auth: AuthContext): Promise<FastifyReply> {
    const refusal = this.capRefusal(auth.keyId);
    if (refusal) return sendApiError(reply, request, refusal);

    const sessionId = randomBytes(32).toString('base64url');
    const stream = new PassThrough();
    // A stream errs only once its client is gone; unheard, the error would end the process.
    stream.on('error', () => void transport.close());
    const transport = new SseServerTransport(
      sessionId,
      stream,
      `${MESSAGES_PATH}?session_id=${sessionId}`,
      KEEP_ALIVE_MS,
      { bufferBytes: this.settings.streams.bufferBytes, stallMs: this.settings.streams.stallSeconds * 1000 },
      () => reply.raw.destroy(),
    );
    const server = this.calls.server();
    this.sessions.set(sessionId, {
      transport,
      server,
      opener: auth,
      pipelineId: pipelineIdOf(request),
      lastActivity: Date.now(),
    });
    mcpSseSessionsOpen.inc();
    const unwatch = this.apiKeys.watch(auth, () => {
      this.logger.log('Closed an MCP SSE session: its API key was disabled, deleted or given a new secret');
      void transport.close();
    });
    transport.onclose = () => {
      unwatch();
      if (this.sessions.delete(sessionId)) mcpSseSessionsOpen.dec();
    };
    reply.raw.on('close', () => void transport.close());
    void reply
      .status(200)
      .header('content-type', 'text/event-stream')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    const sent = reply.send(stream);
    await server.connect(transport);
    return sent;
  }

  /** POST /api/v1/mcp/messages?session_id=: one JSON-RPC message for a session; 202, answered on its stream. */
  async post(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const id = (request.query as Record<string, unknown>).session_id;
    const session = typeof id === 'string' ? this.sessions.get(id) : undefined;
    if (!session) return sendApiError(reply, request, sessionNotFound());
    const auth = await this.callerAuth(request, session);
    if (auth === null) {
      // The key was disabled, deleted or rotated: the session ends, as its watch would end it.
      await session.transport.close();
      return sendApiError(reply, request, sessionNotFound());
    }
    // Another key's session is answered as one that does not exist.
    if (auth.keyId !== session.opener.keyId) return sendApiError(reply, request, sessionNotFound());
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendApiError(
        reply,
        request,
        new DomainError(
          McpErrorReason.UnsupportedMediaType,
          ErrorCode.BadRequest,
          'Unsupported Media Type: Content-Type must be application/json',
        ),
      );
    }
    const body = await readBody(request.raw, BODY_LIMIT_BYTES);
    if (body === TOO_LARGE) {
      return sendApiError(
        reply,
        request,
        new DomainError(
          McpErrorReason.BodyTooLarge,
          ErrorCode.PayloadTooLarge,
          `Payload Too Large: request body exceeds ${BODY_LIMIT_BYTES} bytes`,
        ),
      );
    }
    let message;
    try {
      message = parseJSONRPCMessage(JSON.parse(body.toString('utf8')));
    } catch {
      // The parser's own words would quote the body back.
      return sendApiError(
        reply,
        request,
        badRequest(
          McpErrorReason.InvalidMessage,
          'Invalid JSON-RPC message: the body must be one JSON-RPC 2.0 message, as JSON',
        ),
      );
    }
    session.lastActivity = Date.now();
    // A client that does not read its answers is not given more to answer (nor, after a while, a session).
    if (!(await session.transport.hasRoom())) return sendApiError(reply, request, sessionNotFound());
    session.transport.receive(message, callerAuthInfo({ auth, pipelineId: session.pipelineId }));
    return reply.status(202).header('content-type', 'text/plain; charset=utf-8').send('Accepted');
  }

  /**
   * Who a message is answered for: the credentials it carries, authenticated as any
   * request's; without any, the session's key as it is now (null: no longer usable).
   */
  private async callerAuth(request: FastifyRequest, session: Session): Promise<AuthContext | null> {
    const credentials = guidedMindCredentials(request);
    if (credentials.keyId !== undefined || credentials.secret !== undefined)
      return authenticate(this.apiKeys, this.tokens, request);
    return this.apiKeys.current(session.opener);
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((session) => session.transport.close()));
  }

  private capRefusal(keyId: string): DomainError | null {
    const { maxSessionsPerKey, maxSessions, sessionIdleSeconds } = this.settings.mcp;
    const options = { retryAfterSeconds: sessionIdleSeconds };
    const ofKey = [...this.sessions.values()].filter((session) => session.opener.keyId === keyId).length;
    if (ofKey >= maxSessionsPerKey) {
      return new DomainError(
        McpErrorReason.TooManySessionsOfKey,
        ErrorCode.TooManyRequests,
        `this API key has ${ofKey} open MCP SSE sessions, the most allowed (TROVE_MCP_MAX_SESSIONS_PER_KEY); close one`,
        undefined,
        options,
      );
    }
    if (this.sessions.size >= maxSessions) {
      return new DomainError(
        McpErrorReason.TooManySessions,
        ErrorCode.Unavailable,
        `the server has ${this.sessions.size} open MCP SSE sessions, the most allowed (TROVE_MCP_MAX_SESSIONS)`,
        undefined,
        options,
      );
    }
    return null;
  }

  private closeIdle(idleMs: number): void {
    const now = Date.now();
    for (const session of this.sessions.values()) {
      if (now - session.lastActivity > idleMs) {
        this.logger.log('Closed an idle MCP SSE session');
        void session.transport.close();
      }
    }
  }
}
