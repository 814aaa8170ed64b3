/**
 * ApiKey → a Trove API key, delivered in a Secret the ApiKey owns.
 *
 * Trove shows a key's secret once, when it is minted, so the Secret is the only
 * copy: a key is kept while its Secret holds it and Trove still knows it; if the
 * Secret is gone (or Trove lost the key) a new key is minted, the Secret rewritten
 * and the old key revoked. The Secret is written before the status, and its
 * `x-api-key` is what the next reconcile trusts, so a lost status write never
 * orphans a key.
 */
import type { ReconcileResult } from './reconcile-loop';
import {
  API_KEY,
  API_VERSION,
  MANAGED_BY,
  MANAGED_BY_LABEL,
  PIPELINE,
  SECRET_KEY_ID,
  SECRET_KEY_SECRET,
  type ApiKey,
  type Pipeline,
} from './crds';
import type { k8s } from './kube-client';
import { callTrove, ResourceReconciler, SpecError } from './resource-reconciler';
import type { DesiredApiKey, TroveGrant } from './trove-gateway';

export class ApiKeyReconciler extends ResourceReconciler<ApiKey> {
  readonly kind = 'ApiKey';
  protected readonly resource = API_KEY;

  protected async sync(apiKey: ApiKey, signal: AbortSignal): Promise<ReconcileResult> {
    const { client, gateway, events } = this.deps;
    const resolved = await this.resolveGrants(apiKey);
    if ('waitingFor' in resolved) {
      await this.setStatus(apiKey, {
        status: 'False',
        reason: 'PipelineNotReady',
        message: `Waiting for Pipeline ${resolved.waitingFor.join(', ')} to be ready`,
      });
      return { requeueAfterMs: this.deps.pipelineNotReadyRequeueMs };
    }
    const desired: DesiredApiKey = {
      name: apiKey.spec.name?.trim() || apiKey.metadata.name,
      admin: apiKey.spec.admin === true,
      grants: resolved.grants,
    };

    const secretName = apiKey.spec.secretName?.trim() || apiKey.metadata.name;
    const secret = await client.readSecret(secretName);
    if (secret && !isControlledBy(secret, apiKey)) {
      throw new SpecError(
        `Secret ${secretName} exists and is not owned by this ApiKey; choose another spec.secretName`,
      );
    }
    const keyInSecret = readData(secret, SECRET_KEY_ID);
    let keyId: string;
    signal.throwIfAborted();
    if (
      keyInSecret &&
      readData(secret, SECRET_KEY_SECRET) &&
      (await callTrove('updating the Trove API key', () => gateway.updateApiKey(keyInSecret, desired))) ===
        'updated'
    ) {
      keyId = keyInSecret;
    } else {
      signal.throwIfAborted();
      const minted = await callTrove('creating the Trove API key', () => gateway.createApiKey(desired));
      // Even if leadership was lost meanwhile: the Secret is the key's only copy. A key
      // that cannot be delivered is revoked at once rather than left behind in Trove.
      try {
        await this.writeSecret(apiKey, secretName, secret, minted);
      } catch (error) {
        await gateway.deleteApiKey(minted.id).catch(() => undefined);
        throw error;
      }
      keyId = minted.id;
      await events.normal(
        apiKey,
        secret ? 'ApiKeyRotated' : 'ApiKeyCreated',
        `Minted Trove API key ${keyId} into Secret ${secretName}`,
      );
    }

    // Keys this ApiKey handed out before and that no Secret carries any more.
    for (const stale of new Set([keyInSecret, apiKey.status?.keyId])) {
      if (stale && stale !== keyId) {
        signal.throwIfAborted();
        await callTrove('revoking the replaced Trove API key', () => gateway.deleteApiKey(stale));
      }
    }
    const previousSecret = apiKey.status?.secretName;
    if (previousSecret && previousSecret !== secretName) {
      const old = await client.readSecret(previousSecret);
      if (old && isControlledBy(old, apiKey)) await client.deleteSecret(previousSecret);
    }

    await this.setStatus(
      apiKey,
      { status: 'True', reason: 'Reconciled', message: `Trove API key ${keyId} is in Secret ${secretName}` },
      { keyId, secretName },
    );
    return {};
  }

  protected async finalize(apiKey: ApiKey, signal: AbortSignal): Promise<void> {
    const secretName = apiKey.status?.secretName ?? apiKey.spec?.secretName ?? apiKey.metadata.name;
    const secret = await this.deps.client.readSecret(secretName);
    const inSecret = secret && isControlledBy(secret, apiKey) ? readData(secret, SECRET_KEY_ID) : undefined;
    for (const id of new Set([apiKey.status?.keyId, inSecret])) {
      if (!id) continue;
      signal.throwIfAborted();
      await callTrove('revoking the Trove API key', () => this.deps.gateway.deleteApiKey(id));
    }
    // The Secret goes with the ApiKey through its ownerReference (garbage collection).
  }

  /** The grants in Trove's terms, or the Pipelines that have no Trove id yet. */
  private async resolveGrants(apiKey: ApiKey): Promise<{ grants: TroveGrant[] } | { waitingFor: string[] }> {
    const grants: TroveGrant[] = [];
    const waitingFor: string[] = [];
    const specGrants = apiKey.spec?.grants ?? [];
    if (!Array.isArray(specGrants)) throw new SpecError('spec.grants must be a list');
    for (const [i, grant] of specGrants.entries()) {
      const target = grant?.pipelineId ?? grant?.pipeline;
      if (typeof target !== 'string' || target === '') {
        throw new SpecError(`spec.grants[${i}] needs a pipeline (a Pipeline's name or "*") or a pipelineId`);
      }
      if (!Number.isInteger(grant.permissions) || grant.permissions < 0 || grant.permissions > 7) {
        throw new SpecError(`spec.grants[${i}].permissions must be an integer from 0 to 7`);
      }
      const classifications = grant.classifications ?? '*';
      if (
        classifications !== '*' &&
        !(Array.isArray(classifications) && classifications.every((c) => typeof c === 'string'))
      ) {
        throw new SpecError(`spec.grants[${i}].classifications must be "*" or a list of names`);
      }
      let pipelineId = grant.pipelineId ?? '*';
      if (grant.pipelineId === undefined && grant.pipeline !== '*') {
        const pipeline = await this.deps.client.getObject<Pipeline>(PIPELINE, target);
        const id = pipeline && !pipeline.metadata.deletionTimestamp ? pipeline.status?.pipelineId : undefined;
        if (!id) {
          waitingFor.push(target);
          continue;
        }
        pipelineId = id;
      }
      grants.push({
        pipeline_id: pipelineId,
        permissions: grant.permissions,
        classifications: classifications === '*' || classifications.includes('*') ? '*' : classifications,
      });
    }
    return waitingFor.length > 0 ? { waitingFor: [...new Set(waitingFor)] } : { grants };
  }

  private async writeSecret(
    apiKey: ApiKey,
    name: string,
    existing: k8s.V1Secret | null,
    key: { id: string; secret: string },
  ): Promise<void> {
    const data = {
      [SECRET_KEY_ID]: Buffer.from(key.id).toString('base64'),
      [SECRET_KEY_SECRET]: Buffer.from(key.secret).toString('base64'),
    };
    if (existing) {
      await this.deps.client.replaceSecret({ ...existing, type: 'Opaque', data });
      return;
    }
    await this.deps.client.createSecret({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name,
        namespace: this.deps.client.namespace,
        labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
        ownerReferences: [
          {
            apiVersion: API_VERSION,
            kind: 'ApiKey',
            name: apiKey.metadata.name,
            uid: apiKey.metadata.uid!,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      type: 'Opaque',
      data,
    });
  }
}

function isControlledBy(secret: k8s.V1Secret, apiKey: ApiKey): boolean {
  return (secret.metadata?.ownerReferences ?? []).some(
    (ref) => ref.uid === apiKey.metadata.uid && ref.controller === true,
  );
}

function readData(secret: k8s.V1Secret | null, key: string): string | undefined {
  const value = secret?.data?.[key];
  return value ? Buffer.from(value, 'base64').toString('utf8') : undefined;
}
