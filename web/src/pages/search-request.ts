/**
 * The search playground's form as data, and what it becomes: the REST body, the curl
 * command and the MCP `tools/call` message that run the same search.
 */
import type { DistanceStrategy, SearchHit, SearchParams, SearchRequest, SearchType } from '../api/types';

export const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterRow {
  key: string;
  op: Operator;
  value: string;
}

export interface SearchForm {
  type: SearchType;
  query: string;
  k: string;
  fetchK: string;
  lambda: string;
  threshold: string;
  embedding: string;
  classifications: string[];
  match: 'hierarchical' | 'exact';
  filters: FilterRow[];
  distance: DistanceStrategy;
  /** Hybrid: how the two lists are fused, the vector list's weight, each list's candidates. */
  fusion: 'rrf' | 'weighted';
  alpha: string;
  candidates: string;
  /** A reranker id, or '' for none; how many candidates it scores. */
  reranker: string;
  rerankCandidates: string;
}

/** A typed value: JSON when it parses (numbers, booleans, null, quoted strings), else the text itself. */
function typed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function filterValue(row: FilterRow): unknown {
  if (row.op === '$exists') return row.value.trim() !== 'false';
  if (row.op === '$in' || row.op === '$nin') {
    const parsed = typed(row.value);
    return Array.isArray(parsed) ? parsed : row.value.split(',').map((v) => typed(v.trim()));
  }
  return typed(row.value);
}

/** Rows to a filter: all must hold (`$and` when one key appears twice). */
export function filtersOf(rows: FilterRow[]): Record<string, unknown> | null {
  const used = rows.filter((row) => row.key.trim());
  if (used.length === 0) return null;
  const conditions = used.map((row) => ({ [row.key.trim()]: { [row.op]: filterValue(row) } }));
  const keys = new Set(used.map((row) => row.key.trim()));
  return keys.size === used.length ? Object.assign({}, ...conditions) : { $and: conditions };
}

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function requestOf(form: SearchForm): SearchRequest {
  const params: SearchParams = { k: number(form.k) ?? 5 };
  if (form.type === 'mmr') {
    params.fetch_k = number(form.fetchK) ?? 20;
    params.lambda_mult = number(form.lambda) ?? 0.5;
  }
  if (form.type === 'hybrid') {
    params.fusion = form.fusion;
    const alpha = number(form.alpha);
    if (alpha !== undefined) params.alpha = alpha;
    const candidates = number(form.candidates);
    if (candidates !== undefined) params.candidates = candidates;
  }
  const threshold = number(form.threshold);
  if (threshold !== undefined && form.type !== 'hybrid') params.threshold = threshold;
  if (form.embedding && form.type !== 'search') params.embedding = form.embedding;
  const rerankCandidates = number(form.rerankCandidates);
  return {
    type: form.type,
    query: form.query,
    classifications: { values: form.classifications, match: form.match },
    params,
    filters: filtersOf(form.filters),
    distance_strategy: form.distance,
    ...(form.reranker
      ? {
          rerank: {
            reranker_id: form.reranker,
            ...(rerankCandidates !== undefined ? { candidates: rerankCandidates } : {}),
          },
        }
      : {}),
  };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The same search with curl; the key comes from the environment, never from this page. */
export function curlOf(origin: string, pipelineId: string, request: SearchRequest): string {
  return [
    `curl -s ${origin}/pipelines/${pipelineId}/search`,
    `  -H "x-api-key: $TROVE_API_KEY" -H "x-api-key-secret: $TROVE_API_SECRET"`,
    `  -H 'content-type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(request, null, 2))}`,
  ].join(' \\\n');
}

/**
 * The MCP `search_knowledge` call: hierarchical classifications, cosine, no metadata
 * filter (MCP's search is a subset of REST's); `notes` says what was left out.
 */
export function mcpOf(pipelineId: string, request: SearchRequest): { message: string; notes: string[] } {
  const notes: string[] = [];
  if (request.filters) notes.push('MCP has no metadata filter: the filters are left out.');
  if (request.distance_strategy !== 'cosine') notes.push('MCP always uses cosine distance.');
  if (request.classifications.match === 'exact') notes.push('MCP matches classifications hierarchically.');
  if (request.rerank) notes.push('MCP has no rerank: the search runs without it.');
  // MCP's hybrid publishes only embedding and k: the REST-only ones are left out.
  const { fusion, alpha, rrf_k: rrfK, candidates, ...published } = request.params ?? {};
  const tuned =
    (fusion ?? 'rrf') !== 'rrf' || (alpha ?? 0.5) !== 0.5 || rrfK !== undefined || candidates !== undefined;
  if (request.type === 'hybrid' && tuned)
    notes.push("MCP's hybrid takes only embedding and k: it fuses with the defaults.");
  const message = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'search_knowledge',
      arguments: {
        pipeline_id: pipelineId,
        query: request.query,
        classifications: request.classifications.values,
        type: request.type,
        params: published,
      },
    },
  };
  return { message: JSON.stringify(message, null, 2), notes };
}

/** What a hit's score is, by the search that scored it. */
export function scoreName(type: SearchType, reranked: boolean): string {
  if (reranked) return 'relevance';
  return type === 'search' ? 'rank' : type === 'hybrid' ? 'fused score' : 'distance';
}

/**
 * How close a hit is, 0 to 1, for its bar: distances shrink towards 1; ranks, fused
 * scores and a reranker's relevance grow against the best.
 */
export function closeness(
  hit: SearchHit,
  type: SearchType,
  distance: DistanceStrategy,
  best: number,
  reranked = false,
): number {
  const clamp = (v: number) => Math.max(0, Math.min(1, v));
  if (type === 'search' || type === 'hybrid' || reranked) return best > 0 ? clamp(hit.score / best) : 0;
  if (distance === 'cosine') return clamp(1 - hit.score / 2);
  if (distance === 'inner_product') return clamp(-hit.score);
  return clamp(1 / (1 + hit.score));
}
