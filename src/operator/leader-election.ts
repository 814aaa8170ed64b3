/**
 * Leader election on a coordination.k8s.io/v1 Lease, the protocol of client-go's
 * leaderelection package (client-node has no helper).
 *
 * Every write is a PUT carrying the resourceVersion we read, so of two candidates
 * racing for a free or expired Lease exactly one wins; the other gets 409.
 * A Lease is free when it has no holder, or its holder has not renewed it for
 * `leaseDurationSeconds` (judged by the renewTime it wrote, so replicas' clocks
 * must roughly agree, as with any Lease consumer).
 *
 * The leader renews every leaseDuration/3 and retries every retryPeriod when a renewal
 * fails. If no renewal succeeds within renewDeadline it stops leading at once, without
 * waiting for a hanging request: renewDeadline < leaseDuration, so it has stopped
 * before any other replica may take the Lease over.
 */
import { leader as leaderGauge } from '../observability/metrics';
import { describeError, isConflict, k8s, type KubeClient } from './kube-client';
import type { OperatorLogger } from './logger';

export interface LeaderElectionOptions {
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
}

export interface LeaderElectorConfig extends LeaderElectionOptions {
  client: KubeClient;
  leaseName: string;
  identity: string;
  logger: OperatorLogger;
  onStartedLeading: () => void;
  onStoppedLeading: () => void;
}

export class LeaderElector {
  private leading = false;
  private stopped = true;
  private loop?: Promise<void>;
  private wake?: () => void;
  private lastRenewal = 0;
  private deadlineTimer?: NodeJS.Timeout;
  private readonly leaseDurationMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;

  constructor(private readonly config: LeaderElectorConfig) {
    this.leaseDurationMs = config.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = config.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = config.retryPeriodMs ?? 2_000;
    if (!(this.renewDeadlineMs < this.leaseDurationMs && this.retryPeriodMs < this.renewDeadlineMs)) {
      throw new Error('leader election needs retryPeriod < renewDeadline < leaseDuration');
    }
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /**
   * Stops campaigning. `release` (the default) hands the Lease back so another replica
   * takes over at once; without it the Lease simply expires, as when a process dies.
   */
  async stop({ release = true }: { release?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wake?.();
    await this.loop;
    const wasLeading = this.leading;
    this.stepDown('stopped');
    if (release && wasLeading) await this.release();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const renewed = await this.tryAcquireOrRenew();
      if (this.stopped) return;
      if (renewed) {
        this.lastRenewal = Date.now();
        this.armDeadline();
        if (!this.leading) {
          this.leading = true;
          leaderGauge.set(1);
          this.config.logger.info(
            { identity: this.config.identity, lease: this.config.leaseName },
            'became leader',
          );
          this.config.onStartedLeading();
        }
      }
      const wait = this.leading && renewed ? this.leaseDurationMs / 3 : jitter(this.retryPeriodMs);
      await this.sleep(wait);
    }
  }

  /** Fires when the renew deadline passes without a successful renewal. */
  private armDeadline(): void {
    clearTimeout(this.deadlineTimer);
    this.deadlineTimer = setTimeout(() => this.stepDown('renew deadline passed'), this.renewDeadlineMs);
    this.deadlineTimer.unref();
  }

  private stepDown(why: string): void {
    clearTimeout(this.deadlineTimer);
    if (!this.leading) return;
    this.leading = false;
    leaderGauge.set(0);
    this.config.logger.warn(
      { identity: this.config.identity, lease: this.config.leaseName, why },
      'stopped leading',
    );
    this.config.onStoppedLeading();
  }

  private async tryAcquireOrRenew(): Promise<boolean> {
    const { client, leaseName, identity, logger } = this.config;
    const now = Date.now();
    try {
      const lease = await client.readLease(leaseName);
      if (!lease) {
        await client.createLease({
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: leaseName, namespace: client.namespace },
          spec: {
            holderIdentity: identity,
            leaseDurationSeconds: this.leaseDurationSeconds(),
            acquireTime: new k8s.V1MicroTime(now),
            renewTime: new k8s.V1MicroTime(now),
            leaseTransitions: 0,
          },
        });
        return true;
      }
      const spec = lease.spec ?? {};
      const holder = spec.holderIdentity ?? '';
      if (holder && holder !== identity) {
        const renewedAt = Date.parse(String(spec.renewTime ?? spec.acquireTime ?? ''));
        const durationMs = (spec.leaseDurationSeconds ?? this.leaseDurationSeconds()) * 1000;
        if (Number.isFinite(renewedAt) && renewedAt + durationMs >= now) return false;
      }
      const takingOver = holder !== identity;
      await client.replaceLease({
        ...lease,
        spec: {
          ...spec,
          holderIdentity: identity,
          leaseDurationSeconds: this.leaseDurationSeconds(),
          renewTime: new k8s.V1MicroTime(now),
          acquireTime: takingOver ? new k8s.V1MicroTime(now) : spec.acquireTime,
          leaseTransitions: (spec.leaseTransitions ?? 0) + (takingOver ? 1 : 0),
        },
      });
      if (takingOver) logger.info({ identity, previousHolder: holder || null }, 'took over the lease');
      return true;
    } catch (err) {
      // A conflict means another replica wrote first: routine. Anything else (the API
      // server unreachable, RBAC missing) is retried the same way but must be visible.
      logger[isConflict(err) ? 'debug' : 'warn'](
        { identity, err: describeError(err) },
        'lease acquire/renew failed',
      );
      return false;
    }
  }

  private async release(): Promise<void> {
    const { client, leaseName, identity, logger } = this.config;
    try {
      const lease = await client.readLease(leaseName);
      if (!lease?.spec || lease.spec.holderIdentity !== identity) return;
      const now = new k8s.V1MicroTime(Date.now());
      await client.replaceLease({
        ...lease,
        spec: {
          ...lease.spec,
          holderIdentity: '',
          leaseDurationSeconds: 1,
          renewTime: now,
          acquireTime: now,
        },
      });
    } catch (err) {
      logger.warn({ identity, err: describeError(err) }, 'could not release the lease; it will expire');
    }
  }

  private leaseDurationSeconds(): number {
    return Math.max(1, Math.ceil(this.leaseDurationMs / 1000));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

/** Up to 20% later, so candidates that started together do not stay in step. */
function jitter(ms: number): number {
  return ms * (1 + Math.random() * 0.2);
}
