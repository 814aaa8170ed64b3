/**
 * Every route Trove serves, as the fuzz test (fuzz.test.ts) sees it: the method,
 * the path with its parameters, and a well-formed body to start mutating from.
 *
 * Adding a route? Add it here. The fuzz test compares this table with the routes
 * the server maps at start and fails on any route missing from it, so the table
 * cannot fall behind. Path parameters are named after the fixture object they
 * take an id of (`:pipelineId`), which the test creates once (see Fixture).
 */

/** Ids of the objects the test creates before fuzzing, one of each. */
export interface Fixture {
  pipelineId: string;
  documentId: string;
  keyId: string;
  modelId: string;
  splitterId: string;
  jobId: string;
  /** A file uploaded with `process=false`, waiting in the pipeline. */
  pendingFileId: string;
  llmId: string;
  rerankerId: string;
  /** An evaluation of the pipeline, and the position of its first query. */
  evaluationId: string;
  queryPosition: string;
  /** An agent over the pipeline, answering with the built-in extractive LLM. */
  agentKey: string;
  /** A conversation of the admin key with that agent, and the id of its first answer. */
  conversationId: string;
  messageId: string;
  /** A file attached to that conversation (its recordId). */
  attachmentId: string;
  /** A personal access token of that key. */
  tokenId: string;
  /** A machine client of the client_credentials grant. */
  oauthClientId: string;
  /** A file of the /docs reference (`init.js`). */
  docsAsset: string;
}

/**
 * How a route answers, which is what the fuzz test checks of each answer:
 * - `rest`: JSON, errors `{"detail": "..."}`;
 * - `rest-text`: a text body (/metrics), errors as `rest`;
 * - `mcp`: the MCP transport's published forms;
 * - `agents`: the agents API (/api/v1): JSON, errors its ErrorResponse
 *   `{"error": {"requestId", "code", "message"}}`;
 * - `agents-stream`: an AG-UI event stream once the request is valid (ending with one
 *   RUN_FINISHED or RUN_ERROR), errors before it opens as `agents`;
 * - `agents-gateway`: answered as the document's gateway does (the attachment delete):
 *   an empty 204 or 404, `{"error": "<field> is required"}`, else as `agents`;
 * - `guided-mind`: the Guided Mind endpoint (/api/v1/mcp): the MCP SDK's answers and
 *   /api/v1's ErrorResponse.
 */
export type RouteKind =
  'rest' | 'rest-text' | 'mcp' | 'agents' | 'agents-stream' | 'agents-gateway' | 'guided-mind';

/** A multipart/form-data body: text fields, then files. */
export interface Form {
  fields: Record<string, string>;
  files: { field: string; filename: string; type?: string; content: string }[];
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:fixtureKey` parameters, e.g. `/pipelines/:pipelineId/documents`. */
  path: string;
  kind?: RouteKind;
  /** A valid JSON body, which the fuzzer mutates; none for routes without a body. */
  body?: (fixture: Fixture) => unknown;
  /** A valid multipart body, for the routes that take only multipart/form-data: mutated and mangled. */
  form?: (fixture: Fixture) => Form;
}

const V1 = '/api/v1/agents';
const CONVERSATION = `${V1}/:agentKey/conversations/:conversationId`;

export const ROUTES: Route[] = [
  // Health and metadata
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics', kind: 'rest-text' },
  { method: 'GET', path: '/openapi.json' },
  { method: 'GET', path: '/docs', kind: 'rest-text' },
  { method: 'GET', path: '/docs/:docsAsset', kind: 'rest-text' },

  // API keys
  { method: 'GET', path: '/api_keys' },
  {
    method: 'POST',
    path: '/api_keys',
    body: (f) => ({
      name: 'fuzzed',
      admin: false,
      grants: [{ pipeline_id: f.pipelineId, permissions: 5, classifications: ['public'] }],
    }),
  },
  { method: 'GET', path: '/api_keys/me' },
  { method: 'GET', path: '/api_keys/:keyId' },
  { method: 'PATCH', path: '/api_keys/:keyId', body: () => ({ name: 'renamed', disabled: false }) },
  { method: 'POST', path: '/api_keys/:keyId/rotate' },
  { method: 'DELETE', path: '/api_keys/:keyId' },
  { method: 'GET', path: '/api_keys/me/tokens' },
  {
    method: 'POST',
    path: '/api_keys/me/tokens',
    body: () => ({ name: 'fuzzed', expires_in: 3600, grants: [], scopes: [] }),
  },
  { method: 'DELETE', path: '/api_keys/me/tokens/:tokenId' },
  { method: 'GET', path: '/api_keys/:keyId/tokens' },
  {
    method: 'POST',
    path: '/api_keys/:keyId/tokens',
    body: (f) => ({
      name: 'fuzzed',
      grants: [{ pipeline_id: f.pipelineId, permissions: 5, classifications: ['public'] }],
    }),
  },
  { method: 'DELETE', path: '/api_keys/:keyId/tokens/:tokenId' },

  // Machine clients of the authorization server
  { method: 'GET', path: '/oauth_clients' },
  {
    method: 'POST',
    path: '/oauth_clients',
    body: (f) => ({
      name: 'fuzzed-client',
      grants: [{ pipeline_id: f.pipelineId, permissions: 5, classifications: ['public'] }],
      scopes: ['agent:read'],
    }),
  },
  { method: 'GET', path: '/oauth_clients/:oauthClientId' },
  {
    method: 'PATCH',
    path: '/oauth_clients/:oauthClientId',
    body: (f) => ({ name: 'renamed', grants: [{ pipeline_id: f.pipelineId, permissions: 4 }], scopes: [] }),
  },
  { method: 'POST', path: '/oauth_clients/:oauthClientId/rotate' },
  { method: 'DELETE', path: '/oauth_clients/:oauthClientId' },

  // Catalogue
  { method: 'GET', path: '/embedding_providers' },
  { method: 'GET', path: '/embedding_models' },
  {
    method: 'POST',
    path: '/embedding_models',
    body: () => ({ name: 'fuzzed-model', provider: 'hashing', size: 8, parameters: { ngram: 2 } }),
  },
  { method: 'GET', path: '/embedding_models/:modelId' },
  { method: 'POST', path: '/embedding_models/:modelId/test', body: () => ({ text: 'a fuzzed probe' }) },
  { method: 'DELETE', path: '/embedding_models/:modelId' },
  { method: 'GET', path: '/text_splitters' },
  {
    method: 'POST',
    path: '/text_splitters',
    body: () => ({ provider: 'character', parameters: { chunk_size: 50, chunk_overlap: 0 } }),
  },
  { method: 'GET', path: '/text_splitters/:splitterId' },
  { method: 'DELETE', path: '/text_splitters/:splitterId' },

  // Pipelines
  { method: 'GET', path: '/pipelines' },
  {
    method: 'POST',
    path: '/pipelines',
    body: (f) => ({
      name: 'fuzzed-pipeline',
      classifications: ['a', 'b'],
      hierarchy: [['a', 'b']],
      full_text_ranking: 'bm25',
      full_text_bm25: { k1: 1.5, b: 0.5 },
      full_text_language: 'simple',
      default_reranker_id: f.rerankerId,
    }),
  },
  { method: 'GET', path: '/pipelines/:pipelineId' },
  {
    method: 'PATCH',
    path: '/pipelines/:pipelineId',
    body: () => ({
      description: 'fuzzed',
      full_text_search: true,
      full_text_ranking: 'ts_rank',
      full_text_bm25: { k1: 2, b: 1 },
    }),
  },
  { method: 'DELETE', path: '/pipelines/:pipelineId' },
  { method: 'GET', path: '/pipelines/:pipelineId/classifications' },
  {
    method: 'PUT',
    path: '/pipelines/:pipelineId/classifications',
    body: () => ({ classifications: ['public', 'internal'], hierarchy: [['internal', 'public']] }),
  },

  // Documents and jobs
  {
    method: 'POST',
    path: '/pipelines/:pipelineId/documents',
    body: () => ({
      content: 'fuzzed text',
      classification: 'public',
      metadata: { n: 1 },
      external_id: 'f-1',
    }),
  },
  { method: 'GET', path: '/pipelines/:pipelineId/documents' },
  { method: 'GET', path: '/pipelines/:pipelineId/documents/:documentId' },
  { method: 'GET', path: '/pipelines/:pipelineId/documents/:documentId/fragments' },
  { method: 'GET', path: '/pipelines/:pipelineId/documents/:documentId/versions' },
  { method: 'DELETE', path: '/pipelines/:pipelineId/documents/:documentId' },
  { method: 'GET', path: '/jobs' },
  { method: 'GET', path: '/jobs/:jobId' },

  // Files
  {
    method: 'POST',
    path: '/pipelines/:pipelineId/files',
    form: () => ({
      fields: { classification: 'public', metadata: '{"source":"fuzz"}', external_id: 'fuzz-file' },
      files: [
        { field: 'file', filename: 'fuzz.txt', type: 'text/plain', content: 'Fuzzed upload on refunds.' },
      ],
    }),
  },
  { method: 'GET', path: '/pipelines/:pipelineId/files' },
  { method: 'GET', path: '/pipelines/:pipelineId/files/:pendingFileId' },
  {
    method: 'POST',
    path: '/pipelines/:pipelineId/files/:pendingFileId/process',
    body: () => ({ chunk_size: 200, chunk_overlap: 10 }),
  },
  { method: 'DELETE', path: '/pipelines/:pipelineId/files/:pendingFileId' },

  // Search
  {
    method: 'POST',
    path: '/pipelines/:pipelineId/search',
    // Hybrid with every parameter, reranked: mutations reach the fusion and the rerank too
    // (the fixture's reranker cannot be reached: a valid body answers 502).
    body: (f) => ({
      type: 'hybrid',
      query: 'fuzzed',
      classifications: { values: ['internal'], match: 'hierarchical' },
      params: { k: 3, fusion: 'weighted', alpha: 0.4, rrf_k: 30, candidates: 6 },
      filters: { n: { $gte: 1 } },
      rerank: { reranker_id: f.rerankerId, candidates: 6 },
    }),
  },

  // Evaluations
  {
    method: 'POST',
    path: '/pipelines/:pipelineId/evaluations',
    body: (f) => ({
      name: 'fuzzed evaluation',
      k: 5,
      classifications: ['public', 'internal'],
      queries: [
        {
          id: 'q1',
          query: 'refunds',
          relevant: [{ document_id: f.documentId, grade: 2 }, { external_id: 'x' }],
        },
      ],
      searches: [
        { type: 'similarity', label: 'vectors' },
        { type: 'mmr', params: { k: 3, fetch_k: 6, lambda_mult: 0.5 }, filters: { n: { $gte: 1 } } },
      ],
    }),
  },
  { method: 'GET', path: '/pipelines/:pipelineId/evaluations' },
  { method: 'GET', path: '/pipelines/:pipelineId/evaluations/:evaluationId' },
  { method: 'GET', path: '/pipelines/:pipelineId/evaluations/:evaluationId/queries/:queryPosition' },
  { method: 'DELETE', path: '/pipelines/:pipelineId/evaluations/:evaluationId' },

  // LLMs
  { method: 'GET', path: '/llms' },
  {
    method: 'POST',
    path: '/llms',
    body: () => ({ name: 'fuzzed-llm', provider: 'extractive', parameters: { max_sentences: 3 } }),
  },
  { method: 'GET', path: '/llms/:llmId' },
  {
    method: 'PATCH',
    path: '/llms/:llmId',
    body: () => ({ description: 'fuzzed', context_window: 4096, parameters: { max_sentences: 2 } }),
  },
  { method: 'POST', path: '/llms/:llmId/test', body: () => ({ text: 'a fuzzed question?' }) },
  { method: 'DELETE', path: '/llms/:llmId' },

  // Rerankers
  { method: 'GET', path: '/rerankers' },
  {
    method: 'POST',
    path: '/rerankers',
    body: () => ({
      name: 'fuzzed-reranker',
      provider: 'tei',
      endpoint: 'http://127.0.0.1:9',
      parameters: { timeout_ms: 200 },
    }),
  },
  { method: 'GET', path: '/rerankers/:rerankerId' },
  { method: 'POST', path: '/rerankers/:rerankerId/test', body: () => ({ text: 'a fuzzed question?' }) },
  { method: 'DELETE', path: '/rerankers/:rerankerId' },

  // Agents API: agents
  { method: 'GET', path: V1, kind: 'agents' },
  {
    method: 'POST',
    path: `${V1}/create`,
    kind: 'agents',
    body: (f) => ({
      name: 'fuzzed-agent',
      systemPrompt: 'Answer from the knowledge.',
      models: [{ modelKey: f.llmId, isReasoning: true }],
      tags: ['fuzz'],
      knowledge: [{ connectorId: f.pipelineId, filters: { recordGroups: ['public'] } }],
      toolsets: [{ name: 'slack', tools: [{ name: 'send_message' }] }],
      webSearch: null,
    }),
  },
  { method: 'GET', path: `${V1}/:agentKey`, kind: 'agents' },
  {
    method: 'PUT',
    path: `${V1}/:agentKey`,
    kind: 'agents',
    body: (f) => ({ description: 'fuzzed', knowledge: [{ connectorId: f.pipelineId }], tags: ['x'] }),
  },
  { method: 'DELETE', path: `${V1}/:agentKey`, kind: 'agents' },

  // Agents API: attachments
  {
    method: 'POST',
    path: `${V1}/:agentKey/conversations/attachments/upload`,
    kind: 'agents',
    form: (f) => ({
      fields: { conversationId: f.conversationId },
      files: [
        {
          field: 'files',
          filename: 'notes.md',
          type: 'text/markdown',
          content: '# Notes\nRefunds take 5 days.',
        },
      ],
    }),
  },
  {
    method: 'DELETE',
    path: `${V1}/:agentKey/conversations/attachments/:attachmentId`,
    kind: 'agents-gateway',
  },

  // Agents API: conversations
  { method: 'GET', path: `${V1}/conversations/show/archives`, kind: 'agents' },
  { method: 'GET', path: `${V1}/:agentKey/conversations/show/archives`, kind: 'agents' },
  { method: 'GET', path: `${V1}/:agentKey/conversations`, kind: 'agents' },
  { method: 'GET', path: CONVERSATION, kind: 'agents' },
  {
    method: 'POST',
    path: `${CONVERSATION}/message/:messageId/feedback`,
    kind: 'agents',
    body: () => ({ isHelpful: true, categories: ['excellent_answer'], comments: { positive: 'clear' } }),
  },
  { method: 'POST', path: `${CONVERSATION}/archive`, kind: 'agents' },
  { method: 'POST', path: `${CONVERSATION}/unarchive`, kind: 'agents' },
  { method: 'PATCH', path: `${CONVERSATION}/title`, kind: 'agents', body: () => ({ title: 'fuzzed' }) },
  {
    method: 'PUT',
    path: `${CONVERSATION}/project`,
    kind: 'agents',
    body: () => ({ projectId: '0123456789abcdef01234567' }),
  },
  {
    method: 'PATCH',
    path: `${CONVERSATION}/project-visibility`,
    kind: 'agents',
    body: () => ({ visibility: 'project' }),
  },
  { method: 'DELETE', path: CONVERSATION, kind: 'agents' },

  // Agents API: turns (JSON, then AG-UI streams)
  {
    method: 'POST',
    path: `${V1}/:agentKey/conversations`,
    kind: 'agents',
    body: (f) => ({
      query: 'How long do refunds take?',
      chatMode: 'quick',
      filters: { kb: [f.pipelineId] },
      appliedFilters: { kb: [{ id: f.pipelineId, name: 'fuzz-target' }] },
      // One of the agent's models: a fuzzed one must be refused (400), never fail a saved turn.
      modelKey: f.llmId,
      timezone: 'Europe/Paris',
      currentTime: '2026-01-02T03:04:05Z',
    }),
  },
  {
    method: 'POST',
    path: `${CONVERSATION}/messages`,
    kind: 'agents',
    body: (f) => ({ query: 'And invoices?', attachments: [{ recordId: f.attachmentId }], tools: [] }),
  },
  {
    method: 'POST',
    path: `${V1}/:agentKey/conversations/stream`,
    kind: 'agents-stream',
    body: (f) => ({ query: 'Refunds?', chatMode: 'quick', filters: { kb: [f.pipelineId] } }),
  },
  {
    method: 'POST',
    path: `${CONVERSATION}/messages/stream`,
    kind: 'agents-stream',
    body: () => ({ query: 'Invoices?', chatMode: 'quick', agentCapabilities: { webSearch: false } }),
  },
  {
    method: 'POST',
    path: `${V1}/:agentKey/agui`,
    kind: 'agents-stream',
    body: () => ({
      threadId: 'fuzz-thread',
      runId: '01900000-0000-7000-8000-000000000002',
      messages: [{ id: 'm1', role: 'user', content: 'Refunds?' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    }),
  },
  {
    method: 'POST',
    path: `${CONVERSATION}/message/:messageId/regenerate`,
    kind: 'agents-stream',
    body: () => ({ chatMode: 'quick', timezone: 'UTC' }),
  },
  {
    method: 'POST',
    path: `${CONVERSATION}/cancel`,
    kind: 'agents',
    body: () => ({ runId: '01900000-0000-7000-8000-000000000001' }),
  },

  // MCP (raw Fastify routes: not in Nest's route log)
  { method: 'POST', path: '/mcp', kind: 'mcp' },
  { method: 'GET', path: '/mcp', kind: 'mcp' },
  { method: 'DELETE', path: '/mcp', kind: 'mcp' },

  // The Guided Mind tools (raw Fastify routes too)
  { method: 'POST', path: '/api/v1/mcp', kind: 'guided-mind' },
  { method: 'GET', path: '/api/v1/mcp', kind: 'guided-mind' },
  { method: 'DELETE', path: '/api/v1/mcp', kind: 'guided-mind' },
  { method: 'GET', path: '/api/v1/mcp/sse', kind: 'guided-mind' },
  { method: 'POST', path: '/api/v1/mcp/messages', kind: 'guided-mind' },
  { method: 'GET', path: '/api/v1/mcp/health', kind: 'guided-mind' },

  // The ChatGPT connector's search and fetch (raw Fastify routes, answered as the Guided Mind's)
  { method: 'POST', path: '/mcp/chatgpt', kind: 'guided-mind' },
  { method: 'GET', path: '/mcp/chatgpt', kind: 'guided-mind' },
  { method: 'DELETE', path: '/mcp/chatgpt', kind: 'guided-mind' },
];

/** `{/pipelines/:id, GET}` as Nest logs it, in the table's form with unnamed parameters. */
export const routeKey = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ':')}`;
