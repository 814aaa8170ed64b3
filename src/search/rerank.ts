/**
 * A rerank of a search: its best `candidates` results (3 × k, at least MIN_CANDIDATES,
 * unless the request says), each scored against the query by a reranker, and the k most
 * relevant of them returned with the reranker's relevance as their score, descending
 * (ties by id). The first search's threshold still decides which candidates there are.
 */
import { SearchRequest } from './search.types';

export const CANDIDATES_PER_RESULT = 3;
export const MIN_CANDIDATES = 20;

/** How many candidates the first search of a reranked request returns. */
export function rerankCandidates(request: SearchRequest): number {
  const { k } = request.params;
  return request.rerank?.candidates ?? Math.max(CANDIDATES_PER_RESULT * k, MIN_CANDIDATES);
}
