/**
 * Turns whose replica died mid-answer (kill -9, a lost node) would stay `Inprogress`
 * for ever, with no reason given. Every replica looks for them at start and then
 * every half TROVE_AGENT_RUN_STALE_SECONDS: a run its replica stopped touching that long
 * is dead (run-registry.ts touches live runs every second), and its conversation, if
 * still `Inprogress` with no other run alive, is saved `Failed` with the reason, so the
 * user sees why and can ask again.
 *
 * Several replicas may look at once: each run is claimed in the transaction that fails
 * its turn (the run's row lock decides), so a turn is failed once, and a run touched
 * again meanwhile (its replica was only slow) is left alone.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { agentTurns } from '../observability/metrics';
import { ConversationStore } from './conversation-store';
import { RunsRepository } from './runs.repository';
import { failureRecord } from './turn-recorder';
import { AgentErrorReason } from './agent-errors';

export const ABANDONED_TURN =
  'The answer was cut off: the server running this turn stopped before it finished. Ask again.';

@Injectable()
export class AbandonedTurns implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AbandonedTurns.name);
  private readonly staleSeconds: number;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly runs: RunsRepository,
    private readonly store: ConversationStore,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.staleSeconds = settings.agents.runStaleSeconds;
  }

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), (this.staleSeconds * 1000) / 2);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Fails the turns of dead runs; returns how many. */
  async sweep(): Promise<number> {
    let failed = 0;
    try {
      for (const run of await this.runs.abandoned(this.staleSeconds))
        if (await this.failTurn(run.run_id, run.conversation_id)) failed++;
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not look for turns cut off by a stopped replica');
    }
    return failed;
  }

  private failTurn(runId: string, conversationId: string): Promise<boolean> {
    return this.store.inTransaction(async (tx) => {
      if (!(await this.runs.claimAbandoned(runId, this.staleSeconds, tx))) return false;
      const conversation = await this.store.lock(conversationId, tx);
      if (conversation?.status !== 'Inprogress') return false;
      // A later turn of the conversation may be running (on a live replica): it is not this one's to end.
      if (await this.runs.hasLiveRun(conversationId, this.staleSeconds, tx)) return false;
      const { message, changes } = failureRecord(
        conversation,
        runId,
        new DomainError(AgentErrorReason.TurnFailed, ErrorCode.Internal, ABANDONED_TURN),
      );
      await this.store.appendIn(tx, conversationId, message, [], changes);
      agentTurns.inc({ result: 'failed' });
      this.logger.warn({ conversationId, runId }, 'Failed a turn cut off by a stopped replica');
      return true;
    });
  }
}
