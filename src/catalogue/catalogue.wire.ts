/** The answers of /embedding_models, /embedding_providers and /text_splitters, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';
import { ADDRESS_PLACEHOLDER } from '../common/base-url';
import { id, metadata } from '../common/wire';

export const EmbeddingProvider = z.object({ id, provider: z.string(), description: z.string() });
export type EmbeddingProviderView = z.output<typeof EmbeddingProvider>;
export const EmbeddingModel = z.object({
  id,
  name: z.string(),
  provider: z.string(),
  size: z.number().int(),
  parameters: metadata.describe(
    `the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '${ADDRESS_PLACEHOLDER}' to keys other than admin keys`,
  ),
  description: z.string().nullable(),
});
/** A model as clients see it (its secret parameters masked: CatalogueService.presentModel). */
export type EmbeddingModelView = z.output<typeof EmbeddingModel>;

export const TextSplitter = z.object({
  id,
  provider: z.string(),
  parameters: metadata,
  description: z.string().nullable(),
});
export type TextSplitterView = z.output<typeof TextSplitter>;

/** `POST /embedding_models/{id}/test`: 200 whatever the outcome; `ok` says it. */
export const EmbeddingProbe = z.object({
  id,
  ok: z.boolean(),
  dimension: z.number().int().nullable().describe('of the vector returned; null when it failed'),
  size: z.number().int().describe('as registered'),
  latency_ms: z.number(),
  error: z.string().nullable(),
});
export type EmbeddingProbeView = z.output<typeof EmbeddingProbe>;
