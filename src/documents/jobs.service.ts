/**
 * Background ingestion: a batch queued in PostgreSQL and stored by whichever replica
 * claims it (jobs.worker.ts), for loads too large or too slow to wait for.
 *
 * Items are stored in chunks, each chunk in one transaction together with the job's
 * progress, so a worker that dies mid-job loses only the chunk it was embedding and
 * the replica that reclaims the job resumes after the last committed chunk: no
 * document is stored twice. A chunk that fails is retried item by item, so one bad
 * document fails alone, with its error recorded, and the others are stored.
 *
 * A job is stored with the grants its key holds when each chunk is stored, not when it
 * was queued: a key that lost write permission or a classification meanwhile gets its
 * items refused as a synchronous write would be, and a key disabled or deleted
 * meanwhile gets them all refused, before any of their text reaches an embedding
 * endpoint.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiKeysService } from '../auth/api-keys.service';
import { AuthContext, Permission } from '../auth/auth-context';
import { DomainError, ErrorCode, hasReason, notFound } from '../common/errors';
import { newId } from '../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope, withTotal } from '../common/list';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { jobs as jobsGauge } from '../observability/metrics';
import { ContentCipher } from '../crypto/content-cipher';
import { FragmentsService } from '../fragments/fragments.service';
import { ClassificationAccess, classificationAccess, mayAccess } from '../pipelines/classification-access';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import {
  IngestInput,
  IngestionService,
  PreparedDocument,
  recordIngested,
  vectorEmbeddingRefs,
} from './ingestion.service';
import { ClaimedJob, JobRunners } from './job-runner';
import { JobView } from './documents.wire';
import { LeaseLost, presentJob, wholeJob } from './job-view';
import { ReindexService } from './reindex.service';
import { JobItemError, JobKind, JobRow, JobsRepository, JobSummaryRow } from './jobs.repository';
import { DocumentErrorReason } from './document-errors';

/** Documents embedded and stored together: one embedding call per model, one transaction. */
export const JOB_CHUNK_SIZE = 32;
/** Claims after which a job that never finishes (it kills its workers) is failed. */
export const MAX_JOB_ATTEMPTS = 5;

interface JobPayload {
  batch: boolean;
  documents: IngestInput[];
}

export const jobAad = (jobId: string) => `job:${jobId}`;

/** What the list of jobs filters on. */
export const JOB_FILTERS = {
  state: ['eq', 'ne', 'in'],
  pipeline_id: ['eq', 'in'],
  kind: ['eq'],
} as const;

/** The list of jobs pages newest first on request (`order=desc`) and counts them (`total=true`). */
export const JOB_LIST_OPTIONS = { orderable: true, countable: true } as const;

/** A claimed ingestion job as a worker runs it. */
interface IngestRun {
  job: JobRow;
  workerId: string;
  /** Seconds each write of progress extends the worker's claim by. */
  lease: number;
  payload: JobPayload;
  signal: AbortSignal;
}

/** Items of a job stored together: `indexes` into its documents. */
interface Chunk {
  indexes: number[];
  /** A single item: its failure is recorded rather than reported. */
  recordFailure: boolean;
  /** Its preparation, when already started (while the chunk before it was stored). */
  preparing?: Promise<PreparedChunk>;
}

/** A chunk's items checked, split and embedded, with the pipeline as it was read for them. */
interface PreparedChunk {
  pipeline: PipelineRecord;
  prepared: PreparedDocument[];
}

/** The job's key may no longer store anything in the pipeline: every item of the chunk fails with it. */
const keyRefused = (message: string) =>
  new DomainError(DocumentErrorReason.KeyRefused, ErrorCode.Forbidden, message);

@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: DatabaseService,
    private readonly repository: JobsRepository,
    private readonly pipelines: PipelinesService,
    private readonly ingestion: IngestionService,
    private readonly cipher: ContentCipher,
    private readonly apiKeys: ApiKeysService,
    private readonly fragments: FragmentsService,
    private readonly reindex: ReindexService,
    private readonly runners: JobRunners,
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

  /**
   * Queues a job of a kind another module runs (job-runner.ts) for `auth`'s key, in `tx`:
   * `total` items, whose work the runner finds from the job's id.
   */
  async queue(
    auth: AuthContext,
    kind: Exclude<JobKind, 'ingest' | 'reindex'>,
    pipelineId: string,
    total: number,
    tx: Queryable,
  ): Promise<JobView> {
    const row = await this.repository.insert(
      { id: newId(), kind, pipelineId, apiKeyId: auth.keyId, payload: null, payloadKeyId: null, total },
      tx,
    );
    void this.refreshGauge();
    return presentJob(row);
  }

  /** The jobs of these ids as they stand, whoever queued them: for the module whose records name them. */
  async findViews(ids: string[]): Promise<Map<string, JobView>> {
    const rows = await this.repository.findSummaries(ids);
    return new Map(rows.map((row) => [row.id, presentJob(row)]));
  }

  /**
   * A job is visible to the key that queued it and to admin keys; to others it does not
   * exist. Its stored documents are listed only while the key may access the
   * classification of the version the job stored (its grants may have narrowed since).
   */
  async get(auth: AuthContext, id: string): Promise<JobView> {
    const row = await this.repository.find(id);
    if (!row || (!auth.admin && row.api_key_id !== auth.keyId))
      throw notFound(DocumentErrorReason.JobNotFound, 'Job not found', { id });
    const [view] = await this.present(auth, [row]);
    return view;
  }

  /** The jobs the key queued (an admin key: every job), oldest first or newest, each as `get` shows it. */
  async list(auth: AuthContext, query: Record<string, unknown>): Promise<ListEnvelope<JobView>> {
    const parsed = parseListQuery(query, JOB_FILTERS, JOB_LIST_OPTIONS);
    const queuedBy = auth.admin ? null : auth.keyId;
    const rows = await this.repository.list(parsed, queuedBy);
    const page = toEnvelope(rows, parsed, (row) => row);
    const presented = { ...page, data: await this.present(auth, page.data) };
    return withTotal(presented, parsed, () => this.repository.count(parsed, queuedBy));
  }

  /** The jobs as `auth` may see them: stored documents narrowed to the classifications it may access now. */
  private async present(auth: AuthContext, rows: JobSummaryRow[]): Promise<JobView[]> {
    const allowedIn = new Map<string, string[] | null>();
    for (const pipelineId of new Set(rows.map((row) => row.pipeline_id))) {
      const pipeline = await this.pipelines.find(pipelineId);
      allowedIn.set(pipelineId, pipeline ? classificationAccess(auth, pipeline).allowed : []);
    }
    const narrowed = rows.filter((row) => allowedIn.get(row.pipeline_id) !== null && row.results.length > 0);
    const ids = [...new Set(narrowed.flatMap((row) => row.results.map((result) => result.id)))];
    const history = await this.fragments.versionHistory(ids);
    return rows.map((row) => {
      // null: every classification (an admin, a `*` allow-list); a deleted pipeline: none.
      const allowed = allowedIn.get(row.pipeline_id) as string[] | null;
      if (allowed === null || row.results.length === 0) return presentJob(row);
      const visible = row.results.filter((result) =>
        (history.get(result.id) ?? []).some(
          (v) => v.version === result.version && mayAccess(allowed, v.classification),
        ),
      );
      return presentJob({ ...row, results: visible });
    });
  }

  /**
   * Works on a claimed job until it is done, this worker loses it, or `signal` aborts
   * (shutdown: the job goes back to the queue).
   */
  async run(job: JobRow, workerId: string, signal: AbortSignal): Promise<void> {
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      await this.repository.finish(
        job.id,
        workerId,
        wholeJob(
          `Gave up after ${MAX_JOB_ATTEMPTS} attempts: the workers processing this job stopped before finishing each time`,
        ),
      );
      return;
    }
    if (job.kind === 'ingest') return this.ingest(job, workerId, signal);
    const running =
      job.kind === 'reindex'
        ? this.reindex.run(job, workerId, signal)
        : this.runElsewhere(job, workerId, signal);
    await running.finally(() => void this.refreshGauge());
  }

  /** An ingestion job: its documents stored chunk by chunk, from the first not yet done. */
  private async ingest(job: JobRow, workerId: string, signal: AbortSignal): Promise<void> {
    const payload = await this.openPayload(job, workerId);
    if (!payload) return;
    const pipeline = await this.pipelines.find(job.pipeline_id);
    if (!pipeline) return; // deleted: its jobs went with it (ON DELETE CASCADE)
    const run: IngestRun = { job, workerId, lease: this.settings.jobs.leaseSeconds, payload, signal };
    // Each chunk re-reads the pipeline (prepareChunk): a vector embedding added meanwhile gets its
    // vectors too. Each chunk is searchable once committed; indexes follow in the background.
    try {
      await this.storeChunks(run);
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
      this.fragments.vectorsWritten(vectorEmbeddingRefs(pipeline));
      void this.refreshGauge();
    }
  }

  /** The job's documents, or null when they cannot be opened (the job is failed with why). */
  private async openPayload(job: JobRow, workerId: string): Promise<JobPayload | null> {
    try {
      return JSON.parse(
        this.cipher.openText({ data: job.payload!, keyId: job.payload_key_id! }, jobAad(job.id)),
      ) as JobPayload;
    } catch (error) {
      await this.repository.finish(job.id, workerId, wholeJob((error as Error).message));
      return null;
    }
  }

  /**
   * Stores the documents not yet done, a chunk at a time; the next chunk is split and
   * embedded while this one is stored. A chunk that fails as a group is stored again
   * item by item, so that only the items at fault fail.
   */
  private async storeChunks(run: IngestRun): Promise<void> {
    const { job, payload, signal } = run;
    const total = payload.documents.length;
    const chunkAt = (start: number) => range(start, Math.min(start + JOB_CHUNK_SIZE, total));
    let next: Promise<PreparedChunk> | undefined;
    for (let start = job.processed + job.failed; start < total; start += JOB_CHUNK_SIZE) {
      signal.throwIfAborted();
      const indexes = chunkAt(start);
      const single = indexes.length === 1;
      const preparing = next ?? this.prepareChunk(run, indexes);
      // The next chunk's failure surfaces when its turn comes, where this one's would.
      const following = start + JOB_CHUNK_SIZE;
      const prepareFollowing = () => this.prepareChunk(run, chunkAt(following));
      next = following < total ? preparing.then(prepareFollowing, prepareFollowing) : undefined;
      next?.catch(() => undefined);
      const stored = await this.storeChunk(run, { indexes, recordFailure: single, preparing });
      if (!stored && !single) {
        for (const index of indexes) {
          signal.throwIfAborted();
          await this.storeChunk(run, { indexes: [index], recordFailure: true });
        }
      }
    }
  }

  /** A job of a kind another module runs, handed to its runner. */
  private async runElsewhere(job: JobRow, workerId: string, signal: AbortSignal): Promise<void> {
    const lease = this.settings.jobs.leaseSeconds;
    const runner = this.runners.get(job.kind);
    if (!runner) {
      await this.repository.finish(job.id, workerId, wholeJob(`No runner for jobs of kind ${job.kind}`));
      return;
    }
    const claimed: ClaimedJob = {
      id: job.id,
      kind: job.kind,
      pipelineId: job.pipeline_id,
      apiKeyId: job.api_key_id,
      attempts: job.attempts,
      processed: job.processed,
      progress: (n, tx) => this.repository.recordProcessed(job.id, workerId, lease, n, tx),
      finish: (error, tx) =>
        this.repository.finish(job.id, workerId, error === null ? null : wholeJob(error), tx),
      release: () => this.repository.release(job.id, workerId),
    };
    await runner.run(claimed, signal);
  }

  /**
   * Stores the chunk's items in one transaction with the job's progress. Returns false
   * when they failed as a group; with `recordFailure` (a single item) the failure is
   * recorded against the item instead. When the key may no longer write at all, every
   * item's failure is recorded and it returns true: there is nothing to retry one by
   * one. Throws LeaseLost, or the abort reason.
   */
  private async storeChunk(run: IngestRun, chunk: Chunk): Promise<boolean> {
    const { job, workerId, lease, payload, signal } = run;
    const { indexes, recordFailure } = chunk;
    const preparing = chunk.preparing ?? this.prepareChunk(run, indexes);
    const inputs = indexes.map((i) => payload.documents[i]);
    const at = indexes.map((i) => (payload.batch ? i : null));
    try {
      const { pipeline, prepared } = await preparing;
      await this.db.transaction(async (tx) => {
        const access = await this.keyAccess(job, pipeline, tx);
        this.ingestion.authorize(access, pipeline, inputs, at);
        const rows = await this.ingestion.store(pipeline, prepared, at, access.allowed, tx);
        const results = rows.map((row, i) => ({
          index: indexes[i],
          id: row.id,
          version: Number(row.version),
          fragment_count: row.fragment_count,
        }));
        if (!(await this.repository.recordProgress(job.id, workerId, lease, results, [], tx)))
          throw new LeaseLost();
      });
      recordIngested(prepared);
      return true;
    } catch (error) {
      if (error instanceof LeaseLost || signal.aborted) throw error;
      // A refused key fails every item alike: no need to try them one by one.
      if (!recordFailure && !hasReason(error, DocumentErrorReason.KeyRefused)) return false;
      const detail =
        error instanceof DomainError ? error.message : 'Internal error while storing the document';
      if (!(error instanceof DomainError) || error.code === ErrorCode.Internal) {
        this.logger.error({ err: error, job: job.id, index: indexes[0] }, 'Ingestion job item failed');
      }
      const failures: JobItemError[] = indexes.map((index, i) => ({
        index,
        external_id: inputs[i].external_id,
        detail,
      }));
      const recorded = await this.db.transaction((tx) =>
        this.repository.recordProgress(job.id, workerId, lease, [], failures, tx),
      );
      if (!recorded) throw new LeaseLost();
      return hasReason(error, DocumentErrorReason.KeyRefused);
    }
  }

  /** Checks, splits and embeds the given items, for `storeChunk`. Throws as it would. */
  private async prepareChunk({ job, payload, signal }: IngestRun, indexes: number[]): Promise<PreparedChunk> {
    const inputs = indexes.map((i) => payload.documents[i]);
    const at = indexes.map((i) => (payload.batch ? i : null));
    // Read for each chunk: an edit of the pipeline's models or full text meanwhile
    // changes what the next chunks are embedded with.
    const pipeline = await this.pipelines.find(job.pipeline_id);
    if (!pipeline) throw new LeaseLost(); // deleted, and its jobs with it
    // The key's grants and what the pipeline defines are checked again now, before
    // embedding, and once more when storing: either may have changed meanwhile.
    const splitters = await this.ingestion.check(await this.keyAccess(job, pipeline), pipeline, inputs, at);
    return { pipeline, prepared: await this.ingestion.prepare(pipeline, inputs, splitters, at, signal) };
  }

  /** What the job's key may write in the pipeline now; a DocumentErrorReason.KeyRefused when it may write nothing. */
  private async keyAccess(
    job: JobRow,
    pipeline: PipelineRecord,
    db?: Queryable,
  ): Promise<ClassificationAccess> {
    const key = job.api_key_id ? await this.apiKeys.principal(job.api_key_id, db) : null;
    if (!key) throw keyRefused('The API key that queued this job is disabled or deleted');
    if (!key.can(pipeline.id, Permission.Write))
      throw keyRefused('Forbidden: this key lacks write permission on the pipeline.');
    return classificationAccess(key, pipeline);
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
