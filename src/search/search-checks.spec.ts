import { ErrorCode } from '../common/errors';
import { pipelineFixture } from '../pipelines/pipeline.fixture';
import { retrievalType } from './search-checks';
import { distanceRelevance } from './search-hit';

const pipeline = pipelineFixture;
const model = pipelineFixture().vectorEmbeddings[0].model;

describe('the search that answers a question (retrievalType)', () => {
  it('is hybrid with full text and a model ready, else the one ready', () => {
    expect(retrievalType(pipeline({}))).toBe('hybrid');
    expect(retrievalType(pipeline({ fullTextSearch: false }))).toBe('similarity');
    expect(retrievalType(pipeline({ fullTextReady: false }))).toBe('similarity');
    expect(retrievalType(pipeline({ vectorEmbeddings: [], defaultVectorEmbeddingId: null }))).toBe('search');
    const building = [{ id: 've', pipelineId: 'p', position: 0, model, ready: false }];
    expect(retrievalType(pipeline({ vectorEmbeddings: building }))).toBe('search');
  });

  it('refuses a pipeline with nothing ready as a search of it would', () => {
    const building = [{ id: 've', pipelineId: 'p', position: 0, model, ready: false }];
    expect(() => retrievalType(pipeline({ vectorEmbeddings: building, fullTextSearch: false }))).toThrow(
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
