/**
 * /api/v1/mcp, the Guided Mind tools' MCP endpoint, served by the MCP SDK:
 *
 *   POST|GET|DELETE /api/v1/mcp        streamable HTTP: 2026-07-28 (sessionless) and,
 *                                      statelessly, every 2025 revision the SDK speaks
 *                                      (each request answered by a fresh server, so any
 *                                      replica answers any request; GET and DELETE,
 *                                      the session operations, are 405)
 *   GET  /api/v1/mcp/sse               legacy HTTP+SSE: opens a session (legacy-sse.ts)
 *   POST /api/v1/mcp/messages          legacy HTTP+SSE: a message for a session
 *   GET  /api/v1/mcp/health            public: is the endpoint up, which transports, which tools
 *
 * Unlike /mcp, which reproduces a published server byte for byte and so is written
 * by hand, nothing here has published bytes but the tools' own fields: the SDK's
 * `createMcpHandler` does the protocol. The routes sit on Fastify directly, with
 * no body parser, so the SDK reads each body itself (with its 4 MiB limit); Nest's
 * guard never sees them, so each authenticates here (edge.ts) before any MCP.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createMcpHandler, McpHttpHandler } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ApiKeysService } from '../../../auth/api-keys.service';
import { BearerTokens } from '../../../auth/bearer-tokens';
import { AuthContext } from '../../../auth/auth-context';
import { BODY_LIMIT_BYTES } from '../../../common/http-error.filter';
import { leaveBodiesUnread, RAW_INPUT } from '../../../common/input-guard';
import { SETTINGS, Settings } from '../../../config/settings';
import { toApiError } from '../../../agents/api-error.filter';
import { ProtectedResources } from '../../../oauth/protected-resources';
import { callerAuthInfo, GuidedMindCalls } from '../guided-mind-calls';
import { GUIDED_MIND_TOOLS } from '../guided-mind-tools';
import { authenticate, hostRefusal, pipelineIdOf, sendApiError } from './edge';
import { LegacySseSessions, MESSAGES_PATH } from './legacy-sse';

export const GUIDED_MIND_PATH = '/api/v1/mcp';

@Injectable()
export class GuidedMindHttp implements OnApplicationShutdown {
  private readonly logger = new Logger('GuidedMind');
  private readonly handler: McpHttpHandler;

  constructor(
    private readonly calls: GuidedMindCalls,
    private readonly sse: LegacySseSessions,
    private readonly apiKeys: ApiKeysService,
    private readonly tokens: BearerTokens,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly resources: ProtectedResources,
  ) {
    this.handler = createMcpHandler(() => this.calls.server(), {
      maxRequestBodySize: BODY_LIMIT_BYTES,
      onerror: (error) => this.logger.warn({ err: error }, 'MCP request refused or failed'),
    });
  }

  register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      // No parser: the SDK and the SSE route read the raw bodies themselves.
      leaveBodiesUnread(scope);
      const raw = { [RAW_INPUT]: true };
      scope.route({
        method: ['GET', 'POST', 'DELETE'],
        url: GUIDED_MIND_PATH,
        config: raw,
        handler: (request, reply) =>
          this.guarded(request, reply, (auth) => this.streamable(request, reply, auth)),
      });
      scope.get(`${GUIDED_MIND_PATH}/sse`, { config: raw }, (request, reply) =>
        this.guarded(request, reply, (auth) => this.sse.open(request, reply, auth)),
      );
      scope.post(MESSAGES_PATH, { config: raw }, (request, reply) => this.guarded(request, reply, null));
      scope.get(`${GUIDED_MIND_PATH}/health`, { config: raw }, async () => ({
        status: 'ok',
        transports: ['streamable-http', 'sse'],
        tools: GUIDED_MIND_TOOLS.map((tool) => tool.name),
      }));
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handler.close();
  }

  /**
   * The Host check, then the key (for the SSE message route, the session decides:
   * see legacy-sse.ts), then the route; every refusal in /api/v1's ErrorResponse.
   */
  private async guarded(
    request: FastifyRequest,
    reply: FastifyReply,
    route: ((auth: AuthContext) => Promise<FastifyReply>) | null,
  ): Promise<FastifyReply> {
    const refusal = hostRefusal(request, this.settings.mcp.allowedHosts);
    if (refusal) return sendApiError(reply, request, refusal);
    try {
      if (route === null) return await this.sse.post(request, reply);
      let auth: AuthContext;
      try {
        auth = await authenticate(this.apiKeys, this.tokens, request);
      } catch (error) {
        // As /mcp: a 401 says where to get a token for this endpoint (RFC 9728 §5.1).
        const challenge = this.resources.challengeOf(
          'guided-mind',
          { status: toApiError(error).status, error },
          request,
        );
        if (challenge !== null) void reply.header('www-authenticate', challenge);
        throw error;
      }
      return await route(auth);
    } catch (error) {
      return sendApiError(reply, request, error);
    }
  }

  private async streamable(
    request: FastifyRequest,
    reply: FastifyReply,
    auth: AuthContext,
  ): Promise<FastifyReply> {
    const authInfo = callerAuthInfo({ auth, pipelineId: pipelineIdOf(request) });
    const abort = new AbortController();
    // The response's close, not the request's: a request closes once its body is read.
    reply.raw.on('close', () => abort.abort());
    const response = await this.handler.fetch(toWebRequest(request, abort.signal), { authInfo });
    return reply.send(response);
  }
}

/** The Fastify request as the web-standard Request the SDK takes, its body still unread. */
export function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  const url = `http://${request.headers.host ?? 'localhost'}${request.url}`;
  const hasBody = request.method === 'POST';
  return new Request(url, {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}
