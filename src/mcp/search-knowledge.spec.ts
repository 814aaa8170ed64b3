/**
 * The processing order of search_knowledge (search-knowledge.ts over SearchService),
 * which the REST integration tests cannot reach, and the REST order beside it.
 * Collaborators are small fakes; the SQL is covered by the integration tests.
 */
import { AuthContext } from '../auth/auth-context';
import { DomainError, ErrorCode } from '../common/errors';
import { loadSettings } from '../config/settings';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { FragmentsService } from '../fragments/fragments.service';
import { PipelineRecord } from '../pipelines/pipeline';
import { pipelineFixture, vectorEmbeddingFixture } from '../pipelines/pipeline.fixture';
import { PipelinesService } from '../pipelines/pipelines.service';
import { RerankersService } from '../rerankers/rerankers.service';
import { SearchService } from '../search/search.service';
import { searchRequest } from '../search/search.types';
import { JsonRpcError, RpcCode } from './mcp-errors';
import { searchKnowledge } from './search-knowledge';
import { PublishedSearchType, SearchKnowledgeArgs } from './tool-arguments';
import { DatabaseErrorReason } from '../database/database-errors';

const { model } = vectorEmbeddingFixture('ve-1', 'model-1', 0);
const withModel: PipelineRecord = pipelineFixture({
  id: 'p1',
  defaultVectorEmbeddingId: 've-1',
  vectorEmbeddings: [
    { id: 've-1', pipelineId: 'p1', position: 0, model: { ...model, name: 'm', size: 3 }, ready: true },
  ],
});
const fullTextOnly: PipelineRecord = {
  ...withModel,
  defaultVectorEmbeddingId: null,
  vectorEmbeddings: [],
};

function setup(
  pipeline: PipelineRecord,
  embed: () => Promise<number[]> = async () => [1, 0, 0],
  fullText: () => Promise<unknown[]> = async () => [],
) {
  const calls: string[] = [];
  const service = new SearchService(
    { access: async () => pipeline } as unknown as PipelinesService,
    {
      nearest: async () => (calls.push('nearest'), []),
      fullText: async () => (calls.push('fullText'), fullText()),
      nearestIds: async () => (calls.push('nearest'), []),
      fullTextIds: async () => (calls.push('fullText'), fullText()),
      liveByIds: async () => [],
    } as unknown as FragmentsService,
    {
      embedQuery: async () => (calls.push('embed'), embed()),
      // A model that may fail: checking a query calls it.
      checkQuery: async () => {
        calls.push('embed');
        await embed();
      },
    } as unknown as EmbeddingsService,
    {} as RerankersService,
    loadSettings({}),
  );
  return { service, calls };
}

const admin = new AuthContext('k', true, []);

/** A search_knowledge call, as deserialized. */
const call = (
  service: SearchService,
  type: PublishedSearchType,
  more: { embeddingModelId?: string; params?: SearchKnowledgeArgs['params'] } = {},
) =>
  searchKnowledge(service, admin, 'p1', more.embeddingModelId ?? null, {
    pipelineId: 'p1',
    embeddingModelId: more.embeddingModelId ?? null,
    query: 'q',
    classifications: ['public'],
    type,
    params: more.params ?? null,
  });

async function failure(promise: Promise<unknown>): Promise<DomainError | JsonRpcError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError | JsonRpcError;
  }
  throw new Error('resolved');
}

describe('search_knowledge processing order', () => {
  it('refuses every type on a full-text-only pipeline, as it embeds the query for every type', async () => {
    for (const type of ['search', 'similarity', 'hybrid', 'query'] as const) {
      const error = await failure(call(setup(fullTextOnly).service, type));
      expect([(error as DomainError).code, error.message]).toEqual([
        ErrorCode.InvalidArgument,
        'Missing embedding model ID',
      ]);
    }
  });

  it('embeds before refusing the history placeholder or `query`, and reports the parsed params', async () => {
    const { service, calls } = setup(withModel);
    const history = await failure(call(service, 'history', { params: { k: 2 } }));
    expect(history).toBeInstanceOf(JsonRpcError);
    expect([(history as JsonRpcError).code, history.message, (history as JsonRpcError).data]).toEqual([
      RpcCode.InternalError,
      'History placeholder is not implemented yet',
      { params: { params: { k: 2 } } },
    ]);
    const historyDefaults = await failure(call(service, 'history'));
    expect((historyDefaults as JsonRpcError).data).toEqual({ params: { params: { k: 5 } } });
    const query = await failure(call(service, 'query'));
    expect([(query as JsonRpcError).code, query.message]).toEqual([
      RpcCode.InternalError,
      'Invalid search type or parameters',
    ]);
    expect(calls).toEqual(['embed', 'embed', 'embed']);
  });

  it('searches hybrid, which the published server only had a placeholder for', async () => {
    const { service, calls } = setup(withModel);
    await expect(call(service, 'hybrid', { params: { k: 2 } })).resolves.toEqual([]);
    expect(calls.sort()).toEqual(['embed', 'fullText', 'nearest']);
  });

  it('reports an embedding failure before the type is looked at', async () => {
    const { service } = setup(withModel, async () => {
      throw new Error('socket hang up');
    });
    const error = await failure(call(service, 'hybrid'));
    expect([(error as DomainError).code, error.message]).toEqual([
      ErrorCode.Upstream,
      "Embedding model 'm' could not embed the query: socket hang up",
    ]);
  });

  it('accepts only the model id of a vector embedding, not the vector embedding id', async () => {
    const { service } = setup(withModel);
    const error = await failure(call(service, 'similarity', { embeddingModelId: 've-1' }));
    expect([(error as DomainError).code, error.message]).toEqual([
      ErrorCode.InvalidArgument,
      'Embedding model not found',
    ]);
    await expect(call(service, 'similarity', { embeddingModelId: 'model-1' })).resolves.toEqual([]);
  });

  it("runs a full-text search's SQL while the query is embedded, and answers once both are done", async () => {
    let embedded!: (vector: number[]) => void;
    const { service, calls } = setup(withModel, () => new Promise((resolve) => (embedded = resolve)));
    let answered = false;
    const answer = call(service, 'search').then((fragments) => ((answered = true), fragments));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['fullText', 'embed']);
    expect(answered).toBe(false);
    embedded([1, 0, 0]);
    await expect(answer).resolves.toEqual([]);
  });

  it("reports an embedding failure before a full-text search's own, which is not left unhandled", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { service, calls } = setup(
        withModel,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new Error('socket hang up');
        },
        async () => {
          throw new DomainError(
            DatabaseErrorReason.Unreachable,
            ErrorCode.Unavailable,
            'the database is busy',
          );
        },
      );
      const error = await failure(call(service, 'search'));
      expect([(error as DomainError).code, error.message]).toEqual([
        ErrorCode.Upstream,
        "Embedding model 'm' could not embed the query: socket hang up",
      ]);
      expect(calls).toEqual(['fullText', 'embed']);
      // And the other way round: an embedding that succeeds lets the search's error through.
      const { service: second } = setup(withModel, undefined, async () => {
        throw new DomainError(DatabaseErrorReason.Unreachable, ErrorCode.Unavailable, 'the database is busy');
      });
      expect((await failure(call(second, 'search'))).message).toBe('the database is busy');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('refuses full text on a pipeline without it, after embedding', async () => {
    const { service, calls } = setup({ ...withModel, fullTextSearch: false });
    const error = await failure(call(service, 'search'));
    expect([(error as DomainError).code, error.message]).toEqual([
      ErrorCode.NotImplemented,
      'Full text search is not enabled for this pipeline',
    ]);
    expect(calls).toEqual(['embed']);
  });
});

describe('REST search processing order', () => {
  it('runs full text without embedding', async () => {
    const { service, calls } = setup(fullTextOnly);
    await service.search(admin, 'p1', searchRequest({ type: 'search', query: 'q' }));
    expect(calls).toEqual(['fullText']);
  });

  it('refuses the history placeholder without embedding the query', async () => {
    const { service, calls } = setup(withModel);
    const error = await failure(service.search(admin, 'p1', searchRequest({ type: 'history', query: 'q' })));
    expect([(error as DomainError).code, error.message]).toEqual([
      ErrorCode.NotImplemented,
      'History placeholder is not implemented yet',
    ]);
    expect(calls).toEqual([]);
  });

  it('refuses hybrid on a pipeline without full text, or without a model, before embedding, naming the fix', async () => {
    const noText = setup({ ...withModel, fullTextSearch: false });
    const off = await failure(
      noText.service.search(admin, 'p1', searchRequest({ type: 'hybrid', query: 'q' })),
    );
    expect([(off as DomainError).code, off.message]).toEqual([
      ErrorCode.NotImplemented,
      'Hybrid search needs full text search, which this pipeline has off: turn it on with PATCH /pipelines/p1 {"full_text_search": true}',
    ]);
    const noModel = setup(fullTextOnly);
    const none = await failure(
      noModel.service.search(admin, 'p1', searchRequest({ type: 'hybrid', query: 'q' })),
    );
    expect((none as DomainError).code).toBe(ErrorCode.InvalidArgument);
    expect(none.message).toMatch(/^Hybrid search needs an embedding model/);
    expect([...noText.calls, ...noModel.calls]).toEqual([]);
  });

  it('runs both legs of a hybrid search', async () => {
    const { service, calls } = setup(withModel);
    await service.search(admin, 'p1', searchRequest({ type: 'hybrid', query: 'q' }));
    expect(calls.sort()).toEqual(['embed', 'fullText', 'nearest']);
  });
});
