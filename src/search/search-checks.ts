/** What a search of a pipeline may run, decided from the pipeline alone: pure. */
import { PipelineRecord, VectorEmbedding } from '../pipelines/pipeline';
import {
  embeddingModelNotFound,
  fullTextDisabled,
  hybridNeedsFullText,
  indexNotReady,
  noEmbeddingModel,
  typeNotImplemented,
} from './search-errors';
import { SearchRequest, SearchType } from './search.types';

/** The checks of the type: `history`, full text off or not ready. */
export function checkType(pipeline: PipelineRecord, request: Pick<SearchRequest, 'type'>): void {
  switch (request.type) {
    case 'history':
      throw typeNotImplemented(request.type);
    case 'hybrid':
      if (!pipeline.fullTextSearch) throw hybridNeedsFullText(pipeline.id);
      if (!pipeline.fullTextReady) throw indexNotReady('Full text search', pipeline.id);
      break;
    case 'search':
      if (!pipeline.fullTextSearch) throw fullTextDisabled();
      if (!pipeline.fullTextReady) throw indexNotReady('Full text search', pipeline.id);
      break;
    case 'similarity':
    case 'mmr':
      break;
    default:
      throw new Error(`Unknown search type ${String(request.type)}`);
  }
}

/**
 * The search that answers a question best in this pipeline: hybrid when it has full text
 * and its default model, both ready; else the one of them it has ready. A pipeline
 * whose only index is still being built is refused as a search of it would be.
 */
export function retrievalType(pipeline: PipelineRecord): SearchType {
  const model = pipeline.vectorEmbeddings.find((v) => v.id === pipeline.defaultVectorEmbeddingId);
  const vectors = model !== undefined && model.ready;
  const text = pipeline.fullTextSearch && pipeline.fullTextReady;
  if (vectors && text) return 'hybrid';
  if (vectors) return 'similarity';
  if (text) return 'search';
  // Nothing ready: the error a search of what it has would give.
  if (model !== undefined) selectVectorEmbedding(pipeline, null);
  if (pipeline.fullTextSearch) checkType(pipeline, { type: 'search' });
  throw noEmbeddingModel();
}

/**
 * The pipeline's vector embedding of the named embedding MODEL (REST `params.embedding`,
 * MCP `embedding_model_id`), or its default one.
 */
export function selectVectorEmbedding(
  pipeline: PipelineRecord,
  embeddingModelId: string | null,
): VectorEmbedding {
  let selected: VectorEmbedding | undefined;
  if (embeddingModelId !== null) {
    const wanted = embeddingModelId.toLowerCase();
    selected = pipeline.vectorEmbeddings.find((v) => v.model.id === wanted);
    if (!selected) throw embeddingModelNotFound();
  } else {
    selected = pipeline.vectorEmbeddings.find((v) => v.id === pipeline.defaultVectorEmbeddingId);
    if (!selected) throw noEmbeddingModel();
  }
  if (!selected.ready) throw indexNotReady(`Embedding model '${selected.model.name}'`, pipeline.id);
  return selected;
}
