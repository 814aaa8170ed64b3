/**
 * The custom resources the operator reconciles, as TypeScript types.
 *
 * The CRD manifests (charts/trove/crds) are the schema the API server enforces;
 * these types mirror them. Both are namespaced, in group `trove.dev`, version `v1alpha1`.
 */

export const GROUP = 'trove.dev';
export const VERSION = 'v1alpha1';
export const API_VERSION = `${GROUP}/${VERSION}`;
export const FINALIZER = 'trove.dev/finalizer';
/** Label on every object the operator creates, so its informers list only those. */
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'trove-operator';
/** Data keys of an ApiKey's Secret: the two headers a client sends. */
export const SECRET_KEY_ID = 'x-api-key';
export const SECRET_KEY_SECRET = 'x-api-key-secret';

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  finalizers?: string[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** metav1.Condition. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  /** CamelCase, machine-readable. */
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

export interface EmbeddingModelSpec {
  name: string;
  provider: string;
  size: number;
  parameters?: Record<string, unknown>;
}

export interface TextSplitterSpec {
  provider: string;
  parameters?: Record<string, unknown>;
}

export interface PipelineSpec {
  name: string;
  description?: string;
  embeddingModels: EmbeddingModelSpec[];
  textSplitter?: TextSplitterSpec;
  fullTextSearch?: boolean;
  classifications: string[];
  /** `[a, b]`: classification `a` inherits `b`. */
  hierarchy?: [string, string][];
}

export interface PipelineStatus {
  /** The Trove pipeline this resource owns. */
  pipelineId?: string;
  conditions?: Condition[];
  observedGeneration?: number;
}

export interface Pipeline {
  apiVersion: typeof API_VERSION;
  kind: 'Pipeline';
  metadata: ObjectMeta;
  spec: PipelineSpec;
  status?: PipelineStatus;
}

export interface ApiKeyGrantSpec {
  /** A Pipeline resource's name in the same namespace, or "*" for every pipeline. */
  pipeline?: string;
  /** A Trove pipeline id, for a pipeline not managed as a resource (instead of `pipeline`). */
  pipelineId?: string;
  /** Permission bits as on a file: read 4, write 2, execute 1. */
  permissions: number;
  /** "*", or a list of names where "*" also means all (the CRD's default is ["*"]). */
  classifications?: '*' | string[];
}

export interface ApiKeySpec {
  name: string;
  admin?: boolean;
  grants: ApiKeyGrantSpec[];
  /** The Secret that receives the key; defaults to the ApiKey's own name. */
  secretName?: string;
}

export interface ApiKeyStatus {
  keyId?: string;
  secretName?: string;
  conditions?: Condition[];
  observedGeneration?: number;
}

export interface ApiKey {
  apiVersion: typeof API_VERSION;
  kind: 'ApiKey';
  metadata: ObjectMeta;
  spec: ApiKeySpec;
  status?: ApiKeyStatus;
}

export type TroveResource = Pipeline | ApiKey;

/** What the client needs to address a kind over the API. */
export interface ResourceKind {
  kind: TroveResource['kind'];
  plural: string;
}

export const PIPELINE: ResourceKind = { kind: 'Pipeline', plural: 'pipelines' };
export const API_KEY: ResourceKind = { kind: 'ApiKey', plural: 'apikeys' };

/** The work-queue key of a namespaced object. */
export function objectKey(meta: { namespace?: string; name?: string }): string {
  return `${meta.namespace ?? ''}/${meta.name ?? ''}`;
}

export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
