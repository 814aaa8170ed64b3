import { z } from 'zod';

const description = z
  .string({ error: 'must be a string' })
  .max(2000, 'must be at most 2000 characters')
  .nullable()
  .optional();
/** Provider settings are small; a bound keeps a catalogue row (read with every pipeline) small too. */
const MAX_PARAMETERS_BYTES = 16 * 1024;
const parameters = z
  .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
  .refine(
    (value) => Buffer.byteLength(JSON.stringify(value)) <= MAX_PARAMETERS_BYTES,
    `must be at most ${MAX_PARAMETERS_BYTES} bytes as JSON`,
  )
  .default({});
const provider = z
  .string({ error: 'is required' })
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

export const CreateEmbeddingModelSchema = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters'),
  provider,
  size: z.number({ error: 'must be an integer' }).int('must be an integer').min(1, 'must be at least 1'),
  parameters,
  description,
});
export type CreateEmbeddingModelDto = z.output<typeof CreateEmbeddingModelSchema>;

export const CreateTextSplitterSchema = z.strictObject({
  provider,
  parameters,
  description,
});
export type CreateTextSplitterDto = z.output<typeof CreateTextSplitterSchema>;
