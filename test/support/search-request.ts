import { DEFAULT_PARAMS, SearchRequest } from '../../src/search/search.types';

/** A valid search request (similarity, `q`, public) for unit specs, with the given changes. */
export const searchRequest = (overrides: Partial<SearchRequest> = {}): SearchRequest => ({
  type: 'similarity',
  query: 'q',
  classifications: { values: ['public'], match: 'hierarchical' },
  params: { ...DEFAULT_PARAMS },
  filters: null,
  distanceStrategy: 'cosine',
  embeddingModelId: null,
  ...overrides,
});
