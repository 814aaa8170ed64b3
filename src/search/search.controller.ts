import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { requireUuid } from '../common/ids';
import { parseSearchBody } from './search.dto';
import { SearchService } from './search.service';

@Controller('pipelines/:id/search')
export class SearchController {
  constructor(private readonly service: SearchService) {}

  /** A JSON array of fragments: nearest first for similarity and MMR, best ranked first for full text. */
  @Post()
  @HttpCode(200)
  search(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    const pipelineId = requireUuid(id, 'pipeline id');
    return this.service.search(auth, pipelineId, parseSearchBody(body));
  }
}
