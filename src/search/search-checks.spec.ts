import { ErrorCode } from '../common/errors';
import { PipelineRecord } from '../pipelines/pipeline';
import { retrievalType } from './search-checks';
import { distanceRelevance } from './search-hit';

const model = {
  id: 'm',
  name: 'm',
  provider: 'hashing',
  size: 3,
  parameters: {},
  description: null,
  created_at: new Date(),
};
const pipeline = (overrides: Partial<PipelineRecord>): PipelineRecord => ({
  id: 'p',
  name: 'p',
  description: null,
  default_text_splitter_id: 's',
  default_vector_embedding_id: 've',
  full_text_search: true,
  full_text_ready: true,
  full_text_ranking: 'bm25',
  full_text_k1: 1.2,
  full_text_b: 0.75,
  full_text_language: 'english',
  default_reranker_id: null,
  classifications: ['public'],
  hierarchy: [],
  created_at: new Date(),
  updated_at: new Date(),
  vectorEmbeddings: [{ id: 've', pipeline_id: 'p', position: 0, model, ready: true }],
  ...overrides,
});

describe('the search that answers a question (retrievalType)', () => {
  it('is hybrid with full text and a model ready, else the one ready', () => {
    expect(retrievalType(pipeline({}))).toBe('hybrid');
    expect(retrievalType(pipeline({ full_text_search: false }))).toBe('similarity');
    expect(retrievalType(pipeline({ full_text_ready: false }))).toBe('similarity');
    expect(retrievalType(pipeline({ vectorEmbeddings: [], default_vector_embedding_id: null }))).toBe(
      'search',
    );
    const building = [{ id: 've', pipeline_id: 'p', position: 0, model, ready: false }];
    expect(retrievalType(pipeline({ vectorEmbeddings: building }))).toBe('search');
  });

  it('refuses a pipeline with nothing ready as a search of it would', () => {
    const building = [{ id: 've', pipeline_id: 'p', position: 0, model, ready: false }];
    expect(() => retrievalType(pipeline({ vectorEmbeddings: building, full_text_search: false }))).toThrow(
      expect.objectContaining({ code: ErrorCode.Conflict }),
    );
  });
});

describe('relevance of a hit', () => {
  it('is the similarity a distance stands for', () => {
    expect(distanceRelevance(0.25, 'cosine')).toBe(0.75);
    expect(distanceRelevance(1.5, 'cosine')).toBe(0);
    expect(distanceRelevance(-0.8, 'inner_product')).toBe(0.8);
    expect(distanceRelevance(1, 'euclidean')).toBe(0.5);
  });
});
