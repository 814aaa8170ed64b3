import { Controller, Get } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { JobsService } from './jobs.service';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get(':id')
  get(@Auth() auth: AuthContext, @UuidParam('id', 'job id') id: string) {
    return this.jobs.get(auth, id);
  }
}
