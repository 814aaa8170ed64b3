/**
 * The streamable HTTP transport at /mcp, written against the published page
 * byte for byte.
 *
 * Why this is hand-written rather than the SDK's transport: the MCP TypeScript
 * SDK (@modelcontextprotocol/server 2.x) offers WebStandardStreamableHTTPServerTransport
 * (2025 sessions) and createMcpHandler / PerRequestHTTPServerTransport (2026-07-28).
 * Reading their code, nearly every observable byte the page fixes differs:
 * their HTTP errors are JSON-RPC bodies (`{"jsonrpc":"2.0","error":...}`), the
 * page's are plain text (`Not Found: Session not found`,
 * `fail to deserialize request body <serde_json reason>`, 422 for a message
 * without a session, 405 with `Allow: GET, POST, DELETE`); their SSE events carry
 * their own ids and no priming event before an initialize result, the page
 * wants `id: 0` then an id-less response, and `0/n` / `1/n` per request; their
 * 2026-07-28 encoder appends `resultType` after the result fields while the page
 * puts it first; and their sessions live in one process, while Trove also keeps
 * them in PostgreSQL. Wrapping them would mean rewriting every response anyway.
 *
 * What the SDK does give us, and is used: the 2026-07-28 era classification
 * and its header/body cross-checks (`classifyInboundRequest`, the -32020
 * HeaderMismatch answers with the SDK's texts), the JSON-RPC message guards,
 * the `_meta` key names and the ClientCapabilities schema. Where the page is
 * silent on 2026-07-28 (Mcp-Method / Mcp-Name presence, method-not-found as
 * 404, server/discover), this follows the SDK's rules.
 *
 * The route sits directly on Fastify, in its own plugin scope with no body
 * parser, so this code reads the body itself and owns the 413/415/400 texts;
 * Nest's guard and error filter never see it. Authentication is the REST
 * API's, done first: a missing or wrong key gets the REST 401 JSON body before
 * anything of MCP is read.
 *
 * This file holds the route and the checks made before any MCP is read, in
 * their order: the key, Host, Origin, the method; then Accept for GET; Accept,
 * Content-Type, size and a parseable JSON-RPC message for POST. Beside it:
 * post-handler.ts answers a POSTed message per protocol generation (with the
 * 2026-07-28 rules in modern-request-checks.ts); session-lifecycle.ts serves
 * GET streams and DELETE and sweeps idle sessions; replies.ts shapes the
 * answers outside JSON-RPC, and sse.ts the events.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeysService } from '../../auth/api-keys.service';
import { AuthContext } from '../../auth/auth-context';
import { authenticateRequest } from '../../auth/auth.guard';
import { BearerTokens } from '../../auth/bearer-tokens';
import { DomainError, ErrorCode } from '../../common/errors';
import { BODY_LIMIT_BYTES, failureReasonOf, sendError, toErrorBody } from '../../common/http-error.filter';
import { leaveBodiesUnread, RAW_INPUT } from '../../common/input-guard';
import { SETTINGS, Settings } from '../../config/settings';
import { ProtectedResources } from '../../oauth/protected-resources';
import { noteFailureReason } from '../../common/failure-reasons';
import { checkHost } from './host-check';
import { parseMessage } from './parse-message';
import { McpPostHandler } from './post-handler';
import { readBody, TOO_LARGE } from './read-body';
import { first, InternalFailure, text } from './replies';
import { McpSessionLifecycle } from './session-lifecycle';

const ALL_METHODS = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST'];

@Injectable()
export class McpHttpTransport {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly apiKeys: ApiKeysService,
    private readonly tokens: BearerTokens,
    private readonly posts: McpPostHandler,
    private readonly sessions: McpSessionLifecycle,
    private readonly resources: ProtectedResources,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Adds /mcp (and a bodiless 404 for every path below it) to the Fastify instance. */
  register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      // No parser: the handler reads the raw body, so the size and media type answers are ours.
      leaveBodiesUnread(scope);
      scope.route({
        method: ALL_METHODS,
        url: '/mcp',
        exposeHeadRoute: false,
        config: { [RAW_INPUT]: true },
        handler: (request, reply) => this.handle(request, reply),
      });
      scope.route({
        method: ALL_METHODS,
        url: '/mcp/*',
        exposeHeadRoute: false,
        config: { [RAW_INPUT]: true },
        handler: async (_request, reply) => reply.code(404).send(),
      });
    });
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let auth: AuthContext;
    try {
      // The key headers, or a bearer token Trove minted (never a `<key id>.<secret>` Bearer: /mcp is as published).
      auth = await authenticateRequest(request, this.apiKeys, this.tokens, 'mcp', false);
    } catch (error) {
      // Exactly the REST API's 401 (or 429, 503), headers included; a 401 also says where
      // to get a token (RFC 9728 §5.1), and that a token sent was refused (RFC 6750 §3.1).
      const body = toErrorBody(error);
      const challenge = this.resources.challengeOf('mcp', { status: body.status, error }, request);
      if (challenge !== null) void reply.header('www-authenticate', challenge);
      return sendError(reply, body);
    }

    switch (checkHost(request.headers.host, this.settings.mcp.allowedHosts)) {
      case 'missing':
        return text(reply, 400, 'Bad Request: missing Host header');
      case 'invalid':
        return text(reply, 400, 'Bad Request: Invalid Host header');
      case 'forbidden':
        return text(reply, 403, 'Forbidden: Host header is not allowed');
    }
    if (countHeader(request.raw.rawHeaders, 'origin') > 1)
      return text(reply, 403, 'Forbidden: Multiple Origin headers');

    try {
      switch (request.method) {
        case 'POST':
          return await this.post(request, reply, auth);
        case 'GET':
          if (!first(request.headers.accept)?.includes('text/event-stream')) {
            return text(reply, 406, 'Not Acceptable: Client must accept text/event-stream');
          }
          return await this.sessions.openStream(request, reply, auth);
        case 'DELETE':
          return await this.sessions.close(request, reply);
        default:
          return text(reply.header('allow', 'GET, POST, DELETE'), 405, 'Method Not Allowed');
      }
    } catch (error) {
      if (!(error instanceof InternalFailure)) throw error;
      const { failure } = error;
      if (failure instanceof DomainError && failure.code === ErrorCode.Unavailable) {
        // The session store's database is down: a retry later can succeed, so not a 500.
        if (failure.retryAfterSeconds !== undefined)
          void reply.header('retry-after', String(failure.retryAfterSeconds));
        noteFailureReason(request, failure.message);
        return text(reply, 503, failure.message);
      }
      this.logger.error({ err: failure, reqId: request.id }, error.message);
      noteFailureReason(request, failureReasonOf(failure));
      return text(reply, 500, error.message);
    }
  }

  private async post(request: FastifyRequest, reply: FastifyReply, auth: AuthContext): Promise<FastifyReply> {
    const headers = request.headers;
    const accept = first(headers.accept);
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
      return text(
        reply,
        406,
        'Not Acceptable: Client must accept both application/json and text/event-stream',
      );
    }
    if (!first(headers['content-type'])?.startsWith('application/json')) {
      return text(reply, 415, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const body = await readBody(request.raw, BODY_LIMIT_BYTES);
    if (body === TOO_LARGE)
      return text(reply, 413, `Payload Too Large: request body exceeds ${BODY_LIMIT_BYTES} bytes`);
    const parsed = parseMessage(body);
    if ('reason' in parsed) return text(reply, 415, `fail to deserialize request body ${parsed.reason}`);
    return this.posts.answer(reply, parsed.message, headers, auth);
  }
}

function countHeader(rawHeaders: string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === name) count++;
  return count;
}
