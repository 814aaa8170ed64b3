/**
 * Pipelines: their models, splitter, full-text flag and classifications, and who
 * may see them. REST and the MCP tools both call this service.
 *
 * Visibility follows the key: a pipeline the key cannot read is reported exactly
 * like one that does not exist, so its existence does not leak.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { CatalogueService } from '../catalogue/catalogue.service';
import { EmbeddingModelView } from '../catalogue/catalogue.wire';
import { EmbeddingModel } from '../catalogue/catalogue.types';
import { GenerationCache } from '../database/cache-generation';
import { DatabaseService, Queryable } from '../database/database.service';
import {
  DEFAULT_EMBEDDING_MODEL_ID,
  DEFAULT_TEXT_SPLITTER_ID,
} from '../database/migrations/1764470100000-DefaultCatalogue';
import { conflict, DomainError, ErrorCode, forbidden, invalid } from '../common/errors';
import { newId } from '../common/ids';
import { ListEnvelope, MAX_FILTER_VALUE_CHARS, parseListQuery, TEXT_OPS, toEnvelope } from '../common/list';
import { Classifications, normalizeClassifications } from './classification-hierarchy';
import { FragmentsService } from '../fragments/fragments.service';
import { RerankersService } from '../rerankers/rerankers.service';
import { HeldPipeline, PipelineRecord } from './pipeline';
import { ClassificationsDto, CreatePipelineDto, UpdatePipelineDto } from './pipelines.dto';
import { PipelinesRepository } from './pipelines.repository';
import { PipelineView } from './pipelines.wire';
import { PipelineSummary } from './pipeline';
import { IndexPlan, NEEDS_MODEL_OR_FULL_TEXT, planIndexes } from './index-plan';
import { pipelineNotFound, PipelineErrorReason } from './pipeline-errors';

/**
 * Stored fragments need vectors or lexemes after an edit: schedules that work in the
 * edit's transaction and returns what it scheduled. `added` counts the fragment
 * updates this edit asked for, `all` those now pending in the pipeline.
 */
export type QueueIndexing<T> = (
  tx: Queryable,
  pipelineId: string,
  work: { added: number; all: number },
) => Promise<T>;

/** The message the MCP page fixes for a key whose allow-list is not `*`. */
export const CLASSIFICATIONS_DENIED = 'Authorization error: AccessLevel(READ)';

/** `presentModel` shows a model as the key asking may see it (its address to admin keys only). */
export function presentPipeline(
  p: PipelineRecord,
  presentModel: (model: EmbeddingModel) => EmbeddingModelView,
): PipelineView {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    default_text_splitter_id: p.defaultTextSplitterId,
    default_vector_embedding_id: p.defaultVectorEmbeddingId,
    embedding_models: Object.fromEntries(p.vectorEmbeddings.map((v) => [v.id, presentModel(v.model)])),
    full_text_search: p.fullTextSearch,
    created_at: p.createdAt.toISOString(),
    // Beyond the published fields, after them:
    full_text_ranking: p.fullTextRanking,
    full_text_bm25: { k1: p.fullTextK1, b: p.fullTextB },
    full_text_language: p.fullTextLanguage,
    default_reranker_id: p.defaultRerankerId,
  };
}

/** What the list of pipelines filters on. */
export const PIPELINE_FILTERS = {
  name: TEXT_OPS,
  description: ['contains'],
  full_text_search: ['eq'],
} as const;

export interface AccessOptions {
  /**
   * How a key that sees the pipeline but lacks one of the bits is answered:
   * `forbidden` (the default) names the missing bits; `not-found` answers as for a
   * pipeline that does not exist (search, as MCP publishes).
   */
  denied?: 'forbidden' | 'not-found';
  /**
   * A search: the pipeline as it was at the start of the request, from this process's
   * memory when no key, pipeline or model changed since it was read on any process
   * (src/database/cache-generation.ts). Never for a request that writes: it would not
   * see its own write.
   */
  cached?: boolean;
}

@Injectable()
export class PipelinesService {
  constructor(
    private readonly pipelines: PipelinesRepository,
    private readonly catalogue: CatalogueService,
    private readonly fragments: FragmentsService,
    private readonly rerankers: RerankersService,
    private readonly db: DatabaseService,
  ) {}

  /** Pipelines read for searches, by id (AccessOptions.cached). */
  private readonly recent = new GenerationCache<PipelineRecord>();

  /** `admin`: the key asking is an admin key, which sees its models' endpoint addresses. */
  private present(pipeline: PipelineRecord, admin: boolean): PipelineView {
    return presentPipeline(pipeline, (model) => this.catalogue.presentModel(model, admin));
  }

  /**
   * The pipeline, if the key holds every bit of `permissions` on it: how every module
   * acting for a key gets a pipeline.
   *
   * Permissions work as on a file, and neither read nor write implies the other. A
   * pipeline the key may not read does not exist for it ("not found"), unless the
   * operation writes and the key may write: a write-only key can feed a pipeline it
   * cannot read. A key that sees the pipeline but lacks a bit is told which
   * ("forbidden"), or, with `denied: 'not-found'`, told nothing.
   */
  async access(
    auth: AuthContext,
    id: string,
    permissions: number,
    options: AccessOptions = {},
  ): Promise<PipelineRecord> {
    const visible =
      auth.can(id, Permission.Read) ||
      ((permissions & Permission.Write) !== 0 && auth.can(id, Permission.Write));
    const pipeline = !visible
      ? null
      : options.cached
        ? await this.findInGeneration(id, auth.generation)
        : await this.pipelines.find(id);
    if (!pipeline) throw pipelineNotFound(id);
    if (!auth.can(id, permissions)) {
      if (options.denied === 'not-found') throw pipelineNotFound(id);
      throw forbidden(
        PipelineErrorReason.Forbidden,
        `Forbidden: this key lacks ${describeBits(permissions & ~auth.access(id).permissions)} permission on the pipeline.`,
      );
    }
    return pipeline;
  }

  /**
   * The pipeline whatever the key, or null: only for work a key was authorised for
   * before (a queued job, run by the worker under its key's grants of the moment).
   */
  find(id: string, db?: Queryable): Promise<PipelineRecord | null> {
    return this.pipelines.find(id, db);
  }

  /** The pipeline from memory when it was read in this `generation`, else from the database. */
  private async findInGeneration(id: string, generation: string | null): Promise<PipelineRecord | null> {
    const key = id.toLowerCase();
    const kept = this.recent.get(key, generation);
    if (kept) return kept;
    const pipeline = await this.pipelines.find(id);
    // Read after the generation was seen: current for every request that sees it again.
    if (pipeline) this.recent.set(key, pipeline, generation);
    return pipeline;
  }

  /** Marks vector embeddings, and the full text when `fullText`, as complete (a reindex finished them). */
  markReady(id: string, vectorEmbeddingIds: string[], fullText: boolean, tx: Queryable): Promise<void> {
    return this.pipelines.markReady(id, vectorEmbeddingIds, fullText, tx);
  }

  /**
   * Holds the pipeline for the rest of the transaction, so neither its classifications
   * nor its models and full text can change under documents being stored (ingestions
   * do not block each other); returns them as they are, null when the pipeline is gone.
   */
  hold(id: string, tx: Queryable): Promise<HeldPipeline | null> {
    return this.pipelines.hold(id, tx);
  }

  async get(auth: AuthContext, id: string): Promise<PipelineView> {
    return this.present(await this.access(auth, id, Permission.Read), auth.admin);
  }

  async list(auth: AuthContext, query: Record<string, unknown>): Promise<ListEnvelope<PipelineView>> {
    const parsed = parseListQuery(query, PIPELINE_FILTERS);
    for (const filter of parsed.filters) {
      if (filter.field === 'full_text_search' && !['true', 'false'].includes(filter.value)) {
        throw invalid(
          PipelineErrorReason.InvalidDefinition,
          `query parameter full_text_search: expected true or false, got '${filter.value}'`,
        );
      }
    }
    return toEnvelope(await this.pipelines.list(auth.readablePipelines(), parsed), parsed, (p) =>
      this.present(p, auth.admin),
    );
  }

  /** The MCP `get_pipelines` listing: ordered by id, offset paging, `%`/`_` wildcards, case-sensitive. */
  async listSummaries(
    auth: AuthContext,
    query: string | null,
    limit: number,
    offset: number,
  ): Promise<PipelineSummary[]> {
    if (query !== null && query.length > MAX_FILTER_VALUE_CHARS)
      throw invalid(
        PipelineErrorReason.InvalidDefinition,
        `query: must be at most ${MAX_FILTER_VALUE_CHARS} characters`,
      );
    if (limit === 0) return [];
    const pattern = query === null ? null : `%${query}%`;
    const rows = await this.pipelines.listByOffset(auth.readablePipelines(), pattern, limit, offset);
    return rows.map(({ id, name, description, defaultTextSplitterId, defaultVectorEmbeddingId }) => ({
      id,
      name,
      description,
      defaultTextSplitterId,
      defaultVectorEmbeddingId,
    }));
  }

  async create(dto: CreatePipelineDto): Promise<PipelineView> {
    const modelIds = dto.embedding_model_ids ?? [DEFAULT_EMBEDDING_MODEL_ID];
    if (modelIds.length === 0 && !dto.full_text_search) {
      throw invalid(PipelineErrorReason.InvalidDefinition, NEEDS_MODEL_OR_FULL_TEXT);
    }
    const classifications = normalizeClassifications(dto.classifications, dto.hierarchy);
    const splitterId = dto.text_splitter_id ?? DEFAULT_TEXT_SPLITTER_ID;
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        if (await this.pipelines.nameTaken(dto.name, null, tx))
          throw conflict(PipelineErrorReason.NameTaken, `A pipeline named '${dto.name}' already exists`);
        if (!(await this.catalogue.findSplitter(splitterId, tx))) {
          throw invalid(
            PipelineErrorReason.InvalidDefinition,
            `text_splitter_id: text splitter ${splitterId} does not exist`,
          );
        }
        await this.checkLanguage(dto.full_text_language, tx);
        await this.checkReranker(dto.default_reranker_id, tx);
        const models = await this.catalogue.findModels(modelIds, tx);
        const missing = modelIds.findIndex((m) => !models.some((row) => row.id === m));
        if (missing >= 0)
          throw invalid(
            PipelineErrorReason.InvalidDefinition,
            `embedding_model_ids[${missing}]: embedding model ${modelIds[missing]} does not exist`,
          );
        const vectorEmbeddings = modelIds.map((modelId, position) => ({ id: newId(), modelId, position }));
        await this.pipelines.insert(
          {
            id,
            name: dto.name,
            description: dto.description ?? null,
            default_text_splitter_id: splitterId,
            default_vector_embedding_id: vectorEmbeddings[0]?.id ?? null,
            full_text_search: dto.full_text_search,
            full_text_ranking: dto.full_text_ranking,
            full_text_k1: dto.full_text_bm25.k1,
            full_text_b: dto.full_text_bm25.b,
            full_text_language: dto.full_text_language,
            default_reranker_id: dto.default_reranker_id,
            classifications: classifications.classifications,
            hierarchy: classifications.hierarchy,
          },
          tx,
        );
        for (const vectorEmbedding of vectorEmbeddings) {
          await this.pipelines.insertVectorEmbedding(
            {
              id: vectorEmbedding.id,
              pipeline_id: id,
              embedding_model_id: vectorEmbedding.modelId,
              position: vectorEmbedding.position,
              ready: true,
            },
            tx,
          );
        }
      })
      .catch(rethrowUniqueName(dto.name));
    // Only admin keys create pipelines.
    return this.present((await this.pipelines.find(id))!, true);
  }

  /**
   * Applies an edit in one transaction, under the pipeline's lock (ingestions hold it
   * shared while storing, so none stores fragments against the models it replaces).
   * Removed models lose their vectors at once and turning full text off drops the
   * lexemes; models added and full text turned on are complete at once for a pipeline
   * without live fragments, and otherwise wait for the work `queue` is asked, in the
   * same transaction, to schedule (also when an earlier attempt left work undone).
   */
  async update<T>(
    auth: AuthContext,
    id: string,
    dto: UpdatePipelineDto,
    queue: QueueIndexing<T>,
  ): Promise<{ pipeline: PipelineView; queued: T | null }> {
    await this.access(auth, id, Permission.Read);
    const queued = await this.db
      .transaction(async (tx) => {
        await this.pipelines.lock(id, tx);
        const current = await this.pipelines.find(id, tx);
        if (!current) throw pipelineNotFound(id);
        if (dto.name !== undefined && (await this.pipelines.nameTaken(dto.name, id, tx))) {
          throw conflict(PipelineErrorReason.NameTaken, `A pipeline named '${dto.name}' already exists`);
        }
        if (
          dto.default_text_splitter_id &&
          !(await this.catalogue.findSplitter(dto.default_text_splitter_id, tx))
        ) {
          throw invalid(
            PipelineErrorReason.InvalidDefinition,
            `default_text_splitter_id: text splitter ${dto.default_text_splitter_id} does not exist`,
          );
        }
        if (dto.full_text_language !== undefined) await this.checkLanguage(dto.full_text_language, tx);
        if (dto.default_reranker_id !== undefined) await this.checkReranker(dto.default_reranker_id, tx);
        const plan = planIndexes(current, dto, newId);
        const models = await this.catalogue.findModels(
          plan.add.map((v) => v.modelId),
          tx,
        );
        const missing = plan.add.find((v) => !models.some((m) => m.id === v.modelId));
        if (missing) {
          throw invalid(
            PipelineErrorReason.InvalidDefinition,
            `embedding_model_ids[${missing.position}]: embedding model ${missing.modelId} does not exist`,
          );
        }
        return this.applyIndexPlan(current, dto, plan, queue, tx);
      })
      .catch(rethrowUniqueName(dto.name ?? ''));
    return { pipeline: this.present((await this.pipelines.find(id))!, auth.admin), queued };
  }

  private async applyIndexPlan<T>(
    current: PipelineRecord,
    dto: UpdatePipelineDto,
    plan: IndexPlan,
    queue: QueueIndexing<T>,
    tx: Queryable,
  ): Promise<T | null> {
    const id = current.id;
    const lexing = plan.fullText === 'on' || plan.fullText === 'relex';
    const live = plan.add.length > 0 || lexing ? await this.fragments.countLive(id, tx) : 0;
    await this.pipelines.deleteVectorEmbeddings(plan.remove, tx);
    for (const removed of plan.remove) await this.fragments.dropVectorIndexes(tx, removed);
    await this.pipelines.setVectorEmbeddingPositions(plan.keep, tx);
    for (const added of plan.add) {
      await this.pipelines.insertVectorEmbedding(
        {
          id: added.id,
          pipeline_id: id,
          embedding_model_id: added.modelId,
          position: added.position,
          ready: live === 0,
        },
        tx,
      );
    }
    if (plan.fullText === 'off' || plan.fullText === 'relex') await this.fragments.clearFullText(id, tx);
    await this.pipelines.update(
      id,
      {
        name: dto.name,
        description: dto.description,
        default_text_splitter_id: dto.default_text_splitter_id,
        default_vector_embedding_id: plan.defaultVectorEmbeddingId,
        full_text_ranking: dto.full_text_ranking,
        full_text_k1: dto.full_text_bm25?.k1,
        full_text_b: dto.full_text_bm25?.b,
        full_text_language: dto.full_text_language,
        default_reranker_id: dto.default_reranker_id,
        ...(plan.fullText === 'unchanged'
          ? {}
          : {
              full_text_search: plan.fullText !== 'off',
              full_text_ready: plan.fullText === 'off' || live === 0,
            }),
      },
      tx,
    );
    // What is still incomplete: added now, or left so by an attempt that failed.
    const after = (await this.pipelines.find(id, tx))!;
    const pending =
      after.vectorEmbeddings.filter((v) => !v.ready).length +
      (after.fullTextSearch && !after.fullTextReady ? 1 : 0);
    if (pending === 0) return null;
    const added = live * (plan.add.length + (lexing ? 1 : 0));
    const all = (await this.fragments.countLive(id, tx)) * pending;
    return queue(tx, id, { added, all });
  }

  /**
   * A reranker that exists, or a 422 naming the field. (Deleting a reranker a pipeline
   * names is refused, and the foreign key keeps a race from leaving a dangling one.)
   */
  private async checkReranker(id: string | null, tx: Queryable): Promise<void> {
    if (id !== null && !(await this.rerankers.exists(id, tx)))
      throw invalid(PipelineErrorReason.InvalidDefinition, `default_reranker_id: there is no reranker ${id}`);
  }

  /** A text search configuration PostgreSQL has, or a 422 naming the field. */
  private async checkLanguage(language: string, tx: Queryable): Promise<void> {
    if (!(await this.pipelines.textSearchConfigExists(language, tx)))
      throw invalid(
        PipelineErrorReason.InvalidDefinition,
        `full_text_language: no text search configuration named '${language}' (for example english, simple, german)`,
      );
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    const pipeline = await this.access(auth, id, Permission.Read);
    await this.db.transaction(async (tx) => {
      await this.pipelines.delete(id, tx);
      for (const v of pipeline.vectorEmbeddings) await this.fragments.dropVectorIndexes(tx, v.id);
    });
  }

  /** GET classifications: read permission and the `*` allow-list, as the MCP page states. */
  async getClassifications(auth: AuthContext, id: string): Promise<Classifications> {
    const pipeline = await this.access(auth, id, Permission.Read);
    if (auth.access(id).classifications !== '*')
      throw new DomainError(
        PipelineErrorReason.ClassificationsDenied,
        ErrorCode.Forbidden,
        CLASSIFICATIONS_DENIED,
      );
    return { classifications: pipeline.classifications, hierarchy: pipeline.hierarchy };
  }

  /** Replaces the classifications; one still used by a live document cannot be removed. */
  async putClassifications(auth: AuthContext, id: string, dto: ClassificationsDto): Promise<Classifications> {
    await this.access(auth, id, Permission.Read);
    const next = normalizeClassifications(dto.classifications, dto.hierarchy);
    return this.db.transaction(async (tx) => {
      await this.pipelines.lock(id, tx);
      const current = (await this.pipelines.find(id, tx))!;
      const removed = current.classifications.filter((c) => !next.classifications.includes(c));
      const used = await this.pipelines.documentsUsingClassifications(id, removed, tx);
      if (used.length > 0) {
        const list = used.map((u) => `'${u.classification}' (${u.n} documents)`).join(', ');
        throw conflict(
          PipelineErrorReason.ClassificationsInUse,
          `Cannot remove classifications still used by live documents: ${list}`,
        );
      }
      await this.pipelines.updateClassifications(id, next.classifications, next.hierarchy, tx);
      return next;
    });
  }
}

function describeBits(bits: number): string {
  const names = [];
  if (bits & Permission.Read) names.push('read');
  if (bits & Permission.Write) names.push('write');
  if (bits & Permission.Execute) names.push('execute');
  return names.join(' and ');
}

/** Two creators racing for one name: the unique index decides, the loser gets the same 409. */
function rethrowUniqueName(name: string) {
  return (error: unknown): never => {
    if ((error as { code?: string }).code === '23505')
      throw conflict(PipelineErrorReason.NameTaken, `A pipeline named '${name}' already exists`);
    throw error;
  };
}
