/**
 * Search, for REST, MCP and agents alike, in four steps:
 *  1. the pipeline, with read and execute permission (otherwise "not found"),
 *     then the rules every search obeys (search-rules.ts);
 *  2. the embedding model: the one named (a model of one of the pipeline's vector embeddings) or the
 *     default, only when the query has to be embedded;
 *  3. the query embedding: for similarity and MMR;
 *  4. the search of the type, over the requested classifications (expanded, then
 *     narrowed to the key's allow-list) and the metadata filter.
 * `search` runs them all. An edge whose contract orders them otherwise calls
 * `prepare` (steps 1 to 3) and `run` (step 4) itself: MCP's search_knowledge embeds
 * the query for every type and refuses its own types in between
 * (src/mcp/search-knowledge.ts). Its full-text searches do not wait for that embedding:
 * their SQL runs while the query is embedded, and the embedding's errors still come first.
 *
 * Scores: the distance (ascending) for similarity and MMR, the rank (descending)
 * for full text. With inner_product the distance is pgvector's `<#>`, the negated
 * inner product, so that smaller is nearer for every strategy.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { conflict, DomainError, ErrorCode, invalid, Messages } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { sortKeysDeep } from '../common/sort-keys';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { Fragment, SearchScope } from '../fragments/fragment';
import { FragmentsService } from '../fragments/fragments.service';
import { searchDuration, searchResults } from '../observability/metrics';
import { allowedClassifications, narrowClassifications } from '../pipelines/classification-access';
import { expandClassifications } from '../pipelines/classification-hierarchy';
import { PipelineRecord, VectorEmbedding } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { maximalMarginalRelevance } from './mmr';
import { checkSearchRequest } from './search-rules';
import { SearchFragment, SearchRequest, UntypedSearchRequest } from './search.types';

export const Placeholders = {
  hybrid: 'Hybrid placeholder is not implemented yet',
  history: 'History placeholder is not implemented yet',
  invalidType: 'Invalid search type or parameters',
  fullTextDisabled: 'Full text search is not enabled for this pipeline',
} as const;

/** Which searches the query is embedded for in step 3. */
export interface PrepareOptions {
  /** `vector-types`: similarity and MMR only; `every-type`: whatever the type, even none. */
  embedQuery: 'vector-types' | 'every-type';
}

/** What steps 1 to 3 settled, for step 4. */
export interface PreparedSearch {
  pipeline: PipelineRecord;
  /** The vector embedding the query was embedded with, and the vector; null when it was not. */
  embedded: { vectorEmbedding: VectorEmbedding; vector: number[] } | null;
  /** A full-text search begun while its query was embedded for nothing but the embedding's errors. */
  fullText: Promise<SearchFragment[]> | null;
}

@Injectable()
export class SearchService {
  constructor(
    private readonly pipelines: PipelinesService,
    private readonly fragments: FragmentsService,
    private readonly embeddings: EmbeddingsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async search(auth: AuthContext, pipelineId: string, request: SearchRequest): Promise<SearchFragment[]> {
    const prepared = await this.prepare(auth, pipelineId, request, { embedQuery: 'vector-types' });
    return this.run(auth, prepared, request);
  }

  /** Steps 1 to 3: the pipeline, the rules, and the query's embedding when `options` asks for one. */
  async prepare(
    auth: AuthContext,
    pipelineId: string,
    request: UntypedSearchRequest,
    options: PrepareOptions,
  ): Promise<PreparedSearch> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read | Permission.Execute, {
      denied: 'not-found',
      cached: true,
    });
    checkSearchRequest(request, this.settings.limits);
    const vectorType = request.type === 'similarity' || request.type === 'mmr';
    if (!vectorType && options.embedQuery !== 'every-type')
      return { pipeline, embedded: null, fullText: null };
    const vectorEmbedding = selectVectorEmbedding(pipeline, request.embeddingModelId);
    // A full-text search uses nothing of the embedding but its errors, which come first
    // (a step-3 error is the answer even if step 4 would fail too): its SQL runs meanwhile,
    // and what it returns or throws waits for `run`.
    const fullText =
      request.type === 'search' && fullTextServes(pipeline)
        ? this.execute(auth, pipeline, request as SearchRequest, null)
        : null;
    fullText?.catch(() => undefined); // not unhandled if step 3 fails: nobody will await it
    const vector = await this.embedQuery(vectorEmbedding, request.query);
    return { pipeline, embedded: { vectorEmbedding, vector }, fullText };
  }

  /** Step 4: the search of the request's type, in the pipeline `prepare` found. */
  async run(auth: AuthContext, prepared: PreparedSearch, request: SearchRequest): Promise<SearchFragment[]> {
    const { pipeline, embedded } = prepared;
    checkType(pipeline, request, embedded !== null);
    if (request.type === 'search' && prepared.fullText) return prepared.fullText;
    return this.execute(auth, pipeline, request, embedded);
  }

  /** Step 4 once its checks passed. */
  private async execute(
    auth: AuthContext,
    pipeline: PipelineRecord,
    request: SearchRequest,
    embedded: PreparedSearch['embedded'],
  ): Promise<SearchFragment[]> {
    const scope: SearchScope = {
      pipelineId: pipeline.id,
      classifications: narrowClassifications(
        request.classifications === 'all'
          ? pipeline.classifications
          : expandClassifications(request.classifications.values, pipeline, request.classifications.match),
        allowedClassifications(auth, pipeline),
      ),
      filter: request.filters,
    };
    const stopTimer = searchDuration.startTimer({ type: request.type });
    const results =
      scope.classifications.length === 0 || request.params.k === 0
        ? []
        : request.type === 'search'
          ? await this.fullText(scope, request)
          : await this.vectorSearch(scope, request, embedded!.vectorEmbedding, embedded!.vector, {
              // A metadata filter or a narrower set of classifications than the pipeline's.
              selective:
                scope.filter !== null || scope.classifications.length < pipeline.classifications.length,
            });
    stopTimer();
    searchResults.observe({ type: request.type }, results.length);
    return results;
  }

  private async vectorSearch(
    scope: SearchScope,
    request: SearchRequest,
    vectorEmbedding: VectorEmbedding,
    vector: number[],
    { selective }: { selective: boolean },
  ): Promise<SearchFragment[]> {
    const { k, fetch_k: fetchK, lambda_mult: lambda, threshold } = request.params;
    const mmr = request.type === 'mmr';
    const limit = mmr ? fetchK : k;
    if (limit === 0) return [];
    const query = {
      ...scope,
      vectorEmbeddingId: vectorEmbedding.id,
      size: vectorEmbedding.model.size,
      vector,
      strategy: request.distanceStrategy,
      limit,
      selective,
    };
    if (!mmr) {
      const hits = await this.fragments.nearest(query, threshold);
      return hits.map((hit) => present(hit.fragment, hit.score));
    }

    const candidates = await this.fragments.nearestVectors(query);
    // Ties keep the database order (distance, then id); a threshold drops what is too far.
    const near = threshold === null ? candidates : candidates.filter((c) => c.distance <= threshold);
    const chosen = (
      await maximalMarginalRelevance(
        vector,
        near.map((candidate) => candidate.embedding),
        k,
        lambda,
      )
    )
      .map((i) => near[i])
      .sort((a, b) => a.distance - b.distance || compare(a.id, b.id));
    const live = new Map(
      (
        await this.fragments.liveByIds(
          scope,
          chosen.map((candidate) => candidate.id),
        )
      ).map((fragment) => [fragment.id, fragment]),
    );
    // A fragment expired between the two queries is left out rather than shown.
    return chosen
      .filter((candidate) => live.has(candidate.id))
      .map((candidate) => present(live.get(candidate.id)!, candidate.distance));
  }

  private async fullText(scope: SearchScope, request: SearchRequest): Promise<SearchFragment[]> {
    const { k, threshold } = request.params;
    const hits = await this.fragments.fullText(scope, request.query, k, threshold);
    return hits.map((hit) => present(hit.fragment, hit.score));
  }

  private async embedQuery(vectorEmbedding: VectorEmbedding, query: string): Promise<number[]> {
    const { model } = vectorEmbedding;
    try {
      return await this.embeddings.embedQuery(model, query);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError(
        ErrorCode.Upstream,
        `Embedding model '${model.name}' could not embed the query: ${(error as Error).message}`,
      );
    }
  }
}

/** Step 4's checks of the type: the placeholders, an invalid type, full text off or not ready. */
function checkType(pipeline: PipelineRecord, request: SearchRequest, embedded: boolean): void {
  switch (request.type) {
    case 'hybrid':
      throw new DomainError(ErrorCode.NotImplemented, Placeholders.hybrid);
    case 'history':
      throw new DomainError(ErrorCode.NotImplemented, Placeholders.history);
    case 'search':
      if (!pipeline.full_text_search)
        throw new DomainError(ErrorCode.NotImplemented, Placeholders.fullTextDisabled);
      if (!pipeline.full_text_ready) throw conflict(notReady('Full text search', pipeline.id));
      break;
    case 'similarity':
    case 'mmr':
      // prepare embeds the query for these two whatever its options.
      if (!embedded) throw new Error('A vector search needs the query embedded by prepare()');
      break;
    default:
      throw new DomainError(ErrorCode.Internal, Placeholders.invalidType);
  }
}

/** Whether step 4 would run a full-text search of the pipeline. */
const fullTextServes = (pipeline: PipelineRecord) => pipeline.full_text_search && pipeline.full_text_ready;

/**
 * The pipeline's vector embedding of the named embedding MODEL (REST `params.embedding`,
 * MCP `embedding_model_id`), or its default one.
 */
export function selectVectorEmbedding(
  pipeline: PipelineRecord,
  embeddingModelId: string | null,
): VectorEmbedding {
  let selected: VectorEmbedding | undefined;
  if (embeddingModelId !== null) {
    const wanted = embeddingModelId.toLowerCase();
    selected = pipeline.vectorEmbeddings.find((v) => v.model.id === wanted);
    if (!selected) throw invalid(Messages.embeddingModelNotFound);
  } else {
    selected = pipeline.vectorEmbeddings.find((v) => v.id === pipeline.default_vector_embedding_id);
    if (!selected) throw invalid(Messages.missingEmbeddingModelId);
  }
  if (!selected.ready) throw conflict(notReady(`Embedding model '${selected.model.name}'`, pipeline.id));
  return selected;
}

/**
 * A model just added (or full text just turned on) is searched only once every stored
 * fragment has its vectors (lexemes): a search of part of the pipeline would miss
 * documents without saying so.
 */
function notReady(what: string, pipelineId: string): string {
  return (
    `${what} is still being built for this pipeline's stored fragments: search it when its reindex job ` +
    `(GET /jobs?pipeline_id=${pipelineId}) has finished; if that job failed, PATCH the pipeline again to retry`
  );
}

/** One result, as published: keys in alphabetical order, `page_content` absent when empty. */
function present(fragment: Fragment, score: number): SearchFragment {
  return {
    classification: fragment.classification,
    document_id: fragment.document_id,
    expired_at: null,
    id: fragment.id,
    metadata: sortKeysDeep(fragment.metadata),
    order_id: fragment.order_id,
    ...(fragment.text === '' ? {} : { page_content: fragment.text }),
    score,
    version: fragment.version,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
