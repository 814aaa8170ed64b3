/**
 * The loop that runs queued jobs (ingestion, and reindex after a pipeline edit) in every replica with
 * TROVE_JOBS_WORKER=true: claim one, work on it while renewing its lease, repeat;
 * when the queue is empty, look again after TROVE_JOBS_POLL_MS.
 *
 * A replica that dies keeps its claim only until the lease (TROVE_JOBS_LEASE_SECONDS)
 * runs out; then any replica reclaims the job and resumes it. A replica that stops
 * normally aborts its work and hands the job back at once.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import * as os from 'node:os';
import { SETTINGS, Settings } from '../config/settings';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/** How often the trove_jobs gauge is refreshed when no job changes it. */
const GAUGE_REFRESH_MS = 15_000;

@Injectable()
export class JobsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobsWorker.name);
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly stop = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private gaugeTimer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;

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
    this.logger.log({ worker: this.workerId }, 'Ingestion job worker started');
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort(new Error('Trove is shutting down'));
    if (this.timer) clearTimeout(this.timer);
    if (this.gaugeTimer) clearInterval(this.gaugeTimer);
    await this.current;
  }

  private schedule(delayMs: number): void {
    if (this.stop.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.current = this.drain().finally(() => {
        this.current = null;
        this.schedule(this.settings.jobs.pollMs);
      });
    }, delayMs);
  }

  /** Runs jobs until the queue is empty. */
  private async drain(): Promise<void> {
    try {
      while (!this.stop.signal.aborted && (await this.runOne())) {
        // next job
      }
    } catch (error) {
      if (!this.stop.signal.aborted)
        this.logger.error({ err: error }, 'Ingestion job worker failed; retrying after the poll interval');
    }
  }

  private async runOne(): Promise<boolean> {
    const leaseSeconds = this.settings.jobs.leaseSeconds;
    const job = await this.repository.claim(this.workerId, leaseSeconds);
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
