import { NEEDS_MODEL_OR_FULL_TEXT, planIndexes } from './index-plan';
import { PipelineRecord } from './pipeline';
import { pipelineFixture, vectorEmbeddingFixture } from './pipeline.fixture';

const vectorEmbedding = vectorEmbeddingFixture;
const pipeline = (overrides: Partial<PipelineRecord> = {}): PipelineRecord =>
  pipelineFixture({
    defaultVectorEmbeddingId: 've-a',
    fullTextSearch: false,
    vectorEmbeddings: [vectorEmbedding('ve-a', 'a', 0), vectorEmbedding('ve-b', 'b', 1)],
    ...overrides,
  });

function ids() {
  let n = 0;
  return () => `new-${++n}`;
}

describe('planIndexes', () => {
  it('changes nothing for an edit without models or full text', () => {
    expect(planIndexes(pipeline(), {}, ids())).toEqual({
      keep: [
        { id: 've-a', modelId: 'a', position: 0 },
        { id: 've-b', modelId: 'b', position: 1 },
      ],
      add: [],
      remove: [],
      defaultVectorEmbeddingId: 've-a',
      fullText: 'unchanged',
    });
  });

  it('keeps the vector embeddings of models that stay, adds new ones and removes the rest, in the order given', () => {
    const plan = planIndexes(pipeline(), { embedding_model_ids: ['c', 'b'] }, ids());
    expect(plan.keep).toEqual([{ id: 've-b', modelId: 'b', position: 1 }]);
    expect(plan.add).toEqual([{ id: 'new-1', modelId: 'c', position: 0 }]);
    expect(plan.remove).toEqual(['ve-a']);
    // The first model listed is the default, as at creation.
    expect(plan.defaultVectorEmbeddingId).toBe('new-1');
  });

  it('takes a default the edit names among the models that stay', () => {
    const plan = planIndexes(
      pipeline(),
      { embedding_model_ids: ['a', 'b', 'c'], default_vector_embedding_id: 've-b' },
      ids(),
    );
    expect(plan.defaultVectorEmbeddingId).toBe('ve-b');
    expect(() =>
      planIndexes(pipeline(), { embedding_model_ids: ['b'], default_vector_embedding_id: 've-a' }, ids()),
    ).toThrow(
      'default_vector_embedding_id: must be one of the keys of embedding_models that stay in embedding_model_ids',
    );
    expect(() => planIndexes(pipeline(), { default_vector_embedding_id: 'other' }, ids())).toThrow(
      'default_vector_embedding_id: must be one of the keys of embedding_models',
    );
  });

  it('leaves no default when no model is left', () => {
    const plan = planIndexes(pipeline(), { embedding_model_ids: [], full_text_search: true }, ids());
    expect(plan).toMatchObject({ remove: ['ve-a', 've-b'], defaultVectorEmbeddingId: null, fullText: 'on' });
  });

  it('turns full text on and off, and refuses a pipeline left with neither models nor full text', () => {
    expect(planIndexes(pipeline(), { full_text_search: true }, ids()).fullText).toBe('on');
    expect(planIndexes(pipeline(), { full_text_search: false }, ids()).fullText).toBe('unchanged');
    const fullTextOnly = pipeline({
      fullTextSearch: true,
      vectorEmbeddings: [],
      defaultVectorEmbeddingId: null,
    });
    expect(() => planIndexes(fullTextOnly, { full_text_search: false }, ids())).toThrow(
      NEEDS_MODEL_OR_FULL_TEXT,
    );
    expect(() => planIndexes(pipeline(), { embedding_model_ids: [] }, ids())).toThrow(
      NEEDS_MODEL_OR_FULL_TEXT,
    );
    expect(
      planIndexes(fullTextOnly, { embedding_model_ids: ['a'], full_text_search: false }, ids()),
    ).toMatchObject({
      add: [{ id: 'new-1', modelId: 'a', position: 0 }],
      defaultVectorEmbeddingId: 'new-1',
      fullText: 'off',
    });
  });
});
