import { parseSearchBody } from './search.dto';

const base = { type: 'similarity', query: 'refunds', classifications: ['internal'] };
const fail = (body: unknown) => {
  try {
    parseSearchBody(body);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('parseSearchBody', () => {
  it('applies the published defaults without params', () => {
    const request = parseSearchBody(base);
    expect(request.params).toEqual({ k: 5, fetchK: 10, lambdaMult: 0.5, threshold: null });
    expect(request.distanceStrategy).toBe('cosine');
    expect(request.filters).toBeNull();
    expect(request.embeddingModelId).toBeNull();
    expect(parseSearchBody({ ...base, params: null }).params.k).toBe(5);
  });

  it('makes an omitted k and fetch_k 0 when params is present, lambda 0.5', () => {
    expect(parseSearchBody({ ...base, type: 'mmr', params: {} }).params).toEqual({
      k: 0,
      fetchK: 0,
      lambdaMult: 0.5,
      threshold: null,
    });
    expect(parseSearchBody({ ...base, type: 'mmr', params: { k: 3, lambda_mult: null } }).params).toEqual({
      k: 3,
      fetchK: 0,
      lambdaMult: 0.5,
      threshold: null,
    });
  });

  it('reads every classification form', () => {
    expect(parseSearchBody({ ...base, classifications: 'public' }).classifications).toEqual({
      values: ['public'],
      match: 'hierarchical',
    });
    expect(parseSearchBody({ ...base, classifications: [] }).classifications).toEqual({
      values: [],
      match: 'hierarchical',
    });
    expect(parseSearchBody({ ...base, classifications: { values: ['a'] } }).classifications).toEqual({
      values: ['a'],
      match: 'hierarchical',
    });
    expect(
      parseSearchBody({ ...base, classifications: { values: ['a'], match: 'exact' } }).classifications,
    ).toEqual({
      values: ['a'],
      match: 'exact',
    });
  });

  it('takes params.embedding as the embedding model id', () => {
    const id = '01900000-0000-7000-8000-000000000002';
    expect(parseSearchBody({ ...base, params: { embedding: id.toUpperCase() } }).embeddingModelId).toBe(id);
  });

  it.each([
    [null, 'body: expected a JSON object'],
    [
      { ...base, filter: {} },
      'filter: unknown field; expected type, query, classifications, params, filters, distance_strategy, rerank',
    ],
    [{ ...base, type: 'vector' }, 'type: must be one of similarity, mmr, search, hybrid, history'],
    [{ ...base, type: 'query' }, 'type: must be one of similarity, mmr, search, hybrid, history'],
    [{ ...base, query: 5 }, 'query: is required and must be a string'],
    [{ ...base, classifications: 5 }, 'classifications: expected a name, an array of names'],
    [{ ...base, classifications: ['a', 1] }, 'classifications[1]: expected a classification name'],
    [{ ...base, classifications: { values: 'a' } }, 'classifications.values: expected an array'],
    [
      { ...base, classifications: { values: ['a'], match: 'fuzzy' } },
      'classifications.match: must be hierarchical or exact',
    ],
    [{ ...base, classifications: { names: ['a'] } }, 'classifications.names: unknown field'],
    [{ ...base, params: [] }, 'params: expected an object'],
    [{ ...base, params: { k: -1 } }, 'params.k: must be an integer from 0 to 65535'],
    [{ ...base, params: { k: 65536 } }, 'params.k: must be an integer from 0 to 65535'],
    [{ ...base, params: { k: 2.5 } }, 'params.k: must be an integer from 0 to 65535'],
    [{ ...base, params: { k: '5' } }, 'params.k: must be an integer from 0 to 65535'],
    [
      { ...base, type: 'mmr', params: { fetch_k: 70000 } },
      'params.fetch_k: must be an integer from 0 to 65535',
    ],
    [
      { ...base, params: { fetch_k: 5 } },
      'params.fetch_k: not a parameter of type similarity; expected embedding, k, threshold',
    ],
    [
      { ...base, type: 'search', params: { embedding: null } },
      'params.embedding: not a parameter of type search',
    ],
    [{ ...base, type: 'mmr', params: { lambda_mult: '2' } }, 'params.lambda_mult: must be a number or null'],
    [{ ...base, params: { threshold: 'near' } }, 'params.threshold: must be a number or null'],
    [{ ...base, params: { embedding: 'abc' } }, 'params.embedding: must be an embedding model UUID or null'],
    [
      { ...base, distance_strategy: 'manhattan' },
      'distance_strategy: must be one of cosine, euclidean, inner_product',
    ],
    [{ ...base, filters: { a: { $regex: 'x' } } }, "filters.a.$regex: unknown operator '$regex'"],
  ])('refuses %j with "%s"', (body, message) => {
    expect(fail(body).startsWith(message)).toBe(true);
  });
});
