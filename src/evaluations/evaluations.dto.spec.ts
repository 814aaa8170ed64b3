import { DomainError } from '../common/errors';
import { parseEvaluationBody } from './evaluations.dto';

const queries = [{ id: 'q1', query: 'refunds', relevant: [{ external_id: 'refunds' }] }];
const refusal = (body: unknown) => {
  try {
    parseEvaluationBody(body);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return `${(error as DomainError).code}: ${(error as Error).message}`;
  }
  throw new Error('accepted');
};

describe('the body of an evaluation', () => {
  it('gives each search the evaluation k and classifications unless it says, and a label from its type', () => {
    const parsed = parseEvaluationBody({
      name: 'n',
      k: 7,
      classifications: ['public'],
      queries,
      searches: [
        { type: 'similarity' },
        { type: 'mmr', params: { lambda_mult: 0.3 } },
        { type: 'hybrid', params: { k: 3, fusion: 'weighted', alpha: 0.25 } },
        { type: 'hybrid', rerank: { reranker_id: '0193A000-0000-7000-8000-00000000A0A0' } },
        { type: 'similarity' },
        { type: 'search', label: 'BM25' },
      ],
    });
    expect(parsed.searches.map((s) => s.label)).toEqual([
      'similarity',
      'mmr',
      'hybrid (weighted, alpha 0.25)',
      'hybrid (rrf) + rerank',
      'similarity #2',
      'BM25',
    ]);
    expect(parsed.searches[0].body).toEqual({
      type: 'similarity',
      classifications: ['public'],
      params: { k: 7 },
    });
    expect(parsed.searches[1].body).toEqual({
      type: 'mmr',
      classifications: ['public'],
      params: { lambda_mult: 0.3, k: 7, fetch_k: 14 },
    });
    expect(parsed.searches[2].request.params.k).toBe(3);
    expect(parsed.searches[3].request.rerank?.rerankerId).toBe('0193a000-0000-7000-8000-00000000a0a0');
    expect(parsed.searches[5].body).not.toHaveProperty('label');
    expect(parsed.queries[0].relevant).toEqual([{ external_id: 'refunds', grade: 1 }]);
  });

  it('refuses a search as the REST search does, naming it in the evaluation', () => {
    const body = (search: unknown) => ({
      name: 'n',
      classifications: 'public',
      queries,
      searches: [{ type: 'search' }, search],
    });
    expect(refusal(body({ type: 'similarity', params: { fetch_k: 3 } }))).toBe(
      'invalid_argument: searches[1].params.fetch_k: not a parameter of type similarity; expected embedding, k, threshold',
    );
    expect(refusal(body({ type: 'search', query: 'x' }))).toMatch(
      /^invalid_argument: searches\[1\]\.query: /,
    );
    expect(refusal(body({ type: 'search', classifications: 'x' }))).toBe(
      'invalid_argument: searches[1].classifications: given at the top of the evaluation already',
    );
    // A label given wins over the one another search would have had.
    expect(
      parseEvaluationBody(body({ type: 'search', label: 'search' })).searches.map((s) => s.label),
    ).toEqual(['search #2', 'search']);
  });
});
