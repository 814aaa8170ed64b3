/**
 * What the REST routes answer, as zod schemas for the OpenAPI document (api-doc.ts
 * turns them into JSON Schema). They describe the wire, field for field as the
 * contract names them; the OpenAPI test (test/core/openapi.test.ts) checks real answers
 * against them, so a field added to an answer without its line here fails it.
 */
import { z } from 'zod';
import { ADDRESS_PLACEHOLDER } from '../common/base-url';
import { HIERARCHY_DESCRIPTION } from '../pipelines/pipelines.dto';

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

export const RootInfo = z.object({
  name: z.literal('trove'),
  version: z.string(),
  mcp: z.literal('/mcp'),
  console: z.literal('/ui/').optional().describe('the web console (absent when TROVE_UI_ENABLED=false)'),
  docs: z.literal('/docs').describe('the API reference (Swagger UI); its document is /openapi.json'),
  openapi: z.literal('/openapi.json'),
});
export const Health = z.object({ status: z.string(), checks: z.record(z.string(), z.string()).optional() });

export const EmbeddingProvider = z.object({ id, provider: z.string(), description: z.string() });
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
export const Classifications = z.object({
  classifications: z.array(z.string()),
  hierarchy: z.array(z.tuple([z.string(), z.string()])).describe(HIERARCHY_DESCRIPTION),
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
  text_splitter_id: id,
  fragment_count: z.number().int(),
  version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  expired_at: timestamp.nullable(),
});
/** An expired document, as a key that may write but not read is answered (document-view.ts presentExpiry). */
export const ExpiredDocument = z.object({ id, expired_at: timestamp.nullable() });

/** One version of a document (document-view.ts VersionView); `expired_at` as the key sees it. */
export const DocumentVersion = z.object({
  classification: z.string(),
  created_at: timestamp,
  expired: z.boolean(),
  expired_at: timestamp.nullable(),
  fragment_count: z.number().int(),
  version: z.number().int().describe('microseconds since the Unix epoch; also the page cursor'),
});

const JobItemResult = z.object({
  index: z.number().int(),
  id,
  version: z.number().int(),
  fragment_count: z.number().int(),
});
const JobItemError = z.object({
  index: z.number().int(),
  external_id: z.string().nullable(),
  detail: z.string(),
});
/**
 * A job (job-view.ts presentJob): `ingest` stores documents (`documents` are those it
 * stored); `reindex` gives a pipeline's stored fragments the vectors of a model added
 * or the lexemes of full text turned on (`processed` and `total` count fragments).
 */
export const Job = z.object({
  attempts: z.number().int(),
  created_at: timestamp,
  documents: z.array(JobItemResult),
  errors: z.array(JobItemError),
  failed: z.number().int(),
  finished_at: timestamp.nullable(),
  id,
  kind: z.enum(['ingest', 'reindex', 'evaluation']),
  pipeline_id: id,
  processed: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  total: z.number().int(),
  updated_at: timestamp,
});

const fileKind = z.enum(['pdf', 'docx', 'xlsx', 'csv', 'tsv', 'html', 'markdown', 'json', 'text']);
const fileStatus = z.enum(['processed', 'queued', 'uploaded']);
/** What became of one uploaded file (files/file-views.ts FileResultView). */
export const FileResult = z.object({
  document_id: id.nullable().describe('processed: the document it became'),
  file_id: id.nullable().describe('uploaded: the kept file'),
  filename: z.string(),
  fragment_count: z.number().int().nullable(),
  job_id: id.nullable().describe('queued: the job that will store it'),
  mime_type: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  status: fileStatus,
  type: fileKind,
  version: z.number().int().nullable(),
});
/** Processing a kept file, as a key without read permission is answered. */
export const FileOutcome = FileResult.pick({
  document_id: true,
  file_id: true,
  job_id: true,
  status: true,
  version: true,
});
/** A file kept for later processing (files/file-views.ts PendingFileView). */
export const PendingFile = z.object({
  chunk_overlap: z.number().int().nullable(),
  chunk_size: z.number().int().nullable(),
  classification: z.string(),
  created_at: timestamp,
  external_id: z.string().nullable(),
  filename: z.string(),
  id,
  metadata,
  mime_type: z.string(),
  pipeline_id: id,
  sha256: z.string(),
  size: z.number().int(),
  text_splitter_id: id.nullable(),
  type: fileKind,
});
/** A deleted kept file, as a key without read permission is answered. */
export const DeletedFile = z.object({ id });

export const Fragment = z.object({
  id,
  document_id: id,
  order_id: z.number().int(),
  page_content: z.string(),
  classification: z.string(),
  metadata,
  version: z.number().int(),
  expired_at: timestamp.nullable(),
});
/** A fragment found by a search: how near (vectors) or well ranked (full text) it is. */
export const SearchHit = Fragment.extend({ score: z.number() });

/** `POST /embedding_models/{id}/test`: 200 whatever the outcome; `ok` says it. */
export const EmbeddingProbe = z.object({
  id,
  ok: z.boolean(),
  dimension: z.number().int().nullable().describe('of the vector returned; null when it failed'),
  size: z.number().int().describe('as registered'),
  latency_ms: z.number(),
  error: z.string().nullable(),
});
/** `POST /llms/{id}/test`: 200 whatever the outcome; `ok` says it. */
export const LlmProbe = z.object({
  id,
  ok: z.boolean(),
  latency_ms: z.number(),
  answer: z.string().nullable().describe('the beginning of the answer; null when it failed'),
  error: z.string().nullable(),
});

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
