import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../../test/support/openai-embeddings-stub';
import { DomainError, ErrorCode } from '../common/errors';
import { embeddingErrors } from '../observability/metrics';
import { EmbeddingModelSpec } from './embedding-provider';
import { OpenAiEmbeddingProvider, OpenAiProviderOptions } from './openai.provider';

const SIZE = 16;
const KEY = 'sk-test-0123456789abcdef';
// Retries without the production waits, so the tests take milliseconds.
const FAST: OpenAiProviderOptions = { timeoutMs: 2000, retry: { baseDelayMs: 1, maxDelayMs: 2000 } };

let stub: OpenAiEmbeddingsStub;
beforeAll(async () => {
  stub = await startOpenAiEmbeddingsStub({ size: SIZE });
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

function embedder(
  parameters: Record<string, unknown> = {},
  options: OpenAiProviderOptions = FAST,
  size = SIZE,
) {
  const provider = new OpenAiEmbeddingProvider(options);
  const model: EmbeddingModelSpec = {
    id: 'm1',
    name: 'stub-model',
    provider: 'openai',
    size,
    parameters: provider.normalizeParameters(size, {
      base_url: stub.url,
      model: 'text-embedding-test',
      ...parameters,
    }),
  };
  return provider.create(model);
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const errorCount = async () =>
  (await embeddingErrors.get()).values.find((v) => v.labels.provider === 'openai')?.value ?? 0;
const texts = (n: number) =>
  Array.from({ length: n }, (_, i) => `text number ${i} about ${['cats', 'dogs', 'pgvector'][i % 3]}`);

describe('openai provider against an OpenAI-compatible server', () => {
  it('sends batches and places vectors by index', async () => {
    const input = texts(10);
    const vectors = await embedder({ batch_size: 4 }).embed(input);
    expect(stub.requests.map((r) => (r.body as { input: string[] }).input.length)).toEqual([4, 4, 2]);
    // The stub answers in reversed order: only `index` puts them right.
    expect(vectors).toEqual(input.map((text) => stub.vectorFor(text)));
    expect(stub.requests[0].body).toEqual({
      model: 'text-embedding-test',
      input: input.slice(0, 4),
      encoding_format: 'float',
    });
    expect(stub.requests[0].path).toBe('/v1/embeddings');
  });

  it('tolerates a trailing slash and sends dimensions only when given', async () => {
    await embedder({ base_url: `${stub.url}/`, dimensions: SIZE }).embed(['one']);
    expect(stub.requests[0].path).toBe('/v1/embeddings');
    expect((stub.requests[0].body as { dimensions?: number }).dimensions).toBe(SIZE);
  });

  it('makes no request for no texts', async () => {
    expect(await embedder().embed([])).toEqual([]);
    expect(stub.requests).toHaveLength(0);
  });

  it('retries 429 and 5xx, then succeeds', async () => {
    stub.failNext(429, 1);
    stub.failNext(500, 1);
    stub.failNext(503, 1);
    const [vector] = await embedder().embed(['retry me']);
    expect(vector).toEqual(stub.vectorFor('retry me'));
    expect(stub.requests.map((r) => r.status)).toEqual([429, 500, 503, 200]);
  });

  it('gives up after four attempts with the endpoint message, and counts the error', async () => {
    const before = await errorCount();
    stub.failNext(503, 4, { message: 'model is loading' });
    const error = await failure(embedder().embed(['x']));
    expect(error.code).toBe(ErrorCode.Upstream);
    // Admin keys see the endpoint's address; every other key sees it named by its model.
    expect(error.adminMessage).toBe(`Embedding endpoint ${stub.url} answered 503: model is loading`);
    expect(error.message).toBe("Embedding endpoint of model 'stub-model' answered 503: model is loading");
    expect(error.data).toEqual({ status: 503, attempts: 4 });
    expect(stub.requests).toHaveLength(4);
    expect(await errorCount()).toBe(before + 1);
  });

  it('does not retry other client errors, and truncates long messages', async () => {
    stub.failNext(400, 1, { message: 'bad input: ' + 'x'.repeat(1000) });
    const error = await failure(embedder().embed(['x']));
    expect(stub.requests).toHaveLength(1);
    expect(
      error.adminMessage?.startsWith(`Embedding endpoint ${stub.url} answered 400: bad input: xxx`),
    ).toBe(true);
    expect(error.adminMessage?.length).toBe(`Embedding endpoint ${stub.url} answered 400: `.length + 500);
  });

  it("scrubs the endpoint's address from its own words for keys other than admin keys", async () => {
    const host = new URL(stub.url).host;
    stub.failNext(400, 1, { message: `model not found at ${stub.url}/models (${host})` });
    const error = await failure(embedder().embed(['x']));
    expect(error.adminMessage).toContain(`model not found at ${stub.url}/models (${host})`);
    expect(error.message).toBe(
      "Embedding endpoint of model 'stub-model' answered 400: model not found at [endpoint]/models ([endpoint])",
    );
  });

  it('honours Retry-After', async () => {
    stub.failNext(429, 1, { retryAfterSeconds: 1 });
    const started = Date.now();
    await embedder().embed(['x']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('times out each attempt and retries', async () => {
    stub.delayNext(1000, 1);
    const [vector] = await embedder({}, { ...FAST, timeoutMs: 150 }).embed(['slow']);
    expect(vector).toEqual(stub.vectorFor('slow'));
    expect(stub.requests).toHaveLength(2);
  });

  it('reports a timeout once every attempt timed out', async () => {
    stub.delayNext(1000, 2);
    const options = { timeoutMs: 100, retry: { attempts: 2, baseDelayMs: 1 } };
    const error = await failure(embedder({}, options).embed(['slow']));
    expect(error.adminMessage).toBe(`Embedding endpoint ${stub.url} timed out after 100 ms`);
    expect(error.message).toBe("Embedding endpoint of model 'stub-model' timed out after 100 ms");
    expect(stub.requests).toHaveLength(2);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    stub.delayNext(1000, 1);
    const controller = new AbortController();
    const pending = embedder().embed(['x'], controller.signal);
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(pending).rejects.toThrow('client went away');
    expect(stub.requests).toHaveLength(1);
  });

  it('refuses vectors of the wrong size, without retrying', async () => {
    stub.wrongDimensionNext(1);
    const error = await failure(embedder().embed(['x']));
    expect(error.code).toBe(ErrorCode.Upstream);
    expect(error.adminMessage).toBe(
      `Embedding endpoint ${stub.url} returned vectors of ${SIZE + 1} dimensions for model 'text-embedding-test', ` +
        `but embedding model 'stub-model' has size ${SIZE}`,
    );
    expect(error.message).not.toContain(stub.url);
    expect(stub.requests).toHaveLength(1);
  });

  it('reports an unreachable endpoint', async () => {
    const closed = await startOpenAiEmbeddingsStub();
    await closed.close();
    const provider = new OpenAiEmbeddingProvider({ timeoutMs: 1000, retry: { attempts: 2, baseDelayMs: 1 } });
    const parameters = provider.normalizeParameters(SIZE, { base_url: closed.url, model: 'm' });
    const error = await failure(
      provider.create({ id: 'm', name: 'm', provider: 'openai', size: SIZE, parameters }).embed(['x']),
    );
    expect(error.adminMessage).toMatch(
      new RegExp(`^Embedding endpoint ${closed.url} failed: .*ECONNREFUSED`),
    );
    // The network detail names the host and port: admin keys only.
    expect(error.message).toBe("Embedding endpoint of model 'm' failed: it cannot be reached");
  });
});

describe('openai provider API keys', () => {
  let secured: OpenAiEmbeddingsStub;
  beforeAll(async () => {
    secured = await startOpenAiEmbeddingsStub({ size: SIZE, apiKey: KEY, base64: true });
  });
  afterAll(() => secured.close());

  const keyed = (parameters: Record<string, unknown>, env: Record<string, string | undefined> = {}) =>
    embedder({ base_url: secured.url, ...parameters }, { ...FAST, env });

  it('sends the key as a bearer token (and reads base64 answers)', async () => {
    const [vector] = await keyed({ api_key: KEY }).embed(['secret text']);
    expect(secured.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(vector).toHaveLength(SIZE);
    vector.forEach((x, i) => expect(x).toBeCloseTo(secured.vectorFor('secret text')[i], 6));
  });

  it('reads api_key_env at call time', async () => {
    const env: Record<string, string | undefined> = {};
    const model = keyed({ api_key_env: 'STUB_EMBEDDINGS_KEY' }, env);
    const missing = await failure(model.embed(['x']));
    expect(missing.code).toBe(ErrorCode.Unavailable);
    expect(missing.message).toBe(
      "Embedding model 'stub-model' reads its API key from the environment variable STUB_EMBEDDINGS_KEY, which is not set",
    );
    env.STUB_EMBEDDINGS_KEY = KEY;
    await model.embed(['x']);
    expect(secured.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('never puts the key in an error, even when the endpoint echoes it', async () => {
    const wrongKey = 'sk-wrong-9876543210';
    const error = await failure(keyed({ api_key: wrongKey }).embed(['x']));
    expect(error.adminMessage).toBe(
      `Embedding endpoint ${secured.url} answered 401: Incorrect API key provided: ***.`,
    );
    expect(error.message).not.toContain(wrongKey);
    expect(JSON.stringify(error.data)).not.toContain(wrongKey);
  });
});

describe('openai provider parameters', () => {
  const provider = new OpenAiEmbeddingProvider(FAST);
  const normalize = (parameters: unknown, size = 256) => provider.normalizeParameters(size, parameters);
  const invalidMessage = (parameters: unknown, size = 256) => {
    try {
      normalize(parameters, size);
    } catch (error) {
      expect((error as DomainError).code).toBe(ErrorCode.InvalidArgument);
      return (error as DomainError).message;
    }
    throw new Error('expected an InvalidArgument DomainError');
  };
  const base = { base_url: 'https://api.example.com/v1', model: 'text-embedding-3-small' };

  it('fills in defaults and drops the trailing slash', () => {
    expect(normalize({ ...base, base_url: 'https://api.example.com/v1//' })).toEqual({
      ...base,
      batch_size: 64,
    });
    expect(normalize({ ...base, api_key_env: 'OPENAI_API_KEY', batch_size: 2048, dimensions: 256 })).toEqual({
      ...base,
      api_key_env: 'OPENAI_API_KEY',
      batch_size: 2048,
      dimensions: 256,
    });
  });

  it.each([
    [{ model: 'm' }, 'parameters.base_url is required'],
    [{ ...base, base_url: 'ftp://example.com' }, 'parameters.base_url must be an http(s) URL'],
    [{ ...base, base_url: 'not a url' }, 'parameters.base_url must be an http(s) URL'],
    [
      { ...base, base_url: 'https://user:pw@example.com/v1' },
      'parameters.base_url must not contain credentials; use api_key or api_key_env',
    ],
    [
      { ...base, base_url: 'https://example.com/v1?x=1' },
      'parameters.base_url must not have a query or fragment: Trove appends /embeddings to it',
    ],
    [{ base_url: base.base_url }, 'parameters.model is required'],
    [{ ...base, model: ' ' }, 'parameters.model must not be empty'],
    [{ ...base, batch_size: 0 }, 'parameters.batch_size must be an integer from 1 to 2048'],
    [{ ...base, batch_size: 2049 }, 'parameters.batch_size must be an integer from 1 to 2048'],
    [{ ...base, dimensions: 128 }, 'parameters.dimensions must equal size (256) when given'],
    [
      { ...base, api_key: 'k', api_key_env: 'K' },
      'parameters.api_key and parameters.api_key_env are mutually exclusive; give one of them',
    ],
    [
      { ...base, api_key_env: 'NOT-A-NAME' },
      'parameters.api_key_env must be an environment variable name (letters, digits, _)',
    ],
    [
      { ...base, apikey: 'k' },
      'parameters.apikey is not a parameter of the openai provider; expected base_url, model, api_key, api_key_env, batch_size, dimensions',
    ],
    ['https://api.example.com', 'parameters must be an object'],
  ])('refuses %j', (parameters, message) => {
    expect(invalidMessage(parameters)).toBe(message);
  });

  it('refuses sizes that cannot be indexed', () => {
    expect(invalidMessage(base, 4096)).toMatch(/^size must be an integer from 1 to 4000/);
  });
});
