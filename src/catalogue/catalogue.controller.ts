import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { requireUuid } from '../common/ids';
import { ProbeSchema } from '../common/probe';
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
  getModel(@Param('id') id: string) {
    return this.service.getModel(requireUuid(id, 'id'));
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
  testModel(@Param('id') id: string, @Body() body: unknown) {
    return this.service.testModel(requireUuid(id, 'id'), parseWith(ProbeSchema, body));
  }

  @Delete('embedding_models/:id')
  @AdminOnly()
  @HttpCode(204)
  deleteModel(@Param('id') id: string) {
    return this.service.deleteModel(requireUuid(id, 'id'));
  }

  @Get('text_splitters')
  listSplitters(@Query() query: Record<string, unknown>) {
    return this.service.listSplitters(query);
  }

  @Get('text_splitters/:id')
  getSplitter(@Param('id') id: string) {
    return this.service.getSplitter(requireUuid(id, 'id'));
  }

  @Post('text_splitters')
  @AdminOnly()
  createSplitter(@Body() body: unknown) {
    return this.service.createSplitter(parseWith(CreateTextSplitterSchema, body));
  }

  @Delete('text_splitters/:id')
  @AdminOnly()
  @HttpCode(204)
  deleteSplitter(@Param('id') id: string) {
    return this.service.deleteSplitter(requireUuid(id, 'id'));
  }
}
