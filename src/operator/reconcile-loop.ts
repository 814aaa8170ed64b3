/**
 * A reconcile loop: informer events become keys in a work queue; workers take keys
 * one at a time and run the reconciler; the result decides whether and when the
 * key comes back. The shape of controller-runtime's Controller (named otherwise
 * here, where a "controller" is a Nest REST controller).
 */
import { reconcileDuration, reconcileErrors, reconciles } from '../observability/metrics';
import { Informer } from './informer';
import { describeError, isConflict, k8s } from './kube-client';
import type { OperatorLogger } from './logger';
import { WorkQueue, type WorkQueueOptions } from './work-queue';

export interface ReconcileResult {
  /** Reconcile this key again after this delay even if nothing changes (polling a dependency). */
  requeueAfterMs?: number;
}

export interface Reconciler {
  readonly kind: string;
  /**
   * Brings the world in line with the object named by `key` ("namespace/name").
   * Throwing retries the key with backoff. `signal` aborts when the loop
   * stops (leadership lost): no write may start after it fired.
   */
  reconcile(key: string, signal: AbortSignal): Promise<ReconcileResult>;
}

/** An informer whose events enqueue keys of this loop's kind. */
export interface WatchSource<T extends k8s.KubernetesObject = k8s.KubernetesObject> {
  informer: Informer<T>;
  keysFor(obj: T): string[];
  /**
   * What of an object matters to this loop. An update that leaves it unchanged
   * enqueues nothing (as controller-runtime's GenerationChangedPredicate), so the
   * loop's own status and finalizer writes do not trigger another pass.
   * Without it every event counts.
   */
  fingerprint?(obj: T): string;
}

export interface ReconcileLoopOptions {
  workers?: number;
  resyncSeconds: number;
  queue?: WorkQueueOptions;
  logger: OperatorLogger;
}

export class ReconcileLoop {
  readonly queue: WorkQueue;
  private readonly abort = new AbortController();
  private workers: Promise<void>[] = [];
  private resyncTimer?: NodeJS.Timeout;

  constructor(
    private readonly reconciler: Reconciler,
    /** The informer of the kind itself: resync re-enqueues everything in its cache. */
    private readonly primary: WatchSource,
    secondary: WatchSource[],
    private readonly options: ReconcileLoopOptions,
  ) {
    this.queue = new WorkQueue(options.queue);
    for (const source of [primary, ...secondary]) {
      const seen = new Map<string, string>();
      source.informer.onEvent((obj, event) => {
        if (source.fingerprint) {
          const id = obj.metadata?.uid ?? '';
          const previous = seen.get(id);
          const current = source.fingerprint(obj);
          if (event === 'delete') seen.delete(id);
          else seen.set(id, current);
          if (event === 'update' && previous === current) return;
        }
        for (const key of source.keysFor(obj)) this.queue.add(key);
      });
    }
  }

  /** Starts the workers; the informers (shared between loops) are started by their owner. */
  start(): void {
    this.workers = Array.from({ length: this.options.workers ?? 2 }, () => this.work());
    // A periodic full pass repairs drift nobody announced (a Trove pipeline edited by hand).
    this.resyncTimer = setInterval(() => {
      for (const obj of this.primary.informer.list()) {
        for (const key of this.primary.keysFor(obj)) this.queue.add(key);
      }
    }, this.options.resyncSeconds * 1000);
    this.resyncTimer.unref();
  }

  /** Stops handing out keys at once; resolves when the reconciles in flight have returned. */
  async stop(): Promise<void> {
    clearInterval(this.resyncTimer);
    this.abort.abort(new Error('controller stopped'));
    this.queue.shutDown();
    await Promise.allSettled(this.workers);
  }

  private async work(): Promise<void> {
    for (;;) {
      const key = await this.queue.get();
      if (key === undefined) return;
      try {
        await this.process(key);
      } finally {
        this.queue.done(key);
      }
    }
  }

  private async process(key: string): Promise<void> {
    const kind = this.reconciler.kind;
    const log = this.options.logger;
    const stopTimer = reconcileDuration.startTimer({ kind });
    try {
      const result = await this.reconciler.reconcile(key, this.abort.signal);
      this.queue.forget(key);
      if (result.requeueAfterMs !== undefined) {
        this.queue.addAfter(key, result.requeueAfterMs);
        reconciles.inc({ kind, result: 'requeue' });
      } else {
        reconciles.inc({ kind, result: 'success' });
      }
    } catch (err) {
      if (this.abort.signal.aborted) return;
      if (isConflict(err)) {
        // Someone wrote the object since we read it: normal, read it again soon.
        reconciles.inc({ kind, result: 'requeue' });
        log.debug({ kind, key }, 'conflict; requeued');
      } else {
        reconciles.inc({ kind, result: 'error' });
        reconcileErrors.inc({ kind });
        log.error(
          { kind, key, err: describeError(err), retries: this.queue.numRequeues(key) },
          'reconcile failed',
        );
      }
      this.queue.addRateLimited(key);
    } finally {
      stopTimer();
    }
  }
}
