/**
 * The registry of embedding providers and the one way the rest of Trove embeds text.
 *
 * Embedders are cached per model: building one re-validates the parameters and, for
 * `hashing`, allocates its scratch buffer, and search embeds a query per request.
 */
import { Inject, Injectable } from '@nestjs/common';
import { shownAddress } from '../common/base-url';
import { invalid } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { Embedder, EmbeddingModelSpec, EmbeddingProvider } from './embedding-provider';
import { HashingEmbeddingProvider } from './hashing.provider';
import { OpenAiEmbeddingProvider } from './openai.provider';
import { EmbeddingErrorReason } from './embedding-errors';
import { QueryEmbeddingCache } from './query-embedding-cache';

export interface EmbeddingProviderInfo {
  id: string;
  provider: string;
  description: string;
}

/**
 * Stable ids of the providers, which the API lists like any other resource. They are
 * UUID v5 of `trove:embedding-provider:<name>` in the URL namespace, computed once and
 * written down: they must not change between releases, whatever the uuid library does.
 */
export const EMBEDDING_PROVIDER_IDS: Readonly<Record<string, string>> = {
  hashing: 'a7afae10-2938-51e5-9b2f-a5eb01230cfa',
  openai: '3175f4ba-352b-591b-90cb-1afc8f3e06ec',
};

/** Enough for every model of any real deployment; the bound only stops a leak. */
const MAX_CACHED_EMBEDDERS = 256;

@Injectable()
export class EmbeddingsService {
  private readonly providers: ReadonlyMap<string, EmbeddingProvider>;
  private readonly embedders = new Map<string, Embedder>();
  private readonly queries: QueryEmbeddingCache;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.queries = new QueryEmbeddingCache(settings.queryEmbeddingCacheSize);
    const providers: EmbeddingProvider[] = [
      new HashingEmbeddingProvider(),
      new OpenAiEmbeddingProvider({ timeoutMs: settings.embeddingTimeoutMs }),
    ];
    this.providers = new Map(
      providers.sort((a, b) => a.id.localeCompare(b.id)).map((provider) => [provider.id, provider]),
    );
  }

  /** Ordered by provider name. */
  listProviders(): EmbeddingProviderInfo[] {
    return [...this.providers.values()].map((provider) => ({
      id: EMBEDDING_PROVIDER_IDS[provider.id],
      provider: provider.id,
      description: provider.description,
    }));
  }

  provider(name: string): EmbeddingProvider {
    const provider = this.providers.get(name);
    if (provider === undefined) {
      throw invalid(
        EmbeddingErrorReason.InvalidModel,
        `Unknown embedding provider '${name}'; expected one of ${[...this.providers.keys()].join(', ')}`,
      );
    }
    return provider;
  }

  /** What a model stores as its parameters; throws InvalidArgument naming the bad field. */
  normalizeParameters(provider: string, size: number, parameters: unknown): Record<string, unknown> {
    return this.provider(provider).normalizeParameters(size, parameters);
  }

  /**
   * The model's parameters with secrets (e.g. `api_key`) masked, for answers and logs,
   * and, unless `admin`, its endpoint's address (`base_url`) replaced by the placeholder.
   */
  redactParameters(
    provider: string,
    parameters: Record<string, unknown>,
    admin: boolean,
  ): Record<string, unknown> {
    const redacted = { ...parameters };
    const { secretParameters, addressParameters } = this.provider(provider);
    for (const name of secretParameters) {
      if (redacted[name] !== undefined) redacted[name] = '***';
    }
    for (const name of addressParameters) {
      if (typeof redacted[name] === 'string') redacted[name] = shownAddress(redacted[name], admin);
    }
    return redacted;
  }

  /** One vector per text, in order. Each provider records its own duration and error metrics. */
  embed(model: EmbeddingModelSpec, texts: string[], signal?: AbortSignal): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    return this.embedder(model).embed(texts, signal);
  }

  /** A search's query: from the vectors of queries lately embedded with this very model (query-embedding-cache.ts), else embedded. */
  async embedQuery(model: EmbeddingModelSpec, text: string, signal?: AbortSignal): Promise<number[]> {
    const key = modelKey(model);
    const kept = this.queries.get(key, text);
    if (kept !== undefined) return kept;
    const [vector] = await this.embedder(model).embed([text], signal);
    this.queries.set(key, text, vector);
    return vector;
  }

  /**
   * What `embedQuery` would throw for this text, at the least cost: the model is not
   * called when its embedder cannot fail or the query's vector is kept. For an edge
   * that answers a model's errors even for a search that uses no vector (MCP's
   * search_knowledge, src/mcp/search-knowledge.ts).
   */
  async checkQuery(model: EmbeddingModelSpec, text: string, signal?: AbortSignal): Promise<void> {
    const embedder = this.embedder(model);
    if (embedder.infallible === true || this.queries.has(modelKey(model), text)) return;
    await this.embedQuery(model, text, signal);
  }

  private embedder(model: EmbeddingModelSpec): Embedder {
    const key = modelKey(model);
    let embedder = this.embedders.get(key);
    if (embedder !== undefined) {
      // Re-inserted to mark it recently used: a Map iterates in insertion order.
      this.embedders.delete(key);
    } else {
      embedder = this.provider(model.provider).create(model);
      if (this.embedders.size >= MAX_CACHED_EMBEDDERS) {
        this.embedders.delete(this.embedders.keys().next().value as string);
      }
    }
    this.embedders.set(key, embedder);
    return embedder;
  }
}

/**
 * What an embedder is built from, so that a model whose parameters were edited gets a
 * new embedder (and new query vectors) rather than the stale ones.
 */
const modelKey = (model: EmbeddingModelSpec) =>
  JSON.stringify([model.id, model.provider, model.size, model.parameters]);
