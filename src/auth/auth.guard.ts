/**
 * The global guard: every route needs the two API key headers unless marked
 * @Public(); admin-only routes are marked @AdminOnly(), routes that need an agent
 * scope @RequireScope(), and controllers that also take `Authorization: Bearer
 * <key id>.<secret>` @AcceptsBearer(). The authenticated key is attached to the
 * request for the @Auth() parameter decorator.
 */
import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError, ErrorCode, forbidden } from '../common/errors';
import { PUBLIC } from '../common/public';
import { AuthContext, Scope } from './auth-context';
import { ApiKeysService } from './api-keys.service';
import { AuthErrorReason } from './auth-errors';
import { BearerTokens, TokenAudience, TokenAuthority } from './bearer-tokens';

const ADMIN_ONLY = 'trove:admin-only';
const ACCEPTS_BEARER = 'trove:accepts-bearer';
const REQUIRED_SCOPE = 'trove:required-scope';

// Each also marks the route in the OpenAPI document (src/openapi/openapi-document.ts), so
// what /openapi.json says about authentication is what this guard does. @Public() is
// src/common/public.ts.
export const AdminOnly = () =>
  applyDecorators(SetMetadata(ADMIN_ONLY, true), ApiExtension('x-trove-auth', 'admin'));
export const AcceptsBearer = () =>
  applyDecorators(SetMetadata(ACCEPTS_BEARER, true), ApiExtension('x-trove-bearer', true));
/**
 * `wording`: the agents page words the refusal two ways, "Forbidden — insufficient
 * OAuth scope (… required)" for most routes and "Missing … scope" for the attachments'.
 */
export const RequireScope = (scope: Scope, wording: ScopeWording = 'insufficient') =>
  applyDecorators(SetMetadata(REQUIRED_SCOPE, { scope, wording }), ApiExtension('x-trove-scope', scope));
type ScopeWording = 'insufficient' | 'missing';

/** The agents API's text for a missing scope. */
export const missingScope = (scope: Scope, wording: ScopeWording = 'insufficient') =>
  forbidden(
    AuthErrorReason.InsufficientScope,
    wording === 'missing'
      ? `Missing ${scope} scope`
      : `Forbidden — insufficient OAuth scope (${scope} required)`,
  );

type AuthenticatedRequest = FastifyRequest & { auth?: AuthContext };

export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext => {
  const auth = ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw new Error('@Auth() used on a public route');
  return auth;
});

type Headers = { headers: Record<string, string | string[] | undefined> };
export type Credentials = { keyId: string | undefined; secret: string | undefined };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Reads the key headers of any request; shared with the MCP endpoint. */
export function apiKeyHeaders(request: Headers): Credentials {
  return { keyId: one(request.headers['x-api-key']), secret: one(request.headers['x-api-key-secret']) };
}

/**
 * `Authorization: Bearer <key id>.<secret>`, or null without a Bearer header. The key
 * id is a UUID, so the first dot ends it. A token without a dot is passed on whole
 * as both parts: it matches no key and is refused as an invalid key, not a missing one.
 */
export function bearerCredentials(request: Headers): Credentials | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(one(request.headers.authorization) ?? '');
  return match ? tokenCredentials(match[1]) : null;
}

/** A `<key id>.<secret>` token (Bearer, or the Guided Mind endpoint's `api_key` query parameter). */
export function tokenCredentials(token: string): Credentials {
  const dot = token.indexOf('.');
  return dot < 0
    ? { keyId: token, secret: token }
    : { keyId: token.slice(0, dot), secret: token.slice(dot + 1) };
}

/** The credentials of a request: the key headers when it sent either, else (where accepted) a Bearer token. */
export function requestCredentials(request: Headers, acceptBearer: boolean): Credentials {
  const headers = apiKeyHeaders(request);
  if (headers.keyId !== undefined || headers.secret !== undefined || !acceptBearer) return headers;
  return bearerCredentials(request) ?? headers;
}

/**
 * `Authorization: Bearer <token>` of a token whose prefix an authority registered
 * (bearer-tokens.ts), when the request sent no key headers; null otherwise, and the
 * request is read as a key's.
 */
export function registeredBearer(
  request: Headers,
  tokens: BearerTokens,
): { authority: TokenAuthority; token: string } | null {
  const headers = apiKeyHeaders(request);
  if (headers.keyId !== undefined || headers.secret !== undefined) return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(one(request.headers.authorization) ?? '')?.[1];
  const authority = token === undefined ? undefined : tokens.authorityFor(token);
  return authority && token ? { authority, token } : null;
}

/** The caller of a request: a registered bearer token's, else the key's (headers, or a Bearer key where accepted). */
export async function authenticateRequest(
  request: Headers & { ip: string },
  apiKeys: ApiKeysService,
  tokens: BearerTokens,
  audience: TokenAudience,
  acceptBearerKey: boolean,
): Promise<AuthContext> {
  const bearer = registeredBearer(request, tokens);
  if (bearer) return bearer.authority.authenticate(bearer.token, { audience, ip: request.ip });
  const { keyId, secret } = requestCredentials(request, acceptBearerKey);
  return apiKeys.authenticate(keyId, secret, request.ip);
}

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly tokens: BearerTokens,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const bearer = this.reflector.getAllAndOverride<boolean>(ACCEPTS_BEARER, targets) ?? false;
    // The agents API is its own audience: an authority may issue tokens for it alone.
    const audience = request.url.startsWith('/api/v1/') ? 'agents' : 'rest';
    request.auth = await authenticateRequest(request, this.apiKeys, this.tokens, audience, bearer);
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !request.auth.admin) {
      throw new DomainError(
        AuthErrorReason.AdminOnly,
        ErrorCode.Forbidden,
        'Forbidden: this operation needs an admin API key.',
      );
    }
    const required = this.reflector.getAllAndOverride<{ scope: Scope; wording: ScopeWording } | undefined>(
      REQUIRED_SCOPE,
      targets,
    );
    if (required && !request.auth.hasScope(required.scope))
      throw missingScope(required.scope, required.wording);
    return true;
  }
}
