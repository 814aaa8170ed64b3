/**
 * What the REST routes answer, as zod schemas for the OpenAPI document (api-doc.ts
 * turns them into JSON Schema). They describe the wire, field for field as the
 * contract names them; the OpenAPI test (test/core/openapi.test.ts) checks real answers
 * against them, so a field added to an answer without its line here fails it.
 */
import { z } from 'zod';

const id = z.string().describe('a UUID');
const timestamp = z.string().describe('ISO 8601');
const metadata = z.record(z.string(), z.unknown());

/** One page of a list: `data`, cursors and counts, and the filters understood. */
export const pageOf = (item: z.ZodType) =>
  z.object({
    data: z.array(item),
    page_info: z.object({
      after: z.string().nullable(),
      before: z.string().nullable(),
      count: z.number().int(),
      has_next: z.boolean(),
      has_prev: z.boolean(),
    }),
    query_info: z.array(z.unknown()),
  });

export const RootInfo = z.object({ name: z.literal('trove'), version: z.string(), mcp: z.literal('/mcp') });
export const Health = z.object({ status: z.string(), checks: z.record(z.string(), z.string()).optional() });

export const EmbeddingProvider = z.object({ id, provider: z.string(), description: z.string() });
export const EmbeddingModel = z.object({
  id,
  name: z.string(),
  provider: z.string(),
  size: z.number().int(),
  parameters: metadata,
  description: z.string().nullable(),
});
export const TextSplitter = z.object({
  id,
  provider: z.string(),
  parameters: metadata,
  description: z.string().nullable(),
});

export const Pipeline = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  default_text_splitter_id: id.nullable(),
  default_vector_embedding_id: id.nullable(),
  embedding_models: z.record(z.string(), EmbeddingModel).describe('by binding id'),
  full_text_search: z.boolean(),
  created_at: timestamp,
});
export const Classifications = z.object({
  classifications: z.array(z.string()),
  hierarchy: z.array(z.array(z.string())),
});

export const Grant = z.object({
  pipeline_id: z.string().describe('a pipeline id or "*"'),
  permissions: z.number().int().min(0).max(7),
  classifications: z.union([z.literal('*'), z.array(z.string())]),
});
export const ApiKey = z.object({
  id,
  name: z.string(),
  admin: z.boolean(),
  disabled: z.boolean(),
  grants: z.array(Grant),
  scopes: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
/** The only answer that holds the secret: creation and rotation. */
export const ApiKeyWithSecret = ApiKey.extend({ secret: z.string() });

export const Document = z.object({
  id,
  pipeline_id: id,
  classification: z.string(),
  external_id: z.string().nullable(),
  metadata,
  text_splitter_id: id.nullable(),
  fragment_count: z.number().int(),
  version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  expired_at: timestamp.nullable(),
});

export const Fragment = z.object({
  id,
  document_id: id,
  order_id: z.number().int(),
  page_content: z.string(),
  classification: z.string(),
  metadata,
  version: z.number().int(),
  expired_at: timestamp.nullable(),
  score: z.number().optional(),
});

export const Llm = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  provider: z.string(),
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  has_api_key: z.boolean(),
  is_default: z.boolean(),
  is_reasoning: z.boolean(),
  context_window: z.number().int().nullable(),
  parameters: metadata,
  created_at: timestamp,
  updated_at: timestamp,
});

export const AgentsPage = z.object({
  success: z.literal(true),
  agents: z.array(z.record(z.string(), z.unknown())),
  pagination: z.object({
    currentPage: z.number().int(),
    limit: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});
export const AgentCreated = z.object({
  status: z.literal('success'),
  message: z.string(),
  agent: z.object({ _key: z.string(), name: z.string() }).catchall(z.unknown()),
});
