/**
 * The catalogue: embedding providers (built in), embedding models and text
 * splitters (rows an admin creates, pipelines refer to).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { conflict, notFound } from '../common/errors';
import { newId } from '../common/ids';
import { ListEnvelope, parseListQuery, TEXT_OPS, toEnvelope } from '../common/list';
import { ProbeDto, runProbe } from '../common/probe';
import { SETTINGS, Settings } from '../config/settings';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { Queryable } from '../database/database.service';
import { AuthContext } from '../auth/auth-context';
import { CatalogueRepository } from './catalogue.repository';
import { EmbeddingModel, TextSplitter } from './catalogue.types';
import { CreateEmbeddingModelDto, CreateTextSplitterDto } from './catalogue.dto';
import {
  EmbeddingModelView,
  EmbeddingProbeView,
  EmbeddingProviderView,
  TextSplitterView,
} from './catalogue.wire';
import { normalizeSplitterParameters } from './text-splitting';
import { CatalogueErrorReason } from './catalogue-errors';

const presentSplitter = (row: TextSplitter): TextSplitterView => ({
  id: row.id,
  provider: row.provider,
  parameters: row.parameters,
  description: row.description,
});

/** Equality of JSON objects regardless of key order (jsonb does not keep it). */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** What the catalogue's lists filter on. */
export const PROVIDER_FILTERS = { provider: TEXT_OPS } as const;
export const EMBEDDING_MODEL_FILTERS = { name: TEXT_OPS, provider: TEXT_OPS, size: ['eq'] } as const;

/** What an embedding probe embeds unless the admin sends a text. */
const EMBEDDING_PROBE = 'Trove embedding probe: is this model reachable?';

@Injectable()
export class CatalogueService {
  private readonly logger = new Logger(CatalogueService.name);

  constructor(
    private readonly repository: CatalogueRepository,
    private readonly embeddings: EmbeddingsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * A model as a key sees it: the provider's secret parameters (an api_key) masked, and
   * its endpoint's address too unless the key is an admin key (`admin`).
   */
  presentModel(row: EmbeddingModel, admin: boolean): EmbeddingModelView {
    const parameters = this.embeddings.redactParameters(row.provider, row.parameters, admin);
    return {
      id: row.id,
      name: row.name,
      provider: row.provider,
      size: row.size,
      parameters,
      description: row.description,
    };
  }

  listProviders(query: Record<string, unknown>): ListEnvelope<EmbeddingProviderView> {
    const parsed = parseListQuery(query, PROVIDER_FILTERS);
    const matches = (value: string) =>
      parsed.filters.every((f) => {
        switch (f.op) {
          case 'eq':
            return value === f.value;
          case 'ne':
            return value !== f.value;
          case 'contains':
            return value.includes(f.value);
          case 'startswith':
            return value.startsWith(f.value);
          case 'endswith':
            return value.endsWith(f.value);
          case 'in':
            return f.value.split(',').includes(value);
          default:
            return false;
        }
      });
    const rows = this.embeddings.listProviders().filter((p) => matches(p.provider));
    return toEnvelope(
      rows,
      { ...parsed, page: { ...parsed.page, limit: Math.max(rows.length, 1) } },
      (p) => p,
    );
  }

  async listModels(
    auth: AuthContext,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<EmbeddingModelView>> {
    const parsed = parseListQuery(query, EMBEDDING_MODEL_FILTERS);
    return toEnvelope(await this.repository.listModels(parsed), parsed, (row) =>
      this.presentModel(row, auth.admin),
    );
  }

  async getModel(auth: AuthContext, id: string): Promise<EmbeddingModelView> {
    const row = await this.repository.findModel(id);
    if (!row)
      throw notFound(CatalogueErrorReason.EmbeddingModelNotFound, 'Embedding model not found', { id });
    return this.presentModel(row, auth.admin);
  }

  /** Admin keys (and the operator) only: the answer shows the address they gave. */
  async createModel(dto: CreateEmbeddingModelDto): Promise<EmbeddingModelView> {
    const parameters = this.embeddings.normalizeParameters(dto.provider, dto.size, dto.parameters);
    const row = await this.repository.insertModel({
      id: newId(),
      name: dto.name,
      provider: dto.provider,
      size: dto.size,
      parameters,
      description: dto.description ?? null,
    });
    return this.presentModel(row, true);
  }

  /** Embeds a probe text with the model: whether it answers, how fast, and with how many dimensions. */
  async testModel(id: string, dto: ProbeDto): Promise<EmbeddingProbeView> {
    const row = await this.repository.findModel(id);
    if (!row)
      throw notFound(CatalogueErrorReason.EmbeddingModelNotFound, 'Embedding model not found', { id });
    const probe = await runProbe(
      'The embedding model',
      // Room for the provider's own retries, each bounded by the per-attempt timeout.
      this.settings.embeddingTimeoutMs * 2,
      (signal) => this.embeddings.embedQuery(row, dto?.text ?? EMBEDDING_PROBE, signal),
      this.logger,
    );
    return {
      id,
      ok: probe.ok,
      dimension: probe.value?.length ?? null,
      size: row.size,
      latency_ms: probe.latency_ms,
      error: probe.error,
    };
  }

  async deleteModel(id: string): Promise<void> {
    if (!(await this.repository.findModel(id)))
      throw notFound(CatalogueErrorReason.EmbeddingModelNotFound, 'Embedding model not found', { id });
    const users = await this.repository.pipelinesUsingModel(id);
    if (users.length > 0) {
      throw conflict(
        CatalogueErrorReason.InUse,
        `Embedding model ${id} is used by pipelines: ${users.join(', ')}`,
      );
    }
    await this.repository.deleteModel(id);
  }

  /**
   * The model with this name, provider, size and (normalised) parameters, created
   * when none exists: how declarative callers (the operator, acting as admin) name models.
   */
  async ensureModel(dto: CreateEmbeddingModelDto): Promise<EmbeddingModelView> {
    const parameters = this.embeddings.normalizeParameters(dto.provider, dto.size, dto.parameters);
    const existing = (await this.repository.findModelsByName(dto.name, dto.provider, dto.size)).find((row) =>
      sameJson(row.parameters, parameters),
    );
    return existing ? this.presentModel(existing, true) : this.createModel(dto);
  }

  /** The splitter with this provider and (normalised) parameters, created when none exists. */
  async ensureSplitter(dto: CreateTextSplitterDto): Promise<TextSplitterView> {
    const parameters = normalizeSplitterParameters(dto.provider, dto.parameters);
    const existing = (await this.repository.findSplittersByProvider(dto.provider)).find((row) =>
      sameJson(row.parameters, parameters),
    );
    return existing ? presentSplitter(existing) : this.createSplitter(dto);
  }

  async listSplitters(query: Record<string, unknown>): Promise<ListEnvelope<TextSplitterView>> {
    const parsed = parseListQuery(query, PROVIDER_FILTERS);
    return toEnvelope(await this.repository.listSplitters(parsed), parsed, presentSplitter);
  }

  async getSplitter(id: string): Promise<TextSplitterView> {
    const row = await this.repository.findSplitter(id);
    if (!row) throw notFound(CatalogueErrorReason.TextSplitterNotFound, 'Text splitter not found', { id });
    return presentSplitter(row);
  }

  async createSplitter(dto: CreateTextSplitterDto): Promise<TextSplitterView> {
    const parameters = normalizeSplitterParameters(dto.provider, dto.parameters);
    const row = await this.repository.insertSplitter({
      id: newId(),
      provider: dto.provider,
      parameters,
      description: dto.description ?? null,
    });
    return presentSplitter(row);
  }

  /** The splitter, or null (for modules that check a reference, in their transaction when given). */
  findSplitter(id: string, db?: Queryable): Promise<TextSplitter | null> {
    return this.repository.findSplitter(id, db);
  }

  /** The models of these ids that exist (for modules that check references, in their transaction when given). */
  findModels(ids: string[], db?: Queryable): Promise<EmbeddingModel[]> {
    return this.repository.findModels(ids, db);
  }

  async deleteSplitter(id: string): Promise<void> {
    if (!(await this.repository.findSplitter(id)))
      throw notFound(CatalogueErrorReason.TextSplitterNotFound, 'Text splitter not found', { id });
    if (await this.repository.splitterInUse(id))
      throw conflict(CatalogueErrorReason.InUse, `Text splitter ${id} is used by a pipeline or a document`);
    await this.repository.deleteSplitter(id);
  }
}
