/**
 * The agents API's edge of error handling (/api/v1): the same DomainErrors as the
 * rest of Trove, written as the document's ErrorResponse
 *   {"error": {"requestId", "code", "message"}}
 * with its codes: `HTTP_<STATUS NAME>` for application errors, `VALIDATION_ERROR`
 * for a request that fails validation (400 here, where the REST API says 422), and
 * `INTERNAL_ERROR` for anything unexpected. Framework errors (malformed JSON, a body
 * too large) keep the wording of the REST edge.
 */
import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ErrorCode, messageFor } from '../common/errors';
import { ErrorEdge, failureReasonOf, isAdminRequest, toErrorBody } from '../common/http-error.filter';
import { noteFailureReason } from '../common/failure-reasons';

export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export interface ErrorResponse {
  error: { requestId?: string; code: string; message: string };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  422: 'UNPROCESSABLE_ENTITY',
  424: 'FAILED_DEPENDENCY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  501: 'NOT_IMPLEMENTED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Statuses under /api/v1 where they differ from the REST edge's. */
const STATUS_OF: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.InvalidArgument]: 400,
  // The document has no 502: a model that failed to answer is its 500.
  [ErrorCode.Upstream]: 500,
};

const httpCode = (status: number) => `HTTP_${STATUS_NAMES[status] ?? String(status)}`;

/** `admin`: the caller authenticated with an admin key, who may see a model endpoint's address. */
export function toApiError(error: unknown, admin = false): ApiError {
  if (error instanceof DomainError) {
    const status = STATUS_OF[error.code] ?? toErrorBody(error).status;
    const message = messageFor(error, admin);
    if (error.code === ErrorCode.InvalidArgument) return { status, code: 'VALIDATION_ERROR', message };
    if (error.code === ErrorCode.Internal) return { status, code: 'INTERNAL_ERROR', message };
    return { status, code: httpCode(status), message };
  }
  const { status, detail } = toErrorBody(error);
  if (status === 500) return { status, code: 'INTERNAL_ERROR', message: detail };
  return { status, code: httpCode(status), message: detail };
}

export function errorResponse(error: ApiError, requestId: string | undefined): ErrorResponse {
  return { error: { ...(requestId ? { requestId } : {}), code: error.code, message: error.message } };
}

@Catch()
export class ApiErrorFilter implements ExceptionFilter, ErrorEdge {
  private readonly logger = new Logger('ApiError');
  /** Every path of the agents API, so errors raised before its controllers run are worded here too. */
  readonly prefix = '/api/v1/';

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.answer(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  bodyOf(status: number, detail: string, requestId: string): ErrorResponse {
    return errorResponse(toApiError(Object.assign(new Error(detail), { statusCode: status })), requestId);
  }

  answer(error: unknown, request: FastifyRequest | undefined, reply: FastifyReply): void {
    const body = toApiError(error, isAdminRequest(request));
    if (body.status >= 500) noteFailureReason(request, failureReasonOf(error));
    if (body.code === 'INTERNAL_ERROR')
      this.logger.error({ err: error, reqId: request?.id }, 'Unhandled error');
    void reply
      .status(body.status)
      .header('content-type', 'application/json')
      .send(errorResponse(body, request?.id));
  }
}
