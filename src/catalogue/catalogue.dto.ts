import { z } from 'zod';

const description = z
  .string({ error: 'must be a string' })
  .max(2000, 'must be at most 2000 characters')
  .nullable()
  .optional();
const parameters = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }).default({});

export const CreateEmbeddingModelSchema = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters'),
  provider: z.string({ error: 'is required' }).min(1, 'must not be empty'),
  size: z.number({ error: 'must be an integer' }).int('must be an integer').min(1, 'must be at least 1'),
  parameters,
  description,
});
export type CreateEmbeddingModelDto = z.output<typeof CreateEmbeddingModelSchema>;

export const CreateTextSplitterSchema = z.strictObject({
  provider: z.string({ error: 'is required' }).min(1, 'must not be empty'),
  parameters,
  description,
});
export type CreateTextSplitterDto = z.output<typeof CreateTextSplitterSchema>;
