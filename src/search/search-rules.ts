/**
 * What any search may ask, checked once in SearchService whichever edge parsed
 * the request: REST answers a failure with 422 `{"detail"}`, MCP with the
 * JSON-RPC error the tools page gives every other failure, both with the same
 * message. The edges check only the shapes of their own input (JSON types,
 * serde's types); these are the rules about values.
 *
 * The limits bound the work one request can cause: the query's length (it is
 * embedded, and a full-text query becomes one tsquery node per word, which
 * PostgreSQL evaluates per candidate row) and the number of fragments and MMR
 * candidates (each candidate's vector is read and compared with every pick).
 */
import { invalid } from '../common/errors';
import { textProblem } from '../common/input-guard';
import { Settings } from '../config/settings';
import { MAX_CLASSIFICATIONS } from '../common/validation';
import { SearchRequest } from './search.types';
import { SearchErrorReason } from './search-errors';

/** What the rules read of a request; its type only when it has one (MCP's `query` has none). */
export type SearchRuleInput = Pick<SearchRequest, 'query' | 'classifications' | 'params'> &
  Partial<Pick<SearchRequest, 'type' | 'rerank'>>;

const WORD = /[\p{L}\p{N}]+/gu;

export function checkSearchRequest(request: SearchRuleInput, limits: Settings['limits']): void {
  const { query, params } = request;
  const problem = textProblem(query);
  if (problem) throw invalid(SearchErrorReason.InvalidQuery, `query: ${problem}`);
  if (query.trim() === '') throw invalid(SearchErrorReason.InvalidQuery, 'query: must not be empty');
  if (query.length > limits.searchQueryMaxChars) {
    throw invalid(
      SearchErrorReason.InvalidQuery,
      `query: must be at most ${limits.searchQueryMaxChars} characters (TROVE_SEARCH_MAX_QUERY_CHARS)`,
    );
  }
  if (
    request.type === 'search' &&
    countWords(query, limits.searchQueryMaxTerms) > limits.searchQueryMaxTerms
  ) {
    throw invalid(
      SearchErrorReason.InvalidQuery,
      `query: a full-text query must hold at most ${limits.searchQueryMaxTerms} words (TROVE_SEARCH_MAX_QUERY_TERMS)`,
    );
  }
  if (request.classifications !== 'all' && request.classifications.values.length > MAX_CLASSIFICATIONS) {
    throw invalid(
      SearchErrorReason.InvalidRequest,
      `classifications: must hold at most ${MAX_CLASSIFICATIONS} names`,
    );
  }
  // Named as the REST body and MCP's arguments name them.
  const bounded = [
    ['k', params.k],
    ['fetch_k', params.fetchK],
    ['candidates', params.candidates],
  ] as const;
  for (const [name, value] of bounded) {
    if ((value ?? 0) > limits.searchMaxK)
      throw invalid(
        SearchErrorReason.InvalidRequest,
        `params.${name}: must be at most ${limits.searchMaxK} (TROVE_SEARCH_MAX_K)`,
      );
  }
  const candidates = request.rerank?.candidates ?? 0;
  if (candidates > limits.searchMaxK)
    throw invalid(
      SearchErrorReason.InvalidRequest,
      `rerank.candidates: must be at most ${limits.searchMaxK} (TROVE_SEARCH_MAX_K)`,
    );
  const lambda = params.lambdaMult;
  if (!(Number.isFinite(lambda) && lambda >= 0 && lambda <= 1)) {
    throw invalid(
      SearchErrorReason.InvalidRequest,
      'params.lambda_mult: must be a number from 0 (diversity) to 1 (relevance), or null',
    );
  }
}

/** Words as the text search parser finds them (runs of letters and digits), counted up to `stop` + 1. */
function countWords(text: string, stop: number): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null && count <= stop) count++;
  return count;
}
