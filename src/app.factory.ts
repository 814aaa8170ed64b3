/**
 * Builds the HTTP application: Fastify with the contract's limits, the request
 * plumbing, the error filter and every module. main.ts listens; tests and the
 * CLI never need more than this.
 */
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { Logger } from 'pino';
import { ApiErrorFilter } from './agents/api-error.filter';
import { AppModule } from './app.module';
import { BODY_LIMIT_BYTES, HttpErrorFilter } from './common/http-error.filter';
import { clientErrorAnswer, frameworkErrorAnswer, MAX_PARAM_LENGTH } from './common/framework-errors';
import { registerInputGuard } from './common/input-guard';
import { drainRefusedBodies } from './common/refused-bodies';
import { Settings } from './config/settings';
import { registerConsole } from './console/console-static';
import { registerMultipart } from './files/multipart';
import { GuidedMindHttp } from './mcp/guided-mind/http/guided-mind-http';
import { ChatGptHttp } from './mcp/chatgpt/chatgpt-http';
import { McpHttpTransport } from './mcp/http/mcp-http.transport';
import { OAuthHttp } from './oauth/oauth-http';
import { OpenApiDocument } from './openapi/openapi.controller';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { PinoNestLogger } from './observability/logger';
import { registerRequestHooks, requestIdOf } from './observability/request-hooks';

export async function createApp(settings: Settings, logger: Logger): Promise<NestFastifyApplication> {
  // Paths whose errors another edge words, wherever they are raised.
  const errorEdges = [new ApiErrorFilter()];
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdOf(req),
    // Fastify's two lines per request are replaced by one of ours (request-hooks.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Lets a SIGTERM finish in-flight requests while closing idle keep-alive sockets.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorAnswer(errorEdges),
    clientErrorHandler: clientErrorAnswer(errorEdges),
    // Behind an ingress, the client's address (for rate limits and logs) is in X-Forwarded-For.
    trustProxy: settings.trustedProxies.length > 0 ? settings.trustedProxies : false,
  });
  registerRequestHooks(adapter.getInstance());
  registerInputGuard(adapter.getInstance());
  // At most what one upload may carry is read and dropped after a refusal; beyond, the connection closes.
  drainRefusedBodies(adapter.getInstance(), Math.max(BODY_LIMIT_BYTES, settings.files.maxRequestBytes));
  // The REST API speaks JSON only: any other body type is a 415, not a string to validate.
  // Fastify's own JSON parser stays (body limit, prototype-poisoning checks); Nest adds none
  // of its own, which would bring form bodies back.
  adapter.getInstance().removeContentTypeParser('text/plain');
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(settings), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    bodyParser: false,
  });
  app.useGlobalFilters(new HttpErrorFilter(errorEdges));
  // Multipart bodies for the file upload route only; every other route stays JSON.
  await registerMultipart(app, settings.files);
  // The OAuth authorization server (oidc-provider, a Koa app) reads and answers its raw requests too.
  app.get(OAuthHttp).register(adapter.getInstance());
  // /mcp is a raw Fastify route: it owns its status codes and bodies, byte for byte.
  app.get(McpHttpTransport).register(adapter.getInstance());
  // /api/v1/mcp (the Guided Mind tools) likewise: the MCP SDK reads and answers its requests.
  app.get(GuidedMindHttp).register(adapter.getInstance());
  app.get(ChatGptHttp).register(adapter.getInstance());
  // The web console: static files at /ui, off with TROVE_UI_ENABLED=false.
  if (settings.uiEnabled) await registerConsole(app, logger);
  // Generated once every route is mapped; /openapi.json answers it as is.
  app.get(OpenApiDocument).document = buildOpenApiDocument(app);
  // No enableShutdownHooks(): main.ts owns the signals, so it can drain before closing.
  return app;
}
