/**
 * How a vector search is run, decided from what is known of its vector embedding and
 * scope before it runs. Pure: the sizes come from `VectorSearch` (vector-search.ts),
 * and the SQL of each mode from `VectorScanRepository` (vector-scan.repository.ts).
 *
 * An HNSW scan returns about `hnsw.ef_search` candidates and filters them afterwards,
 * so a selective scope (a metadata filter, fewer classifications) could leave fewer
 * than k rows although k exist. So: a vector embedding or a scope small enough
 * (TROVE_EXACT_SEARCH_BELOW) is searched exactly, which costs about what the index
 * does at that size and is exact; an indexed scan is iterative (pgvector 0.8) and
 * keeps more candidates when the scope is selective; and a scan that comes back short
 * is rerun exactly (vector-search.ts). docs/benchmarks.md measures each of these.
 */
import { DistanceStrategy, VectorQuery } from '../fragment';
import { impliesContainment } from '../metadata-filter';
import { MAX_EF_SEARCH } from './recall-tuning';

/**
 * `indexed`: through the vector embedding's index; `exact`: a scan of the scope, which no
 * index orders; `exact-if-small`: in one statement, exactly when the scope holds at most
 * TROVE_EXACT_SEARCH_BELOW fragments and through the index otherwise.
 */
export type ScanMode = 'indexed' | 'exact' | 'exact-if-small';

/**
 * The vector embeddings' HNSW indexes are built with vector_cosine_ops. They serve the
 * other strategies too when the vector embedding's vectors all have unit length:
 * cosine, euclidean and inner-product distance then order them alike.
 */
export const INDEXED_STRATEGY: DistanceStrategy = 'cosine';

/**
 * hnsw.ef_search keeps at least this many candidates per result asked for, so that k 10
 * and an MMR's fetch_k 50 are about as complete.
 */
const EF_PER_RESULT = 4;

/**
 * Candidates an index scan keeps per result when its order or its scope is not the
 * answer's: the iterative scan's later rounds of a selective scope are less exact, the
 * index orders another strategy by cosine, and a halfvec index by half-precision
 * distances; the nearest of four times k recovers what they miss.
 */
export const OVERFETCH = 4;

/**
 * An exact search of a scope that is not selective first takes at least this many
 * nearest vectors of the whole vector embedding (one pass without a join), then keeps
 * those in scope; only if fewer than k are in scope does it search the scope's vectors,
 * as a selective search does.
 */
export const NEAREST_FIRST = 100;

/**
 * A filter whose matches no index finds is counted, and searched exactly if it has few,
 * only when the pipeline's fragments of its classifications number at most this many
 * times TROVE_EXACT_SEARCH_BELOW: counting evaluates the filter on each of those rows,
 * and beyond that the count could cost more than the index scan it would save.
 */
export const SCOPE_PROBE_FACTOR = 5;

/** What the plan knows of a query's vector embedding and scope (counts are capped). */
export interface ScanSizes {
  /** Vectors of the vector embedding, counted up to one more than the threshold. */
  vectors: number;
  /** Live fragments of the scope's classifications (its filter aside); Infinity when not counted. */
  scope: number;
  /** Whether the vector embedding's vectors all have unit length (any index serves every strategy). */
  unit?: boolean;
}

/**
 * The mode for a query, from its sizes and the exact-search threshold (0: never exact by
 * size). Exactly: a strategy the index cannot order (not cosine, vectors not all of unit
 * length), a small vector embedding, a small scope. A metadata filter's matches are
 * counted in the statement that searches them (exact-if-small) when the metadata index
 * finds them (the filter implies a containment), or in a scope of at most
 * SCOPE_PROBE_FACTOR times the threshold. Anything else through the index.
 */
export function planScan(
  query: Pick<VectorQuery, 'strategy' | 'filter'>,
  sizes: ScanSizes,
  threshold: number,
): ScanMode {
  if (query.strategy !== INDEXED_STRATEGY && sizes.unit !== true) return 'exact';
  if (threshold === 0) return 'indexed';
  if (sizes.vectors <= threshold || sizes.scope <= threshold) return 'exact';
  if (query.filter === null) return 'indexed';
  return impliesContainment(query.filter) || sizes.scope <= SCOPE_PROBE_FACTOR * threshold
    ? 'exact-if-small'
    : 'indexed';
}

/** Whether the scope needs counting for the plan: only a selective one past the threshold. */
export function needsScopeSize(query: Pick<VectorQuery, 'selective'>, vectors: number, threshold: number) {
  return query.selective && vectors > threshold;
}

/**
 * hnsw.ef_search for a query of `limit` results before recall tuning: at least the
 * configured floor and EF_PER_RESULT candidates per result, at most pgvector's 1000.
 */
export function efSearch(floor: number, limit: number): number {
  return Math.min(MAX_EF_SEARCH, Math.max(floor, EF_PER_RESULT * limit));
}

/**
 * How many candidates an index scan keeps before the nearest `limit` are taken: OVERFETCH
 * times as many when the index's order or its first round is not the answer's (see there).
 */
export function indexCandidates(
  query: Pick<VectorQuery, 'selective' | 'strategy' | 'limit'>,
  indexType: 'vector' | 'halfvec' | null,
): number {
  const overfetch = query.selective || query.strategy !== INDEXED_STRATEGY || indexType !== 'vector';
  return overfetch ? OVERFETCH * query.limit : query.limit;
}
