import { z } from 'zod';
import { nameSchema } from '../common/validation';
import { isUuid } from '../common/ids';

const uuid = (what: string) =>
  z
    .string({ error: `must be ${what} UUID` })
    .refine(isUuid, `must be ${what} UUID`)
    .transform((v) => v.toLowerCase());

/** The most classifications a pipeline defines; lists of classification names elsewhere stop there too. */
export const MAX_CLASSIFICATIONS = 1000;

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

export const CreatePipelineSchema = z.strictObject({
  name,
  description: description.optional(),
  embedding_model_ids: embeddingModelIds.optional(),
  text_splitter_id: uuid('a text splitter').optional(),
  full_text_search: fullTextSearch.default(true),
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
});
export type UpdatePipelineDto = z.output<typeof UpdatePipelineSchema>;
