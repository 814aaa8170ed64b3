/**
 * Editing a pipeline's embedding models and full-text search, and the `reindex` jobs
 * that give its stored fragments what the edit added: vectors of a new model, lexemes
 * of full text turned on.
 *
 * The edit itself is PipelinesService.update; this service gives it the job queue
 * (the pipelines module cannot reach this one, which depends on it). A job reads
 * the pipeline's incomplete indexes from the pipeline, not from a payload, so one
 * open job per pipeline covers every edit made while it runs, and a job that failed
 * is retried by the next edit (PATCH the same models again).
 *
 * Only live fragments get vectors and lexemes: searches read nothing else. Each
 * piece is stored in one transaction with the job's progress, holding the pipeline
 * shared, so an edit waits for it and a model removed meanwhile gets nothing more.
 * An index is marked ready in the same way once no live fragment lacks it; until
 * then searches refuse it (search.service.ts).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { DomainError } from '../common/errors';
import { isUuid, newId } from '../common/ids';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { FragmentsService } from '../fragments/fragments.service';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { PipelineView } from '../pipelines/pipelines.wire';
import { UpdatePipelineDto } from '../pipelines/pipelines.dto';
import { IngestionService } from './ingestion.service';
import { JobView } from './documents.wire';
import { LeaseLost, presentJob, wholeJob } from './job-view';
import { JobRow, JobsRepository } from './jobs.repository';

/** Fragments embedded per call to the embedding endpoint and stored per transaction. */
export const REINDEX_VECTOR_CHUNK = 64;
/** Fragments given lexemes per transaction: no endpoint involved, so more at a time. */
export const REINDEX_LEXEME_CHUNK = 500;

/** What a reindex works on: a vector embedding's vectors, or (null) the full-text lexemes. */
type Index = string | null;

/** The index a chunk was for is gone (model removed, full text turned off): nothing more to do for it. */
class IndexGone extends Error {}

@Injectable()
export class ReindexService {
  private readonly logger = new Logger(ReindexService.name);

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: DatabaseService,
    private readonly repository: JobsRepository,
    private readonly pipelines: PipelinesService,
    private readonly fragments: FragmentsService,
    private readonly ingestion: IngestionService,
  ) {}

  /**
   * PATCH /pipelines/{id} and the operator: the edit, applied, and the reindex job its
   * stored fragments need (null when they need none, or there are none).
   */
  async update(
    auth: AuthContext,
    id: string,
    dto: UpdatePipelineDto,
  ): Promise<{ pipeline: PipelineView; job: JobView | null }> {
    const { pipeline, queued } = await this.pipelines.update(auth, id, dto, (tx, pipelineId, work) =>
      this.queue(auth, pipelineId, work, tx),
    );
    return { pipeline, job: queued };
  }

  /** Adds the work to the pipeline's open reindex job, or queues one. */
  private async queue(
    auth: AuthContext,
    pipelineId: string,
    work: { added: number; all: number },
    tx: Queryable,
  ): Promise<JobView> {
    const open = await this.repository.openReindex(pipelineId, tx);
    if (open) return presentJob(await this.repository.addToTotal(open.id, work.added, tx));
    const row = await this.repository.insert(
      {
        id: newId(),
        kind: 'reindex',
        pipelineId,
        // The operator acts without a key.
        apiKeyId: isUuid(auth.keyId) ? auth.keyId : null,
        payload: null,
        payloadKeyId: null,
        total: work.all,
      },
      tx,
    );
    return presentJob(row);
  }

  /**
   * Works on a claimed reindex job until the pipeline's indexes are complete, this
   * worker loses it, or `signal` aborts (shutdown: the job goes back to the queue). An
   * error (an embedding endpoint that fails) fails the job with its reason; what was
   * stored stays, and the index stays not ready.
   */
  async run(job: JobRow, workerId: string, signal: AbortSignal): Promise<void> {
    try {
      for (;;) {
        signal.throwIfAborted();
        const pipeline = await this.pipelines.find(job.pipeline_id);
        if (!pipeline) return; // deleted: its jobs went with it
        const index = nextIncomplete(pipeline);
        if (index === undefined) {
          if (await this.finishIfComplete(job, workerId)) break;
          continue;
        }
        await this.complete(job, workerId, pipeline, index, signal);
      }
      this.logger.log({ job: job.id, pipeline: job.pipeline_id }, 'Reindex job finished');
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.logger.warn({ job: job.id }, 'Reindex job lease lost: another worker took the job over');
      } else if (signal.aborted) {
        await this.repository.release(job.id, workerId);
      } else {
        if (!(error instanceof DomainError))
          this.logger.error({ err: error, job: job.id }, 'Reindex job failed');
        const detail = error instanceof DomainError ? error.message : 'Internal error while reindexing';
        await this.repository.finish(job.id, workerId, wholeJob(detail));
      }
    }
  }

  /** Gives every live fragment that lacks it the index, then marks the index ready. */
  private async complete(
    job: JobRow,
    workerId: string,
    pipeline: PipelineRecord,
    index: Index,
    signal: AbortSignal,
  ): Promise<void> {
    const vectorEmbedding = pipeline.vectorEmbeddings.find((v) => v.id === index) ?? null;
    const chunk = index === null ? REINDEX_LEXEME_CHUNK : REINDEX_VECTOR_CHUNK;
    let after: string | null = null;
    try {
      for (;;) {
        signal.throwIfAborted();
        const pending = await this.fragments.incomplete(pipeline.id, index, after, chunk);
        if (pending.length === 0) break;
        after = pending[pending.length - 1].id;
        const vectors = vectorEmbedding
          ? await this.ingestion.embed(
              vectorEmbedding.model,
              pending.map((f) => f.text),
              signal,
            )
          : null;
        await this.inPipeline(pipeline, index, async (tx) => {
          if (vectors) {
            await this.fragments.addVectors(
              index!,
              pending.map((f) => f.id),
              vectors,
              tx,
            );
          } else {
            await this.fragments.addLexemes(pipeline.id, pending, pipeline.fullTextLanguage, tx);
          }
          if (!(await this.repository.recordProcessed(job.id, workerId, this.lease, pending.length, tx)))
            throw new LeaseLost();
        });
      }
      // Ready only when none lacks it from the start (full text turned off and on again
      // meanwhile drops lexemes behind `after`).
      // The backfilled vectors are searched exactly until the background builder indexes them.
      if (vectorEmbedding)
        this.fragments.vectorsWritten([{ id: vectorEmbedding.id, size: vectorEmbedding.model.size }]);
      await this.inPipeline(pipeline, index, async (tx) => {
        const left = await this.fragments.incomplete(pipeline.id, index, null, 1, tx);
        if (left.length === 0)
          await this.pipelines.markReady(pipeline.id, index === null ? [] : [index], index === null, tx);
      });
    } catch (error) {
      if (!(error instanceof IndexGone)) throw error;
    }
  }

  /**
   * Runs `work` in a transaction holding the pipeline shared (an edit waits), after
   * checking that the index is still wanted as `pipeline` was read; IndexGone otherwise.
   */
  private async inPipeline(
    pipeline: PipelineRecord,
    index: Index,
    work: (tx: Queryable) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const held = await this.pipelines.hold(pipeline.id, tx);
      if (!held) throw new LeaseLost(); // the pipeline and its jobs were deleted
      // Lexemes made in another configuration than the pipeline's now would be dropped again.
      const wanted =
        index === null
          ? held.fullTextSearch && held.fullTextLanguage === pipeline.fullTextLanguage
          : held.vectorEmbeddingIds.includes(index);
      if (!wanted) throw new IndexGone();
      await work(tx);
    });
  }

  /**
   * Ends the job if nothing is incomplete, checked under the pipeline's lock so an edit
   * cannot add work to the job after the check; false when there is work again.
   */
  private async finishIfComplete(job: JobRow, workerId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.pipelines.hold(job.pipeline_id, tx))) return true;
      const pipeline = (await this.pipelines.find(job.pipeline_id, tx))!;
      if (nextIncomplete(pipeline) !== undefined) return false;
      await this.repository.finish(job.id, workerId, null, tx);
      return true;
    });
  }

  private get lease(): number {
    return this.settings.jobs.leaseSeconds;
  }
}

/** The pipeline's first incomplete index: a vector embedding's id, null for full text, undefined when none. */
function nextIncomplete(pipeline: PipelineRecord): Index | undefined {
  const vectorEmbedding = pipeline.vectorEmbeddings.find((v) => !v.ready);
  if (vectorEmbedding) return vectorEmbedding.id;
  if (pipeline.fullTextSearch && !pipeline.fullTextReady) return null;
  return undefined;
}
