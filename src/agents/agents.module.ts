import { Module } from '@nestjs/common';
import { LlmsModule } from '../llms/llms.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { AgentsController } from './agents.controller';
import { AgentsRepository } from './agents.repository';
import { AgentsService } from './agents.service';

/** The agents API under /api/v1: agents, their conversations, and the turns that answer. */
@Module({
  imports: [PipelinesModule, LlmsModule],
  controllers: [AgentsController],
  providers: [AgentsRepository, AgentsService],
})
export class AgentsModule {}
