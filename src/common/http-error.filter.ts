/**
 * The REST edge of error handling: every error leaves as `{"detail": "<message>"}`
 * with the status its DomainError code maps to. Framework errors (unknown route,
 * malformed JSON, body too large) are translated here too, so no other code builds
 * an error body.
 */
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import { noteFailureReason } from './failure-reasons';
import { DomainError, HTTP_STATUS_OF, messageFor } from './errors';

export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export interface ErrorBody {
  status: number;
  detail: string;
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
}

const EMPTY_JSON_BODY = 'Malformed JSON body: the body is empty';
/** Fastify's parser refuses a `__proto__` key (prototype poisoning) with the same error as bad JSON. */
const INVALID_JSON_BODY =
  'Malformed JSON body: it is not valid JSON, or it holds a "__proto__" or "constructor" key, which no request may';
const CONTENT_LENGTH_MISMATCH = 'Bad Request: Content-Length does not match the body';

/** Trove's words for Fastify's errors about a body, by the message Fastify gives each (its only trace once Nest wraps it). */
const FASTIFY_BODY_ERRORS: ReadonlyMap<string, string> = new Map([
  [new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY().message, EMPTY_JSON_BODY],
  [new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY().message, INVALID_JSON_BODY],
  [new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH().message, CONTENT_LENGTH_MISMATCH],
]);

/**
 * Nest turns Fastify's own errors (body parsing, limits) into HttpExceptions that
 * keep only the status and message; give those the same wording as everywhere else.
 */
function fromFrameworkStatus(status: number, message: string): ErrorBody {
  if (status === 413)
    return { status, detail: `Payload Too Large: request body exceeds ${BODY_LIMIT_BYTES} bytes` };
  if (status === 415) return { status, detail: 'Unsupported Media Type: send application/json' };
  const ours = FASTIFY_BODY_ERRORS.get(message);
  if (ours) return { status, detail: ours };
  return { status, detail: message };
}

/**
 * Maps any thrown value to a status and a message fit for a client; `admin`: the
 * caller authenticated with an admin key, who may see a model endpoint's address.
 */
export function toErrorBody(error: unknown, admin = false): ErrorBody {
  if (error instanceof DomainError) {
    return {
      status: HTTP_STATUS_OF[error.code],
      detail: messageFor(error, admin),
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? (response as { message: string[] }).message.join('; ')
          : String((response as { message?: unknown }).message ?? error.message);
    return fromFrameworkStatus(error.getStatus(), message);
  }
  const fastifyError = error as { code?: string; statusCode?: number; message?: string };
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, detail: `Payload Too Large: request body exceeds ${BODY_LIMIT_BYTES} bytes` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, detail: 'Unsupported Media Type: send application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, detail: EMPTY_JSON_BODY };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, detail: CONTENT_LENGTH_MISMATCH };
  }
  if (error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, detail: INVALID_JSON_BODY };
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return { status: fastifyError.statusCode, detail: fastifyError.message ?? 'Bad Request' };
  }
  return { status: 500, detail: 'Internal Server Error' };
}

const MAX_REASON_LENGTH = 500;

/**
 * Why a request failed, for its log line: a DomainError's message (already fit for a
 * client), else the error's class and message (the stack goes to the "Unhandled
 * error" line).
 */
export function failureReasonOf(error: unknown): string {
  // The log is the operator's: the admin wording, which names a model's endpoint.
  const reason =
    error instanceof DomainError
      ? messageFor(error, true)
      : error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
  return reason.slice(0, MAX_REASON_LENGTH);
}

/** Whether the request authenticated with an admin key (the guard puts its AuthContext on it). */
export function isAdminRequest(request: FastifyRequest | undefined): boolean {
  return (request as { auth?: { admin?: boolean } } | undefined)?.auth?.admin === true;
}

/**
 * Another edge's way of writing errors, for the paths under `prefix` (the agents API's
 * ErrorResponse under /api/v1/): used for the errors of those paths that no controller's
 * own filter sees, whether they reach this filter or Fastify's router (framework-errors.ts).
 */
export interface ErrorEdge {
  readonly prefix: string;
  answer(error: unknown, request: FastifyRequest, reply: FastifyReply): void;
  /** The body of an error answered before any request exists (a malformed request on its socket). */
  bodyOf(status: number, detail: string, requestId: string): unknown;
}

/** The edge that answers for this path (a request's URL), if not the REST one. */
export function edgeOf(edges: readonly ErrorEdge[], url: string | undefined): ErrorEdge | undefined {
  return url === undefined ? undefined : edges.find((edge) => url.startsWith(edge.prefix));
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  /**
   * `edges` get the errors of their paths that no controller's own filter saw: those
   * raised before a route is chosen (malformed JSON, an unknown path, a body too large)
   * or by a hook (the input guard).
   */
  constructor(private readonly edges: readonly ErrorEdge[] = []) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const edge = edgeOf(this.edges, request?.url);
    if (edge) return edge.answer(error, request, reply);
    const body = toErrorBody(error, isAdminRequest(request));
    if (body.status >= 500) noteFailureReason(request, failureReasonOf(error));
    if (body.status >= 500 && body.status !== 501 && body.status !== 502 && body.status !== 503) {
      this.logger.error({ err: error, reqId: request?.id }, 'Unhandled error');
    }
    sendError(reply, body);
  }
}

/** The one way an error body leaves over REST: `{"detail"}`, and Retry-After when there is a hint. */
export function sendError(reply: FastifyReply, body: ErrorBody): FastifyReply {
  if (body.retryAfterSeconds !== undefined) void reply.header('retry-after', String(body.retryAfterSeconds));
  return reply.status(body.status).header('content-type', 'application/json').send({ detail: body.detail });
}
