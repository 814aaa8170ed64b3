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

@Global()
@Module({
  controllers: [ApiKeySelfController, ApiKeysController],
  providers: [
    ApiKeysRepository,
    ApiKeysService,
    InstallationRepository,
    InstallationService,
    BearerTokens,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeysService, InstallationService, BearerTokens],
})
export class AuthModule {}
