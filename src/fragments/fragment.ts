/**
 * Fragments as the fragments module hands them to others: their text opened, their
 * version a number. The rows themselves (sealed content, bigint versions) stay in
 * fragments.repository.ts.
 */
import { MetadataFilter } from './metadata-filter';

export interface Fragment {
  id: string;
  documentId: string;
  orderId: number;
  version: number;
  classification: string;
  metadata: Record<string, unknown>;
  /** The opened text ('' for a fragment stored without any). */
  text: string;
  expiredAt: Date | null;
}

/** A fragment about to be stored, its text already sealed (FragmentsService.seal). */
export interface NewFragment {
  sealed: SealedFragment;
  documentId: string;
  orderId: number;
  version: number;
  classification: string;
  metadata: Record<string, unknown>;
  /** The plaintext, only for pipelines with full-text search (it becomes lexemes, never stored as text). */
  text: string | null;
}

/** A new fragment's id and its text, sealed to that id. */
export interface SealedFragment {
  id: string;
  content: Buffer;
  keyId: string;
}

/** When a version of a document was stored, and its classification. */
export interface VersionStart {
  version: number;
  classification: string;
  /** When the version was stored (its fragments' creation time). */
  startedAt: Date;
}

/** One stored version of a document, summed over its fragments. */
export interface VersionSummary extends VersionStart {
  /** When the version stopped being current (its fragments' expiry); null while it is. */
  expiredAt: Date | null;
  fragmentCount: number;
}

/** Where a search looks: live fragments of one pipeline, of these classifications, matching the filter. */
export interface SearchScope {
  pipelineId: string;
  classifications: string[];
  filter: MetadataFilter | null;
}

export type DistanceStrategy = 'cosine' | 'euclidean' | 'inner_product';

export interface VectorQuery extends SearchScope {
  vectorEmbeddingId: string;
  size: number;
  vector: number[];
  strategy: DistanceStrategy;
  limit: number;
  /**
   * Whether the scope is narrower than the vector embedding's rows: a metadata filter,
   * or not all of the pipeline's classifications. An index scan then keeps more candidates.
   */
  selective: boolean;
}

/** A fragment found by a search, with its distance (vectors) or rank (full text). */
export interface ScoredFragment {
  fragment: Fragment;
  score: number;
}

/** A fragment found by full text: its rank, and how much of the query it answers, 0..1 (full-text.repository.ts). */
export interface RankedFragment extends ScoredFragment {
  relevance: number;
}

/** An MMR candidate: a nearest fragment's id, distance and stored vector, its text left unread. */
export interface VectorCandidate {
  id: string;
  distance: number;
  embedding: number[];
}

/** How a pipeline's full text is searched: its ranking, BM25's parameters, its text search configuration. */
export interface FullTextSettings {
  ranking: 'bm25' | 'ts_rank';
  k1: number;
  b: number;
  /** A PostgreSQL text search configuration (`english`, `simple`, `german`, ...). */
  language: string;
}
