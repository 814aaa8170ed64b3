/**
 * The operator's one door to the Kubernetes API: the few calls it makes, scoped to
 * the namespace it manages, with client-node's errors reduced to what the loop
 * needs to know (not found, conflict).
 *
 * How @kubernetes/client-node is loaded. It ships as an ES module only, and its HTTP
 * stack (undici 8) needs Node 22. Trove compiles to CommonJS and Node 22.12+ loads
 * ES modules through require(), so the plain import below (compiled to require())
 * is all the application needs. Jest cannot follow it: its module loader
 * re-implements require() without ES module support, and jest may run on a Node
 * that cannot load client-node at all. Hence two rules:
 *  - nothing jest loads in-process may import this file at runtime: the Nest service
 *    imports the operator lazily (operator.service.ts), only when it is enabled;
 *  - the integration tests (test/operator) run the Operator in a child Node 22
 *    process and keep only the fake API server in jest.
 */
import * as k8s from '@kubernetes/client-node';
import { API_VERSION, GROUP, VERSION, type ResourceKind } from './crds';

export { k8s };

const MERGE_PATCH = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);

export class KubeClient {
  private readonly custom: k8s.CustomObjectsApi;
  private readonly core: k8s.CoreV1Api;
  private readonly coordination: k8s.CoordinationV1Api;

  constructor(
    readonly kubeConfig: k8s.KubeConfig,
    readonly namespace: string,
  ) {
    this.custom = kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    this.core = kubeConfig.makeApiClient(k8s.CoreV1Api);
    this.coordination = kubeConfig.makeApiClient(k8s.CoordinationV1Api);
  }

  // Trove custom resources

  /** The URL path informers list and watch. */
  customPath(kind: ResourceKind): string {
    return `/apis/${API_VERSION}/namespaces/${this.namespace}/${kind.plural}`;
  }

  async getObject<T>(kind: ResourceKind, name: string): Promise<T | null> {
    return orNull(() => this.custom.getNamespacedCustomObject({ ...this.address(kind), name }) as Promise<T>);
  }

  listObjects<T extends k8s.KubernetesObject>(kind: ResourceKind): Promise<k8s.KubernetesListObject<T>> {
    return this.custom.listNamespacedCustomObject(this.address(kind)) as Promise<k8s.KubernetesListObject<T>>;
  }

  /** RFC 7386 merge patch; a `metadata.resourceVersion` in the patch makes it conditional. */
  mergePatchObject<T>(kind: ResourceKind, name: string, patch: object): Promise<T> {
    return this.custom.patchNamespacedCustomObject(
      { ...this.address(kind), name, body: patch },
      MERGE_PATCH,
    ) as Promise<T>;
  }

  /** PUT on the status subresource: conditional on the object's resourceVersion. */
  replaceStatus<T extends { metadata: { name: string } }>(kind: ResourceKind, object: T): Promise<T> {
    return this.custom.replaceNamespacedCustomObjectStatus({
      ...this.address(kind),
      name: object.metadata.name,
      body: object,
    }) as Promise<T>;
  }

  // Secrets

  secretsPath(): string {
    return `/api/v1/namespaces/${this.namespace}/secrets`;
  }

  readSecret(name: string): Promise<k8s.V1Secret | null> {
    return orNull(() => this.core.readNamespacedSecret({ namespace: this.namespace, name }));
  }

  listSecrets(labelSelector: string): Promise<k8s.V1SecretList> {
    return this.core.listNamespacedSecret({ namespace: this.namespace, labelSelector });
  }

  createSecret(body: k8s.V1Secret): Promise<k8s.V1Secret> {
    return this.core.createNamespacedSecret({ namespace: this.namespace, body });
  }

  /** PUT: conditional on `body.metadata.resourceVersion`. */
  replaceSecret(body: k8s.V1Secret): Promise<k8s.V1Secret> {
    return this.core.replaceNamespacedSecret({ namespace: this.namespace, name: body.metadata!.name!, body });
  }

  async deleteSecret(name: string): Promise<void> {
    await orNull(() => this.core.deleteNamespacedSecret({ namespace: this.namespace, name }));
  }

  // Events

  createEvent(body: k8s.CoreV1Event): Promise<k8s.CoreV1Event> {
    return this.core.createNamespacedEvent({ namespace: this.namespace, body });
  }

  patchEvent(name: string, patch: object): Promise<k8s.CoreV1Event> {
    return this.core.patchNamespacedEvent({ namespace: this.namespace, name, body: patch }, MERGE_PATCH);
  }

  // Leases

  readLease(name: string): Promise<k8s.V1Lease | null> {
    return orNull(() => this.coordination.readNamespacedLease({ namespace: this.namespace, name }));
  }

  createLease(body: k8s.V1Lease): Promise<k8s.V1Lease> {
    return this.coordination.createNamespacedLease({ namespace: this.namespace, body });
  }

  /** PUT: conditional on `body.metadata.resourceVersion`. */
  replaceLease(body: k8s.V1Lease): Promise<k8s.V1Lease> {
    return this.coordination.replaceNamespacedLease({
      namespace: this.namespace,
      name: body.metadata!.name!,
      body,
    });
  }

  private address(kind: ResourceKind) {
    return { group: GROUP, version: VERSION, namespace: this.namespace, plural: kind.plural };
  }
}

/** HTTP status of a failed API call (ApiException.code) or watch (statusCode), if any. */
export function statusOf(err: unknown): number | undefined {
  const e = err as { code?: unknown; statusCode?: unknown } | null;
  if (typeof e?.code === 'number') return e.code;
  if (typeof e?.statusCode === 'number') return e.statusCode;
  return undefined;
}

export const isNotFound = (err: unknown) => statusOf(err) === 404;
/** 409: a stale resourceVersion, or a create that lost a race. Both mean: read again. */
export const isConflict = (err: unknown) => statusOf(err) === 409;

/** A one-line description of an API error, without the headers client-node puts in its message. */
export function describeError(err: unknown): string {
  const status = statusOf(err);
  if (status !== undefined && err && typeof err === 'object' && 'body' in err) {
    let body = (err as { body: unknown }).body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: use it as it is
      }
    }
    const message =
      typeof body === 'object' && body && 'message' in body ? String(body.message) : String(body ?? '');
    return `Kubernetes API answered ${status}${message ? `: ${message}` : ''}`;
  }
  return err instanceof Error ? err.message : String(err);
}

async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}
