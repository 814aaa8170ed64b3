/**
 * A search's results as the service passes them between its steps and hands them to
 * other modules: each fragment with its `score` (the type's: a distance, a rank, a fused
 * score, a reranker's relevance), with what the edges that rank across pipelines or show
 * a relevance need besides (agents' citations, rag_search):
 *
 *  - `relevance`, 0..1, higher is better, comparable across queries and pipelines: the
 *    reranker's relevance when the hits were reranked; for similarity and MMR, the
 *    cosine similarity (1 - the cosine distance; other strategies 1 / (1 + distance));
 *    for full text, how much of the query the fragment holds (BM25's score over the
 *    score of a fragment holding each query word once: full-text.repository.ts); for
 *    hybrid, the higher of its two searches' (the fusion orders, this measures);
 *  - `foundBy`: the searches that found it ('similarity', 'search') and 'rerank' when
 *    a reranker scored it.
 */
import { sortKeysDeep } from '../common/sort-keys';
import { DistanceStrategy, Fragment } from '../fragments/fragment';
import { SearchFragment } from './search.wire';

export type FoundBy = 'similarity' | 'search' | 'rerank';

/** A fragment found by a search, with the score its type gave it. */
export type ScoredFragment = Fragment & { score: number };

export interface SearchHit {
  fragment: ScoredFragment;
  relevance: number;
  foundBy: FoundBy[];
}

/**
 * One result as the wire shows it, at the edges that answer with fragments (the REST
 * search, search_knowledge): keys in alphabetical order, `page_content` absent when empty.
 * A search returns live fragments only, so `expired_at` is always null.
 */
export function present(fragment: ScoredFragment): SearchFragment {
  return {
    classification: fragment.classification,
    document_id: fragment.documentId,
    expired_at: null,
    id: fragment.id,
    metadata: sortKeysDeep(fragment.metadata),
    order_id: fragment.orderId,
    ...(fragment.text === '' ? {} : { page_content: fragment.text }),
    score: fragment.score,
    version: fragment.version,
  };
}

export const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The relevance of a fragment at `distance`, by the strategy that measured it. */
export function distanceRelevance(distance: number, strategy: DistanceStrategy): number {
  if (strategy === 'cosine') return clamp01(1 - distance);
  if (strategy === 'inner_product') return clamp01(-distance);
  return 1 / (1 + Math.max(0, distance));
}
