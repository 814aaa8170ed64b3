/**
 * The job of an evaluation (kind `evaluation`, on the jobs queue of src/documents): each
 * query of the set searched with every search configuration, in order, by
 * SearchService with the key that started it, its grants and classifications as they
 * are at that query, exactly as a REST search of that key would be. A key that may not
 * read a relevant document does not find it, and that document is reported as unknown,
 * as an id that names nothing is.
 *
 * Each query's outcome is sealed and stored in one transaction with the job's progress,
 * guarded by its claim, so a job reclaimed after its worker died (or handed back at a
 * shutdown) goes on after the last stored query; the summary is computed from every
 * stored outcome when the last query is done. A search that fails (an endpoint that
 * keeps failing, a reranker deleted) fails alone: it runs no more and its result says
 * why; the evaluation fails only when every search did, when its key may no longer
 * search the pipeline, or when it is deleted (DELETE cancels it).
 */
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { ApiKeysService } from '../auth/api-keys.service';
import { Permission } from '../auth/auth-context';
import { DomainError, ErrorCode, messageFor } from '../common/errors';
import { DatabaseService } from '../database/database.service';
import { DocumentsService } from '../documents/documents.service';
import { ClaimedJob, JobRunner, JobRunners } from '../documents/job-runner';
import { FragmentsService } from '../fragments/fragments.service';
import { allowedClassifications } from '../pipelines/classification-access';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { parseSearchBody } from '../search/search.dto';
import { SearchService } from '../search/search.service';
import { EvaluationCipher } from './evaluation-cipher';
import { EvaluationGauges } from './evaluation-gauges';
import {
  EvaluationSpec,
  Judgements,
  QueryOutcome,
  rankDocuments,
  scoreRanking,
  SearchOutcome,
  summarize,
} from './evaluation-set';
import { EvaluationQuery, RelevantItem } from './evaluations.dto';
import { EvaluationRow, EvaluationsRepository } from './evaluations.repository';

/** The job can do nothing more: its evaluation is gone, or its key may no longer search. */
class Stopped extends Error {}
/** Another worker holds the job now. */
class ClaimLost extends Error {}

@Injectable()
export class EvaluationRunner implements JobRunner, OnModuleInit {
  private readonly logger = new Logger(EvaluationRunner.name);

  constructor(
    private readonly runners: JobRunners,
    private readonly repository: EvaluationsRepository,
    private readonly db: DatabaseService,
    private readonly cipher: EvaluationCipher,
    private readonly apiKeys: ApiKeysService,
    private readonly pipelines: PipelinesService,
    private readonly search: SearchService,
    private readonly documents: DocumentsService,
    private readonly fragments: FragmentsService,
    private readonly gauges: EvaluationGauges,
  ) {}

  onModuleInit(): void {
    this.runners.register('evaluation', this);
  }

  async run(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    try {
      const row = await this.repository.findByJob(job.id);
      if (!row) throw new Stopped('The evaluation was deleted');
      const spec = this.cipher.openSpec(row);
      const outcomes = this.cipher.openOutcomes(row.id, await this.repository.outcomes(row.id));
      const failed = new Set<number>();
      for (const outcome of outcomes)
        outcome.searches.forEach((search, i) => 'error' in search && failed.add(i));
      for (let position = outcomes.length; position < spec.queries.length; position++) {
        signal.throwIfAborted();
        const outcome = await this.runQuery(job, row, spec, spec.queries[position], failed);
        signal.throwIfAborted();
        const sealed = this.cipher.sealOutcome(row.id, position, outcome);
        await this.db.transaction(async (tx) => {
          if (!(await this.repository.insertOutcome(row.id, position, sealed, tx)))
            throw new Stopped('The evaluation was deleted');
          if (!(await job.progress(1, tx))) throw new ClaimLost();
        });
        outcomes.push(outcome);
      }
      await this.finish(job, row, spec, outcomes);
    } catch (error) {
      if (error instanceof ClaimLost) {
        this.logger.warn({ job: job.id }, 'Evaluation job lease lost: another worker took the job over');
      } else if (signal.aborted) {
        await job.release();
      } else if (error instanceof DomainError && error.code === ErrorCode.Unavailable) {
        // The database went away: the claim lapses and the job resumes once it is back.
        throw error;
      } else if (error instanceof Stopped || error instanceof DomainError) {
        await job.finish(error.message);
      } else {
        this.logger.error({ err: error, job: job.id }, 'Evaluation job failed');
        await job.finish('Internal error while evaluating');
      }
    }
  }

  private async finish(
    job: ClaimedJob,
    row: EvaluationRow,
    spec: EvaluationSpec,
    outcomes: QueryOutcome[],
  ): Promise<void> {
    const summary = summarize(
      spec.searches.map((search) => search.label),
      outcomes,
    );
    if (summary.every((search) => search.error !== null)) {
      await job.finish(`Every search failed; ${summary[0].label}: ${summary[0].error}`);
      return;
    }
    await this.db.transaction(async (tx) => {
      await this.repository.finish(row.id, summary, tx);
      await job.finish(null, tx);
    });
    this.logger.log({ job: job.id, evaluation: row.id, pipeline: row.pipeline_id }, 'Evaluation finished');
    void this.gauges.refresh();
  }

  /** One query searched by every search that has not failed, as its key may now. */
  private async runQuery(
    job: ClaimedJob,
    row: EvaluationRow,
    spec: EvaluationSpec,
    query: EvaluationQuery,
    failed: Set<number>,
  ): Promise<QueryOutcome> {
    const auth = job.apiKeyId === null ? null : await this.apiKeys.principal(job.apiKeyId);
    if (!auth) throw new Stopped('The API key that started this evaluation is disabled or deleted');
    const pipeline = await this.pipelines.access(auth, row.pipeline_id, Permission.Read | Permission.Execute);
    const allowed = allowedClassifications(auth, pipeline);
    const { judgements, unknown } = await this.resolve(pipeline, allowed, query.relevant);
    type Ran =
      { hits: { id: string; documentId: string }[]; ms: number } | { error: string } | { skipped: true };
    const ran: Ran[] = [];
    for (const [i, search] of spec.searches.entries()) {
      if (failed.has(i)) {
        ran.push({ skipped: true });
        continue;
      }
      const started = performance.now();
      try {
        const request = parseSearchBody({ ...search.body, query: query.query });
        const hits = await this.search.search(auth, pipeline.id, request);
        ran.push({ hits, ms: performance.now() - started });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        failed.add(i);
        ran.push({ error: `query ${query.id}: ${messageFor(error, auth.admin)}` });
      }
    }
    const found = new Set(
      ran.flatMap((result) => ('hits' in result ? result.hits.map((hit) => hit.documentId) : [])),
    );
    const named = await this.documents.findNamed(pipeline.id, { ids: [...found], externalIds: [] }, allowed, {
      live: false,
    });
    const externalIds = new Map(named.map((document) => [document.id, document.external_id]));
    const searches = ran.map((result): SearchOutcome => {
      if (!('hits' in result)) return result;
      const ranked = rankDocuments(result.hits, judgements, externalIds);
      return { ms: result.ms, ranked, metrics: scoreRanking(ranked, judgements, row.k) };
    });
    return { unknown, searches };
  }

  /**
   * The query's relevant items as the key can read them now: live documents (by id or
   * external id) and live fragments of its classifications; the others are unknown.
   */
  private async resolve(
    pipeline: PipelineRecord,
    allowed: string[] | null,
    relevant: RelevantItem[],
  ): Promise<{ judgements: Judgements; unknown: RelevantItem[] }> {
    const ids = relevant.flatMap((item) => (item.document_id === undefined ? [] : [item.document_id]));
    const externalIds = relevant.flatMap((item) =>
      item.external_id === undefined ? [] : [item.external_id],
    );
    const fragmentIds = relevant.flatMap((item) =>
      item.fragment_id === undefined ? [] : [item.fragment_id],
    );
    const documents = await this.documents.findNamed(pipeline.id, { ids, externalIds }, allowed, {
      live: true,
    });
    const fragments =
      fragmentIds.length === 0
        ? []
        : await this.fragments.liveByIds(
            { pipelineId: pipeline.id, classifications: allowed ?? pipeline.classifications, filter: null },
            fragmentIds,
          );
    const judgements: Judgements = { documents: new Map(), fragments: new Map() };
    const judge = (documentId: string, grade: number) =>
      judgements.documents.set(documentId, Math.max(judgements.documents.get(documentId) ?? 0, grade));
    const unknown: RelevantItem[] = [];
    for (const item of relevant) {
      if (item.fragment_id !== undefined) {
        const fragment = fragments.find((f) => f.id === item.fragment_id);
        if (!fragment) unknown.push(item);
        else {
          const known = judgements.fragments.get(fragment.id)?.grade ?? 0;
          judgements.fragments.set(fragment.id, {
            documentId: fragment.documentId,
            grade: Math.max(known, item.grade),
          });
        }
        continue;
      }
      const named = documents.filter((document) =>
        item.document_id !== undefined
          ? document.id === item.document_id
          : document.external_id === item.external_id,
      );
      if (named.length === 0) unknown.push(item);
      for (const document of named) judge(document.id, item.grade);
    }
    return { judgements, unknown };
  }
}
