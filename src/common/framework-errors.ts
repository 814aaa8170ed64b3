/**
 * Errors Fastify and Node.js answer before any route or error filter runs: a URL
 * that is not valid percent-encoding, a path parameter over Fastify's length
 * limit, and requests Node.js cannot parse (headers too large, a timeout, bytes
 * that are not HTTP). They get the same body as every other error of their path
 * (`{"detail"}`, or the agents API's ErrorResponse under /api/v1/) and an
 * x-request-id, instead of the frameworks' own shapes. Node's errors come before
 * any request exists, so they are `{"detail"}` whatever the path.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { edgeOf, ErrorBody, ErrorEdge, sendError } from './http-error.filter';

/** Fastify's limit on one path parameter (its default). */
export const MAX_PARAM_LENGTH = 100;
/** Node.js's limit on the request line and headers together (its default). */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Fastify's `frameworkErrors`: router failures, with a request and a reply, answered
 * in the shape of the path's edge (`edges`, as the error filter has them).
 */
export function frameworkErrorAnswer(edges: readonly ErrorEdge[]) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    void reply.header('x-request-id', request.id);
    const body = frameworkErrorBody(error);
    const edge = edgeOf(edges, request.url);
    if (edge) edge.answer(Object.assign(new Error(body.detail), { statusCode: body.status }), request, reply);
    else void sendError(reply, body);
  };
}

function frameworkErrorBody(error: FastifyError): ErrorBody {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, detail: 'Bad Request: the URL is not valid percent-encoded UTF-8' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, detail: `URI Too Long: a path segment exceeds ${MAX_PARAM_LENGTH} characters` };
    default:
      return { status: 400, detail: 'Bad Request: the request cannot be routed' };
  }
}

/** Node's `clientError`: no request exists, so the answer is written on the socket, then it closes. */
export function clientErrorAnswer(edges: readonly ErrorEdge[]) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            `Request Header Fields Too Large: the request line and headers exceed ${MAX_HEADER_BYTES} bytes`,
          ]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout: the request did not arrive in time']
          : [400, 'Bad Request: the request is not valid HTTP/1.1'];
    const requestId = randomUUID();
    // No request exists yet: the path, if the request line arrived, picks the edge's wording.
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const edge = edgeOf(edges, raw?.subarray(0, MAX_HEADER_BYTES).toString('latin1').split(' ', 2)[1]);
    const body = JSON.stringify(edge ? edge.bodyOf(status, detail, requestId) : { detail });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'content-type: application/json\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          `x-request-id: ${requestId}\r\n` +
          'x-content-type-options: nosniff\r\n' +
          'connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(error);
  };
}
