/**
 * The parts of Trove's API the console uses, typed by hand from README.md, docs/search.md,
 * docs/agents.md and the controllers. Kept in this one module so that types generated
 * from the OpenAPI document can replace it wholesale.
 */

export interface PageInfo {
  after: string | null;
  before: string | null;
  count: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface ListEnvelope<T> {
  data: T[];
  page_info: PageInfo;
}

/** Permission bits, as on a file. */
export const READ = 4;
export const WRITE = 2;
export const EXECUTE = 1;

export type Scope = 'agent:read' | 'agent:write' | 'agent:execute';
export const SCOPES: readonly Scope[] = ['agent:read', 'agent:write', 'agent:execute'];

export interface Grant {
  pipeline_id: string;
  permissions: number;
  classifications: '*' | string[];
}

export interface ApiKey {
  id: string;
  name: string;
  admin: boolean;
  disabled: boolean;
  grants: Grant[];
  scopes: Scope[];
  created_at: string;
  updated_at: string;
}

/** `POST /api_keys` and `POST /api_keys/{id}/rotate`: the only answers with the secret. */
export interface ApiKeyWithSecret extends ApiKey {
  secret: string;
}

export interface ApiKeyWrite {
  name?: string;
  admin?: boolean;
  disabled?: boolean;
  grants?: Grant[];
  scopes?: Scope[];
}

export interface EmbeddingProvider {
  id: string;
  provider: string;
  description: string;
}

export interface EmbeddingModel {
  id: string;
  name: string;
  provider: string;
  size: number;
  parameters: Record<string, unknown>;
  description: string | null;
}

export interface EmbeddingModelWrite {
  name: string;
  provider: string;
  size: number;
  parameters?: Record<string, unknown>;
  description?: string;
}

export interface EmbeddingProbe {
  id: string;
  ok: boolean;
  dimension: number | null;
  size: number;
  latency_ms: number;
  error: string | null;
}

export interface TextSplitter {
  id: string;
  provider: string;
  parameters: { chunk_size?: number; chunk_overlap?: number; separator?: string } & Record<string, unknown>;
  description: string | null;
}

export interface Llm {
  id: string;
  name: string;
  description: string | null;
  provider: 'openai' | 'extractive';
  endpoint: string | null;
  model: string | null;
  has_api_key: boolean;
  is_default: boolean;
  is_reasoning: boolean;
  context_window: number | null;
  parameters: Record<string, unknown>;
}

export interface LlmWrite {
  name: string;
  provider: 'openai' | 'extractive';
  description?: string;
  endpoint?: string;
  model?: string;
  api_key?: string;
  is_default?: boolean;
  context_window?: number;
}

export interface LlmProbe {
  id: string;
  ok: boolean;
  latency_ms: number;
  answer: string | null;
  error: string | null;
}

export interface Pipeline {
  id: string;
  name: string;
  description: string | null;
  default_text_splitter_id: string;
  default_vector_embedding_id: string | null;
  /** Keyed by vector embedding id; each value's `id` is the embedding model id. */
  embedding_models: Record<string, EmbeddingModel>;
  full_text_search: boolean;
  created_at: string;
}

export interface PipelineCreate {
  name: string;
  description?: string | null;
  embedding_model_ids?: string[];
  text_splitter_id?: string;
  full_text_search?: boolean;
  classifications?: string[];
  hierarchy?: [string, string][];
}

export interface PipelineUpdate {
  name?: string;
  description?: string | null;
  default_text_splitter_id?: string;
  default_vector_embedding_id?: string;
  /** The models wanted, in order (the first is the default); a model added is backfilled by a reindex job. */
  embedding_model_ids?: string[];
  full_text_search?: boolean;
}

/** A pair `[a, b]`: `a` inherits `b`. */
export interface Classifications {
  classifications: string[];
  hierarchy: [string, string][];
}

export interface TroveDocument {
  id: string;
  pipeline_id: string;
  external_id: string | null;
  classification: string;
  metadata: Record<string, unknown>;
  version: number;
  fragment_count: number;
  text_splitter_id: string;
  created_at: string;
  updated_at: string;
  expired_at: string | null;
}

export interface DocumentCreate {
  content: string;
  classification: string;
  metadata?: Record<string, unknown>;
  external_id?: string;
}

export interface Fragment {
  id: string;
  document_id: string;
  order_id: number;
  version: number;
  classification: string;
  metadata: Record<string, unknown>;
  page_content?: string;
  expired_at: string | null;
}

export interface UploadedFile {
  document_id: string | null;
  file_id: string | null;
  filename: string;
  fragment_count: number | null;
  job_id: string | null;
  mime_type: string;
  size: number;
  status: string;
  type: string;
  version: number | null;
}

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

export interface Job {
  id: string;
  /** `ingest`: documents to store; `reindex`: vectors or lexemes for a pipeline's stored fragments. */
  kind: 'ingest' | 'reindex';
  pipeline_id: string;
  state: JobState;
  total: number;
  processed: number;
  failed: number;
  attempts: number;
  documents: { index: number; id: string; version: number; fragment_count: number }[];
  errors: { index: number; external_id: string | null; detail: string }[];
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type SearchType = 'similarity' | 'mmr' | 'search';
export type DistanceStrategy = 'cosine' | 'euclidean' | 'inner_product';

export interface SearchParams {
  k?: number;
  fetch_k?: number;
  lambda_mult?: number;
  threshold?: number;
  embedding?: string;
}

export interface SearchRequest {
  type: SearchType;
  query: string;
  classifications: { values: string[]; match: 'hierarchical' | 'exact' };
  params: SearchParams;
  filters: Record<string, unknown> | null;
  distance_strategy: DistanceStrategy;
}

export interface SearchHit extends Fragment {
  score: number;
}

export interface Readiness {
  status: 'ready' | 'not ready';
  checks: Record<string, string>;
}

export interface ServiceInfo {
  name: string;
  version: string;
  mcp: string;
}

// ---- Agents API (/api/v1)

export interface AgentKnowledge {
  connectorId: string;
  name?: string;
  displayName?: string;
  filters?: Record<string, unknown>;
}

export interface Agent {
  _key: string;
  name: string;
  description: string;
  systemPrompt: string;
  startMessage: string;
  instructions: string | null;
  shareWithOrg?: boolean;
  tags: string[];
  knowledge: AgentKnowledge[];
  models: unknown[];
  can_edit?: boolean;
  can_delete?: boolean;
  user_role?: string;
}

export interface AgentWrite {
  name: string;
  description?: string;
  systemPrompt?: string;
  startMessage?: string;
  instructions?: string;
  shareWithOrg?: boolean;
  knowledge?: { connectorId: string; filters?: { recordGroups?: string[] } }[];
}

export interface AgentList {
  agents: Agent[];
  pagination: { currentPage: number; totalItems: number; totalPages: number; hasNext: boolean };
}

export interface Citation {
  citationId: string;
  relevanceScore: number;
  excerpt: string;
  citationData: {
    content: string;
    chunkIndex: number;
    metadata: { recordId: string; recordVersion: number; connectorId: string; recordName?: string } & Record<
      string,
      unknown
    >;
  };
}

export interface Message {
  _id: string;
  messageType: 'user_query' | 'bot_response' | string;
  content: string;
  citations: Citation[];
  feedback: { isHelpful?: boolean }[];
  followUpQuestions: string[];
  createdAt: string;
}

export interface ConversationSummary {
  _id: string;
  title: string;
  status: string;
  isArchived?: boolean;
  lastActivityAt: number;
  createdAt: string;
}

export interface ConversationList {
  conversations: ConversationSummary[];
  pagination: { page: number; totalCount: number; hasNextPage: boolean };
}

export interface ConversationDetail {
  conversation: {
    id: string;
    title: string;
    status: string;
    messages: Message[];
  };
}

/** The AG-UI events the console reads (others are ignored). */
export type AguiEvent =
  | { type: 'RUN_STARTED'; threadId: string; runId: string }
  | { type: 'CUSTOM'; name: string; value: { conversationId?: string; title?: string; tools?: string[] } }
  | { type: 'STEP_STARTED' | 'STEP_FINISHED'; stepName: string }
  | { type: 'TOOL_CALL_START'; toolCallId: string; toolCallName: string }
  | { type: 'TOOL_CALL_RESULT'; toolCallId: string; content: string }
  | { type: 'TEXT_MESSAGE_START'; messageId: string }
  | { type: 'TEXT_MESSAGE_CONTENT'; messageId: string; delta: string }
  | { type: 'TEXT_MESSAGE_END'; messageId: string }
  | {
      type: 'RUN_FINISHED';
      runId: string;
      result?: { conversation?: { _id: string; messages: Message[] }; outcome?: { type: string } };
      outcome?: { type: string };
    }
  | { type: 'RUN_ERROR'; message: string; code?: string }
  | { type: 'HEARTBEAT' };
