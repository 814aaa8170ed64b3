/**
 * Domain errors: the one vocabulary of failure that services speak.
 *
 * Services throw `DomainError`s; the REST edge maps them to HTTP statuses and
 * `{"detail": ...}` bodies (http-error.filter.ts), and the MCP edge maps the same
 * errors to JSON-RPC codes. No service knows about either transport.
 */
export enum ErrorCode {
  BadRequest = 'bad_request',
  Unauthenticated = 'unauthenticated',
  Forbidden = 'forbidden',
  NotFound = 'not_found',
  Conflict = 'conflict',
  PayloadTooLarge = 'payload_too_large',
  InvalidArgument = 'invalid_argument',
  /** Too many attempts (failed authentications): retry later. */
  TooManyRequests = 'too_many_requests',
  NotImplemented = 'not_implemented',
  /** A dependency we call (an embedding endpoint) failed. */
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
  [ErrorCode.NotImplemented]: 501,
  [ErrorCode.Upstream]: 502,
  [ErrorCode.Unavailable]: 503,
  [ErrorCode.Internal]: 500,
};

export interface DomainErrorOptions {
  /** When the client may try again (HTTP edges send it as Retry-After). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Structured context for edges that can carry it (MCP `data`). */
    readonly data?: Record<string, unknown>,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The messages the contract fixes, byte for byte. */
export const Messages = {
  noApiKey: 'Unauthorized: No API Key specified.',
  invalidApiKey: 'Unauthorized: Invalid API Key.',
  pipelineNotFound: 'Pipeline not found',
  embeddingModelNotFound: 'Embedding model not found',
  missingEmbeddingModelId: 'Missing embedding model ID',
} as const;

export const notFound = (what: string, data?: Record<string, unknown>) =>
  new DomainError(ErrorCode.NotFound, what, data);
export const invalid = (message: string) => new DomainError(ErrorCode.InvalidArgument, message);
export const conflict = (message: string) => new DomainError(ErrorCode.Conflict, message);
export const forbidden = (message: string) => new DomainError(ErrorCode.Forbidden, message);
export const pipelineNotFound = (id: string) => notFound(Messages.pipelineNotFound, { id });
