/**
 * An in-memory Trove behind the TroveGateway interface, with the rules the operator
 * relies on (ids, idempotent updates, not-found answers, the hierarchy check) and a
 * way for a test to make a call fail.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { CommonErrorReason, DomainError, ErrorCode } from '../../src/common/errors';
import type { DesiredApiKey, DesiredPipeline, TroveGateway } from '../../src/operator/trove-gateway';

export interface StoredPipeline extends DesiredPipeline {
  id: string;
  /** Bumped on every change, so a test can tell an update from a no-op. */
  revision: number;
}

export interface StoredKey extends DesiredApiKey {
  id: string;
  secret: string;
}

export interface GatewaySnapshot {
  pipelines: StoredPipeline[];
  keys: StoredKey[];
  calls: { method: string; at: number }[];
}

type Method = keyof TroveGateway;

export class FakeTroveGateway implements TroveGateway {
  private readonly pipelines = new Map<string, StoredPipeline>();
  private readonly keys = new Map<string, StoredKey>();
  private readonly calls: { method: string; at: number }[] = [];
  private readonly failures: { method: Method; code: ErrorCode; message: string; times: number }[] = [];

  failNext(method: Method, code: ErrorCode, message: string, times = 1): void {
    this.failures.push({ method, code, message, times });
  }

  /** Forgets a key, as if an admin revoked it in Trove directly. */
  forgetKey(id: string): void {
    this.keys.delete(id);
  }

  snapshot(): GatewaySnapshot {
    return structuredClone({
      pipelines: [...this.pipelines.values()],
      keys: [...this.keys.values()],
      calls: this.calls,
    });
  }

  async ensurePipeline(desired: DesiredPipeline, existingId?: string): Promise<{ id: string }> {
    this.enter('ensurePipeline');
    for (const [a, b] of desired.hierarchy) {
      if (!desired.classifications.includes(a) || !desired.classifications.includes(b)) {
        throw new DomainError(
          CommonErrorReason.InvalidInput,
          ErrorCode.InvalidArgument,
          `Hierarchy names an unknown classification: ${[a, b].join(' -> ')}`,
        );
      }
    }
    const existing = existingId ? this.pipelines.get(existingId) : undefined;
    if (existing) {
      const next = { ...existing, ...structuredClone(desired) };
      if (JSON.stringify(next) !== JSON.stringify(existing)) {
        next.revision += 1;
        this.pipelines.set(existing.id, next);
      }
      return { id: existing.id };
    }
    const id = randomUUID();
    this.pipelines.set(id, { ...structuredClone(desired), id, revision: 1 });
    return { id };
  }

  async deletePipeline(id: string): Promise<void> {
    this.enter('deletePipeline');
    this.pipelines.delete(id);
  }

  async createApiKey(desired: DesiredApiKey): Promise<{ id: string; secret: string }> {
    this.enter('createApiKey');
    const key: StoredKey = {
      ...structuredClone(desired),
      id: randomUUID(),
      secret: randomBytes(24).toString('base64url'),
    };
    this.keys.set(key.id, key);
    return { id: key.id, secret: key.secret };
  }

  async updateApiKey(id: string, desired: DesiredApiKey): Promise<'updated' | 'not_found'> {
    this.enter('updateApiKey');
    const key = this.keys.get(id);
    if (!key) return 'not_found';
    this.keys.set(id, { ...key, ...structuredClone(desired) });
    return 'updated';
  }

  async deleteApiKey(id: string): Promise<void> {
    this.enter('deleteApiKey');
    this.keys.delete(id);
  }

  private enter(method: Method): void {
    this.calls.push({ method, at: Date.now() });
    const failure = this.failures.find((f) => f.method === method && f.times > 0);
    if (failure) {
      failure.times -= 1;
      throw new DomainError(CommonErrorReason.InvalidInput, failure.code, failure.message);
    }
  }
}
