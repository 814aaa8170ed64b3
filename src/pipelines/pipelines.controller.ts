import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { requireUuid } from '../common/ids';
import { parseWith } from '../common/validation';
import { AuthContext } from '../auth/auth-context';
import { AdminOnly, Auth } from '../auth/auth.guard';
import { ClassificationsSchema, CreatePipelineSchema, UpdatePipelineSchema } from './pipelines.dto';
import { PipelinesService } from './pipelines.service';

@Controller('pipelines')
export class PipelinesController {
  constructor(private readonly service: PipelinesService) {}

  @Post()
  @AdminOnly()
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreatePipelineSchema, body));
  }

  @Get()
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.list(auth, query);
  }

  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.service.get(auth, requireUuid(id, 'pipeline id'));
  }

  @Patch(':id')
  @AdminOnly()
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.service.update(auth, requireUuid(id, 'pipeline id'), parseWith(UpdatePipelineSchema, body));
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  delete(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.service.delete(auth, requireUuid(id, 'pipeline id'));
  }

  @Get(':id/classifications')
  getClassifications(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.service.getClassifications(auth, requireUuid(id, 'pipeline id'));
  }

  @Put(':id/classifications')
  @AdminOnly()
  putClassifications(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.service.putClassifications(
      auth,
      requireUuid(id, 'pipeline id'),
      parseWith(ClassificationsSchema, body),
    );
  }
}
