/**
 * The contract between Trove and the things that turn text into vectors.
 *
 * A provider (`hashing`, `openai`) is a kind of embedder; an embedding model is a
 * provider plus a vector size plus provider-specific parameters, stored by the
 * catalogue. The provider validates those parameters once, when the model is created,
 * so that a model that exists can always be instantiated.
 */
import { invalid } from '../common/errors';
import { EmbeddingErrorReason } from './embedding-errors';

/** An embedding model as stored: what `EmbeddingProvider.create` needs to build an embedder. */
export interface EmbeddingModelSpec {
  id: string;
  name: string;
  /** The provider's name, e.g. 'hashing' or 'openai'. */
  provider: string;
  /** Dimensions of every vector the model produces (the pgvector column width). */
  size: number;
  /** Parameters as returned by the provider's `normalizeParameters`. */
  parameters: Record<string, unknown>;
}

export interface Embedder {
  /**
   * One vector of the model's size per text, in the order of `texts`. Rejects with a
   * DomainError when the texts cannot be embedded, or with the signal's reason when
   * `signal` aborts.
   */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  /**
   * True when `embed` cannot reject but for an aborted signal (a computation in this
   * process, such as hashing): whoever needs only its errors need not call it.
   */
  readonly infallible?: boolean;
}

export interface EmbeddingProvider {
  /** The name clients use: 'hashing' | 'openai'. */
  readonly id: string;
  readonly description: string;
  /**
   * Parameters that hold secrets (e.g. `api_key`): the API must not echo them back,
   * and logs must not print them.
   */
  readonly secretParameters: readonly string[];
  /** Parameters that hold the endpoint's address (e.g. `base_url`): admin keys only see them. */
  readonly addressParameters: readonly string[];
  /**
   * Validates and normalises a model's parameters (fills defaults). Throws a DomainError
   * InvalidArgument naming the field, e.g. "parameters.base_url must be an http(s) URL".
   */
  normalizeParameters(size: number, parameters: unknown): Record<string, unknown>;
  create(model: EmbeddingModelSpec): Embedder;
}

/** pgvector's `vector` type holds at most this many dimensions. */
export const MAX_VECTOR_DIMENSIONS = 16_000;
/**
 * pgvector's HNSW index accepts at most 2,000 dimensions for `vector` and 4,000 for
 * `halfvec`, which Trove indexes wider vectors as (src/fragments/vector-index/vector-index.ts). Trove
 * builds an HNSW index for every model, so this, not the type's limit, bounds a model's size.
 */
export const MAX_INDEXED_DIMENSIONS = 4_000;

/** Refuses a model size that pgvector could store but Trove could not index. */
export function checkModelSize(size: number): void {
  if (!Number.isInteger(size) || size < 1 || size > MAX_INDEXED_DIMENSIONS) {
    throw invalid(
      EmbeddingErrorReason.InvalidModel,
      `size must be an integer from 1 to ${MAX_INDEXED_DIMENSIONS}: ` +
        `pgvector's HNSW index, which Trove builds for every model, holds at most ${MAX_INDEXED_DIMENSIONS} dimensions (half precision above 2000)`,
    );
  }
}
