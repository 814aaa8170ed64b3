/**
 * Kubernetes Events (core/v1) about the resources the operator reconciles, so
 * `kubectl describe` shows why a Pipeline or ApiKey is not ready.
 *
 * A failure retried with backoff would repeat one event many times; as client-go's
 * recorder does, a repeat within ten minutes bumps `count` on the existing Event
 * instead of creating another. Recording is best effort: an Event that cannot be
 * written is logged and never fails a reconcile.
 */
import type { ObjectMeta } from './crds';
import { describeError, isNotFound, type KubeClient } from './kube-client';
import type { OperatorLogger } from './logger';

const REPEAT_WINDOW_MS = 10 * 60_000;
const MAX_REMEMBERED = 512;

export interface EventSubject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
}

export class EventRecorder {
  private readonly recent = new Map<string, { name: string; count: number; at: number }>();

  constructor(
    private readonly client: KubeClient,
    private readonly component: string,
    private readonly instance: string,
    private readonly logger: OperatorLogger,
  ) {}

  normal(subject: EventSubject, reason: string, message: string): Promise<void> {
    return this.record(subject, 'Normal', reason, message);
  }

  warning(subject: EventSubject, reason: string, message: string): Promise<void> {
    return this.record(subject, 'Warning', reason, message);
  }

  private async record(
    subject: EventSubject,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
  ): Promise<void> {
    const now = new Date();
    const key = [subject.metadata.uid, type, reason, message].join('\u0000');
    const seen = this.recent.get(key);
    try {
      if (seen && now.getTime() - seen.at < REPEAT_WINDOW_MS) {
        try {
          await this.client.patchEvent(seen.name, {
            count: seen.count + 1,
            lastTimestamp: now.toISOString(),
          });
          this.remember(key, { ...seen, count: seen.count + 1, at: now.getTime() });
          return;
        } catch (err) {
          if (!isNotFound(err)) throw err; // expired by the API server: create a new one
        }
      }
      const name = `${subject.metadata.name}.${now.getTime().toString(16)}${Math.floor(Math.random() * 0xfff).toString(16)}`;
      await this.client.createEvent({
        metadata: { name, namespace: this.client.namespace },
        involvedObject: {
          apiVersion: subject.apiVersion,
          kind: subject.kind,
          name: subject.metadata.name,
          namespace: subject.metadata.namespace,
          uid: subject.metadata.uid,
          resourceVersion: subject.metadata.resourceVersion,
        },
        type,
        reason,
        message,
        count: 1,
        firstTimestamp: now,
        lastTimestamp: now,
        source: { component: this.component },
        reportingComponent: this.component,
        reportingInstance: this.instance,
      });
      this.remember(key, { name, count: 1, at: now.getTime() });
    } catch (err) {
      this.logger.warn(
        { reason, object: subject.metadata.name, err: describeError(err) },
        'could not record event',
      );
    }
  }

  private remember(key: string, entry: { name: string; count: number; at: number }): void {
    this.recent.delete(key);
    this.recent.set(key, entry);
    if (this.recent.size > MAX_REMEMBERED) this.recent.delete(this.recent.keys().next().value!);
  }
}
