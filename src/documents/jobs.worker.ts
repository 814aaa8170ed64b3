/**
 * The loop that runs queued jobs (ingestion, and reindex after a pipeline edit) in every replica with
 * TROVE_JOBS_WORKER=true: claim one, work on it while renewing its lease, repeat;
 * when the queue is empty, look again after TROVE_JOBS_POLL_MS.
 *
 * A replica that dies keeps its claim only until the lease (TROVE_JOBS_LEASE_SECONDS)
 * runs out; then any replica reclaims the job and resumes it. A replica that stops
 * normally aborts its work and hands the job back at once.
 *
 * Each lane runs one job at a time: evaluations have a lane of their own, so an
 * evaluation of thousands of queries never holds back the documents a client is
 * waiting to see stored.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import * as os from 'node:os';
import { SETTINGS, Settings } from '../config/settings';
import { JobKind, JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/** How often the trove_jobs gauge is refreshed when no job changes it. */
const GAUGE_REFRESH_MS = 15_000;

/** The kinds each lane claims. */
const LANES: readonly (readonly JobKind[])[] = [['ingest', 'reindex'], ['evaluation']];

interface Lane {
  kinds: readonly JobKind[];
  timer: NodeJS.Timeout | null;
  current: Promise<void> | null;
}

@Injectable()
export class JobsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobsWorker.name);
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly stop = new AbortController();
  private readonly lanes: Lane[] = LANES.map((kinds) => ({ kinds, timer: null, current: null }));
  private gaugeTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly repository: JobsRepository,
    private readonly jobs: JobsService,
  ) {}

  onApplicationBootstrap(): void {
    this.gaugeTimer = setInterval(() => void this.jobs.refreshGauge(), GAUGE_REFRESH_MS);
    this.gaugeTimer.unref();
    void this.jobs.refreshGauge();
    if (!this.settings.jobs.worker) return;
    this.logger.log({ worker: this.workerId }, 'Job worker started');
    for (const lane of this.lanes) this.schedule(lane, 0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort(new Error('Trove is shutting down'));
    for (const lane of this.lanes) if (lane.timer) clearTimeout(lane.timer);
    if (this.gaugeTimer) clearInterval(this.gaugeTimer);
    await Promise.all(this.lanes.map((lane) => lane.current));
  }

  private schedule(lane: Lane, delayMs: number): void {
    if (this.stop.signal.aborted) return;
    lane.timer = setTimeout(() => {
      lane.current = this.drain(lane).finally(() => {
        lane.current = null;
        this.schedule(lane, this.settings.jobs.pollMs);
      });
    }, delayMs);
  }

  /** Runs the lane's jobs until none is left. */
  private async drain(lane: Lane): Promise<void> {
    try {
      while (!this.stop.signal.aborted && (await this.runOne(lane))) {
        // next job
      }
    } catch (error) {
      if (!this.stop.signal.aborted)
        this.logger.error(
          { err: error, kinds: lane.kinds },
          'Job worker failed; retrying after the poll interval',
        );
    }
  }

  private async runOne(lane: Lane): Promise<boolean> {
    const leaseSeconds = this.settings.jobs.leaseSeconds;
    const job = await this.repository.claim(this.workerId, leaseSeconds, lane.kinds);
    if (!job) return false;
    this.logger.log(
      { job: job.id, kind: job.kind, attempt: job.attempts, resumeAt: job.processed + job.failed },
      'Job claimed',
    );
    // Renew well before expiry, so one slow renewal does not hand the job to another replica.
    const renewal = setInterval(
      () => {
        this.repository.renew(job.id, this.workerId, leaseSeconds).catch((error) => {
          this.logger.warn({ err: error, job: job.id }, 'Could not renew a job lease');
        });
      },
      Math.max(200, (leaseSeconds * 1000) / 3),
    );
    try {
      await this.jobs.run(job, this.workerId, this.stop.signal);
    } finally {
      clearInterval(renewal);
    }
    return true;
  }
}
