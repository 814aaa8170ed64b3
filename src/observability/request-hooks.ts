/**
 * Per-request plumbing at the Fastify level, so it also covers routes outside Nest
 * (the MCP endpoint) and requests that never reach a controller (404, 413):
 * the `x-request-id` header, one structured log line, and the HTTP metrics.
 *
 * The request line is `info`, or `warn` for a 5xx the server chose (a dependency
 * down, draining) and `error` for a 500, with the failure's `reason` when an edge
 * noted one: an operator reading a 502 sees which embedding endpoint failed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { notedFailureReason } from '../common/failure-reasons';
import { httpDuration, httpRequests } from './metrics';

const MAX_REQUEST_ID_LENGTH = 200;

/** The caller's x-request-id when it sent a sane one, else a new UUID. */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const value = request.headers['x-request-id'];
  const id = Array.isArray(value) ? value[0] : value;
  return id && id.length <= MAX_REQUEST_ID_LENGTH && /^[\x21-\x7e]+$/.test(id) ? id : randomUUID();
}

export function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

/**
 * `X-Content-Type-Options: nosniff` on every answer of `server`, so that no browser reads
 * a JSON error or an uploaded name in it as HTML or script. Set on the Node.js response
 * before any other code sees the request, it holds whoever writes the answer: Fastify's
 * reply, its own 404 and router errors, the raw routes of /mcp, the event streams.
 */
export function forbidContentSniffing(server: Server): void {
  server.prependListener('request', (_request, response) => {
    response.setHeader('x-content-type-options', 'nosniff');
  });
}

export function registerRequestHooks(app: FastifyInstance): void {
  forbidContentSniffing(app.server);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const status = String(reply.statusCode);
    const seconds = reply.elapsedTime / 1000;
    httpRequests.inc({ method: request.method, route, status });
    httpDuration.observe({ method: request.method, route, status }, seconds);
    const level = reply.statusCode === 500 ? 'error' : reply.statusCode >= 500 ? 'warn' : 'info';
    const reason = reply.statusCode >= 500 ? notedFailureReason(request) : undefined;
    // request.log already carries reqId: writing it again would duplicate the key.
    request.log[level](
      {
        method: request.method,
        route,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
        ...(reason === undefined ? {} : { reason }),
      },
      'request',
    );
  });
}
