/**
 * A rerank of a search: its best `candidates` results (3 × k, at least MIN_CANDIDATES,
 * unless the request says), each scored against the query by a reranker, and the k most
 * relevant of them returned with the reranker's relevance as their score, descending
 * (ties by id). The first search's threshold still decides which candidates there are.
 */
import { SearchFragment, SearchRequest } from './search.types';

export const CANDIDATES_PER_RESULT = 3;
export const MIN_CANDIDATES = 20;

/** How many candidates the first search of a reranked request returns. */
export function rerankCandidates(request: SearchRequest): number {
  const { k } = request.params;
  return request.rerank?.candidates ?? Math.max(CANDIDATES_PER_RESULT * k, MIN_CANDIDATES);
}

/** The `k` most relevant of `candidates`, given each one's relevance (in the candidates' order). */
export function byRelevance(candidates: SearchFragment[], relevances: number[], k: number): SearchFragment[] {
  return candidates
    .map((fragment, i) => ({ ...fragment, score: relevances[i] }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, k);
}
