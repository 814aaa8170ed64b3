/**
 * The reconcile skeleton both kinds share, in controller-runtime's order:
 * get (gone: nothing to do) → deletion (clean up in Trove, then drop the finalizer)
 * → finalizer → sync (the kind's own work) → status. Failures become a Ready=False
 * condition and a Warning event on the resource before the error is rethrown.
 */
import { READY, setCondition, sameJson } from './conditions';
import type { ReconcileResult, Reconciler } from './reconcile-loop';
import {
  FINALIZER,
  splitKey,
  type ApiKeyStatus,
  type PipelineStatus,
  type ResourceKind,
  type TroveResource,
} from './crds';
import type { EventRecorder } from './event-recorder';
import { describeError, isConflict, type KubeClient } from './kube-client';
import type { OperatorLogger } from './logger';
import type { TroveGateway } from './trove-gateway';

export interface ReconcilerDeps {
  client: KubeClient;
  gateway: TroveGateway;
  events: EventRecorder;
  logger: OperatorLogger;
  /** How long an ApiKey waits before checking again on a Pipeline that is not ready. */
  pipelineNotReadyRequeueMs: number;
  /** How long a resource whose spec cannot be applied waits before trying again anyway. */
  invalidSpecRequeueMs: number;
}

/** The spec cannot be applied as written: only its author can fix it, retrying will not. */
export class SpecError extends Error {
  override name = 'SpecError';
}

/** A Trove call failed for another reason (database down, embedding endpoint unreachable). */
export class TroveCallError extends Error {
  override name = 'TroveCallError';
}

/** Domain error codes (src/common/errors.ts) that blame the input rather than Trove. */
const SPEC_ERROR_CODES = new Set(['invalid_argument', 'bad_request', 'conflict', 'not_found']);

/** Runs a gateway call, sorting its failure into SpecError or TroveCallError. */
export async function callTrove<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && SPEC_ERROR_CODES.has(code)) throw new SpecError(`${what}: ${message}`);
    throw new TroveCallError(`${what}: ${message}`, { cause: err });
  }
}

type Status = PipelineStatus & ApiKeyStatus;

export interface ReadyInput {
  status: 'True' | 'False';
  reason: string;
  message: string;
}

export abstract class ResourceReconciler<T extends TroveResource> implements Reconciler {
  abstract readonly kind: T['kind'];
  protected abstract readonly resource: ResourceKind;

  constructor(protected readonly deps: ReconcilerDeps) {}

  /** The kind's own work on a live (not deleted) object that carries the finalizer. */
  protected abstract sync(obj: T, signal: AbortSignal): Promise<ReconcileResult>;
  /** Removes from Trove what the object created; must succeed on repeat. */
  protected abstract finalize(obj: T, signal: AbortSignal): Promise<void>;

  async reconcile(key: string, signal: AbortSignal): Promise<ReconcileResult> {
    const obj = await this.deps.client.getObject<T>(this.resource, splitKey(key).name);
    if (!obj) return {};

    if (obj.metadata.deletionTimestamp) {
      if (!obj.metadata.finalizers?.includes(FINALIZER)) return {};
      try {
        await this.finalize(obj, signal);
      } catch (err) {
        if (!signal.aborted) await this.deps.events.warning(obj, 'CleanupFailed', messageOf(err));
        throw err;
      }
      signal.throwIfAborted();
      await this.deps.client.mergePatchObject(this.resource, obj.metadata.name, {
        metadata: {
          resourceVersion: obj.metadata.resourceVersion,
          finalizers: obj.metadata.finalizers.filter((f) => f !== FINALIZER),
        },
      });
      return {};
    }

    let current = obj;
    if (!obj.metadata.finalizers?.includes(FINALIZER)) {
      signal.throwIfAborted();
      // The resourceVersion makes the patch conditional: a finalizer list read before
      // someone else's write must not overwrite theirs.
      current = await this.deps.client.mergePatchObject<T>(this.resource, obj.metadata.name, {
        metadata: {
          resourceVersion: obj.metadata.resourceVersion,
          finalizers: [...(obj.metadata.finalizers ?? []), FINALIZER],
        },
      });
    }

    try {
      return await this.sync(current, signal);
    } catch (err) {
      return this.onSyncFailure(current, err, signal);
    }
  }

  /**
   * Writes status through the status subresource: `fields`, `observedGeneration` and
   * the Ready condition, for the generation this reconcile read. Skips the write when
   * nothing changes; on a conflict re-reads the object and tries again.
   */
  protected async setStatus(obj: T, ready: ReadyInput, fields: Partial<Status> = {}): Promise<void> {
    const generation = obj.metadata.generation;
    let current: T | null = obj;
    for (let attempt = 1; ; attempt++) {
      const previous: Status = current.status ?? {};
      const next: Status = {
        ...previous,
        ...fields,
        observedGeneration: generation,
        conditions: setCondition(
          previous.conditions,
          { type: READY, ...ready, observedGeneration: generation },
          new Date(),
        ),
      };
      if (sameJson(next, previous)) return;
      // No abort check here: this records what was already done in Trove (a new
      // pipeline id), and the resourceVersion keeps it from overwriting a newer leader.
      try {
        await this.deps.client.replaceStatus(this.resource, { ...current, status: next });
        return;
      } catch (err) {
        if (!isConflict(err) || attempt >= 5) throw err;
        this.deps.logger.debug(
          { kind: this.kind, name: obj.metadata.name, attempt },
          'status write conflicted; re-reading',
        );
        current = await this.deps.client.getObject<T>(this.resource, obj.metadata.name);
        if (!current) return;
      }
    }
  }

  private async onSyncFailure(obj: T, err: unknown, signal: AbortSignal): Promise<ReconcileResult> {
    if (signal.aborted || isConflict(err)) throw err;
    const message = messageOf(err);
    const reason =
      err instanceof SpecError
        ? 'InvalidSpec'
        : err instanceof TroveCallError
          ? 'TroveError'
          : 'ReconcileFailed';
    await this.deps.events.warning(obj, reason, message);
    try {
      await this.setStatus(obj, { status: 'False', reason, message });
    } catch (statusErr) {
      this.deps.logger.warn(
        { kind: this.kind, name: obj.metadata.name, err: describeError(statusErr) },
        'could not write failure status',
      );
    }
    // Retrying an unusable spec with backoff would only repeat the failure; a spec
    // change enqueues the object anyway. Other failures go back to the queue's backoff.
    if (err instanceof SpecError) return { requeueAfterMs: this.deps.invalidSpecRequeueMs };
    throw err;
  }
}

function messageOf(err: unknown): string {
  return err instanceof SpecError || err instanceof TroveCallError ? err.message : describeError(err);
}
