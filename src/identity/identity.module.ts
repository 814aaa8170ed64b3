import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { RoleBindingsController, RolesController } from './roles.controller';
import { RolesRepository } from './roles.repository';
import { RolesService } from './roles.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/**
 * Who signs in through an upstream OpenID Connect provider and what they may do: roles
 * and role bindings (admin REST routes), and the users, whose grants UsersService
 * resolves from their bound roles at every request. The sign-in itself (openid-client)
 * is the authorization server's, in src/oauth.
 */
@Module({
  imports: [CryptoModule],
  controllers: [RolesController, RoleBindingsController],
  providers: [RolesRepository, RolesService, UsersRepository, UsersService],
  exports: [UsersService],
})
export class IdentityModule {}
