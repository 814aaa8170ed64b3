import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { AdminOnly, Auth } from '../auth/auth.guard';
import { ProbeSchema } from '../common/probe';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { CreateRerankerSchema } from './rerankers.dto';
import { RERANKER_FILTERS, RerankersService } from './rerankers.service';
import { Reranker, RerankerProbe } from './rerankers.wire';

/** Any valid key may read the rerankers (never their keys, their addresses to admins only); only admin keys change them. */
@Controller('rerankers')
export class RerankersController {
  constructor(private readonly service: RerankersService) {}

  @Get()
  @ApiDoc({
    summary: 'Rerankers searches may ask for',
    list: { filters: RERANKER_FILTERS },
    response: pageOf(Reranker),
  })
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.list(auth, query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get a reranker', response: Reranker })
  get(@Auth() auth: AuthContext, @UuidParam('id', 'id') id: string) {
    return this.service.get(auth, id);
  }

  @Post()
  @ApiDoc({
    summary:
      'Register a reranker: a /rerank endpoint (Cohere, Jina, vLLM, Infinity, LocalAI) or Text Embeddings Inference',
    body: CreateRerankerSchema,
    response: Reranker,
    errors: { 409: 'A reranker with this name exists' },
    bodyExample: { name: 'bge-reranker', provider: 'tei', endpoint: 'http://tei-reranker:8080' },
  })
  @AdminOnly()
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreateRerankerSchema, body));
  }

  /** Scores a passage that answers a probe question and one that does not (200 whatever the outcome). */
  @Post(':id/test')
  @ApiDoc({
    summary: 'Rank two passages for a probe question (200 whatever the outcome; ok says it)',
    response: RerankerProbe,
  })
  @AdminOnly()
  @HttpCode(200)
  test(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.test(id, parseWith(ProbeSchema, body));
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete a reranker', errors: { 409: 'A pipeline names it as its default reranker' } })
  @AdminOnly()
  @HttpCode(204)
  delete(@UuidParam('id', 'id') id: string) {
    return this.service.delete(id);
  }
}
