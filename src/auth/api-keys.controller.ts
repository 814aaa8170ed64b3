import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { requireUuid } from '../common/ids';
import { parseWith } from '../common/validation';
import { AuthContext } from './auth-context';
import { AdminOnly, Auth } from './auth.guard';
import { CreateApiKeySchema, UpdateApiKeySchema } from './api-keys.dto';
import { ApiKeysService } from './api-keys.service';

@Controller('api_keys')
@AdminOnly()
export class ApiKeysController {
  constructor(private readonly service: ApiKeysService) {}

  @Post()
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreateApiKeySchema, body));
  }

  @Get()
  list(@Query() query: Record<string, unknown>) {
    return this.service.list(query);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.service.get(requireUuid(id, 'id'));
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() body: unknown) {
    return this.service.update(requireUuid(id, 'id'), parseWith(UpdateApiKeySchema, body));
  }

  @Post(':id/rotate')
  rotate(@Param('id') id: string) {
    return this.service.rotateSecret(requireUuid(id, 'id'));
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.service.delete(requireUuid(id, 'id'), auth);
  }
}
