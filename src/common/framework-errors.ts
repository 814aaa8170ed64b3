/**
 * Errors Fastify and Node.js answer before any route or error filter runs: a URL
 * that is not valid percent-encoding, a path parameter over Fastify's length
 * limit, and requests Node.js cannot parse (headers too large, a timeout, bytes
 * that are not HTTP). They get the same `{"detail"}` body and x-request-id as
 * every other error instead of the frameworks' own shapes.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { sendError } from './http-error.filter';

/** Fastify's limit on one path parameter (its default). */
export const MAX_PARAM_LENGTH = 100;
/** Node.js's limit on the request line and headers together (its default). */
const MAX_HEADER_BYTES = 16 * 1024;

/** Fastify's `frameworkErrors`: router failures, with a request and a reply. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.header('x-request-id', request.id);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      void sendError(reply, {
        status: 400,
        detail: 'Bad Request: the URL is not valid percent-encoded UTF-8',
      });
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      void sendError(reply, {
        status: 414,
        detail: `URI Too Long: a path segment exceeds ${MAX_PARAM_LENGTH} characters`,
      });
      return;
    default:
      void sendError(reply, { status: 400, detail: 'Bad Request: the request cannot be routed' });
  }
}

/** Node's `clientError`: no request exists, so the answer is written on the socket, then it closes. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
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
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'content-type: application/json\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${randomUUID()}\r\n` +
        'connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
