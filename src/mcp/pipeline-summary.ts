/**
 * A pipeline in the get_pipelines answer, as the published MCP contract names its five
 * fields (keys in the contract's order); `embedding_model_id` is the pipeline's default
 * vector embedding.
 */
import { PipelineSummary } from '../pipelines/pipeline';

export interface PipelineSummaryView {
  default_text_splitter_id: string;
  description: string | null;
  embedding_model_id: string | null;
  name: string;
  pipeline_id: string;
}

export function presentPipelineSummary(pipeline: PipelineSummary): PipelineSummaryView {
  return {
    default_text_splitter_id: pipeline.defaultTextSplitterId,
    description: pipeline.description,
    embedding_model_id: pipeline.defaultVectorEmbeddingId,
    name: pipeline.name,
    pipeline_id: pipeline.id,
  };
}
