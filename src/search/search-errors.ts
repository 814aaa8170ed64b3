/**
 * Why a search fails, for the edges and callers that handle it (MCP's codes, an agent's
 * fallback to full text). The messages of the first three are published (the MCP tools
 * page): they stay byte for byte.
 */
import { conflict, DomainError, ErrorCode, invalid, Messages } from '../common/errors';

export enum SearchErrorReason {
  /** `params.embedding` / `embedding_model_id` names no model of the pipeline. */
  EmbeddingModelNotFound = 'search.embedding_model_not_found',
  /** The search needs a model and the pipeline has none (a full-text-only pipeline). */
  NoEmbeddingModel = 'search.no_embedding_model',
  /** Full text search of a pipeline that has it off. */
  FullTextDisabled = 'search.full_text_disabled',
  /** A model or full text added to the pipeline is still being built by its reindex job. */
  IndexNotReady = 'search.index_not_ready',
  /** A published type that Trove does not search (`history`). */
  TypeNotImplemented = 'search.type_not_implemented',
  /** A hybrid search of a pipeline without full text. */
  HybridNeedsFullText = 'search.hybrid_needs_full_text',
  /** The query text is refused (empty, too long, too many words). */
  InvalidQuery = 'search.invalid_query',
  /** Any other part of a search request that does not fit. */
  InvalidRequest = 'search.invalid_request',
  /** `rerank.reranker_id` names no reranker. */
  RerankerNotFound = 'search.reranker_not_found',
  /** The embedding model failed to embed the query. */
  QueryEmbeddingFailed = 'search.query_embedding_failed',
}

export const SearchMessages = {
  history: 'History placeholder is not implemented yet',
  invalidType: 'Invalid search type or parameters',
  fullTextDisabled: 'Full text search is not enabled for this pipeline',
} as const;

export const embeddingModelNotFound = () =>
  invalid(SearchErrorReason.EmbeddingModelNotFound, Messages.embeddingModelNotFound);
export const noEmbeddingModel = () =>
  invalid(SearchErrorReason.NoEmbeddingModel, Messages.missingEmbeddingModelId);
export const fullTextDisabled = () =>
  new DomainError(
    SearchErrorReason.FullTextDisabled,
    ErrorCode.NotImplemented,
    SearchMessages.fullTextDisabled,
  );
export const typeNotImplemented = (type: 'history') =>
  new DomainError(SearchErrorReason.TypeNotImplemented, ErrorCode.NotImplemented, SearchMessages[type]);
export const hybridNeedsFullText = (pipelineId: string) =>
  new DomainError(
    SearchErrorReason.HybridNeedsFullText,
    ErrorCode.NotImplemented,
    `Hybrid search needs full text search, which this pipeline has off: turn it on with PATCH /pipelines/${pipelineId} {"full_text_search": true}`,
  );
export const hybridNeedsModel = (pipelineId: string) =>
  invalid(
    SearchErrorReason.NoEmbeddingModel,
    `Hybrid search needs an embedding model, and this pipeline has none: add one with PATCH /pipelines/${pipelineId} {"embedding_model_ids": [...]}`,
  );

/** A rerank names no reranker of the registry. */
export const noSuchReranker = (id: string) =>
  invalid(SearchErrorReason.RerankerNotFound, `rerank.reranker_id: there is no reranker ${id}`);

/**
 * A model just added (or full text just turned on) is searched only once every stored
 * fragment has its vectors (lexemes): a search of part of the pipeline would miss
 * documents without saying so.
 */
export const indexNotReady = (what: string, pipelineId: string) =>
  conflict(
    SearchErrorReason.IndexNotReady,
    `${what} is still being built for this pipeline's stored fragments: search it when its reindex job ` +
      `(GET /jobs?pipeline_id=${pipelineId}) has finished; if that job failed, PATCH the pipeline again to retry`,
  );
