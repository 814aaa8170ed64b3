/** The answers of /pipelines, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';
import { EmbeddingModel } from '../catalogue/catalogue.wire';
import { id, timestamp } from '../common/wire';
import { HIERARCHY_DESCRIPTION } from './pipelines.dto';

export const Pipeline = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  default_text_splitter_id: id,
  default_vector_embedding_id: id.nullable(),
  embedding_models: z.record(z.string(), EmbeddingModel).describe('by vector embedding id'),
  full_text_search: z.boolean(),
  created_at: timestamp,
  full_text_ranking: z
    .enum(['bm25', 'ts_rank'])
    .describe("bm25: Okapi BM25, any of the query's words matches; ts_rank: every word must match"),
  full_text_bm25: z.object({ k1: z.number(), b: z.number() }).describe("BM25's parameters"),
  full_text_language: z.string().describe('the text search configuration (stemming, stop words)'),
  default_reranker_id: id
    .nullable()
    .describe("the reranker of the pipeline's agents and rag_search; null: none"),
});
export type PipelineView = z.output<typeof Pipeline>;
export const Classifications = z.object({
  classifications: z.array(z.string()),
  hierarchy: z.array(z.tuple([z.string(), z.string()])).describe(HIERARCHY_DESCRIPTION),
});
