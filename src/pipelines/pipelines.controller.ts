import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { AuthContext } from '../auth/auth-context';
import { AdminOnly, Auth } from '../auth/auth.guard';
import { ClassificationsSchema, CreatePipelineSchema } from './pipelines.dto';
import { PIPELINE_FILTERS, PipelinesService } from './pipelines.service';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { Classifications, Pipeline } from './pipelines.wire';

/** The pipelines' routes, but PATCH: src/documents/pipeline-edit.controller.ts (it may queue a job). */
@Controller('pipelines')
export class PipelinesController {
  constructor(private readonly service: PipelinesService) {}

  @Post()
  @ApiDoc({
    summary: 'Create a pipeline',
    body: CreatePipelineSchema,
    response: Pipeline,
    errors: { 409: 'A pipeline with this name exists' },
    bodyExample: {
      name: 'support-kb',
      classifications: ['public', 'internal'],
      // internal inherits public: searching internal also finds public, never the other way.
      hierarchy: [['internal', 'public']],
    },
  })
  @AdminOnly()
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreatePipelineSchema, body));
  }

  @Get()
  @ApiDoc({
    summary: 'List the pipelines this key may read',
    list: { filters: PIPELINE_FILTERS },
    response: pageOf(Pipeline),
  })
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.list(auth, query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get a pipeline', response: Pipeline })
  get(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string) {
    return this.service.get(auth, id);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete a pipeline and everything in it' })
  @AdminOnly()
  @HttpCode(204)
  delete(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string) {
    return this.service.delete(auth, id);
  }

  @Get(':id/classifications')
  @ApiDoc({ summary: "The pipeline's classifications and their hierarchy", response: Classifications })
  getClassifications(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string) {
    return this.service.getClassifications(auth, id);
  }

  @Put(':id/classifications')
  @ApiDoc({
    summary: 'Replace the classifications and their hierarchy',
    body: ClassificationsSchema,
    response: Classifications,
    errors: { 409: 'A classification to remove is still used by live documents' },
  })
  @AdminOnly()
  putClassifications(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @Body() body: unknown,
  ) {
    return this.service.putClassifications(auth, id, parseWith(ClassificationsSchema, body));
  }
}
