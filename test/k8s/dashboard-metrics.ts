/**
 * The metric names the Grafana dashboard (charts/trove/dashboards/trove.json) queries.
 *
 * Exported for two checks: test/k8s/dashboard.test.ts compares them with the list Trove
 * promises to export (TROVE_METRIC_NAMES below), and an integration test compares them
 * with a running Trove's /metrics. A name here is the series name as Prometheus stores
 * it, so histograms appear as `<name>_bucket`.
 */

/** The series the dashboard may use: Trove's own metrics plus prom-client's defaults. */
export const TROVE_METRIC_NAMES: readonly string[] = [
  'trove_http_requests_total',
  'trove_http_request_duration_seconds_bucket',
  'trove_mcp_sessions_open',
  'trove_mcp_requests_total',
  'trove_mcp_tool_calls_total',
  'trove_mcp_tool_duration_seconds_bucket',
  'trove_search_duration_seconds_bucket',
  'trove_search_results_bucket',
  'trove_search_exact_fallbacks_total',
  'trove_search_recall_sum',
  'trove_search_recall_count',
  'trove_evaluation_metric',
  'trove_embedding_duration_seconds_bucket',
  'trove_embedding_errors_total',
  'trove_agent_turns_total',
  'trove_llm_request_duration_seconds_bucket',
  'trove_llm_time_to_first_token_seconds_bucket',
  'trove_llm_tokens_total',
  'trove_ingest_documents_total',
  'trove_ingest_fragments_total',
  'trove_jobs',
  'trove_files_parsed_total',
  'trove_files_parsed_bytes_total',
  'trove_file_parse_duration_seconds_bucket',
  'trove_db_pool_connections',
  'trove_reconcile_total',
  'trove_reconcile_errors_total',
  'trove_reconcile_duration_seconds_bucket',
  'trove_operator_leader',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_p99_seconds',
];

// PromQL words that look like identifiers but are not metric names.
const KEYWORDS = new Set([
  'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless',
  'offset', 'atan2', 'inf', 'nan',
]);

/**
 * Metric names in one PromQL expression. Strips what can hold identifiers that are not
 * metric names (string literals, label matchers, grouping clauses, range selectors,
 * Grafana variables), then keeps the identifiers that are not function calls or keywords.
 */
export function metricNamesInExpr(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const after = stripped.slice((match.index ?? 0) + name.length);
    if (/^\s*\(/.test(after)) continue; // a function call
    if (KEYWORDS.has(name.toLowerCase())) continue;
    if (/^\d/.test(stripped.slice((match.index ?? 0) - 1, match.index ?? 0))) continue; // 5m, 1e3
    names.add(name);
  }
  return [...names];
}

/** The metric a templating query such as `label_values(metric{...}, label)` reads. */
function metricNamesInVariableQuery(query: string): string[] {
  const labelValues = /^\s*label_values\(\s*([\s\S]*),\s*[A-Za-z_][A-Za-z0-9_]*\s*\)\s*$/.exec(query);
  if (labelValues) return metricNamesInExpr(labelValues[1]);
  const queryResult = /^\s*query_result\(([\s\S]*)\)\s*$/.exec(query);
  if (queryResult) return metricNamesInExpr(queryResult[1]);
  return [];
}

/**
 * Every metric name used by a Grafana dashboard: in each panel target's `expr` (nested
 * rows included) and in each query variable. Sorted, without duplicates.
 */
export function metricNamesInDashboard(json: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'expr' && typeof value === 'string') metricNamesInExpr(value).forEach((n) => names.add(n));
      else visit(value);
    }
  };
  const dashboard = json as { panels?: unknown; rows?: unknown; templating?: { list?: unknown[] } };
  visit(dashboard.panels);
  visit(dashboard.rows);
  for (const variable of dashboard.templating?.list ?? []) {
    const v = variable as { type?: string; query?: unknown };
    if (v.type !== 'query') continue;
    const query = typeof v.query === 'string' ? v.query : (v.query as { query?: string } | undefined)?.query;
    if (typeof query === 'string') metricNamesInVariableQuery(query).forEach((n) => names.add(n));
  }
  return [...names].sort();
}
