import { Controller, Get, Query } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { JOB_FILTERS, JOB_LIST_OPTIONS, JobsService } from './jobs.service';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { Job } from './documents.wire';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  @ApiDoc({
    summary: 'Jobs this key may see: ingestion, reindex after a pipeline edit, evaluations',
    list: { filters: JOB_FILTERS, ...JOB_LIST_OPTIONS },
    response: pageOf(Job),
  })
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.jobs.list(auth, query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'A job: kind, state, counts and errors', response: Job })
  get(@Auth() auth: AuthContext, @UuidParam('id', 'job id') id: string) {
    return this.jobs.get(auth, id);
  }
}
