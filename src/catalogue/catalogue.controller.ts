import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ProbeSchema } from '../common/probe';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { AuthContext } from '../auth/auth-context';
import { AdminOnly, Auth } from '../auth/auth.guard';
import { CatalogueService, EMBEDDING_MODEL_FILTERS, PROVIDER_FILTERS } from './catalogue.service';
import { CreateEmbeddingModelSchema, CreateTextSplitterSchema } from './catalogue.dto';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { EmbeddingModel, EmbeddingProbe, EmbeddingProvider, TextSplitter } from './catalogue.wire';

/** Any valid key may read the catalogue (endpoint addresses: admin keys only); only admin keys change it. */
@Controller()
export class CatalogueController {
  constructor(private readonly service: CatalogueService) {}

  @Get('embedding_providers')
  @ApiDoc({
    summary: 'Embedding providers',
    list: { filters: PROVIDER_FILTERS },
    response: pageOf(EmbeddingProvider),
  })
  listProviders(@Query() query: Record<string, unknown>) {
    return this.service.listProviders(query);
  }

  @Get('embedding_models')
  @ApiDoc({
    summary: 'Embedding models',
    list: { filters: EMBEDDING_MODEL_FILTERS },
    response: pageOf(EmbeddingModel),
  })
  listModels(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.listModels(auth, query);
  }

  @Get('embedding_models/:id')
  @ApiDoc({ summary: 'Get an embedding model', response: EmbeddingModel })
  getModel(@Auth() auth: AuthContext, @UuidParam('id', 'id') id: string) {
    return this.service.getModel(auth, id);
  }

  @Post('embedding_models')
  @ApiDoc({
    summary: 'Register an embedding model',
    body: CreateEmbeddingModelSchema,
    response: EmbeddingModel,
    bodyExample: {
      name: 'nomic',
      provider: 'openai',
      size: 768,
      parameters: { base_url: 'http://ollama:11434/v1', model: 'nomic-embed-text' },
    },
  })
  @AdminOnly()
  createModel(@Body() body: unknown) {
    return this.service.createModel(parseWith(CreateEmbeddingModelSchema, body));
  }

  /** Embeds a probe text: reachable, how fast, how many dimensions (200 whatever the outcome). */
  @Post('embedding_models/:id/test')
  @ApiDoc({
    summary: 'Embed a probe text (200 whatever the outcome; ok says it)',
    response: EmbeddingProbe,
  })
  @AdminOnly()
  @HttpCode(200)
  testModel(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.testModel(id, parseWith(ProbeSchema, body));
  }

  @Delete('embedding_models/:id')
  @ApiDoc({ summary: 'Delete an embedding model no pipeline uses', errors: { 409: 'Pipelines use it' } })
  @AdminOnly()
  @HttpCode(204)
  deleteModel(@UuidParam('id', 'id') id: string) {
    return this.service.deleteModel(id);
  }

  @Get('text_splitters')
  @ApiDoc({ summary: 'Text splitters', list: { filters: PROVIDER_FILTERS }, response: pageOf(TextSplitter) })
  listSplitters(@Query() query: Record<string, unknown>) {
    return this.service.listSplitters(query);
  }

  @Get('text_splitters/:id')
  @ApiDoc({ summary: 'Get a text splitter', response: TextSplitter })
  getSplitter(@UuidParam('id', 'id') id: string) {
    return this.service.getSplitter(id);
  }

  @Post('text_splitters')
  @ApiDoc({ summary: 'Create a text splitter', body: CreateTextSplitterSchema, response: TextSplitter })
  @AdminOnly()
  createSplitter(@Body() body: unknown) {
    return this.service.createSplitter(parseWith(CreateTextSplitterSchema, body));
  }

  @Delete('text_splitters/:id')
  @ApiDoc({ summary: 'Delete a text splitter', errors: { 409: 'A pipeline or a document uses it' } })
  @AdminOnly()
  @HttpCode(204)
  deleteSplitter(@UuidParam('id', 'id') id: string) {
    return this.service.deleteSplitter(id);
  }
}
