/**
 * Every Prometheus metric Trove exports, defined in one place so the dashboard
 * (charts/trove/dashboards/trove.json) and the code agree on names.
 *
 * Process and Node.js runtime metrics keep their standard unprefixed names
 * (`process_*`, `nodejs_*`) so stock dashboards and alerts work unchanged.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

// Build: one series, always 1, whose labels say what runs (join on it in queries and dashboards).
export const buildInfo = new Gauge({
  name: 'trove_build_info',
  help: 'The running release: version (package.json) and revision (the source commit of the image).',
  labelNames: ['version', 'revision'] as const,
  registers: [registry],
});

// HTTP
export const httpRequests = new Counter({
  name: 'trove_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
export const httpDuration = new Histogram({
  name: 'trove_http_request_duration_seconds',
  help: 'HTTP request latency, by method, route template and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

// Errors nothing else caught (last-resort.ts): each one is a bug to fix.
export const uncaughtErrors = new Counter({
  name: 'trove_uncaught_errors_total',
  help: 'Errors no code caught (exception: a throw or an unheard error event; rejection: an unhandled promise), logged while the server kept serving.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

// Authentication
export const authSecretHashes = new Counter({
  name: 'trove_auth_secret_hashes_total',
  help: 'Secret hashes (scrypt) computed to authenticate a request: one per failure and per uncached success.',
  registers: [registry],
});
export const authRateLimited = new Counter({
  name: 'trove_auth_rate_limited_total',
  help: 'Authentications refused with 429 after too many failures, by scope (address, key).',
  labelNames: ['scope'] as const,
  registers: [registry],
});

// MCP
export const mcpSessionsOpen = new Gauge({
  name: 'trove_mcp_sessions_open',
  help: 'MCP sessions open in this replica (memory store) or in the database (postgres store).',
  registers: [registry],
});
export const mcpSessionsRefused = new Counter({
  name: 'trove_mcp_sessions_refused_total',
  help: 'MCP initialize requests refused because a session cap was reached, by limit (per_key, total).',
  labelNames: ['limit'] as const,
  registers: [registry],
});
export const mcpRequests = new Counter({
  name: 'trove_mcp_requests_total',
  help: 'MCP JSON-RPC messages received, by method.',
  labelNames: ['method'] as const,
  registers: [registry],
});
export const mcpSseSessionsOpen = new Gauge({
  name: 'trove_mcp_sse_sessions_open',
  help: 'Legacy HTTP+SSE sessions of /api/v1/mcp open in this replica.',
  registers: [registry],
});
export const mcpToolCalls = new Counter({
  name: 'trove_mcp_tool_calls_total',
  help: 'MCP tool calls, by tool and outcome (success, tool_error, rpc_error).',
  labelNames: ['tool', 'outcome'] as const,
  registers: [registry],
});
export const mcpToolDuration = new Histogram({
  name: 'trove_mcp_tool_duration_seconds',
  help: 'MCP tool call latency, by tool.',
  labelNames: ['tool'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

// Search
export const searchDuration = new Histogram({
  name: 'trove_search_duration_seconds',
  help: 'Search latency (embedding excluded), by search type.',
  labelNames: ['type'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
export const searchResults = new Histogram({
  name: 'trove_search_results',
  help: 'Fragments returned per search, by search type.',
  labelNames: ['type'] as const,
  buckets: [0, 1, 2, 5, 10, 20, 50, 100, 500],
  registers: [registry],
});
export const searchRecall = new Histogram({
  name: 'trove_search_recall',
  help: 'Recall of sampled unfiltered index searches: the share of the exact answer they returned (src/fragments/vector-search/recall-tuning.ts).',
  buckets: [0.5, 0.7, 0.8, 0.9, 0.95, 0.97, 0.99, 1],
  registers: [registry],
});
export const searchExactFallbacks = new Counter({
  name: 'trove_search_exact_fallbacks_total',
  help: 'Vector searches that the approximate index could not fill, answered by an exact scan.',
  registers: [registry],
});

// Embeddings
export const embeddingDuration = new Histogram({
  name: 'trove_embedding_duration_seconds',
  help: 'Latency of one embedding call (a batch of texts), by provider.',
  labelNames: ['provider'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
export const embeddingErrors = new Counter({
  name: 'trove_embedding_errors_total',
  help: 'Failed embedding calls (after retries), by provider.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const rerankDuration = new Histogram({
  name: 'trove_rerank_duration_seconds',
  help: 'Latency of one rerank of a search (every batch of its candidates), by provider.',
  labelNames: ['provider'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
export const rerankErrors = new Counter({
  name: 'trove_rerank_errors_total',
  help: 'Failed reranks (after retries), by provider.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

// Evaluations
export const evaluationMetric = new Gauge({
  name: 'trove_evaluation_metric',
  help: "Retrieval quality of each pipeline's last finished evaluation: the mean of each metric at its k, by search (its label).",
  labelNames: ['pipeline', 'search', 'metric'] as const,
  registers: [registry],
});

// Agents and LLMs
export const agentTurns = new Counter({
  name: 'trove_agent_turns_total',
  help: 'Agent turns (one question answered), by result (complete, failed, stopped).',
  labelNames: ['result'] as const,
  registers: [registry],
});
export const streamsCutOff = new Counter({
  name: 'trove_stream_slow_readers_cut_off_total',
  help: 'Event streams cut off because their reader kept more than TROVE_STREAM_BUFFER_BYTES unread for TROVE_STREAM_STALL_SECONDS, by stream (agui, mcp_sse).',
  labelNames: ['stream'] as const,
  registers: [registry],
});
export const llmDuration = new Histogram({
  name: 'trove_llm_request_duration_seconds',
  help: 'Latency of one LLM call, from the request to the last token, by LLM.',
  labelNames: ['model'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [registry],
});
export const llmTimeToFirstToken = new Histogram({
  name: 'trove_llm_time_to_first_token_seconds',
  help: 'Time from an LLM call to its first answer token, by LLM.',
  labelNames: ['model'] as const,
  buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});
export const llmTokens = new Counter({
  name: 'trove_llm_tokens_total',
  help: 'Tokens an LLM reported, by LLM and kind (input, output).',
  labelNames: ['model', 'kind'] as const,
  registers: [registry],
});

// Ingestion
export const ingestedDocuments = new Counter({
  name: 'trove_ingest_documents_total',
  help: 'Documents (versions) stored.',
  registers: [registry],
});
export const ingestedFragments = new Counter({
  name: 'trove_ingest_fragments_total',
  help: 'Fragments stored.',
  registers: [registry],
});
export const vectorIndexBuilds = new Histogram({
  name: 'trove_vector_index_build_seconds',
  help: 'Vector indexes built in the background: how long each build took.',
  buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800],
  registers: [registry],
});
export const vectorIndexPending = new Gauge({
  name: 'trove_vector_index_pending_vectors',
  help: 'Vectors that no index covers yet (searched exactly), as of the last background pass; 0 when every index is up to date.',
  registers: [registry],
});
export const jobs = new Gauge({
  name: 'trove_jobs',
  help: 'Ingestion jobs in the database, by state.',
  labelNames: ['state'] as const,
  registers: [registry],
});

// Files
const PARSE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
export const filesParsed = new Counter({
  name: 'trove_files_parsed_total',
  help: 'Uploaded files read, by detected type and result (parsed, rejected, timeout, failed).',
  labelNames: ['type', 'result'] as const,
  registers: [registry],
});
export const filesParsedBytes = new Counter({
  name: 'trove_files_parsed_bytes_total',
  help: 'Bytes of uploaded files read, by detected type and result.',
  labelNames: ['type', 'result'] as const,
  registers: [registry],
});
export const fileParseDuration = new Histogram({
  name: 'trove_file_parse_duration_seconds',
  help: 'Time to read one file in a parser worker (waiting for a worker excluded), by detected type.',
  labelNames: ['type'] as const,
  buckets: PARSE_BUCKETS,
  registers: [registry],
});

// Database pool
export const dbPoolConnections = new Gauge({
  name: 'trove_db_pool_connections',
  help: 'Database pool connections, by state (total, idle, waiting).',
  labelNames: ['state'] as const,
  registers: [registry],
});

// Operator
export const reconciles = new Counter({
  name: 'trove_reconcile_total',
  help: 'Reconciles run, by kind and result (success, error, requeue).',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});
export const reconcileErrors = new Counter({
  name: 'trove_reconcile_errors_total',
  help: 'Reconciles that failed, by kind.',
  labelNames: ['kind'] as const,
  registers: [registry],
});
export const reconcileDuration = new Histogram({
  name: 'trove_reconcile_duration_seconds',
  help: 'Reconcile latency, by kind.',
  labelNames: ['kind'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
export const leader = new Gauge({
  name: 'trove_operator_leader',
  help: '1 while this replica holds the operator Lease, else 0.',
  registers: [registry],
});
