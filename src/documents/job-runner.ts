/**
 * Jobs that another module runs (an evaluation runs searches): the queue, the leases and
 * the restarts are this module's (jobs.worker.ts), the work is the runner's. A module
 * registers its runner for its kind when it starts (JobRunners.register); JobsService
 * hands it every claimed job of that kind, as a ClaimedJob through which it records
 * progress and ends the job, each guarded by the claim.
 */
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database/database.service';
import type { JobKind } from './jobs.repository';

export interface ClaimedJob {
  id: string;
  kind: JobKind;
  pipelineId: string;
  /** The key that queued it. */
  apiKeyId: string | null;
  /** This claim's number (1 for the first). */
  attempts: number;
  /** The items counted done before this claim: where a resumed job goes on. */
  processed: number;
  /**
   * Counts `n` more items done in the caller's transaction, renewing the lease; false
   * when this worker no longer holds the job (the caller must roll back).
   */
  progress(n: number, tx: Queryable): Promise<boolean>;
  /** Ends the job: succeeded, or failed with `error` (in `tx` when given). */
  finish(error: string | null, tx?: Queryable): Promise<void>;
  /** Gives the job back to the queue (this replica is stopping). */
  release(): Promise<void>;
}

export interface JobRunner {
  /** Works on the job until it ends, the claim is lost, or `signal` aborts (then it releases the job). */
  run(job: ClaimedJob, signal: AbortSignal): Promise<void>;
}

/** The runners of the kinds other modules run, by kind. */
@Injectable()
export class JobRunners {
  private readonly runners = new Map<JobKind, JobRunner>();

  register(kind: JobKind, runner: JobRunner): void {
    if (this.runners.has(kind)) throw new Error(`Two runners of ${kind} jobs`);
    this.runners.set(kind, runner);
  }

  get(kind: JobKind): JobRunner | undefined {
    return this.runners.get(kind);
  }
}
