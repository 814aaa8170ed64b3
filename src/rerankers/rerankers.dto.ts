import { z } from 'zod';
import { nameSchema } from '../common/validation';

export const RERANKER_PROVIDERS = ['cohere', 'tei'] as const;
export type RerankerProvider = (typeof RERANKER_PROVIDERS)[number];

export const RerankerParametersSchema = z.strictObject(
  {
    timeout_ms: z
      .int({ error: 'must be an integer from 100 to 600000' })
      .min(100, 'must be an integer from 100 to 600000')
      .max(600_000, 'must be an integer from 100 to 600000')
      .default(30_000)
      .describe('per request to the endpoint, each retry alike (30000)'),
    batch_size: z
      .int({ error: 'must be an integer from 1 to 1000' })
      .min(1, 'must be an integer from 1 to 1000')
      .max(1000, 'must be an integer from 1 to 1000')
      .default(32)
      .describe('candidates per request (32: what Text Embeddings Inference takes by default)'),
  },
  { error: 'must be an object {timeout_ms, batch_size}' },
);
export type RerankerParameters = z.output<typeof RerankerParametersSchema>;

export const CreateRerankerSchema = z.strictObject({
  name: nameSchema,
  description: z
    .string({ error: 'must be a string' })
    .max(2000, 'must be at most 2000 characters')
    .nullable()
    .optional(),
  provider: z
    .enum(RERANKER_PROVIDERS, { error: `must be one of ${RERANKER_PROVIDERS.join(', ')}` })
    .describe(
      "cohere: the /rerank API of Cohere, Jina, vLLM, Infinity and LocalAI; tei: Text Embeddings Inference's /rerank",
    ),
  endpoint: z
    .string({ error: 'must be a URL' })
    .max(2048, 'must be at most 2048 characters')
    .describe('the base URL that /rerank is appended to, e.g. https://api.cohere.com/v1 or http://tei:8080'),
  model: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(512, 'must be at most 512 characters')
    .nullable()
    .optional()
    .describe('the model the endpoint serves (cohere: required)'),
  /** Write-only: stored encrypted, never returned. */
  api_key: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(4096)
    .nullable()
    .optional(),
  parameters: RerankerParametersSchema.default({ timeout_ms: 30_000, batch_size: 32 }),
});
export type CreateRerankerDto = z.output<typeof CreateRerankerSchema>;
