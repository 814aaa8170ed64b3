/**
 * The global guard: every route needs the two API key headers unless marked
 * @Public(); admin-only routes are marked @AdminOnly(). The authenticated key is
 * attached to the request for the @Auth() parameter decorator.
 */
import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError, ErrorCode } from '../common/errors';
import { AuthContext } from './auth-context';
import { ApiKeysService } from './api-keys.service';

const PUBLIC = 'trove:public';
const ADMIN_ONLY = 'trove:admin-only';

export const Public = () => SetMetadata(PUBLIC, true);
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

type AuthenticatedRequest = FastifyRequest & { auth?: AuthContext };

export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext => {
  const auth = ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw new Error('@Auth() used on a public route');
  return auth;
});

/** Reads the key headers of any request; shared with the MCP endpoint. */
export function apiKeyHeaders(request: { headers: Record<string, string | string[] | undefined> }) {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return { keyId: one(request.headers['x-api-key']), secret: one(request.headers['x-api-key-secret']) };
}

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const { keyId, secret } = apiKeyHeaders(request);
    request.auth = await this.apiKeys.authenticate(keyId, secret, request.ip);
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !request.auth.admin) {
      throw new DomainError(ErrorCode.Forbidden, 'Forbidden: this operation needs an admin API key.');
    }
    return true;
  }
}
