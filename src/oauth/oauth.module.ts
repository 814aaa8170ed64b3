import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { OAuthAccessTokens } from './access-tokens';
import { AuthorizationServer } from './authorization-server';
import { ClientCredentialsTokens } from './client-tokens';
import { OAuthClientsController } from './clients/oauth-clients.controller';
import { OAuthClientsRepository } from './clients/oauth-clients.repository';
import { OAuthClientsService } from './clients/oauth-clients.service';
import { InteractionRoutes } from './interaction-routes';
import { OAuthHttp } from './oauth-http';
import { OAuthRepository } from './oauth.repository';
import { ProtectedResources } from './protected-resources';
import { ServerKeysStore } from './server-keys';

/**
 * Trove as an OAuth 2.1 authorization server (oidc-provider) and the resource server
 * side of its tokens: the routes (oauth-http.ts, mounted by app.factory.ts like /mcp),
 * the sign-in and consent pages, and the bearer-token authority that turns an access
 * token back into its API key's grants; the machine clients of the client_credentials
 * grant (`/oauth_clients`) and the authority of their tokens. The MCP transport asks
 * ProtectedResources for the challenge of its 401.
 */
@Module({
  imports: [CryptoModule],
  controllers: [OAuthClientsController],
  providers: [
    OAuthClientsRepository,
    OAuthClientsService,
    ClientCredentialsTokens,
    OAuthRepository,
    ServerKeysStore,
    ProtectedResources,
    AuthorizationServer,
    InteractionRoutes,
    OAuthHttp,
    OAuthAccessTokens,
  ],
  exports: [ProtectedResources, OAuthHttp],
})
export class OAuthModule {}
