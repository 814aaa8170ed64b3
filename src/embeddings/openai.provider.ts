/**
 * The `openai` provider: any server that speaks OpenAI's `POST {base_url}/embeddings`
 * (OpenAI itself, vLLM, Ollama, Hugging Face TEI, LiteLLM, ...).
 *
 * Texts are sent in batches of `batch_size`, one batch at a time: embedding servers
 * are usually a single GPU that queues concurrent requests anyway, and sequential
 * batches keep a large ingestion from tripping the rate limits of hosted APIs.
 */
import { parseBaseUrl } from '../common/base-url';
import { DomainError, ErrorCode, invalid } from '../common/errors';
import { embeddingDuration, embeddingErrors } from '../observability/metrics';
import { checkModelSize, Embedder, EmbeddingModelSpec, EmbeddingProvider } from './embedding-provider';
import {
  DEFAULT_RETRY_POLICY,
  endpointError,
  JsonEndpoint,
  postJson,
  RetryPolicy,
} from '../common/json-endpoint';
import {
  integerParameter,
  optionalIntegerParameter,
  parameterObject,
  Parameters,
  stringParameter,
} from './parameters';
import { EmbeddingErrorReason } from './embedding-errors';

export interface OpenAiParameters {
  /** Without trailing slash, e.g. `https://api.openai.com/v1`. */
  base_url: string;
  model: string;
  api_key?: string;
  /** Name of an environment variable of Trove's process that holds the key. */
  api_key_env?: string;
  batch_size: number;
  /** Sent as `dimensions` (for models that can shorten their vectors); equals the model's size. */
  dimensions?: number;
}

export interface OpenAiProviderOptions {
  /** Per request attempt: settings.embeddingTimeoutMs. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Where `api_key_env` is looked up; process.env unless a test says otherwise. */
  env?: Record<string, string | undefined>;
}

const PARAMETERS = ['base_url', 'model', 'api_key', 'api_key_env', 'batch_size', 'dimensions'] as const;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** OpenAI's own limit on inputs per request; other servers' limits are lower, if anything. */
const MAX_BATCH_SIZE = 2048;

export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  readonly id = 'openai';
  readonly description =
    'Any OpenAI-compatible embeddings endpoint (OpenAI, vLLM, Ollama, TEI, LiteLLM). Parameters: ' +
    'base_url, model, api_key or api_key_env, batch_size (default 64), dimensions.';
  readonly secretParameters: readonly string[] = ['api_key'];
  readonly addressParameters: readonly string[] = ['base_url'];

  private readonly retry: RetryPolicy;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  normalizeParameters(size: number, parameters: unknown): OpenAiParameters & Parameters {
    checkModelSize(size);
    const params = parameterObject(parameters, PARAMETERS, 'the openai provider');
    const normalized: OpenAiParameters & Parameters = {
      base_url: baseUrl(stringParameter(params, 'base_url', { required: true, maxLength: 2048 })),
      model: stringParameter(params, 'model', { required: true, maxLength: 512 }),
      batch_size: integerParameter(params, 'batch_size', { min: 1, max: MAX_BATCH_SIZE, fallback: 64 }),
    };

    const apiKey = stringParameter(params, 'api_key', { maxLength: 4096 });
    const apiKeyEnv = stringParameter(params, 'api_key_env', { maxLength: 256 });
    if (apiKey !== undefined && apiKeyEnv !== undefined) {
      throw invalid(
        EmbeddingErrorReason.InvalidModel,
        'parameters.api_key and parameters.api_key_env are mutually exclusive; give one of them',
      );
    }
    if (apiKey !== undefined && apiKey !== '') normalized.api_key = apiKey;
    if (apiKeyEnv !== undefined) {
      if (!ENV_NAME.test(apiKeyEnv)) {
        throw invalid(
          EmbeddingErrorReason.InvalidModel,
          'parameters.api_key_env must be an environment variable name (letters, digits, _)',
        );
      }
      normalized.api_key_env = apiKeyEnv;
    }

    const dimensions = optionalIntegerParameter(params, 'dimensions', {
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
    });
    if (dimensions !== undefined) {
      if (dimensions !== size)
        throw invalid(
          EmbeddingErrorReason.InvalidModel,
          `parameters.dimensions must equal size (${size}) when given`,
        );
      normalized.dimensions = dimensions;
    }
    return normalized;
  }

  create(model: EmbeddingModelSpec): Embedder {
    const parameters = this.normalizeParameters(model.size, model.parameters);
    return new OpenAiEmbedder(model, parameters, {
      timeoutMs: this.options.timeoutMs,
      retry: this.retry,
      env: this.options.env ?? process.env,
    });
  }
}

/**
 * The base URL as given minus trailing slashes, so `{base_url}/embeddings` is right
 * either way. Credentials in the URL are refused: the base URL appears in error
 * messages and logs, and a key has its own parameters.
 */
function baseUrl(raw: string): string {
  const parsed = parseBaseUrl(raw);
  if ('url' in parsed) return parsed.url;
  switch (parsed.problem) {
    case 'not_http':
      throw invalid(EmbeddingErrorReason.InvalidModel, 'parameters.base_url must be an http(s) URL');
    case 'credentials':
      throw invalid(
        EmbeddingErrorReason.InvalidModel,
        'parameters.base_url must not contain credentials; use api_key or api_key_env',
      );
    case 'query':
      throw invalid(
        EmbeddingErrorReason.InvalidModel,
        'parameters.base_url must not have a query or fragment: Trove appends /embeddings to it',
      );
  }
}

class OpenAiEmbedder implements Embedder {
  constructor(
    private readonly model: EmbeddingModelSpec,
    private readonly parameters: OpenAiParameters,
    private readonly options: {
      timeoutMs: number;
      retry: RetryPolicy;
      env: Record<string, string | undefined>;
    },
  ) {}

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    const batchSize = this.parameters.batch_size;
    for (let start = 0; start < texts.length; start += batchSize) {
      for (const vector of await this.embedBatch(texts.slice(start, start + batchSize), signal)) {
        vectors.push(vector);
      }
    }
    return vectors;
  }

  private async embedBatch(batch: string[], signal?: AbortSignal): Promise<number[][]> {
    const stopTimer = embeddingDuration.startTimer({ provider: 'openai' });
    try {
      const payload: Record<string, unknown> = {
        model: this.parameters.model,
        input: batch,
        encoding_format: 'float',
      };
      if (this.parameters.dimensions !== undefined) payload.dimensions = this.parameters.dimensions;
      const body = await postJson(this.endpoint(), payload, signal);
      const vectors = this.vectorsFrom(body, batch.length);
      stopTimer();
      return vectors;
    } catch (error) {
      // A caller that aborted changed its mind; the endpoint did not fail.
      if (!signal?.aborted) {
        stopTimer();
        embeddingErrors.inc({ provider: 'openai' });
      }
      throw error;
    }
  }

  private endpoint(): JsonEndpoint {
    const apiKey = this.apiKey();
    return {
      url: `${this.parameters.base_url}/embeddings`,
      ...this.labels(),
      headers: apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` },
      timeoutMs: this.options.timeoutMs,
      retry: this.options.retry,
      secret: apiKey,
    };
  }

  /** How errors name the endpoint: by its address to admin keys, by its model to the others. */
  private labels(): Pick<JsonEndpoint, 'noun' | 'label' | 'publicLabel'> {
    return {
      noun: 'Embedding endpoint',
      label: this.parameters.base_url,
      publicLabel: `of model '${this.model.name}'`,
    };
  }

  /**
   * `api_key_env` is read at every call, not at start: it is how an operator passes a
   * secret without storing it in Trove's database (e.g. from a Kubernetes Secret), and
   * reading it late lets a rotated key take effect wherever the environment is updated.
   * This is the one place outside the settings module that reads the environment, on
   * purpose: the variable's name is data chosen by the operator, not Trove configuration.
   */
  private apiKey(): string | undefined {
    const { api_key: apiKey, api_key_env: variable } = this.parameters;
    if (variable === undefined) return apiKey;
    const value = this.options.env[variable];
    if (value === undefined || value.trim() === '') {
      throw new DomainError(
        EmbeddingErrorReason.ApiKeyMissing,
        ErrorCode.Unavailable,
        `Embedding model '${this.model.name}' reads its API key from the environment variable ${variable}, which is not set`,
      );
    }
    return value.trim();
  }

  /** The vectors in input order: servers may answer in any order and say where each belongs in `index`. */
  private vectorsFrom(body: unknown, count: number): number[][] {
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw this.invalidResponse('it has no data array');
    if (data.length !== count) throw this.invalidResponse(`${data.length} embeddings for ${count} inputs`);
    const vectors: number[][] = new Array(count);
    data.forEach((item: { index?: unknown; embedding?: unknown } | null, position) => {
      const index = item?.index ?? position;
      if (
        typeof index !== 'number' ||
        !Number.isInteger(index) ||
        index < 0 ||
        index >= count ||
        vectors[index]
      ) {
        throw this.invalidResponse(`data[${position}].index is missing, out of range or repeated`);
      }
      const vector = toVector(item?.embedding);
      if (vector === undefined)
        throw this.invalidResponse(`data[${position}].embedding is not a list of numbers`);
      if (vector.length !== this.model.size) {
        throw endpointError(
          this.labels(),
          (who) =>
            `${who} returned vectors of ${vector.length} dimensions for model '${this.parameters.model}', ` +
            `but embedding model '${this.model.name}' has size ${this.model.size}`,
          { dimensions: vector.length, size: this.model.size },
        );
      }
      vectors[index] = vector;
    });
    return vectors;
  }

  private invalidResponse(detail: string): DomainError {
    return endpointError(this.labels(), (who) => `${who} returned an invalid response: ${detail}`, {});
  }
}

/**
 * A JSON list of numbers, or base64 little-endian float32, which some servers send
 * even when asked for `encoding_format: "float"`.
 */
function toVector(embedding: unknown): number[] | undefined {
  if (Array.isArray(embedding)) {
    return embedding.every((value) => typeof value === 'number' && Number.isFinite(value))
      ? embedding
      : undefined;
  }
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64');
    if (bytes.length % 4 !== 0) return undefined;
    const vector = new Array<number>(bytes.length / 4);
    for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
    return vector;
  }
  return undefined;
}
