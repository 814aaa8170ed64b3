/**
 * Domain errors: the one vocabulary of failure that services speak.
 *
 * Services throw `DomainError`s; the REST edge maps them to HTTP statuses and
 * `{"detail": ...}` bodies (http-error.filter.ts), the MCP edge maps the same
 * errors to JSON-RPC codes, and the agents API under /api/v1 to its ErrorResponse
 * (src/agents/api-error.filter.ts). No service knows about any transport.
 */
export enum ErrorCode {
  BadRequest = 'bad_request',
  Unauthenticated = 'unauthenticated',
  Forbidden = 'forbidden',
  NotFound = 'not_found',
  Conflict = 'conflict',
  PayloadTooLarge = 'payload_too_large',
  InvalidArgument = 'invalid_argument',
  /** The caller made too many attempts (failed authentications): retry later. */
  TooManyRequests = 'too_many_requests',
  NotImplemented = 'not_implemented',
  /** A model provider's content filter refused the request or the answer. */
  ContentFiltered = 'content_filtered',
  /** Nothing usable to do the work with: no LLM configured, or the selected one cannot start. */
  FailedDependency = 'failed_dependency',
  /** A dependency we call (an LLM provider) is rate limiting us or out of quota; not the caller's fault. */
  RateLimited = 'rate_limited',
  /** A dependency we call (an embedding endpoint, an LLM) failed. */
  Upstream = 'upstream',
  Unavailable = 'unavailable',
  Internal = 'internal',
}

export const HTTP_STATUS_OF: Record<ErrorCode, number> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.InvalidArgument]: 422,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.ContentFiltered]: 422,
  [ErrorCode.FailedDependency]: 424,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.NotImplemented]: 501,
  [ErrorCode.Upstream]: 502,
  [ErrorCode.Unavailable]: 503,
  [ErrorCode.Internal]: 500,
};

/**
 * Why a request failed, where the reason belongs to no one module. Every module that
 * throws has its own `*ErrorReason` enum (src/<module>/*-errors.ts), as twenty's
 * exception codes: a reason names one failure, for the code that handles it.
 */
export enum CommonErrorReason {
  /** A field, body or query parameter that does not fit its schema (the message names it). */
  InvalidInput = 'common.invalid_input',
  /** An HTTP JSON endpoint Trove calls (an embedding model, an LLM, a reranker) failed. */
  EndpointFailed = 'common.endpoint_failed',
}

/** A value of one of the modules' `*ErrorReason` enums. */
export type ErrorReason = string;

export interface DomainErrorOptions {
  /** When the client may try again (HTTP edges send it as Retry-After). */
  retryAfterSeconds?: number;
  /**
   * The message as an administrator sees it, with what only they may know: the address
   * of an internal endpoint (a model's base URL) and the text it answered. `message` is
   * what every other caller sees; see `messageFor`.
   */
  adminMessage?: string;
}

export class DomainError extends Error {
  readonly retryAfterSeconds?: number;
  readonly adminMessage?: string;

  constructor(
    /**
     * Why it failed, for the code that handles it. Code branches on the reason, never on
     * the message, so that a message can be reworded (or is fixed by a contract) without
     * changing behaviour.
     */
    readonly reason: ErrorReason,
    readonly code: ErrorCode,
    message: string,
    /** Structured context for edges that can carry it (MCP `data`). */
    readonly data?: Record<string, unknown>,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.adminMessage = options.adminMessage;
  }
}

/** The error's message for a caller: admin keys get the full one, every other key the one without internals. */
export function messageFor(error: DomainError, admin: boolean): string {
  return admin && error.adminMessage !== undefined ? error.adminMessage : error.message;
}

/** The messages the contract fixes, byte for byte. */
export const Messages = {
  noApiKey: 'Unauthorized: No API Key specified.',
  invalidApiKey: 'Unauthorized: Invalid API Key.',
  pipelineNotFound: 'Pipeline not found',
  embeddingModelNotFound: 'Embedding model not found',
  missingEmbeddingModelId: 'Missing embedding model ID',
} as const;

export const notFound = (reason: ErrorReason, what: string, data?: Record<string, unknown>) =>
  new DomainError(reason, ErrorCode.NotFound, what, data);
export const invalid = (reason: ErrorReason, message: string) =>
  new DomainError(reason, ErrorCode.InvalidArgument, message);
export const badRequest = (reason: ErrorReason, message: string) =>
  new DomainError(reason, ErrorCode.BadRequest, message);
export const conflict = (reason: ErrorReason, message: string) =>
  new DomainError(reason, ErrorCode.Conflict, message);
export const forbidden = (reason: ErrorReason, message: string) =>
  new DomainError(reason, ErrorCode.Forbidden, message);

/** Whether `error` is a DomainError of this reason. */
export const hasReason = (error: unknown, reason: ErrorReason): error is DomainError =>
  error instanceof DomainError && error.reason === reason;
