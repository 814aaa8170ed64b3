/**
 * Background ingestion: a batch queued in PostgreSQL and stored by whichever replica
 * claims it (jobs.worker.ts), for loads too large or too slow to wait for.
 *
 * Items are stored in chunks, each chunk in one transaction together with the job's
 * progress, so a worker that dies mid-job loses only the chunk it was embedding and
 * the replica that reclaims the job resumes after the last committed chunk: no
 * document is stored twice. A chunk that fails is retried item by item, so one bad
 * document fails alone, with its error recorded, and the others are stored.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { DomainError, ErrorCode, notFound } from '../common/errors';
import { newId } from '../common/ids';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { jobs as jobsGauge } from '../observability/metrics';
import { PipelineRecord, PipelinesRepository } from '../pipelines/pipelines.repository';
import { ContentCipher } from './content-cipher';
import { IngestInput, IngestionService, recordIngested } from './ingestion.service';
import { JobItemError, JobItemResult, JobRow, JobsRepository, JobState } from './jobs.repository';

/** Documents embedded and stored together: one embedding call per model, one transaction. */
export const JOB_CHUNK_SIZE = 32;
/** Claims after which a job that never finishes (it kills its workers) is failed. */
export const MAX_JOB_ATTEMPTS = 5;

export interface JobView {
  attempts: number;
  created_at: string;
  documents: JobItemResult[];
  errors: JobItemError[];
  failed: number;
  finished_at: string | null;
  id: string;
  pipeline_id: string;
  processed: number;
  state: JobState;
  total: number;
  updated_at: string;
}

interface JobPayload {
  batch: boolean;
  documents: IngestInput[];
}

const jobAad = (jobId: string) => `job:${jobId}`;

/** Thrown inside a chunk's transaction when another worker took the job over. */
class LeaseLost extends Error {}

export function presentJob(row: JobRow): JobView {
  return {
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    documents: row.results,
    errors: row.errors,
    failed: row.failed,
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    id: row.id,
    pipeline_id: row.pipeline_id,
    processed: row.processed,
    state: row.state,
    total: row.total,
    updated_at: row.updated_at.toISOString(),
  };
}

@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: DatabaseService,
    private readonly repository: JobsRepository,
    private readonly pipelines: PipelinesRepository,
    private readonly ingestion: IngestionService,
    private readonly cipher: ContentCipher,
  ) {}

  /** Queues documents already checked against the pipeline and the key (in `tx` when given). */
  async submit(
    auth: AuthContext,
    pipelineId: string,
    documents: IngestInput[],
    batch: boolean,
    tx?: Queryable,
  ): Promise<JobView> {
    const id = newId();
    const payload: JobPayload = { batch, documents };
    const sealed = this.cipher.seal(JSON.stringify(payload), jobAad(id));
    const row = await this.repository.insert(
      {
        id,
        pipelineId,
        apiKeyId: auth.keyId,
        payload: sealed.data,
        payloadKeyId: sealed.keyId,
        total: documents.length,
      },
      tx,
    );
    void this.refreshGauge();
    return presentJob(row);
  }

  /** A job is visible to the key that queued it and to admin keys; to others it does not exist. */
  async get(auth: AuthContext, id: string): Promise<JobView> {
    const row = await this.repository.find(id);
    if (!row || (!auth.admin && row.api_key_id !== auth.keyId)) throw notFound('Job not found', { id });
    return presentJob(row);
  }

  /**
   * Works on a claimed job until it is done, this worker loses it, or `signal` aborts
   * (shutdown: the job goes back to the queue).
   */
  async run(job: JobRow, workerId: string, signal: AbortSignal): Promise<void> {
    const lease = this.settings.jobs.leaseSeconds;
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      await this.repository.finish(job.id, workerId, {
        index: -1,
        external_id: null,
        detail: `Gave up after ${MAX_JOB_ATTEMPTS} attempts: the workers processing this job stopped before finishing each time`,
      });
      return;
    }
    let payload: JobPayload;
    try {
      payload = JSON.parse(
        this.cipher.openText({ data: job.payload, keyId: job.payload_key_id }, jobAad(job.id)),
      ) as JobPayload;
    } catch (error) {
      await this.repository.finish(job.id, workerId, {
        index: -1,
        external_id: null,
        detail: (error as Error).message,
      });
      return;
    }
    const pipeline = await this.pipelines.find(job.pipeline_id);
    if (!pipeline) return; // deleted: its jobs went with it (ON DELETE CASCADE)

    try {
      for (
        let start = job.processed + job.failed;
        start < payload.documents.length;
        start += JOB_CHUNK_SIZE
      ) {
        signal.throwIfAborted();
        const end = Math.min(start + JOB_CHUNK_SIZE, payload.documents.length);
        const indexes = range(start, end);
        const single = indexes.length === 1;
        const stored = await this.storeChunk(
          job,
          workerId,
          lease,
          pipeline,
          payload,
          indexes,
          signal,
          single,
        );
        if (!stored && !single) {
          // One of the items is at fault: store them one by one, recording each failure.
          for (const index of indexes) {
            signal.throwIfAborted();
            await this.storeChunk(job, workerId, lease, pipeline, payload, [index], signal, true);
          }
        }
      }
      await this.repository.finish(job.id, workerId);
      this.logger.log({ job: job.id, pipeline: job.pipeline_id }, 'Ingestion job finished');
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.logger.warn({ job: job.id }, 'Ingestion job lease lost: another worker took the job over');
      } else if (signal.aborted) {
        await this.repository.release(job.id, workerId);
      } else {
        throw error;
      }
    } finally {
      void this.refreshGauge();
    }
  }

  /**
   * Stores the given items in one transaction with the job's progress. Returns false
   * when they failed as a group; with `recordFailure` (a single item) the failure is
   * recorded against the item instead. Throws LeaseLost, or the abort reason.
   */
  private async storeChunk(
    job: JobRow,
    workerId: string,
    lease: number,
    pipeline: PipelineRecord,
    payload: JobPayload,
    indexes: number[],
    signal: AbortSignal,
    recordFailure = false,
  ): Promise<boolean> {
    const inputs = indexes.map((i) => payload.documents[i]);
    const at = indexes.map((i) => (payload.batch ? i : null));
    try {
      // The key's allow-list was checked when the job was queued; what the pipeline
      // defines is checked again, here and under lock when storing.
      const splitters = await this.ingestion.check(null, pipeline, inputs, at);
      const prepared = await this.ingestion.prepare(pipeline, inputs, splitters, at, signal);
      await this.db.transaction(async (tx) => {
        const rows = await this.ingestion.store(pipeline, prepared, at, tx);
        const results = rows.map((row, i) => ({
          index: indexes[i],
          id: row.id,
          version: Number(row.version),
          fragment_count: row.fragment_count,
        }));
        if (!(await this.repository.recordProgress(job.id, workerId, lease, results, [], tx)))
          throw new LeaseLost();
      });
      recordIngested(prepared, this.db);
      return true;
    } catch (error) {
      if (error instanceof LeaseLost || signal.aborted) throw error;
      if (!recordFailure) return false;
      const detail =
        error instanceof DomainError ? error.message : 'Internal error while storing the document';
      if (!(error instanceof DomainError) || error.code === ErrorCode.Internal) {
        this.logger.error({ err: error, job: job.id, index: indexes[0] }, 'Ingestion job item failed');
      }
      const failure: JobItemError = { index: indexes[0], external_id: inputs[0].external_id, detail };
      const recorded = await this.db.transaction((tx) =>
        this.repository.recordProgress(job.id, workerId, lease, [], [failure], tx),
      );
      if (!recorded) throw new LeaseLost();
      return false;
    }
  }

  async refreshGauge(): Promise<void> {
    try {
      const counts = await this.repository.countByState();
      for (const [state, n] of Object.entries(counts)) jobsGauge.set({ state }, n);
    } catch {
      // Metrics must never fail work; the next refresh will try again.
    }
  }
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, i) => start + i);
}
