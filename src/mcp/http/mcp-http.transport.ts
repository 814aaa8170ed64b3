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
 */
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  CLIENT_CAPABILITIES_META_KEY,
  classifyInboundRequest,
  isJSONRPCRequest,
  isSpecType,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { ApiKeysService } from '../../auth/api-keys.service';
import { AuthContext } from '../../auth/auth-context';
import { apiKeyHeaders } from '../../auth/auth.guard';
import { BODY_LIMIT_BYTES, toErrorBody } from '../../common/http-error.filter';
import { SETTINGS, Settings } from '../../config/settings';
import { mcpRequests, mcpSessionsOpen } from '../../observability/metrics';
import {
  errorJson,
  isSupportedProtocolVersion,
  McpDispatcher,
  MODERN_METHODS,
  MODERN_PROTOCOL_VERSION,
  methodNotFound,
  responseJson,
  RpcRequest,
} from '../mcp-dispatcher';
import { JsonRpcError, RpcCode } from '../mcp-errors';
import { McpSessionStore, MemorySessionStore, PostgresSessionStore } from '../mcp-sessions';
import { McpSessionsRepository } from '../mcp-sessions.repository';
import { numberFact } from '../wire/serde-json';
import { checkHost } from './host-check';
import { parseMessage } from './parse-message';
import { readBody, TOO_LARGE } from './read-body';
import { primingEvent, SSE_KEEP_ALIVE, SSE_KEEP_ALIVE_MS, sseEvent } from './sse';

const TEXT = 'text/plain; charset=utf-8';
const ALL_METHODS = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST'];
const METRIC_METHODS = new Set([
  'initialize',
  'notifications/initialized',
  'notifications/cancelled',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'prompts/list',
  'completion/complete',
  'logging/setLevel',
  'server/discover',
]);

type Headers = FastifyRequest['headers'];
type Message = Record<string, unknown>;

interface OpenStream {
  stream: PassThrough;
  keepAlive: NodeJS.Timeout;
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('content-type', TEXT).send(body);
}

/** JSON-RPC errors outside a stream; a Buffer, so Fastify adds no charset to the media type. */
function json(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').send(Buffer.from(body, 'utf8'));
}

function sseHeaders(reply: FastifyReply): FastifyReply {
  return reply.code(200).header('content-type', 'text/event-stream').header('cache-control', 'no-cache');
}

/** Failures of our own machinery (the session store's database), in the published library's words. */
class InternalFailure extends Error {
  constructor(
    readonly context: string,
    readonly failure: unknown,
  ) {
    super(
      `Encounter an error when ${context}: ${failure instanceof Error ? failure.message : String(failure)}`,
    );
  }
}

async function guard<T>(context: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new InternalFailure(context, error);
  }
}

@Injectable()
export class McpHttpTransport implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mcp');
  private readonly sessions: McpSessionStore;
  private readonly streams = new Map<string, Set<OpenStream>>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly apiKeys: ApiKeysService,
    private readonly dispatcher: McpDispatcher,
    repository: McpSessionsRepository,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    const idle = settings.mcp.sessionIdleSeconds;
    this.sessions =
      settings.mcp.sessionStore === 'postgres'
        ? new PostgresSessionStore(repository, idle)
        : new MemorySessionStore(idle);
  }

  /** Adds /mcp (and a bodiless 404 for every path below it) to the Fastify instance. */
  register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      // No parser: the handler reads the raw body, so the size and media type answers are ours.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.route({
        method: ALL_METHODS,
        url: '/mcp',
        exposeHeadRoute: false,
        handler: (request, reply) => this.handle(request, reply),
      });
      scope.route({
        method: ALL_METHODS,
        url: '/mcp/*',
        exposeHeadRoute: false,
        handler: async (_request, reply) => reply.code(404).send(),
      });
    });
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
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let auth: AuthContext;
    try {
      const { keyId, secret } = apiKeyHeaders(request);
      auth = await this.apiKeys.authenticate(keyId, secret);
    } catch (error) {
      // Exactly the REST API's 401, headers included.
      const { status, detail } = toErrorBody(error);
      return reply.code(status).header('content-type', 'application/json').send(JSON.stringify({ detail }));
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
          return await this.get(request, reply);
        case 'DELETE':
          return await this.delete(request, reply);
        default:
          return text(reply.header('allow', 'GET, POST, DELETE'), 405, 'Method Not Allowed');
      }
    } catch (error) {
      if (!(error instanceof InternalFailure)) throw error;
      this.logger.error({ err: error.failure, reqId: request.id }, error.message);
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
    const message = parsed.message;
    const isRequest = isJSONRPCRequest(message);
    const method = typeof message.method === 'string' ? message.method : undefined;
    mcpRequests.inc({
      method: method === undefined ? 'response' : METRIC_METHODS.has(method) ? method : 'other',
    });

    const versionHeader = first(headers['mcp-protocol-version']);
    const claim = envelopeClaim(message);
    if (versionHeader !== undefined && !isSupportedProtocolVersion(versionHeader) && !claim) {
      return text(reply, 400, `Bad Request: Unsupported MCP-Protocol-Version: ${versionHeader}`);
    }
    const idJson = isRequest ? requestIdJson(message) : 'null';
    // server/discover exists only in 2026-07-28: without the envelope it is a malformed request of that revision.
    if (isRequest && method === 'server/discover' && !claim)
      return this.envelopeError(reply, message, idJson);

    const route = classifyInboundRequest({
      httpMethod: 'POST',
      protocolVersionHeader: versionHeader,
      mcpMethodHeader: first(headers['mcp-method']),
      mcpNameHeader: first(headers['mcp-name']),
      body: message,
    });
    switch (route.kind) {
      case 'reject':
        if (route.rung === 'envelope') return this.envelopeError(reply, message, idJson);
        return json(
          reply,
          route.httpStatus,
          errorJson(idJson, new JsonRpcError(route.code, route.message, route.data)),
        );
      case 'modern':
        return this.modern(reply, message, route.classification.revision, headers, idJson, auth);
      case 'legacy':
        return this.legacy(reply, message, headers, idJson, auth);
    }
  }

  /** 2026-07-28: one request, one answer, no session. */
  private async modern(
    reply: FastifyReply,
    message: Message,
    revision: string | undefined,
    headers: Headers,
    idJson: string,
    auth: AuthContext,
  ): Promise<FastifyReply> {
    if (revision !== undefined && revision !== MODERN_PROTOCOL_VERSION) {
      const error = new JsonRpcError(
        RpcCode.UnsupportedProtocolVersion,
        `Unsupported protocol version: ${revision}`,
        {
          supported: [MODERN_PROTOCOL_VERSION],
          requested: revision,
        },
      );
      return json(reply, 400, errorJson(idJson, error));
    }
    if (!isJSONRPCRequest(message)) return reply.code(202).send();
    const method = message.method as string;
    const mismatch = standardHeaderMismatch(method, message.params, headers);
    if (mismatch) return json(reply, 400, errorJson(idJson, mismatch));
    if (!MODERN_METHODS.has(method)) return json(reply, 404, errorJson(idJson, methodNotFound(method)));
    const outcome = await this.dispatcher.dispatch(rpcRequest(message, idJson), 'modern', auth);
    return sseHeaders(reply).send(sseEvent(responseJson(idJson, outcome)));
  }

  /** Up to 2025-11-25: initialize opens a session; everything else needs one. */
  private async legacy(
    reply: FastifyReply,
    message: Message,
    headers: Headers,
    idJson: string,
    auth: AuthContext,
  ): Promise<FastifyReply> {
    const isRequest = isJSONRPCRequest(message);
    const sessionId = first(headers['mcp-session-id']);
    if (sessionId !== undefined) {
      const session = await guard('check session', () => this.sessions.touch(sessionId, isRequest));
      if (!session) return text(reply, 404, 'Not Found: Session not found');
      if (!isRequest) return reply.code(202).send();
      const n = session.requestNumber;
      // The priming event goes out at once; the response follows when the call completes.
      const stream = new PassThrough();
      stream.write(primingEvent(`0/${n}`));
      void sseHeaders(reply).send(stream);
      const outcome = await this.dispatcher
        .dispatch(rpcRequest(message, idJson), 'legacy', auth)
        .catch((error: unknown) => {
          this.logger.error({ err: error }, 'MCP request failed');
          return {
            error: new JsonRpcError(
              RpcCode.InternalError,
              error instanceof Error ? error.message : String(error),
            ),
          };
        });
      stream.end(sseEvent(responseJson(idJson, outcome), `1/${n}`));
      return reply;
    }
    if (!isRequest || message.method !== 'initialize')
      return text(reply, 422, 'Unexpected message, expect initialize request');

    const params = isObject(message.params) ? message.params : undefined;
    if (typeof params?.protocolVersion !== 'string') {
      const error = new JsonRpcError(
        RpcCode.InvalidParams,
        'invalid params: missing field `protocolVersion`',
      );
      return sseHeaders(reply).send(sseEvent(errorJson(idJson, error)));
    }
    const result = this.dispatcher.initializeResult(params.protocolVersion);
    const sessionId_ = await guard('create session', () =>
      this.sessions.create(result.protocolVersion as string),
    );
    void this.refreshSessionGauge();
    return sseHeaders(reply)
      .header('mcp-session-id', sessionId_)
      .send(primingEvent('0') + sseEvent(responseJson(idJson, { result })));
  }

  /** A stream on which the server could send messages within a session. Trove sends none; it stays open. */
  private async get(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const headers = request.headers;
    if (!first(headers.accept)?.includes('text/event-stream')) {
      return text(reply, 406, 'Not Acceptable: Client must accept text/event-stream');
    }
    const refused = this.refuseVersion(reply, first(headers['mcp-protocol-version']));
    if (refused) return refused;
    const sessionId = first(headers['mcp-session-id']);
    if (sessionId === undefined) return text(reply, 400, 'Bad Request: Session ID is required');
    if (!(await guard('check session', () => this.sessions.touch(sessionId, false)))) {
      return text(reply, 404, 'Not Found: Session not found');
    }
    const stream = new PassThrough();
    const open: OpenStream = {
      stream,
      keepAlive: setInterval(() => stream.write(SSE_KEEP_ALIVE), SSE_KEEP_ALIVE_MS),
    };
    const set = this.streams.get(sessionId) ?? new Set<OpenStream>();
    set.add(open);
    this.streams.set(sessionId, set);
    const forget = () => {
      clearInterval(open.keepAlive);
      set.delete(open);
      if (set.size === 0 && this.streams.get(sessionId) === set) this.streams.delete(sessionId);
    };
    reply.raw.on('close', () => {
      forget();
      stream.destroy();
    });
    stream.on('close', forget);
    stream.write(primingEvent('0'));
    return sseHeaders(reply).send(stream);
  }

  private async delete(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const refused = this.refuseVersion(reply, first(request.headers['mcp-protocol-version']));
    if (refused) return refused;
    const sessionId = first(request.headers['mcp-session-id']);
    if (sessionId === undefined) return text(reply, 400, 'Bad Request: Session ID is required');
    const ended = await guard('close session', () => this.sessions.delete(sessionId));
    if (!ended) return text(reply, 404, 'Not Found: Session not found');
    this.endStreams(sessionId);
    void this.refreshSessionGauge();
    return reply.code(202).send();
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

  private envelopeError(reply: FastifyReply, message: Message, idJson: string): FastifyReply {
    const error = new JsonRpcError(
      RpcCode.InvalidParams,
      `request _meta is missing or has malformed required fields: ${malformedEnvelopeKeys(message).join(', ')}`,
    );
    return json(reply, 400, errorJson(idJson, error));
  }

  private endStreams(sessionId: string): void {
    for (const open of this.streams.get(sessionId) ?? []) {
      clearInterval(open.keepAlive);
      open.stream.end();
    }
    this.streams.delete(sessionId);
  }

  /** Forgets expired sessions, ends the streams of sessions gone (expired, or deleted on another replica). */
  private async sweep(): Promise<void> {
    try {
      mcpSessionsOpen.set(await this.sessions.sweep());
      const watched = [...this.streams.keys()];
      if (watched.length === 0) return;
      const live = await this.sessions.liveAmong(watched);
      for (const id of watched) if (!live.has(id)) this.endStreams(id);
    } catch (error) {
      this.logger.warn({ err: error }, 'MCP session sweep failed');
    }
  }

  private async refreshSessionGauge(): Promise<void> {
    try {
      mcpSessionsOpen.set(await this.sessions.sweep());
    } catch (error) {
      this.logger.warn({ err: error }, 'MCP session count failed');
    }
  }
}

function countHeader(rawHeaders: string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === name) count++;
  return count;
}

/** The request id as JSON text, integers as written. */
function requestIdJson(message: Message): string {
  const id = message.id;
  if (typeof id === 'string') return JSON.stringify(id);
  return numberFact(message, 'id')?.text ?? String(id);
}

function rpcRequest(message: Message, idJson: string): RpcRequest {
  return {
    idJson,
    method: message.method as string,
    params: isObject(message.params) ? message.params : undefined,
  };
}

function metaOf(message: Message): Record<string, unknown> | undefined {
  const params = message.params;
  return isObject(params) && isObject(params._meta) ? params._meta : undefined;
}

/** Whether the message claims the 2026-07-28 per-request envelope. */
function envelopeClaim(message: Message): boolean {
  const meta = metaOf(message);
  return meta !== undefined && PROTOCOL_VERSION_META_KEY in meta;
}

/** The required `_meta` keys of 2026-07-28 that are missing or malformed, in the revision's order. */
function malformedEnvelopeKeys(message: Message): string[] {
  const meta = metaOf(message) ?? {};
  const keys: string[] = [];
  if (typeof meta[PROTOCOL_VERSION_META_KEY] !== 'string') keys.push(PROTOCOL_VERSION_META_KEY);
  if (
    !isObject(meta[CLIENT_CAPABILITIES_META_KEY]) ||
    !isSpecType.ClientCapabilities(meta[CLIENT_CAPABILITIES_META_KEY])
  ) {
    keys.push(CLIENT_CAPABILITIES_META_KEY);
  }
  return keys.length > 0 ? keys : ['_meta'];
}

const NAME_SOURCES: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};
const BASE64_CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeHeaderValue(value: string): string | undefined {
  if (!(value.startsWith('=?base64?') && value.endsWith('?='))) return value;
  const b64 = value.slice(9, -2);
  if (!BASE64_CANONICAL.test(b64)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
}

/**
 * 2026-07-28 requires MCP-Protocol-Version and Mcp-Method on every request,
 * and Mcp-Name mirroring params.name on tools/call (the SDK's rules and texts).
 */
function standardHeaderMismatch(method: string, params: unknown, headers: Headers): JsonRpcError | null {
  const mismatch = (header: string, body: string) =>
    new JsonRpcError(RpcCode.HeaderMismatch, `Bad Request: the request headers and body disagree: ${body}`, {
      mismatch: { header, body },
    });
  if (first(headers['mcp-protocol-version']) === undefined) {
    return mismatch(
      '(missing)',
      `the body envelope names protocol version ${MODERN_PROTOCOL_VERSION} but the required MCP-Protocol-Version header is absent`,
    );
  }
  if (first(headers['mcp-method']) === undefined) {
    return mismatch(
      '(missing)',
      `the body names method ${method} but the required Mcp-Method header is absent`,
    );
  }
  const field = NAME_SOURCES[method];
  if (field === undefined) return null;
  const bodyValue =
    isObject(params) && typeof params[field] === 'string' ? (params[field] as string) : undefined;
  const nameHeader = first(headers['mcp-name'])?.trim();
  if (nameHeader === undefined) {
    return bodyValue === undefined
      ? null
      : mismatch(
          '(missing)',
          `the body carries params.${field}="${bodyValue}" but the required Mcp-Name header is absent`,
        );
  }
  const decoded = decodeHeaderValue(nameHeader);
  if (decoded === undefined)
    return mismatch(nameHeader, 'the Mcp-Name header carries an invalid Base64 sentinel value');
  if (bodyValue !== undefined && decoded !== bodyValue) {
    return mismatch(
      nameHeader,
      `the body carries params.${field}="${bodyValue}" but the Mcp-Name header names "${decoded}"`,
    );
  }
  return null;
}
