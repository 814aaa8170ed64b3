/**
 * Turns that can be cancelled by their `runId` (op 13). The registry is keyed by
 * the run id alone, as the document says, and remembers who started the run on
 * which conversation: a cancel from anyone else, or for another conversation (even
 * the same user's), is refused.
 *
 * Registrations live in the database so that a cancel reaching another replica
 * than the one running the turn still stops it: each replica touches its runs
 * every second (which also marks them alive) and aborts those asked to cancel. A
 * run not touched for TROVE_AGENT_RUN_STALE_SECONDS belongs to a replica that died: it
 * counts as over, and its turn is failed (abandoned-turns.ts).
 */
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { badRequest, forbidden } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { RunOwner, RunsRepository } from './runs.repository';
import { AgentErrorReason } from './agent-errors';

const POLL_MS = 1000;
/** Finished runs are kept this long, then forgotten (checked at most once an hour per replica). */
const KEEP_FINISHED_HOURS = 24;
const PRUNE_EVERY_MS = 3_600_000;

export class RunCancelled extends Error {
  constructor(readonly why: 'cancel' | 'disconnect') {
    super(why === 'cancel' ? 'The run was cancelled' : 'The client disconnected');
    this.name = 'RunCancelled';
  }
}

export type CancelOutcome = 'cancelled' | 'not_running';

@Injectable()
export class RunRegistry implements OnModuleDestroy {
  private readonly logger = new Logger(RunRegistry.name);
  private readonly local = new Map<string, AbortController>();
  private timer?: NodeJS.Timeout;
  private prunedAt = 0;

  private readonly staleSeconds: number;

  constructor(
    private readonly runs: RunsRepository,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.staleSeconds = settings.agents.runStaleSeconds;
  }

  /** Registers a run; its signal aborts with a RunCancelled. A run id in use by a live run is a 400. */
  async start(runId: string, owner: RunOwner): Promise<AbortController> {
    if (this.local.has(runId) || !(await this.runs.start(runId, owner, this.staleSeconds))) {
      throw badRequest(AgentErrorReason.RunInUse, `runId: ${runId} is already in use by a running turn`);
    }
    const controller = new AbortController();
    this.local.set(runId, controller);
    this.timer ??= setInterval(() => void this.poll(), POLL_MS);
    return controller;
  }

  async finish(runId: string): Promise<void> {
    this.local.delete(runId);
    if (this.local.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    await this.runs
      .finish(runId)
      .catch((error) => this.logger.warn({ err: error, runId }, 'Could not mark a run finished'));
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.runs
        .prune(KEEP_FINISHED_HOURS)
        .catch((error) => this.logger.warn({ err: error }, 'Could not prune finished runs'));
    }
  }

  /** The 403 rule first, then: cancelled, or not running (finished, or never registered). */
  async cancel(runId: string, owner: RunOwner): Promise<CancelOutcome> {
    const run = await this.runs.find(runId, this.staleSeconds);
    if (!run) return 'not_running';
    if (
      run.org_id !== owner.orgId ||
      run.user_id !== owner.userId ||
      run.conversation_id !== owner.conversationId
    ) {
      throw forbidden(
        AgentErrorReason.RunNotYours,
        'Forbidden: this runId was started by another user or on another conversation',
      );
    }
    if (!run.live) return 'not_running';
    const local = this.local.get(runId);
    if (local) local.abort(new RunCancelled('cancel'));
    else await this.runs.requestCancel(runId);
    return 'cancelled';
  }

  private async poll(): Promise<void> {
    const ids = [...this.local.keys()];
    if (ids.length === 0) return;
    try {
      for (const runId of await this.runs.touch(ids))
        this.local.get(runId)?.abort(new RunCancelled('cancel'));
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not check the runs for cancellation');
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
