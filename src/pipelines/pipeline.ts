/**
 * A pipeline as PipelinesService hands it to other modules: its settings, its
 * classifications, and its vector embeddings.
 */
import { EmbeddingModel } from '../catalogue/catalogue.types';
import { FullTextSettings } from '../fragments/fragment';
import { HierarchyPair } from './classification-hierarchy';

/**
 * A vector embedding: one embedding model used by one pipeline. Each fragment of the
 * pipeline has one vector per vector embedding, searched through that vector
 * embedding's own index. This is the one name the code uses for it; the published
 * contracts name it otherwise, and the edges map:
 *
 *   table `vector_embeddings`, `fragment_embeddings.vector_embedding_id`: its id
 *   REST pipeline: the keys of `embedding_models` (each value the model),
 *     `default_vector_embedding_id` (create with `embedding_model_ids`: model ids)
 *   MCP get_pipelines: `embedding_model_id` is the DEFAULT VECTOR EMBEDDING's id
 *   REST search `params.embedding`, MCP search_knowledge `embedding_model_id`: a
 *     MODEL id, which selects the pipeline's vector embedding of that model
 *     (search.service.ts, selectVectorEmbedding)
 */
export interface VectorEmbedding {
  id: string;
  pipelineId: string;
  position: number;
  model: EmbeddingModel;
  /**
   * False while a model added to a pipeline that held fragments is still being given
   * their vectors (a reindex job): searching it then is refused, not answered from part
   * of the pipeline.
   */
  ready: boolean;
}

/** A pipeline with its vector embeddings: what every service working on a pipeline needs. */
export interface PipelineRecord {
  id: string;
  name: string;
  description: string | null;
  defaultTextSplitterId: string;
  defaultVectorEmbeddingId: string | null;
  fullTextSearch: boolean;
  /**
   * False while full text turned on (or its configuration changed, or statistics new
   * to it) is still being given the stored fragments' lexemes and counts (a reindex job).
   */
  fullTextReady: boolean;
  fullTextRanking: FullTextSettings['ranking'];
  fullTextK1: number;
  fullTextB: number;
  /** The text search configuration its lexemes are made with. */
  fullTextLanguage: string;
  /** The reranker its agents' retrieval and rag_search use; null: none. */
  defaultRerankerId: string | null;
  classifications: string[];
  hierarchy: HierarchyPair[];
  createdAt: Date;
  updatedAt: Date;
  vectorEmbeddings: VectorEmbedding[];
}

/** What fragments are stored against, held while they are (PipelinesService.hold). */
/** A pipeline as the MCP listing (get_pipelines) names it. */
export type PipelineSummary = Pick<
  PipelineRecord,
  'id' | 'name' | 'description' | 'defaultTextSplitterId' | 'defaultVectorEmbeddingId'
>;

export interface HeldPipeline {
  classifications: string[];
  fullTextSearch: boolean;
  fullTextLanguage: string;
  vectorEmbeddingIds: string[];
}

/** How the pipeline's full text is searched (FragmentsService.fullText). */
export function fullTextSettings(pipeline: PipelineRecord): FullTextSettings {
  return {
    ranking: pipeline.fullTextRanking,
    k1: pipeline.fullTextK1,
    b: pipeline.fullTextB,
    language: pipeline.fullTextLanguage,
  };
}
