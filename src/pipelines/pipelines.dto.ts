import { z } from 'zod';
import { MAX_CLASSIFICATIONS, nameSchema } from '../common/validation';
import { isUuid } from '../common/ids';

const uuid = (what: string) =>
  z
    .string({ error: `must be ${what} UUID` })
    .refine(isUuid, `must be ${what} UUID`)
    .transform((v) => v.toLowerCase());

const classificationName = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');

const pair = z.tuple([classificationName, classificationName], {
  error: 'must be a pair [classification, inherited classification]',
});

const name = nameSchema;
const description = z
  .string({ error: 'must be a string or null' })
  .max(4000, 'must be at most 4000 characters')
  .nullable();

/** Which way inheritance goes, said once for the request and the answer. */
export const HIERARCHY_DESCRIPTION =
  'pairs [a, b]: a inherits b, so a hierarchical search of a also finds b (and what b inherits), and a key allowed a also reads b; b never finds a. With [internal, public], internal finds public, public finds only public';

export const ClassificationsSchema = z.strictObject({
  classifications: z
    .array(classificationName, { error: 'must be an array of names' })
    .max(MAX_CLASSIFICATIONS, `must hold at most ${MAX_CLASSIFICATIONS} names`),
  hierarchy: z
    .array(pair, { error: 'must be an array of pairs' })
    .max(10000, 'must hold at most 10000 pairs')
    .default([])
    .describe(HIERARCHY_DESCRIPTION),
});
export type ClassificationsDto = z.output<typeof ClassificationsSchema>;

const embeddingModelIds = z
  .array(uuid('an embedding model'), { error: 'must be an array of embedding model ids' })
  .max(16, 'must hold at most 16 models')
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a model');
const fullTextSearch = z.boolean({ error: 'must be true or false' });
const fullTextRanking = z
  .enum(['bm25', 'ts_rank'], { error: 'must be bm25 or ts_rank' })
  .describe("bm25 (Okapi BM25, any of the query's words matches) or ts_rank (every word must match)");
const fullTextBm25 = z
  .strictObject(
    {
      k1: z
        .number({ error: 'must be a number from 0 to 10' })
        .min(0, 'must be a number from 0 to 10')
        .max(10, 'must be a number from 0 to 10')
        .default(1.2)
        .describe('how quickly repeating a word stops adding to the score (1.2)'),
      b: z
        .number({ error: 'must be a number from 0 to 1' })
        .min(0, 'must be a number from 0 to 1')
        .max(1, 'must be a number from 0 to 1')
        .default(0.75)
        .describe('how much a long fragment is discounted (0: not at all, 1: fully; 0.75)'),
    },
    { error: 'expected an object {k1, b}' },
  )
  .describe("BM25's parameters");
const fullTextLanguage = z
  .string({ error: 'must be the name of a PostgreSQL text search configuration' })
  .min(1, 'must be the name of a PostgreSQL text search configuration')
  .max(63, 'must be the name of a PostgreSQL text search configuration')
  .describe('the text search configuration: stemming and stop words (english, simple, german, ...)');

/** How a new pipeline's full text is searched unless it says otherwise. */
export const FULL_TEXT_DEFAULTS = {
  full_text_ranking: 'bm25',
  full_text_bm25: { k1: 1.2, b: 0.75 },
  full_text_language: 'english',
} as const;

const defaultRerankerId = uuid('a reranker')
  .nullable()
  .describe("the reranker the pipeline's agents and rag_search rerank with; null: none");

export const CreatePipelineSchema = z.strictObject({
  name,
  description: description.optional(),
  embedding_model_ids: embeddingModelIds.optional(),
  text_splitter_id: uuid('a text splitter').optional(),
  full_text_search: fullTextSearch.default(true),
  full_text_ranking: fullTextRanking.default(FULL_TEXT_DEFAULTS.full_text_ranking),
  full_text_bm25: fullTextBm25.default(FULL_TEXT_DEFAULTS.full_text_bm25),
  full_text_language: fullTextLanguage.default(FULL_TEXT_DEFAULTS.full_text_language),
  default_reranker_id: defaultRerankerId.default(null),
  classifications: ClassificationsSchema.shape.classifications.default(['default']),
  hierarchy: ClassificationsSchema.shape.hierarchy,
});
export type CreatePipelineDto = z.output<typeof CreatePipelineSchema>;

export const UpdatePipelineSchema = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  default_text_splitter_id: uuid('a text splitter').optional(),
  default_vector_embedding_id: uuid('a vector embedding').optional(),
  /**
   * The models wanted, in order: a model added gets vectors for every stored fragment
   * (a reindex job when there are any), a model left out loses its vectors.
   */
  embedding_model_ids: embeddingModelIds.optional(),
  /** On: stored fragments get their lexemes (a reindex job when there are any); off: dropped. */
  full_text_search: fullTextSearch.optional(),
  full_text_ranking: fullTextRanking.optional(),
  full_text_bm25: fullTextBm25.optional(),
  /** Another configuration: stored fragments get their lexemes again (a reindex job when there are any). */
  full_text_language: fullTextLanguage.optional(),
  default_reranker_id: defaultRerankerId.optional(),
});
export type UpdatePipelineDto = z.output<typeof UpdatePipelineSchema>;
