import { Body, Controller, Patch, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AuthContext } from '../auth/auth-context';
import { AdminOnly, Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { ApiDoc } from '../openapi/api-doc';
import { Pipeline } from '../pipelines/pipelines.wire';
import { Job } from './documents.wire';
import { UpdatePipelineSchema } from '../pipelines/pipelines.dto';
import { ReindexService } from './reindex.service';

/**
 * PATCH /pipelines/{id}, beside the job queue rather than with the other pipeline
 * routes: an edit of the models or of full text may queue a reindex job.
 */
@Controller('pipelines')
export class PipelineEditController {
  constructor(private readonly reindex: ReindexService) {}

  /** 200 with the pipeline; 202 with the reindex job when stored fragments need vectors or lexemes. */
  @Patch(':id')
  @ApiDoc({
    summary: 'Update a pipeline: names, defaults, embedding models, full text',
    description:
      'Adding a model, turning full text on or changing its text search configuration, in a pipeline ' +
      'that holds live fragments, answers 202 with the reindex job that gives them vectors or ' +
      'lexemes; the edit itself is applied, and searching the new model (or full text) answers 409 ' +
      'until the job has finished. Removing a model drops its vectors; turning full text off drops ' +
      'the lexemes. The ranking and its BM25 parameters apply at once.',
    body: UpdatePipelineSchema,
    bodyExample: { embedding_model_ids: ['<model id>', '<another model id>'], full_text_search: true },
    response: Pipeline,
    accepted: Job,
    errors: {
      409: 'A pipeline with this name exists, or a document is being embedded while the models change',
    },
  })
  @AdminOnly()
  async update(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pipeline, job } = await this.reindex.update(auth, id, parseWith(UpdatePipelineSchema, body));
    if (!job) return pipeline;
    void reply.status(202);
    return job;
  }
}
