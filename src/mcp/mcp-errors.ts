/**
 * JSON-RPC errors of the MCP edge, and the mapping of the services' domain
 * errors onto the codes the MCP tools page publishes:
 *
 *   -32002  Pipeline not found (any not-found), with its `data`
 *   -32600  a UUID parser message, `Embedding model not found`, `Missing embedding model ID`
 *   -32603  everything else, permission errors, placeholders and refused values included,
 *           with the message (a generic one for failures that are not domain errors)
 */
import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode, messageFor } from '../common/errors';
import { SearchErrorReason } from '../search/search-errors';

export const RpcCode = {
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ResourceNotFound: -32002,
  /** 2026-07-28: the headers and the body disagree. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request names a revision the server does not serve. */
  UnsupportedProtocolVersion: -32022,
} as const;

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

const logger = new Logger('McpTools');

/** `admin`: the caller's key is an admin key, who may see a model endpoint's address. */
export function toJsonRpcError(error: unknown, admin = false): JsonRpcError {
  if (error instanceof JsonRpcError) return error;
  if (error instanceof DomainError) {
    const message = messageFor(error, admin);
    switch (error.code) {
      case ErrorCode.NotFound:
        return new JsonRpcError(RpcCode.ResourceNotFound, message, error.data);
      case ErrorCode.InvalidArgument:
        // The page gives -32600 to these two only; any other refusal is "every other failure".
        if (INVALID_REQUEST_REASONS.has(error.reason))
          return new JsonRpcError(RpcCode.InvalidRequest, error.message);
        return new JsonRpcError(RpcCode.InternalError, message);
      default:
        return new JsonRpcError(RpcCode.InternalError, message, error.data);
    }
  }
  // Not a domain error: a database or programming failure. Its text (a database's
  // included) stays in the log; the page asks only for code -32603.
  logger.error({ err: error }, 'MCP tool call failed');
  return new JsonRpcError(RpcCode.InternalError, 'Internal Server Error');
}

const INVALID_REQUEST_REASONS = new Set<string>([
  SearchErrorReason.EmbeddingModelNotFound,
  SearchErrorReason.NoEmbeddingModel,
]);
