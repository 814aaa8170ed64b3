/**
 * A pipeline as PipelinesService hands it to other modules: its settings, its
 * classifications, and the embedding models it binds.
 */
import { EmbeddingModel } from '../catalogue/catalogue.types';
import { HierarchyPair } from './classification-hierarchy';

export interface VectorEmbedding {
  id: string;
  pipeline_id: string;
  position: number;
  model: EmbeddingModel;
}

/** A pipeline with its bound models: what every service working on a pipeline needs. */
export interface PipelineRecord {
  id: string;
  name: string;
  description: string | null;
  default_text_splitter_id: string;
  default_vector_embedding_id: string | null;
  full_text_search: boolean;
  classifications: string[];
  hierarchy: HierarchyPair[];
  created_at: Date;
  updated_at: Date;
  vectorEmbeddings: VectorEmbedding[];
}
