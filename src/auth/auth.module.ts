import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeySelfController } from './api-key-self.controller';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyGuard } from './auth.guard';
import { InstallationRepository } from './installation.repository';
import { InstallationService } from './installation.service';
import { BearerTokens } from './bearer-tokens';
import { KeyTokensController, OwnTokensController } from './tokens/personal-access-tokens.controller';
import { PersonalAccessTokensRepository } from './tokens/personal-access-tokens.repository';
import { PersonalAccessTokensService } from './tokens/personal-access-tokens.service';

@Global()
@Module({
  controllers: [ApiKeySelfController, OwnTokensController, KeyTokensController, ApiKeysController],
  providers: [
    ApiKeysRepository,
    ApiKeysService,
    InstallationRepository,
    InstallationService,
    BearerTokens,
    PersonalAccessTokensRepository,
    PersonalAccessTokensService,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeysService, InstallationService, BearerTokens],
})
export class AuthModule {}
