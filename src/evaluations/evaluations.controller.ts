import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { CreateEvaluationSchema } from './evaluations.dto';
import { EVALUATION_FILTERS, EvaluationsService } from './evaluations.service';
import { Evaluation, EvaluationQuery, EvaluationSummary } from './evaluations.wire';

/** Read to list and read one's own evaluations; read and execute to start or delete one, as to search. */
@Controller('pipelines/:id/evaluations')
export class EvaluationsController {
  constructor(private readonly service: EvaluationsService) {}

  @Post()
  @ApiDoc({
    summary: 'Evaluate searches on labelled queries (202: queued as a job of kind evaluation)',
    description:
      'Each query is searched with each search, with the grants and classifications of this key; ' +
      'the documents found are scored against the relevant items (hit, recall, precision, MRR, nDCG at k).',
    body: CreateEvaluationSchema,
    bodyExample: {
      name: 'support questions, December',
      k: 10,
      classifications: ['public', 'internal'],
      queries: [
        {
          id: 'q1',
          query: 'How do customers get their money back?',
          relevant: [{ external_id: 'refunds', grade: 2 }, { external_id: 'billing-faq' }],
        },
      ],
      searches: [{ type: 'similarity' }, { type: 'search' }, { type: 'hybrid', params: { fusion: 'rrf' } }],
    },
    response: EvaluationSummary,
    errors: {
      409: 'a model or full text of a search is still being indexed after a pipeline edit',
      501: 'a search of a type the pipeline cannot run (history; full text or hybrid without full text)',
    },
  })
  @HttpCode(202)
  create(@Auth() auth: AuthContext, @UuidParam('id', 'pipeline id') id: string, @Body() body: unknown) {
    return this.service.create(auth, id, body);
  }

  @Get()
  @ApiDoc({
    summary: "The pipeline's evaluations this key started (an admin key: all), oldest first",
    list: { filters: EVALUATION_FILTERS },
    response: pageOf(EvaluationSummary),
  })
  list(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.service.list(auth, id, query);
  }

  @Get(':evaluationId')
  @ApiDoc({
    summary: 'An evaluation: its status and progress, and once done the metrics of each search and per query',
    response: Evaluation,
  })
  get(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @UuidParam('evaluationId', 'evaluation id') evaluationId: string,
  ) {
    return this.service.get(auth, id, evaluationId);
  }

  @Get(':evaluationId/queries/:position')
  @ApiDoc({
    summary: 'One query of an evaluation (by its position): what each search found, with the passages',
    response: EvaluationQuery,
    errors: { 409: 'the query has not been searched yet' },
  })
  query(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @UuidParam('evaluationId', 'evaluation id') evaluationId: string,
    @Param('position') position: string,
  ) {
    return this.service.query(auth, id, evaluationId, position);
  }

  @Delete(':evaluationId')
  @ApiDoc({ summary: 'Delete an evaluation (a queued or running one is cancelled)' })
  @HttpCode(204)
  delete(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @UuidParam('evaluationId', 'evaluation id') evaluationId: string,
  ) {
    return this.service.delete(auth, id, evaluationId);
  }
}
