/**
 * What the operator needs from Trove, in Trove's own terms (snake_case grants,
 * pipeline ids, key ids). The operator never touches Trove's database; the
 * application provides an implementation over its services under TROVE_GATEWAY.
 *
 * Every method must be idempotent or report what it found, because a reconcile
 * can be interrupted at any point and run again.
 *
 * Errors: throw a DomainError (src/common/errors.ts). `invalid_argument`,
 * `bad_request`, `conflict` and `not_found` mean the resource's spec cannot be
 * applied as written (the operator reports it on the resource and waits for a
 * spec change); anything else is treated as transient and retried with backoff.
 */

export const TROVE_GATEWAY = Symbol('TROVE_GATEWAY');

export interface TroveEmbeddingModel {
  name: string;
  provider: string;
  size: number;
  parameters: Record<string, unknown>;
}

export interface DesiredPipeline {
  name: string;
  description: string;
  /** In order: the first one is the pipeline's default. Empty: a full-text-only pipeline. */
  embeddingModels: TroveEmbeddingModel[];
  /** null: Trove's default splitter. */
  textSplitter: { provider: string; parameters: Record<string, unknown> } | null;
  fullTextSearch: boolean;
  classifications: string[];
  hierarchy: [string, string][];
}

export interface TroveGrant {
  pipeline_id: string | '*';
  permissions: number;
  classifications: '*' | string[];
}

export interface DesiredApiKey {
  name: string;
  admin: boolean;
  grants: TroveGrant[];
}

export interface TroveGateway {
  /**
   * Makes a Trove pipeline match `desired`: creates it when `existingId` is absent or
   * unknown to Trove, otherwise updates it in place (models, splitter, classifications
   * and hierarchy included). Calling it twice with the same input changes nothing.
   * Returns the pipeline's id, which differs from `existingId` only when it was created.
   * Without `existingId`, an implementation should adopt a pipeline of the same name
   * if Trove's names are unique: the operator records the id in the resource's status
   * after this call, and a status write that is lost would otherwise mean a duplicate.
   */
  ensurePipeline(desired: DesiredPipeline, existingId?: string): Promise<{ id: string }>;
  /** Deletes the pipeline and its documents. An unknown id is success. */
  deletePipeline(id: string): Promise<void>;
  /** Mints a key. The secret is returned only here, as in `POST /api_keys`. */
  createApiKey(desired: DesiredApiKey): Promise<{ id: string; secret: string }>;
  /** Updates name, admin flag and grants of an existing key; keeps its secret. */
  updateApiKey(id: string, desired: DesiredApiKey): Promise<'updated' | 'not_found'>;
  /** Revokes the key. An unknown id is success. */
  deleteApiKey(id: string): Promise<void>;
}
