/**
 * The access tokens of the client_credentials grant as bearer tokens
 * (src/auth/bearer-tokens.ts). A token stands for its machine client
 * (clients/oauth-clients.service.ts), and what it may do is the client's grants **now**,
 * read at every use; it only narrows, to its resource (a /mcp token opens /mcp alone)
 * and the scopes it was issued with.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { BearerTokens, TokenAudience, TokenAuthority } from '../auth/bearer-tokens';
import { AuthorizationServer, CLIENT_STAMP_CLAIM } from './authorization-server';
import { CLIENT_TOKEN_PREFIX, OAuthClientsService } from './clients/oauth-clients.service';
import { invalidToken, OAuthErrorReason } from './oauth-errors';
import { OAuthRepository } from './oauth.repository';
import { ProtectedResources } from './protected-resources';
import { hashOf } from './storage-adapter';

/** What a ClientCredentials record holds of what the token may do. */
interface IssuedToken {
  clientId: string;
  scope?: string;
  extra?: Record<string, unknown>;
}

@Injectable()
export class ClientCredentialsTokens implements TokenAuthority, OnModuleInit {
  readonly prefix = CLIENT_TOKEN_PREFIX;

  constructor(
    private readonly server: AuthorizationServer,
    private readonly resources: ProtectedResources,
    private readonly clients: OAuthClientsService,
    private readonly repository: OAuthRepository,
    private readonly tokens: BearerTokens,
  ) {}

  onModuleInit(): void {
    this.tokens.register(this);
  }

  async authenticate(token: string, target: { audience: TokenAudience }): Promise<AuthContext> {
    const provider = await this.server.provider();
    // find() checks expiry and answers nothing for an unknown, revoked or altered value.
    const found = await provider.ClientCredentials.find(token);
    if (!found) throw invalidToken(OAuthErrorReason.InvalidToken, 'unknown, expired or revoked');
    if (this.resources.audienceOf(found.aud) !== target.audience)
      throw invalidToken(OAuthErrorReason.InvalidToken, 'issued for another resource');
    const context = await this.principalOf(found as IssuedToken, hashOf(token));
    if (context === null)
      throw invalidToken(
        OAuthErrorReason.ClientRevoked,
        'the client it was issued to was deleted or given a new secret',
      );
    return context;
  }

  /** For a long session: the token's record (gone once revoked or expired), then its client now. */
  async current(auth: AuthContext): Promise<AuthContext | null> {
    if (auth.tokenId === null) return null;
    const record = await this.repository.find('ClientCredentials', 'id_hash', auth.tokenId);
    return record === null ? null : this.principalOf(record.payload as unknown as IssuedToken, auth.tokenId);
  }

  private principalOf(token: IssuedToken, tokenId: string): Promise<AuthContext | null> {
    const scopes = (token.scope ?? '').split(' ').filter(Boolean);
    return this.clients.principal(token.clientId, token.extra?.[CLIENT_STAMP_CLAIM], scopes, tokenId);
  }
}
