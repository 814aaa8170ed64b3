import { Controller, Get, Param } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { requireUuid } from '../common/ids';
import { JobsService } from './jobs.service';
import { ApiDoc } from '../openapi/api-doc';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get(':id')
  @ApiDoc({ summary: 'An ingestion job: state, counts and errors' })
  get(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.jobs.get(auth, requireUuid(id, 'job id'));
  }
}
