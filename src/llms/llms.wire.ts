/** The answers of /llms, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';
import { ADDRESS_PLACEHOLDER } from '../common/base-url';
import { id, metadata, timestamp } from '../common/wire';

/** `POST /llms/{id}/test`: 200 whatever the outcome; `ok` says it. */
export const LlmProbe = z.object({
  id,
  ok: z.boolean(),
  latency_ms: z.number(),
  answer: z.string().nullable().describe('the beginning of the answer; null when it failed'),
  error: z.string().nullable(),
});
export type LlmProbeView = z.output<typeof LlmProbe>;

export const Llm = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  provider: z.string(),
  endpoint: z
    .string()
    .nullable()
    .describe(`the base URL (null: none); '${ADDRESS_PLACEHOLDER}' for keys other than admin keys`),
  model: z.string().nullable(),
  has_api_key: z.boolean(),
  is_default: z.boolean(),
  is_reasoning: z.boolean(),
  context_window: z.number().int().nullable(),
  parameters: metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
/** An LLM as clients see it: whether a key is set, never the key; its endpoint to admin keys only. */
export type LlmView = z.output<typeof Llm>;
