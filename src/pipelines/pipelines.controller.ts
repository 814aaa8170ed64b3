import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { UuidParam } from '../common/uuid.pipe';
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
  get(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string) {
    return this.service.get(auth, id);
  }

  @Patch(':id')
  @AdminOnly()
  update(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string, @Body() body: unknown) {
    return this.service.update(auth, id, parseWith(UpdatePipelineSchema, body));
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  delete(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string) {
    return this.service.delete(auth, id);
  }

  @Get(':id/classifications')
  getClassifications(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string) {
    return this.service.getClassifications(auth, id);
  }

  @Put(':id/classifications')
  @AdminOnly()
  putClassifications(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @Body() body: unknown,
  ) {
    return this.service.putClassifications(auth, id, parseWith(ClassificationsSchema, body));
  }
}
