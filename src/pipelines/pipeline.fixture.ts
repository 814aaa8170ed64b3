/** A pipeline record for unit tests: one hashing vector embedding and full text, ready. */
import { PipelineRecord, VectorEmbedding } from './pipeline';

export const vectorEmbeddingFixture = (id: string, modelId: string, position: number): VectorEmbedding => ({
  id,
  pipelineId: 'p',
  position,
  ready: true,
  model: {
    id: modelId,
    name: modelId,
    provider: 'hashing',
    size: 8,
    parameters: {},
    description: null,
    created_at: new Date(0),
  },
});

export const pipelineFixture = (overrides: Partial<PipelineRecord> = {}): PipelineRecord => ({
  id: 'p',
  name: 'p',
  description: null,
  defaultTextSplitterId: 's',
  defaultVectorEmbeddingId: 've',
  fullTextSearch: true,
  fullTextReady: true,
  fullTextRanking: 'bm25',
  fullTextK1: 1.2,
  fullTextB: 0.75,
  fullTextLanguage: 'english',
  defaultRerankerId: null,
  classifications: ['public'],
  hierarchy: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
  vectorEmbeddings: [vectorEmbeddingFixture('ve', 'm', 0)],
  ...overrides,
});
