/**
 * The reranker registry, and reranking: a search's candidates scored against its query
 * by a cross-encoder endpoint (reranker-providers.ts), in batches. Any key reads the
 * registry (the endpoint's address only admin keys), admin keys change it. A reranker's
 * `api_key` is sealed with the content cipher, bound to its row, and never leaves.
 *
 * Failures are DomainErrors Upstream worded as for embedding endpoints: admin keys see
 * the endpoint's address and its words, every other key the reranker's name.
 */
import { Injectable, Logger } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { parseBaseUrl, shownAddress } from '../common/base-url';
import { conflict, invalid, notFound } from '../common/errors';
import { newId } from '../common/ids';
import { DEFAULT_RETRY_POLICY, JsonEndpoint, postJson } from '../common/json-endpoint';
import { ListEnvelope, parseListQuery, TEXT_OPS, toEnvelope } from '../common/list';
import { ProbeDto, runProbe } from '../common/probe';
import { ContentCipher } from '../crypto/content-cipher';
import { DatabaseService, Queryable } from '../database/database.service';
import { rerankDuration, rerankErrors } from '../observability/metrics';
import { relevancesFrom, rerankRequest } from './reranker-providers';
import { CreateRerankerDto, RerankerParameters, RerankerParametersSchema } from './rerankers.dto';
import { RerankerRow, RerankersRepository } from './rerankers.repository';
import { RerankerProbeView, RerankerView } from './rerankers.wire';
import { RerankerErrorReason } from './reranker-errors';

export const RERANKER_FILTERS = { name: TEXT_OPS, provider: TEXT_OPS } as const;

const apiKeyAad = (id: string) => `reranker-api-key:${id}`;

/** The probe: one query, a passage that answers it and one that does not. */
const PROBE_QUERY = 'How do I reset my password?';
const PROBE_PASSAGES = [
  'To reset your password, open Settings, choose Security and select Reset password.',
  'Invoices are generated on the first day of each month.',
];

@Injectable()
export class RerankersService {
  private readonly logger = new Logger(RerankersService.name);

  constructor(
    private readonly rerankers: RerankersRepository,
    private readonly db: DatabaseService,
    private readonly cipher: ContentCipher,
  ) {}

  async list(auth: AuthContext, query: Record<string, unknown>): Promise<ListEnvelope<RerankerView>> {
    const parsed = parseListQuery(query, RERANKER_FILTERS);
    return toEnvelope(await this.rerankers.list(parsed), parsed, (row) => present(row, auth.admin));
  }

  async get(auth: AuthContext, id: string): Promise<RerankerView> {
    return present(await this.require(id), auth.admin);
  }

  /** Whether a reranker of this id exists (a pipeline naming it as its default), in the caller's transaction. */
  async exists(id: string, tx: Queryable): Promise<boolean> {
    return (await this.rerankers.find(id, tx)) !== null;
  }

  async create(dto: CreateRerankerDto): Promise<RerankerView> {
    const parsed = parseBaseUrl(dto.endpoint);
    if (!('url' in parsed)) {
      throw invalid(
        RerankerErrorReason.InvalidConfig,
        parsed.problem === 'credentials'
          ? 'endpoint: must not contain credentials; send the key as api_key'
          : parsed.problem === 'query'
            ? 'endpoint: must not have a query or a fragment'
            : 'endpoint: must be an http(s) URL, such as http://tei:8080',
      );
    }
    if (dto.provider === 'cohere' && !dto.model)
      throw invalid(RerankerErrorReason.InvalidConfig, 'model: is required for the cohere provider');
    const id = newId();
    const sealed = dto.api_key ? this.cipher.seal(dto.api_key, apiKeyAad(id)) : null;
    await this.db
      .transaction(async (tx) => {
        if (await this.rerankers.nameTaken(dto.name, tx)) throw nameConflict(dto.name);
        await this.rerankers.insert(
          {
            id,
            name: dto.name,
            description: dto.description ?? null,
            provider: dto.provider,
            endpoint: parsed.url,
            model: dto.model ?? null,
            api_key: sealed?.data ?? null,
            api_key_key_id: sealed?.keyId ?? null,
            parameters: dto.parameters,
          },
          tx,
        );
      })
      .catch((error: { code?: string }) => {
        if (error.code === '23505') throw nameConflict(dto.name);
        throw error;
      });
    return present(await this.require(id), true);
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const users = await this.rerankers.usedBy(id, tx);
      if (users.length > 0)
        throw conflict(
          RerankerErrorReason.InUse,
          `Reranker ${id} is the default reranker of ${users.map((name) => `'${name}'`).join(', ')}: ` +
            'name another (or null) on those pipelines first',
        );
      if (!(await this.rerankers.delete(id, tx)))
        throw notFound(RerankerErrorReason.NotFound, 'Reranker not found', { id });
    });
  }

  /** Scores the probe's passages: whether the endpoint answers, how fast, and which it prefers. */
  async test(id: string, dto: ProbeDto): Promise<RerankerProbeView> {
    const row = await this.require(id);
    const query = dto?.text ?? PROBE_QUERY;
    const probe = await runProbe(
      `Reranker '${row.name}'`,
      parameters(row).timeout_ms,
      (signal) => this.scoreWith(row, query, PROBE_PASSAGES, signal),
      this.logger,
    );
    return { id, ok: probe.ok, latency_ms: probe.latency_ms, scores: probe.value, error: probe.error };
  }

  /**
   * The relevance of each passage to the query, in the passages' order (higher is more
   * relevant; the scale is the model's). Not found when the reranker is gone.
   */
  async rerank(id: string, query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const row = await this.rerankers.find(id);
    if (!row) throw notFound(RerankerErrorReason.NotFound, 'Reranker not found', { id });
    return this.scoreWith(row, query, passages, signal);
  }

  private async scoreWith(
    row: RerankerRow,
    query: string,
    passages: string[],
    signal?: AbortSignal,
  ): Promise<number[]> {
    if (passages.length === 0) return [];
    const { timeout_ms: timeoutMs, batch_size: batchSize } = parameters(row);
    const apiKey =
      row.api_key === null
        ? undefined
        : this.cipher.openText({ data: row.api_key, keyId: row.api_key_key_id! }, apiKeyAad(row.id));
    const stopTimer = rerankDuration.startTimer({ provider: row.provider });
    try {
      const scores: number[] = [];
      for (let from = 0; from < passages.length; from += batchSize) {
        const batch = passages.slice(from, from + batchSize);
        const request = rerankRequest(row.provider, row.endpoint, row.model, query, batch);
        const endpoint: JsonEndpoint = {
          noun: 'Reranker endpoint',
          url: request.url,
          label: row.endpoint,
          publicLabel: `of reranker '${row.name}'`,
          headers: apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` },
          timeoutMs,
          retry: DEFAULT_RETRY_POLICY,
          secret: apiKey,
        };
        scores.push(
          ...relevancesFrom(
            row.provider,
            await postJson(endpoint, request.body, signal),
            batch.length,
            endpoint,
          ),
        );
      }
      stopTimer();
      return scores;
    } catch (error) {
      if (!signal?.aborted) {
        stopTimer();
        rerankErrors.inc({ provider: row.provider });
      }
      throw error;
    }
  }

  private async require(id: string): Promise<RerankerRow> {
    const row = await this.rerankers.find(id);
    if (!row) throw notFound(RerankerErrorReason.NotFound, 'Reranker not found', { id });
    return row;
  }
}

/** The stored parameters, with the defaults of any a row predates. */
function parameters(row: RerankerRow): RerankerParameters {
  return RerankerParametersSchema.parse(row.parameters);
}

/** A reranker as a key sees it: whether a key is set, never the key; the address to admin keys only. */
function present(row: RerankerRow, admin: boolean): RerankerView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    provider: row.provider,
    endpoint: shownAddress(row.endpoint, admin),
    model: row.model,
    has_api_key: row.api_key !== null,
    parameters: parameters(row),
    created_at: row.created_at.toISOString(),
  };
}

const nameConflict = (name: string) =>
  conflict(RerankerErrorReason.NameTaken, `A reranker named '${name}' already exists`);
