/**
 * The search request as the service takes it, after each edge has parsed its own
 * input (REST body, MCP arguments, an agent's turn, rag_search). Every edge builds it
 * with `searchRequest`, and one SearchService answers them all.
 */
import { DistanceStrategy } from '../fragments/fragment';
import { MetadataFilter } from '../fragments/metadata-filter';
import { FusionParameters } from './fusion';

/** The search types: `hybrid` and `history` are published placeholders (501). */
export type SearchType = 'similarity' | 'mmr' | 'search' | 'hybrid' | 'history';

export interface SearchParams {
  /** 0..65535: the number of fragments to return. */
  k: number;
  /** 0..65535: MMR candidates. */
  fetchK: number;
  /** MMR balance, relevance 1 .. diversity 0. */
  lambdaMult: number;
  /** Max distance (similarity, MMR) or min rank (full text); null: none. */
  threshold: number | null;
  /** Hybrid: how its two lists are fused (REST only; defaults in fusion.ts). */
  fusion?: Partial<FusionParameters>;
  /** Hybrid: how many candidates each leg takes (null or absent: see search.service.ts). */
  candidates?: number | null;
}

/** Defaults when no `params` object is sent at all (MCP page, "Default without params"). */
export const DEFAULT_PARAMS: SearchParams = { k: 5, fetchK: 10, lambdaMult: 0.5, threshold: null };
/** When `params` is present, an omitted k or fetch_k is 0 and an omitted lambda_mult 0.5. */
export const PRESENT_PARAMS_BASE: SearchParams = { k: 0, fetchK: 0, lambdaMult: 0.5, threshold: null };

export interface ClassificationQuery {
  values: string[];
  match: 'hierarchical' | 'exact';
}

export interface SearchRequest {
  type: SearchType;
  query: string;
  /**
   * `all`: every classification of the pipeline (an agent's knowledge that names
   * none); like any other request, narrowed to the key's allow-list.
   */
  classifications: ClassificationQuery | 'all';
  params: SearchParams;
  filters: MetadataFilter | null;
  distanceStrategy: DistanceStrategy;
  /** An embedding MODEL id (not a vector embedding id); null: the pipeline's default. */
  embeddingModelId: string | null;
  /** A rerank of the search's candidates (`candidates` of them; null: see rerank.ts), or none. */
  rerank: { rerankerId: string; candidates: number | null } | null;
}

/**
 * A search request: the type and query, and whatever the edge sets of the rest; the
 * others are the defaults of a search sent without them (every classification of the
 * pipeline, the default params, no filter, cosine, the default model).
 */
export function searchRequest(
  fields: Pick<SearchRequest, 'type' | 'query'> & Partial<SearchRequest>,
): SearchRequest {
  return {
    classifications: 'all',
    params: { ...DEFAULT_PARAMS },
    filters: null,
    distanceStrategy: 'cosine',
    embeddingModelId: null,
    rerank: null,
    ...fields,
  };
}

/** Whether a search of this type embeds its query. */
export const embedsQuery = (type: SearchType) => type === 'similarity' || type === 'mmr' || type === 'hybrid';
