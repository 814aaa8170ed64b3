/**
 * The parts of Trove's API the console uses, by the names the console knows them by.
 *
 * The REST types come from openapi.ts, which openapi-typescript generates from Trove's
 * own OpenAPI document (`npm run api-types`; a test fails when it is stale): a field
 * added, renamed or made nullable in an answer reaches the console as a type error.
 * Written by hand is only what the document cannot say, each with its reason.
 */
import type { paths } from './openapi';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON answer of a route, for one status (200 unless given). */
export type Answer<P extends keyof paths, M extends Method, S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? Json<R[S]>
    : never
  : never;

/** The JSON body a route takes. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? Json<NonNullable<B>>
  : never;

/** One item of a list answer. */
type Item<L> = L extends { data: (infer I)[] } ? I : never;

export type PageInfo = Answer<'/pipelines', 'get'>['page_info'];

/** By hand: the document describes each list with its own item, not the envelope as a generic. */
export interface ListEnvelope<T> {
  data: T[];
  page_info: PageInfo;
}

/** Permission bits, as on a file: by hand, as the document gives them only as a number 0–7. */
export const READ = 4;
export const WRITE = 2;
export const EXECUTE = 1;

/** By hand: the document types scopes as strings; these are the ones the agents API knows. */
export type Scope = 'agent:read' | 'agent:write' | 'agent:execute';
export const SCOPES: readonly Scope[] = ['agent:read', 'agent:write', 'agent:execute'];

export type ApiKey = Answer<'/api_keys/{id}', 'get'>;
export type Grant = ApiKey['grants'][number];
/** `POST /api_keys` and `POST /api_keys/{id}/rotate`: the only answers with the secret. */
export type ApiKeyWithSecret = Answer<'/api_keys', 'post', 201>;

export type EmbeddingProvider = Item<Answer<'/embedding_providers', 'get'>>;
export type EmbeddingModel = Answer<'/embedding_models/{id}', 'get'>;
export type EmbeddingModelWrite = RequestBody<'/embedding_models', 'post'>;
export type EmbeddingProbe = Answer<'/embedding_models/{id}/test', 'post'>;
export type TextSplitter = Answer<'/text_splitters/{id}', 'get'>;

export type Llm = Answer<'/llms/{id}', 'get'>;
export type LlmWrite = RequestBody<'/llms', 'post'>;
export type LlmProbe = Answer<'/llms/{id}/test', 'post'>;

export type Pipeline = Answer<'/pipelines/{id}', 'get'>;
export type PipelineCreate = RequestBody<'/pipelines', 'post'>;
export type PipelineUpdate = RequestBody<'/pipelines/{id}', 'patch'>;
/** A pair `[a, b]` of the hierarchy: `a` inherits `b`. */
export type Classifications = Answer<'/pipelines/{id}/classifications', 'get'>;

export type TroveDocument = Answer<'/pipelines/{id}/documents/{documentId}', 'get'>;
/** `GET …/documents/{id}/versions`: one version the key may read. */
export type DocumentVersion = Item<Answer<'/pipelines/{id}/documents/{documentId}/versions', 'get'>>;
/** One document to add (the route also takes a list of them). */
export type DocumentCreate = Exclude<RequestBody<'/pipelines/{id}/documents', 'post'>, unknown[]>;
export type Fragment = Item<Answer<'/pipelines/{id}/documents/{documentId}/fragments', 'get'>>;
export type UploadedFile = Answer<'/pipelines/{id}/files', 'post', 201>[number];

export type Job = Answer<'/jobs/{id}', 'get'>;
export type JobState = Job['state'];

export type SearchHit = Answer<'/pipelines/{id}/search', 'post'>[number];

/**
 * By hand: the search body as the console sends it. The document declares only the
 * published minimum (type, query, classifications as names, k); the classifications
 * object, the params and the distance strategy are in docs/search.md.
 */
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

export type Readiness = Answer<'/readyz', 'get'>;
export type ServiceInfo = Answer<'/', 'get'>;

// ---- Agents API (/api/v1)
//
// By hand: the document describes agents, conversations and messages as open objects
// (`{_id} & {[key: string]: unknown}`), and the AG-UI events of the streams not at all
// (they are server-sent events). Once it names their fields, derive these with Answer<>.

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
