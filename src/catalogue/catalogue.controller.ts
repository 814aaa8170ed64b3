import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ProbeSchema } from '../common/probe';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { AdminOnly } from '../auth/auth.guard';
import { CatalogueService } from './catalogue.service';
import { CreateEmbeddingModelSchema, CreateTextSplitterSchema } from './catalogue.dto';

/** Any valid key may read the catalogue; only admin keys change it. */
@Controller()
export class CatalogueController {
  constructor(private readonly service: CatalogueService) {}

  @Get('embedding_providers')
  listProviders(@Query() query: Record<string, unknown>) {
    return this.service.listProviders(query);
  }

  @Get('embedding_models')
  listModels(@Query() query: Record<string, unknown>) {
    return this.service.listModels(query);
  }

  @Get('embedding_models/:id')
  getModel(@UuidParam('id', 'id') id: string) {
    return this.service.getModel(id);
  }

  @Post('embedding_models')
  @AdminOnly()
  createModel(@Body() body: unknown) {
    return this.service.createModel(parseWith(CreateEmbeddingModelSchema, body));
  }

  /** Embeds a probe text: reachable, how fast, how many dimensions (200 whatever the outcome). */
  @Post('embedding_models/:id/test')
  @AdminOnly()
  @HttpCode(200)
  testModel(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.testModel(id, parseWith(ProbeSchema, body));
  }

  @Delete('embedding_models/:id')
  @AdminOnly()
  @HttpCode(204)
  deleteModel(@UuidParam('id', 'id') id: string) {
    return this.service.deleteModel(id);
  }

  @Get('text_splitters')
  listSplitters(@Query() query: Record<string, unknown>) {
    return this.service.listSplitters(query);
  }

  @Get('text_splitters/:id')
  getSplitter(@UuidParam('id', 'id') id: string) {
    return this.service.getSplitter(id);
  }

  @Post('text_splitters')
  @AdminOnly()
  createSplitter(@Body() body: unknown) {
    return this.service.createSplitter(parseWith(CreateTextSplitterSchema, body));
  }

  @Delete('text_splitters/:id')
  @AdminOnly()
  @HttpCode(204)
  deleteSplitter(@UuidParam('id', 'id') id: string) {
    return this.service.deleteSplitter(id);
  }
}
