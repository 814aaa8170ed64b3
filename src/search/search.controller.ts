import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { parseSearchBody, SearchBodySchema } from './search.dto';
import { SearchService } from './search.service';
import { ApiDoc } from '../openapi/api-doc';
import { z } from 'zod';
import { SearchHit } from './search.wire';
import { present } from './search-hit';

@Controller('pipelines/:id/search')
export class SearchController {
  constructor(private readonly service: SearchService) {}

  /** A JSON array of fragments: nearest first for similarity and MMR, best first for full text and hybrid. */
  @Post()
  @ApiDoc({
    summary: 'Search a pipeline: similarity, mmr, search (full text), hybrid, history',
    body: SearchBodySchema,
    bodyExample: {
      type: 'mmr',
      query: 'How do refunds work?',
      classifications: { values: ['public'], match: 'hierarchical' },
      params: { k: 5, fetch_k: 20, lambda_mult: 0.5 },
      filters: { product: { $eq: 'billing' } },
      distance_strategy: 'cosine',
    },
    response: z.array(SearchHit),
    errors: {
      409: 'the model (or full text) is still being indexed after a pipeline edit',
      501: 'history searches, and full text or hybrid search on a pipeline without full text',
    },
  })
  @HttpCode(200)
  async search(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') pipelineId: string,
    @Body() body: unknown,
  ) {
    return (await this.service.search(auth, pipelineId, parseSearchBody(body))).map(present);
  }
}
