/**
 * Trove's OAuth access tokens as bearer tokens (src/auth/bearer-tokens.ts). A token
 * stands for the account that signed in (an API key, or a user of the upstream identity
 * provider: accounts.ts), and what it may do is that account's grants **now**, read at
 * every use: disable the key or narrow its grants, unbind the user's group or delete
 * their role, and the next request with the token sees it. The token only narrows: its resource (a /mcp token
 * opens /mcp alone) and its scopes (the agents API's `agent:*` it was granted).
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuthContext, SCOPES } from '../auth/auth-context';
import { AuthErrorReason } from '../auth/auth-errors';
import { BearerTokens, TokenAudience, TokenAuthority } from '../auth/bearer-tokens';
import { intersectScopes } from '../auth/grant-algebra';
import { forbidden } from '../common/errors';
import { Accounts } from './accounts';
import { ACCESS_TOKEN_PREFIX, AuthorizationServer, REFRESH_TOKEN_PREFIX } from './authorization-server';
import { invalidToken, OAuthErrorReason } from './oauth-errors';
import { MCP_SCOPE, ProtectedResources } from './protected-resources';

@Injectable()
export class OAuthAccessTokens implements TokenAuthority, OnModuleInit {
  readonly prefix = ACCESS_TOKEN_PREFIX;

  constructor(
    private readonly server: AuthorizationServer,
    private readonly resources: ProtectedResources,
    private readonly accounts: Accounts,
    private readonly tokens: BearerTokens,
  ) {}

  onModuleInit(): void {
    this.tokens.register(this);
    // A refresh token sent as a bearer is refused as a token, not read as a key id.
    this.tokens.register({
      prefix: REFRESH_TOKEN_PREFIX,
      authenticate: () =>
        Promise.reject(
          invalidToken(OAuthErrorReason.NotAnAccessToken, 'a refresh token is not an access token'),
        ),
      current: () => Promise.resolve(null),
    });
  }

  async authenticate(token: string, target: { audience: TokenAudience; ip: string }): Promise<AuthContext> {
    const provider = await this.server.provider();
    // find() checks expiry and answers nothing for an unknown, revoked or altered value.
    const found = await provider.AccessToken.find(token);
    if (!found) throw invalidToken(OAuthErrorReason.InvalidToken, 'unknown, expired or revoked');
    const audience = Array.isArray(found.aud) ? found.aud : [found.aud];
    if (audience.length !== 1 || this.resources.resourceOf(String(audience[0])) !== target.audience)
      throw invalidToken(OAuthErrorReason.InvalidToken, 'issued for another resource');
    // A token for an MCP endpoint that was not granted `mcp` (a client asked only for
    // openid, say) opens nothing there; the agents API checks its scopes route by route.
    if (target.audience !== 'agents' && !found.scopes.has(MCP_SCOPE))
      throw forbidden(
        AuthErrorReason.InsufficientScope,
        `Forbidden: insufficient_scope (the token was not granted ${MCP_SCOPE})`,
      );
    const context = await this.accountContext(found.accountId, found.scopes, found.grantId ?? null);
    if (context === null)
      throw invalidToken(OAuthErrorReason.KeyRevoked, 'the API key or user it stands for no longer works');
    return context;
  }

  async current(auth: AuthContext): Promise<AuthContext | null> {
    if (auth.tokenId === null) return null;
    const provider = await this.server.provider();
    // Revoking the token (or its refresh token) revokes its grant.
    const grant = await provider.Grant.find(auth.tokenId);
    if (!grant?.accountId) return null;
    return this.accountContext(grant.accountId, new Set(auth.scopes), auth.tokenId);
  }

  private async accountContext(
    accountId: string,
    scopes: Set<string>,
    grantId: string | null,
  ): Promise<AuthContext | null> {
    const account = await this.accounts.current(accountId);
    if (account === null) return null;
    return new AuthContext(
      account.keyId,
      account.admin,
      account.grants,
      // An admin key holds every scope; its token holds those it was granted.
      intersectScopes(
        SCOPES.filter((scope) => scopes.has(scope)),
        account.admin ? 'all' : account.scopes,
      ),
      account.generation,
      null,
      ACCESS_TOKEN_PREFIX,
      grantId,
    );
  }
}
