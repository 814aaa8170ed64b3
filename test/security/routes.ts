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
  /** A file of the /docs reference (`init.js`). */
  docsAsset: string;
}

/** How a route answers: REST (`{"detail"}` errors, JSON bodies), REST with a text body, or the MCP transport. */
export type RouteKind = 'rest' | 'rest-text' | 'mcp';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:fixtureKey` parameters, e.g. `/pipelines/:pipelineId/documents`. */
  path: string;
  kind?: RouteKind;
  /** A valid body, which the fuzzer mutates; none for routes without a body. */
  body?: (fixture: Fixture) => unknown;
}

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
  { method: 'GET', path: '/api_keys/:keyId' },
  { method: 'PATCH', path: '/api_keys/:keyId', body: () => ({ name: 'renamed', disabled: false }) },
  { method: 'POST', path: '/api_keys/:keyId/rotate' },
  { method: 'DELETE', path: '/api_keys/:keyId' },

  // Catalogue
  { method: 'GET', path: '/embedding_providers' },
  { method: 'GET', path: '/embedding_models' },
  {
    method: 'POST',
    path: '/embedding_models',
    body: () => ({ name: 'fuzzed-model', provider: 'hashing', size: 8, parameters: { ngram: 2 } }),
  },
  { method: 'GET', path: '/embedding_models/:modelId' },
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
    body: () => ({ name: 'fuzzed-pipeline', classifications: ['a', 'b'], hierarchy: [['a', 'b']] }),
  },
  { method: 'GET', path: '/pipelines/:pipelineId' },
  { method: 'PATCH', path: '/pipelines/:pipelineId', body: () => ({ description: 'fuzzed' }) },
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
  { method: 'DELETE', path: '/pipelines/:pipelineId/documents/:documentId' },
  { method: 'GET', path: '/jobs/:jobId' },

  // Search
  {
    method: 'POST',
    path: '/pipelines/:pipelineId/search',
    body: () => ({
      type: 'mmr',
      query: 'fuzzed',
      classifications: { values: ['internal'], match: 'hierarchical' },
      params: { k: 3, fetch_k: 6, lambda_mult: 0.5 },
      filters: { n: { $gte: 1 } },
    }),
  },

  // MCP (raw Fastify routes: not in Nest's route log)
  { method: 'POST', path: '/mcp', kind: 'mcp' },
  { method: 'GET', path: '/mcp', kind: 'mcp' },
  { method: 'DELETE', path: '/mcp', kind: 'mcp' },
];

/** `{/pipelines/:id, GET}` as Nest logs it, in the table's form with unnamed parameters. */
export const routeKey = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ':')}`;
