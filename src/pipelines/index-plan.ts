/**
 * What an edit of a pipeline's embedding models and full-text flag changes (PATCH
 * /pipelines/{id}, the operator): which vector embeddings stay, which are added and
 * removed, the resulting default, and whether full text turns on or off. Pure, so the
 * rules are tested apart from the transaction that applies them.
 */
import { invalid } from '../common/errors';
import { PipelineRecord } from './pipeline';
import { PipelineErrorReason } from './pipeline-errors';

/** Same rule, same words as creation: a pipeline must stay searchable somehow. */
export const NEEDS_MODEL_OR_FULL_TEXT =
  'embedding_model_ids: a pipeline without embedding models needs full_text_search: true';

export interface IndexEdit {
  /** The models wanted, in order; the first becomes the default, as at creation. Omitted: unchanged. */
  embedding_model_ids?: string[];
  full_text_search?: boolean;
  full_text_language?: string;
  default_vector_embedding_id?: string;
}

export interface PlannedVectorEmbedding {
  id: string;
  modelId: string;
  position: number;
}

export interface IndexPlan {
  /** Existing vector embeddings that stay, at their (perhaps new) position. */
  keep: PlannedVectorEmbedding[];
  /** New vector embeddings, with the ids they will have. */
  add: PlannedVectorEmbedding[];
  /** Ids of the vector embeddings removed, their vectors and index with them. */
  remove: string[];
  defaultVectorEmbeddingId: string | null;
  /** `relex`: full text stays on in another text search configuration, its lexemes made again. */
  fullText: 'on' | 'off' | 'relex' | 'unchanged';
}

export function planIndexes(current: PipelineRecord, edit: IndexEdit, newId: () => string): IndexPlan {
  const currentByModel = new Map(current.vectorEmbeddings.map((v) => [v.model.id, v]));
  const wanted = edit.embedding_model_ids ?? current.vectorEmbeddings.map((v) => v.model.id);
  const keep: PlannedVectorEmbedding[] = [];
  const add: PlannedVectorEmbedding[] = [];
  wanted.forEach((modelId, position) => {
    const existing = currentByModel.get(modelId);
    (existing ? keep : add).push({ id: existing?.id ?? newId(), modelId, position });
  });
  const remove = current.vectorEmbeddings.filter((v) => !wanted.includes(v.model.id)).map((v) => v.id);

  const fullTextSearch = edit.full_text_search ?? current.fullTextSearch;
  if (wanted.length === 0 && !fullTextSearch)
    throw invalid(PipelineErrorReason.InvalidDefinition, NEEDS_MODEL_OR_FULL_TEXT);

  const isKept = (id: string | null) => id !== null && keep.some((v) => v.id === id);
  if (edit.default_vector_embedding_id !== undefined && !isKept(edit.default_vector_embedding_id)) {
    throw invalid(
      PipelineErrorReason.InvalidDefinition,
      edit.embedding_model_ids === undefined
        ? 'default_vector_embedding_id: must be one of the keys of embedding_models'
        : 'default_vector_embedding_id: must be one of the keys of embedding_models that stay in embedding_model_ids',
    );
  }
  // As at creation, the first model listed is the default, unless the edit names another.
  const first = [...keep, ...add].find((v) => v.position === 0);
  const defaultVectorEmbeddingId =
    edit.default_vector_embedding_id ??
    (edit.embedding_model_ids === undefined ? current.defaultVectorEmbeddingId : (first?.id ?? null));

  const relex =
    fullTextSearch &&
    current.fullTextSearch &&
    edit.full_text_language !== undefined &&
    edit.full_text_language !== current.fullTextLanguage;
  const fullText =
    fullTextSearch === current.fullTextSearch
      ? relex
        ? 'relex'
        : 'unchanged'
      : fullTextSearch
        ? 'on'
        : 'off';
  return { keep, add, remove, defaultVectorEmbeddingId, fullText };
}
