/**
 * What every route of /api/v1/mcp does before MCP: the Host check (the same
 * DNS-rebinding guard and TROVE_MCP_ALLOWED_HOSTS as /mcp), the key, and the
 * answers outside JSON-RPC, in the agents API's ErrorResponse like the rest of
 * /api/v1.
 *
 * A key comes in the two headers, as `Authorization: Bearer <key id>.<secret>` (or a
 * bearer token Trove minted, such as a personal access token),
 * or, for clients that can only be given a URL (older SSE clients), as the query
 * parameter `api_key=<key id>.<secret>`. A secret in a URL is easily leaked, so
 * no log line holds a query string (request-hooks.ts logs the path only), metric
 * labels hold route templates, and answers never echo it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeysService } from '../../../auth/api-keys.service';
import { AuthContext } from '../../../auth/auth-context';
import {
  Credentials,
  registeredBearer,
  requestCredentials,
  tokenCredentials,
} from '../../../auth/auth.guard';
import { BearerTokens } from '../../../auth/bearer-tokens';
import { errorResponse, toApiError } from '../../../agents/api-error.filter';
import { DomainError, ErrorCode } from '../../../common/errors';
import { checkHost } from '../../http/host-check';
import { endpointPipelineId } from '../guided-mind-tools';
import { McpErrorReason } from '../../mcp-error-reasons';

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The key of a request: headers, then Bearer, then `api_key`. */
export function guidedMindCredentials(request: FastifyRequest): Credentials {
  const credentials = requestCredentials(request, true);
  if (credentials.keyId !== undefined || credentials.secret !== undefined) return credentials;
  const token = first((request.query as Query).api_key);
  return token ? tokenCredentials(token) : credentials;
}

/** The caller: a bearer token Trove minted (bearer-tokens.ts), else the key of guidedMindCredentials. */
export async function authenticate(
  apiKeys: ApiKeysService,
  tokens: BearerTokens,
  request: FastifyRequest,
): Promise<AuthContext> {
  const bearer = registeredBearer(request, tokens);
  if (bearer) return bearer.authority.authenticate(bearer.token, { audience: 'guided-mind', ip: request.ip });
  const { keyId, secret } = guidedMindCredentials(request);
  return apiKeys.authenticate(keyId, secret, request.ip);
}

/** A refusal before MCP, as /api/v1 answers errors (Retry-After included). */
export function sendApiError(reply: FastifyReply, request: FastifyRequest, error: unknown): FastifyReply {
  const body = toApiError(error);
  if (error instanceof DomainError && error.retryAfterSeconds !== undefined)
    void reply.header('retry-after', String(error.retryAfterSeconds));
  return reply
    .status(body.status)
    .header('content-type', 'application/json')
    .send(errorResponse(body, request.id));
}

/** Null when the Host header names an allowed host; otherwise the refusal to send. */
export function hostRefusal(request: FastifyRequest, allowedHosts: string[]): DomainError | null {
  switch (checkHost(request.headers.host, allowedHosts)) {
    case 'missing':
      return new DomainError(
        McpErrorReason.MissingHost,
        ErrorCode.BadRequest,
        'Bad Request: missing Host header',
      );
    case 'invalid':
      return new DomainError(
        McpErrorReason.InvalidHost,
        ErrorCode.BadRequest,
        'Bad Request: Invalid Host header',
      );
    case 'forbidden':
      return new DomainError(
        McpErrorReason.HostNotAllowed,
        ErrorCode.Forbidden,
        'Forbidden: Host header is not allowed',
      );
    default:
      return null;
  }
}

/** The pipeline the request's URL names (see endpointPipelineId); null: every pipeline the key may search. */
export const pipelineIdOf = (request: FastifyRequest): string | null =>
  endpointPipelineId(request.query as Query);
