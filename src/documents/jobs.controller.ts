import { Controller, Get, Query } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { JobsService } from './jobs.service';
import { ApiDoc } from '../openapi/api-doc';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.jobs.list(auth, query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'An ingestion job: state, counts and errors' })
  get(@Auth() auth: AuthContext, @UuidParam('id', 'job id') id: string) {
    return this.jobs.get(auth, id);
  }
}
