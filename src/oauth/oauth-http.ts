/**
 * The authorization server's routes, directly on Fastify like /mcp: oidc-provider is a
 * Koa application that reads and answers raw Node requests, so its paths are handed to
 * it untouched (no body parser, no Nest guard or filter; its errors are OAuth's own
 * `{"error", "error_description"}`). Beside it, Trove's own: the protected resource
 * metadata (RFC 9728), RFC 8414's metadata path, and the sign-in and consent pages
 * (interaction-routes.ts).
 */
import { Injectable, Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { leaveBodiesUnread, RAW_INPUT } from '../common/input-guard';
import { AuthorizationServer, OAUTH_BASE } from './authorization-server';
import { InteractionRoutes } from './interaction-routes';
import {
  PROTECTED_RESOURCE_METADATA,
  ProtectedResources,
  RESOURCE_PATHS,
  TokenResource,
} from './protected-resources';

const ALL_METHODS = ['GET', 'HEAD', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST'];
const DISCOVERY = '/.well-known/openid-configuration';

@Injectable()
export class OAuthHttp {
  private readonly logger = new Logger('OAuth');
  /** The provider's request handler, per provider: a rotation of its signing key builds a new one. */
  private readonly handlers = new WeakMap<object, (req: IncomingMessage, res: ServerResponse) => void>();

  constructor(
    private readonly server: AuthorizationServer,
    private readonly resources: ProtectedResources,
    private readonly interactions: InteractionRoutes,
  ) {}

  register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      // oidc-provider reads the bodies itself.
      leaveBodiesUnread(scope);
      const passThrough = (url: string, rewrite?: string) =>
        scope.route({
          method: ALL_METHODS,
          url,
          exposeHeadRoute: false,
          config: { [RAW_INPUT]: true },
          handler: (request, reply) => this.toProvider(request, reply, rewrite),
        });
      passThrough(`${OAUTH_BASE}/*`);
      passThrough(DISCOVERY);
      // RFC 8414 §3: an issuer without a path has its metadata here; OpenID discovery's is a superset.
      passThrough('/.well-known/oauth-authorization-server', DISCOVERY);
    });
    void app.register(async (scope) => {
      for (const resource of Object.keys(RESOURCE_PATHS) as TokenResource[]) {
        scope.route({
          method: ['GET', 'OPTIONS'],
          url: PROTECTED_RESOURCE_METADATA + RESOURCE_PATHS[resource],
          config: { [RAW_INPUT]: true },
          // Browser-based clients (the MCP Inspector) read it from another origin.
          handler: async (request, reply) => {
            void reply.header('access-control-allow-origin', '*');
            if (request.method === 'OPTIONS') return reply.code(204).send();
            return reply
              .header('cache-control', 'public, max-age=300')
              .send(this.resources.metadata(resource));
          },
        });
      }
    });
    this.interactions.register(app);
    // The agents API's 401s, wherever raised (the guard, an unknown route), say where to
    // get a token for it (RFC 9728 §5.1). /mcp and /api/v1/mcp set their own.
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        reply.statusCode === 401 &&
        !reply.hasHeader('www-authenticate') &&
        this.resources.resourceAt(request.url) === 'agents'
      ) {
        const challenge = this.resources.challengeOf('agents', { status: 401 }, request);
        if (challenge !== null) void reply.header('www-authenticate', challenge);
      }
      return payload;
    });
  }

  private async toProvider(request: FastifyRequest, reply: FastifyReply, rewrite?: string): Promise<void> {
    let handler;
    try {
      const provider = await this.server.provider();
      handler = this.handlers.get(provider);
      if (!handler) this.handlers.set(provider, (handler = provider.callback()));
    } catch (error) {
      // The keys are read from the database at first use: down, it is a retry-later.
      this.logger.error({ err: error, reqId: request.id }, 'The authorization server could not start');
      return void reply.code(503).header('retry-after', '5').send({
        error: 'temporarily_unavailable',
        error_description: 'The authorization server is starting or its database is unavailable',
      });
    }
    if (rewrite) request.raw.url = rewrite;
    this.server.rememberAddress(request.raw, request.ip);
    // The headers every answer carries (x-request-id, the security headers), set before Fastify lets go.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    handler(request.raw, reply.raw);
  }
}
