/**
 * The parts of Trove's API the console uses, by the names the console knows them by.
 *
 * The REST types come from openapi.ts, which openapi-typescript generates from Trove's
 * own OpenAPI document (`npm run api-types`; a test fails when it is stale): a field
 * added, renamed or made nullable in an answer reaches the console as a type error.
 * Written by hand is only what the document cannot say, each with its reason.
 */
import type { components, paths } from './openapi';

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
export type Reranker = Answer<'/rerankers/{id}', 'get'>;
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

/** The search body, from the zod schema the server parses it with. */
type SearchBody = RequestBody<'/pipelines/{id}/search', 'post'>;
export type SearchType = SearchBody['type'];
export type DistanceStrategy = NonNullable<SearchBody['distance_strategy']>;
export type SearchParams = NonNullable<SearchBody['params']>;
/** The body as the console sends it: classifications always in their object form. */
export type SearchRequest = Omit<SearchBody, 'classifications'> & {
  classifications: Extract<SearchBody['classifications'], { values: string[] }>;
};

export type EvaluationSummary = Item<Answer<'/pipelines/{id}/evaluations', 'get'>>;
export type Evaluation = Answer<'/pipelines/{id}/evaluations/{evaluationId}', 'get'>;
export type EvaluationQuery = Answer<'/pipelines/{id}/evaluations/{evaluationId}/queries/{position}', 'get'>;
export type EvaluationCreate = RequestBody<'/pipelines/{id}/evaluations', 'post'>;
export type EvaluationMetrics = components['schemas']['EvaluationMetrics'];

export type Readiness = Answer<'/readyz', 'get'>;
export type ServiceInfo = Answer<'/', 'get'>;

// ---- Agents API (/api/v1)

type Schemas = components['schemas'];

/** `GET /api/v1/agents`: a page of agents, each as the list projects it. */
export type AgentList = Answer<'/api/v1/agents', 'get'>;
export type AgentListItem = AgentList['agents'][number];
/** The detail (`GET /api/v1/agents/{agentKey}`). */
export type Agent = Answer<'/api/v1/agents/{agentKey}', 'get'>['agent'];
/** What the console sends to create an agent (`PUT …/{agentKey}` takes the same fields, all optional). */
export type AgentWrite = RequestBody<'/api/v1/agents/create', 'post'>;
export type AgentCreated = Answer<'/api/v1/agents/create', 'post', 201>;

/** The active and the archived conversations: two answers, the same items. */
export type ConversationList =
  | Answer<'/api/v1/agents/{agentKey}/conversations', 'get'>
  | Answer<'/api/v1/agents/{agentKey}/conversations/show/archives', 'get'>;
export type ConversationDetail = Answer<'/api/v1/agents/{agentKey}/conversations/{conversationId}', 'get'>;
/** A message as a run's result holds it: each citation with its score and excerpt. */
export type Message = Schemas['Message'];
/** A message as the detail holds it: citations without score or excerpt. */
export type DetailMessage = Schemas['DetailMessage'];
export type MessageCitation = Message['citations'][number] | DetailMessage['citations'][number];
export type FeedbackAnswer = Answer<
  '/api/v1/agents/{agentKey}/conversations/{conversationId}/message/{messageId}/feedback',
  'post'
>;
export type CancelAnswer = Answer<'/api/v1/agents/{agentKey}/conversations/{conversationId}/cancel', 'post'>;
export type StreamCreateBody = RequestBody<'/api/v1/agents/{agentKey}/conversations/stream', 'post'>;
export type StreamAddBody = RequestBody<
  '/api/v1/agents/{agentKey}/conversations/{conversationId}/messages/stream',
  'post'
>;
export type RegenerateBody = RequestBody<
  '/api/v1/agents/{agentKey}/conversations/{conversationId}/message/{messageId}/regenerate',
  'post'
>;

/**
 * One AG-UI event of the streams: the JSON of one Server-Sent Event's `data:` line. A
 * component, not an Answer<>: the streams answer text/event-stream, not JSON.
 */
export type AguiEvent = Schemas['AguiEvent'];
