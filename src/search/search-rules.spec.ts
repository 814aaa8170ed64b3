import { invalidMessage } from '../../test/support/domain-errors';
import { loadSettings } from '../config/settings';
import { checkSearchRequest } from './search-rules';
import { DEFAULT_PARAMS, SearchRequest, searchRequest } from './search.types';

const limits = loadSettings({
  TROVE_SEARCH_MAX_QUERY_CHARS: '20',
  TROVE_SEARCH_MAX_QUERY_TERMS: '3',
  TROVE_SEARCH_MAX_K: '10',
}).limits;

const request = (overrides: Partial<SearchRequest>) =>
  searchRequest({ type: 'similarity', query: 'refunds', ...overrides });
const refusal = (overrides: Partial<SearchRequest>) =>
  invalidMessage(() => checkSearchRequest(request(overrides), limits));

describe('checkSearchRequest', () => {
  it('accepts what is within every limit', () => {
    expect(() => checkSearchRequest(request({ query: 'a'.repeat(20) }), limits)).not.toThrow();
    expect(() =>
      checkSearchRequest(request({ type: 'search', query: 'one two-three' }), limits),
    ).not.toThrow();
    expect(() =>
      checkSearchRequest(request({ params: { k: 10, fetchK: 10, lambdaMult: 0, threshold: null } }), limits),
    ).not.toThrow();
  });

  it('refuses empty, NUL and overlong queries', () => {
    expect(refusal({ query: ' \n' })).toBe('query: must not be empty');
    expect(refusal({ query: 'a\u0000' })).toBe('query: must not contain NUL characters (\\u0000)');
    expect(refusal({ query: 'a'.repeat(21) })).toBe(
      'query: must be at most 20 characters (TROVE_SEARCH_MAX_QUERY_CHARS)',
    );
  });

  it('counts words of full-text queries only, as runs of letters and digits', () => {
    expect(refusal({ type: 'search', query: 'one two-three, 4' })).toBe(
      'query: a full-text query must hold at most 3 words (TROVE_SEARCH_MAX_QUERY_TERMS)',
    );
    expect(() => checkSearchRequest(request({ query: 'one two three four' }), limits)).not.toThrow();
  });

  it('bounds k, fetch_k and lambda_mult', () => {
    expect(refusal({ params: { ...DEFAULT_PARAMS, k: 11 } })).toBe(
      'params.k: must be at most 10 (TROVE_SEARCH_MAX_K)',
    );
    expect(refusal({ params: { ...DEFAULT_PARAMS, fetchK: 11 } })).toBe(
      'params.fetch_k: must be at most 10 (TROVE_SEARCH_MAX_K)',
    );
    for (const lambda of [-0.1, 1.5, Number.NaN])
      expect(refusal({ params: { ...DEFAULT_PARAMS, lambdaMult: lambda } })).toBe(
        'params.lambda_mult: must be a number from 0 (diversity) to 1 (relevance), or null',
      );
  });
});
