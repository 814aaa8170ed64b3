import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { parseSearchBody } from './search.dto';
import { SearchService } from './search.service';

@Controller('pipelines/:id/search')
export class SearchController {
  constructor(private readonly service: SearchService) {}

  /** A JSON array of fragments: nearest first for similarity and MMR, best ranked first for full text. */
  @Post()
  @HttpCode(200)
  search(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') pipelineId: string,
    @Body() body: unknown,
  ) {
    return this.service.search(auth, pipelineId, parseSearchBody(body));
  }
}
