/**
 * Answers a JSON-RPC message POSTed to /mcp, once the transport has checked
 * the HTTP request and parsed its body. The SDK's classification picks the
 * protocol generation, and each answers in its own shape:
 *
 * - up to 2025-11-25 (legacy): initialize opens a session, every other message
 *   needs one, and a request is answered on an event stream with the ids
 *   `0/n` (priming) and `1/n` (response);
 * - 2026-07-28 (modern): no session; the request carries its revision in a
 *   `_meta` envelope and gets one event with its response.
 */
import { Injectable, Logger } from '@nestjs/common';
import { classifyInboundRequest, isJSONRPCRequest } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { AuthContext } from '../../auth/auth-context';
import { mcpRequests } from '../../observability/metrics';
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
import { SessionLimitReached } from '../mcp-sessions';
import { envelopeClaim, envelopeError, standardHeaderMismatch } from './modern-request-checks';
import { isObject, Message, requestIdJson } from './parse-message';
import { first, json, sseHeaders, text } from './replies';
import { McpSessionLifecycle } from './session-lifecycle';
import { primingEvent, sseEvent } from './sse';
import { settledWithin } from '../../common/settled-within';

type Headers = FastifyRequest['headers'];

/**
 * How long a call within a session may take for its priming event to travel with its
 * response, in one write. Streaming them costs a socket write per event and one to end
 * the stream, each a system call that a loaded machine makes dear (docs/benchmarks.md,
 * "Per-request overhead"); the priming event exists for a client to resume a long
 * call, and a call this short has nothing to resume.
 */
const PRIMING_WINDOW_MS = 50;

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

@Injectable()
export class McpPostHandler {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly dispatcher: McpDispatcher,
    private readonly sessions: McpSessionLifecycle,
  ) {}

  async answer(
    reply: FastifyReply,
    message: Message,
    headers: Headers,
    auth: AuthContext,
  ): Promise<FastifyReply> {
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
    if (isRequest && method === 'server/discover' && !claim) return refuseEnvelope(reply, message, idJson);

    const route = classifyInboundRequest({
      httpMethod: 'POST',
      protocolVersionHeader: versionHeader,
      mcpMethodHeader: first(headers['mcp-method']),
      mcpNameHeader: first(headers['mcp-name']),
      body: message,
    });
    switch (route.kind) {
      case 'reject':
        if (route.rung === 'envelope') return refuseEnvelope(reply, message, idJson);
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
      const session = await this.sessions.touch(sessionId, isRequest);
      if (!session) return text(reply, 404, 'Not Found: Session not found');
      if (!isRequest) return reply.code(202).send();
      const n = session.requestNumber;
      const outcome = this.dispatcher
        .dispatch(rpcRequest(message, idJson), 'legacy', auth)
        .catch((error: unknown) => {
          // The response may be streaming: the failure becomes its JSON-RPC error, its text stays in the log.
          this.logger.error({ err: error }, 'MCP request failed');
          return { error: new JsonRpcError(RpcCode.InternalError, 'Internal Server Error') };
        });
      const quick = await settledWithin(outcome, PRIMING_WINDOW_MS);
      if (quick !== undefined) {
        // The same two events as below, in one write: a stream would cost a write per event.
        return sseHeaders(reply).send(
          Buffer.from(primingEvent(`0/${n}`) + sseEvent(responseJson(idJson, quick), `1/${n}`), 'utf8'),
        );
      }
      // A slow call: the priming event goes out now, the response follows when the call completes.
      const stream = new PassThrough();
      // A stream errs only once its client is gone; unheard, the error would end the process.
      stream.on('error', () => undefined);
      stream.write(primingEvent(`0/${n}`));
      void sseHeaders(reply).send(stream);
      stream.end(sseEvent(responseJson(idJson, await outcome), `1/${n}`));
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
    let newSessionId: string;
    try {
      newSessionId = await this.sessions.open(result.protocolVersion as string, auth);
    } catch (error) {
      if (error instanceof SessionLimitReached) return this.sessions.refuseOverLimit(reply, error);
      throw error;
    }
    return sseHeaders(reply)
      .header('mcp-session-id', newSessionId)
      .send(primingEvent('0') + sseEvent(responseJson(idJson, { result })));
  }
}

function refuseEnvelope(reply: FastifyReply, message: Message, idJson: string): FastifyReply {
  return json(reply, 400, errorJson(idJson, envelopeError(message)));
}

function rpcRequest(message: Message, idJson: string): RpcRequest {
  return {
    idJson,
    method: message.method as string,
    params: isObject(message.params) ? message.params : undefined,
  };
}
