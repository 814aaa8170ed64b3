/** The answers of /rerankers, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';

const id = z.string().describe('a UUID');

export const Reranker = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  provider: z.enum(['cohere', 'tei']),
  endpoint: z.string().describe("the endpoint's base URL; [endpoint] to keys other than admin keys"),
  model: z.string().nullable(),
  has_api_key: z.boolean(),
  parameters: z.object({ timeout_ms: z.number().int(), batch_size: z.number().int() }),
  created_at: z.string().describe('ISO 8601'),
});
export type RerankerView = z.output<typeof Reranker>;

/** `POST /rerankers/{id}/test`: 200 whatever the outcome; `ok` says it. */
export const RerankerProbe = z.object({
  id,
  ok: z.boolean(),
  latency_ms: z.number(),
  scores: z
    .array(z.number())
    .nullable()
    .describe(
      "the probe's passages as the reranker scored them, the relevant one first; null when it failed",
    ),
  error: z.string().nullable(),
});
export type RerankerProbeView = z.output<typeof RerankerProbe>;
