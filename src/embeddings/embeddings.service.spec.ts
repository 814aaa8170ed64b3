import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../../test/support/openai-embeddings-stub';
import { DomainError, ErrorCode } from '../common/errors';
import { loadSettings } from '../config/settings';
import { EmbeddingModelSpec } from './embedding-provider';
import { EmbeddingsService } from './embeddings.service';
import { HashingVectorizer } from './hashing.provider';

const service = () => new EmbeddingsService(loadSettings({}));

const hashingModel = (
  parameters: Record<string, unknown> = { ngram: 3, lowercase: true },
): EmbeddingModelSpec => ({
  id: '0b7c1d3e-0000-4000-8000-000000000001',
  name: 'hash-64',
  provider: 'hashing',
  size: 64,
  parameters,
});

describe('EmbeddingsService', () => {
  it('lists the providers by name with their fixed ids', () => {
    expect(service().listProviders()).toEqual([
      { id: 'a7afae10-2938-51e5-9b2f-a5eb01230cfa', provider: 'hashing', description: expect.any(String) },
      { id: '3175f4ba-352b-591b-90cb-1afc8f3e06ec', provider: 'openai', description: expect.any(String) },
    ]);
  });

  it('refuses unknown providers by name', () => {
    const refuse = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        expect((error as DomainError).code).toBe(ErrorCode.InvalidArgument);
        return (error as DomainError).message;
      }
      throw new Error('expected an error');
    };
    const message = "Unknown embedding provider 'cohere'; expected one of hashing, openai";
    expect(refuse(() => service().provider('cohere'))).toBe(message);
    expect(refuse(() => service().normalizeParameters('cohere', 64, {}))).toBe(message);
  });

  it('normalises parameters through the provider', () => {
    expect(service().normalizeParameters('hashing', 64, {})).toEqual({ ngram: 3, lowercase: true });
  });

  it('masks secret parameters, and the address but to admin keys', () => {
    const parameters = { base_url: 'http://tei.ml.svc:8080/v1', model: 'm', api_key: 'sk-1' };
    expect(service().redactParameters('openai', parameters, true)).toEqual({
      base_url: 'http://tei.ml.svc:8080/v1',
      model: 'm',
      api_key: '***',
    });
    expect(service().redactParameters('openai', parameters, false)).toEqual({
      base_url: '[endpoint]',
      model: 'm',
      api_key: '***',
    });
    expect(service().redactParameters('openai', { model: 'm' }, false)).toEqual({ model: 'm' });
  });

  it('embeds documents and queries', async () => {
    const embeddings = service();
    const vectorizer = new HashingVectorizer(64, { ngram: 3, lowercase: true });
    expect(await embeddings.embed(hashingModel(), ['one', 'two'])).toEqual([
      vectorizer.vectorize('one'),
      vectorizer.vectorize('two'),
    ]);
    expect(await embeddings.embedQuery(hashingModel(), 'two')).toEqual(vectorizer.vectorize('two'));
    expect(await embeddings.embed(hashingModel(), [])).toEqual([]);
  });

  it('checks a hashing query without computing it: hashing cannot fail', async () => {
    const spy = jest.spyOn(HashingVectorizer.prototype, 'vectorize');
    await service().checkQuery(hashingModel(), 'otters');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    await expect(service().checkQuery(hashingModel({ ngram: 99 }), 'otters')).rejects.toMatchObject({
      code: ErrorCode.InvalidArgument,
    });
  });

  it('builds one embedder per model and parameters', async () => {
    const embeddings = service();
    const create = jest.spyOn(embeddings.provider('hashing'), 'create');
    await embeddings.embed(hashingModel(), ['a']);
    await embeddings.embedQuery(hashingModel(), 'b');
    expect(create).toHaveBeenCalledTimes(1);
    const edited = await embeddings.embedQuery(hashingModel({ ngram: 0, lowercase: false }), 'B');
    expect(create).toHaveBeenCalledTimes(2);
    expect(edited).toEqual(new HashingVectorizer(64, { ngram: 0, lowercase: false }).vectorize('B'));
  });

  describe('with a query cache (TROVE_QUERY_EMBEDDING_CACHE_SIZE)', () => {
    const cached = () => new EmbeddingsService(loadSettings({ TROVE_QUERY_EMBEDDING_CACHE_SIZE: '10' }));

    it('spares the model a query asked again, and never answers one model with another', async () => {
      const embeddings = cached();
      const create = jest.spyOn(embeddings.provider('hashing'), 'create');
      const first = await embeddings.embedQuery(hashingModel(), 'otters');
      const embedder = create.mock.results[0].value as { embed: () => unknown };
      const embed = jest.spyOn(embedder, 'embed');
      expect(await embeddings.embedQuery(hashingModel(), 'otters')).toEqual(first);
      expect(embed).not.toHaveBeenCalled();
      // Another model, or the same one with edited parameters: its own vector.
      const other = { ...hashingModel(), id: '0b7c1d3e-0000-4000-8000-000000000009' };
      expect(await embeddings.embedQuery(other, 'otters')).toEqual(first);
      expect(create).toHaveBeenCalledTimes(2);
      const edited = hashingModel({ ngram: 0, lowercase: false });
      expect(await embeddings.embedQuery(edited, 'otters')).toEqual(
        new HashingVectorizer(64, { ngram: 0, lowercase: false }).vectorize('otters'),
      );
      expect(create).toHaveBeenCalledTimes(3);
    });

    it('keeps nothing by default: every query calls the model', async () => {
      const embeddings = service();
      await embeddings.embedQuery(hashingModel(), 'otters');
      const embedder = jest.spyOn(embeddings.provider('hashing'), 'create');
      expect(embedder).not.toHaveBeenCalled();
      const spy = jest.spyOn(HashingVectorizer.prototype, 'vectorize');
      await embeddings.embedQuery(hashingModel(), 'otters');
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockRestore();
    });
  });

  describe('with an OpenAI-compatible endpoint', () => {
    let stub: OpenAiEmbeddingsStub;
    beforeAll(async () => {
      stub = await startOpenAiEmbeddingsStub({ size: 32 });
    });
    afterAll(() => stub.close());

    it('embeds through the openai provider with the configured timeout', async () => {
      const embeddings = new EmbeddingsService(loadSettings({ TROVE_EMBEDDING_TIMEOUT_MS: '200' }));
      const model: EmbeddingModelSpec = {
        id: '0b7c1d3e-0000-4000-8000-000000000002',
        name: 'stub',
        provider: 'openai',
        size: 32,
        parameters: embeddings.normalizeParameters('openai', 32, { base_url: stub.url, model: 'm' }),
      };
      expect(await embeddings.embedQuery(model, 'hello')).toEqual(stub.vectorFor('hello'));
      // 4 attempts of 200 ms: the setting, not the 30 s default, bounds each attempt.
      stub.delayNext(1000, 4);
      await expect(embeddings.embedQuery(model, 'hello')).rejects.toMatchObject({
        adminMessage: `Embedding endpoint ${stub.url} timed out after 200 ms`,
      });
    });

    it('checks a query without calling the model only when its vector is kept', async () => {
      const embeddings = new EmbeddingsService(loadSettings({ TROVE_QUERY_EMBEDDING_CACHE_SIZE: '10' }));
      const model: EmbeddingModelSpec = {
        id: '0b7c1d3e-0000-4000-8000-000000000003',
        name: 'stub',
        provider: 'openai',
        size: 32,
        parameters: embeddings.normalizeParameters('openai', 32, { base_url: stub.url, model: 'm' }),
      };
      stub.reset();
      stub.failNext(400, 1, { message: 'unloaded' });
      await expect(embeddings.checkQuery(model, 'otters')).rejects.toMatchObject({
        adminMessage: `Embedding endpoint ${stub.url} answered 400: unloaded`,
      });
      await embeddings.checkQuery(model, 'otters');
      expect(stub.requests).toHaveLength(2);
      await embeddings.checkQuery(model, 'otters');
      expect(await embeddings.embedQuery(model, 'otters')).toEqual(stub.vectorFor('otters'));
      expect(stub.requests).toHaveLength(2);
    });
  });
});
