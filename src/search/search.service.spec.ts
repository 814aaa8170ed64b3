/**
 * The processing order of SearchService for the MCP edge (embedQueryAlways), which
 * the REST integration tests cannot reach. Collaborators are small fakes; the SQL is
 * covered by the integration tests.
 */
import { AuthContext } from '../auth/auth-context';
import { DomainError, ErrorCode } from '../common/errors';
import { loadSettings } from '../config/settings';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { FragmentsService } from '../fragments/fragments.service';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { searchRequest } from '../../test/support/search-request';
import { SearchService } from './search.service';
import { SearchRequest } from './search.types';

const model = {
  id: 'model-1',
  name: 'm',
  provider: 'hashing',
  size: 3,
  parameters: {},
  description: null,
  created_at: new Date(),
};
const withModel: PipelineRecord = {
  id: 'p1',
  name: 'p',
  description: null,
  default_text_splitter_id: 's',
  default_vector_embedding_id: 've-1',
  full_text_search: true,
  classifications: ['public'],
  hierarchy: [],
  created_at: new Date(),
  updated_at: new Date(),
  vectorEmbeddings: [{ id: 've-1', pipeline_id: 'p1', position: 0, model }],
};
const fullTextOnly: PipelineRecord = {
  ...withModel,
  default_vector_embedding_id: null,
  vectorEmbeddings: [],
};

function setup(pipeline: PipelineRecord, embed: () => Promise<number[]> = async () => [1, 0, 0]) {
  const calls: string[] = [];
  const service = new SearchService(
    { access: async () => pipeline } as unknown as PipelinesService,
    {
      nearest: async () => (calls.push('nearest'), []),
      fullText: async () => (calls.push('fullText'), []),
    } as unknown as FragmentsService,
    { embedQuery: async () => (calls.push('embed'), embed()) } as unknown as EmbeddingsService,
    loadSettings({}),
  );
  return { service, calls };
}

const request = (overrides: Partial<SearchRequest>): SearchRequest =>
  searchRequest({ embedQueryAlways: true, ...overrides });
const admin = new AuthContext('k', true, []);

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('resolved');
}

describe('SearchService processing order', () => {
  it('refuses every type on a full-text-only pipeline when the edge embeds always (MCP)', async () => {
    for (const type of ['search', 'similarity', 'hybrid', 'query'] as const) {
      const error = await failure(setup(fullTextOnly).service.search(admin, 'p1', request({ type })));
      expect([error.code, error.message]).toEqual([ErrorCode.InvalidArgument, 'Missing embedding model ID']);
    }
  });

  it('runs full text without embedding when the edge does not ask (REST)', async () => {
    const { service, calls } = setup(fullTextOnly);
    await service.search(admin, 'p1', request({ type: 'search', embedQueryAlways: false }));
    expect(calls).toEqual(['fullText']);
  });

  it('embeds before refusing a placeholder type, and reports the parsed params', async () => {
    const { service, calls } = setup(withModel);
    const hybrid = await failure(
      service.search(admin, 'p1', request({ type: 'hybrid', rawParams: { k: 2 } })),
    );
    expect([hybrid.code, hybrid.message, hybrid.data]).toEqual([
      ErrorCode.NotImplemented,
      'Hybrid placeholder is not implemented yet',
      { params: { params: { k: 2 } } },
    ]);
    const history = await failure(service.search(admin, 'p1', request({ type: 'history' })));
    expect([history.message, history.data]).toEqual([
      'History placeholder is not implemented yet',
      { params: { params: {} } },
    ]);
    const query = await failure(service.search(admin, 'p1', request({ type: 'query' })));
    expect([query.code, query.message]).toEqual([ErrorCode.Internal, 'Invalid search type or parameters']);
    expect(calls).toEqual(['embed', 'embed', 'embed']);
  });

  it('reports an embedding failure before the type is looked at', async () => {
    const { service } = setup(withModel, async () => {
      throw new Error('socket hang up');
    });
    const error = await failure(service.search(admin, 'p1', request({ type: 'hybrid' })));
    expect([error.code, error.message]).toEqual([
      ErrorCode.Upstream,
      "Embedding model 'm' could not embed the query: socket hang up",
    ]);
  });

  it('accepts only the model id of a binding, not the vector embedding id', async () => {
    const { service } = setup(withModel);
    const error = await failure(service.search(admin, 'p1', request({ embeddingModelId: 've-1' })));
    expect([error.code, error.message]).toEqual([ErrorCode.InvalidArgument, 'Embedding model not found']);
    await expect(service.search(admin, 'p1', request({ embeddingModelId: 'model-1' }))).resolves.toEqual([]);
  });

  it('refuses full text on a pipeline without it, after embedding', async () => {
    const { service, calls } = setup({ ...withModel, full_text_search: false });
    const error = await failure(service.search(admin, 'p1', request({ type: 'search' })));
    expect([error.code, error.message]).toEqual([
      ErrorCode.NotImplemented,
      'Full text search is not enabled for this pipeline',
    ]);
    expect(calls).toEqual(['embed']);
  });
});
