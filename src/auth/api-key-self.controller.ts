import { Controller, Get } from '@nestjs/common';
import { AuthContext } from './auth-context';
import { Auth } from './auth.guard';
import { ApiKeysService } from './api-keys.service';
import { ApiDoc } from '../openapi/api-doc';
import { ApiKey } from './api-keys.wire';

/**
 * `GET /api_keys/me`: any key reads its own record (name, admin, grants, scopes; never
 * its secret, which is not stored), so a client such as the console can offer only
 * what the key may do. The rest of /api_keys stays admin-only.
 */
@Controller('api_keys/me')
export class ApiKeySelfController {
  constructor(private readonly service: ApiKeysService) {}

  @Get()
  @ApiDoc({ summary: "The calling key's own record (any key)", response: ApiKey })
  me(@Auth() auth: AuthContext) {
    return this.service.get(auth.keyId);
  }
}
