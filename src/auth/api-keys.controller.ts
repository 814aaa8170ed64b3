import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { AuthContext } from './auth-context';
import { AdminOnly, Auth } from './auth.guard';
import { CreateApiKeySchema, UpdateApiKeySchema } from './api-keys.dto';
import { API_KEY_FILTERS, ApiKeysService } from './api-keys.service';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { ApiKey, ApiKeyWithSecret } from './api-keys.wire';

@Controller('api_keys')
@AdminOnly()
export class ApiKeysController {
  constructor(private readonly service: ApiKeysService) {}

  @Post()
  @ApiDoc({
    summary: 'Create an API key (the only answer with its secret, with rotate)',
    body: CreateApiKeySchema,
    response: ApiKeyWithSecret,
    bodyExample: {
      name: 'assistant',
      grants: [{ pipeline_id: '*', permissions: 5, classifications: ['public'] }],
    },
  })
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreateApiKeySchema, body));
  }

  @Get()
  @ApiDoc({ summary: 'List API keys', list: { filters: API_KEY_FILTERS }, response: pageOf(ApiKey) })
  list(@Query() query: Record<string, unknown>) {
    return this.service.list(query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get an API key', response: ApiKey })
  get(@UuidParam('id', 'id') id: string) {
    return this.service.get(id);
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update an API key (name, grants, scopes, disabled)',
    body: UpdateApiKeySchema,
    response: ApiKey,
  })
  update(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.update(id, parseWith(UpdateApiKeySchema, body));
  }

  @Post(':id/rotate')
  @ApiDoc({ summary: 'Give the key a new secret', response: ApiKeyWithSecret })
  rotate(@UuidParam('id', 'id') id: string) {
    return this.service.rotateSecret(id);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete an API key' })
  @HttpCode(204)
  delete(@Auth() auth: AuthContext, @UuidParam('id', 'id') id: string) {
    return this.service.delete(id, auth);
  }
}
