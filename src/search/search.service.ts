/**
 * Search, for every edge (REST, MCP, agents, Guided Mind), in three steps:
 *  1. `open`: the pipeline, with read and execute permission (otherwise "not found"),
 *     and the rules every search obeys (search-rules.ts);
 *  2. `embed`: the embedding model (the one named, a model of one of the pipeline's
 *     vector embeddings, or the default) and the query's vector;
 *  3. `run`: the search of the type, over the requested classifications (expanded,
 *     then narrowed to the key's allow-list) and the metadata filter.
 * `search` runs them in that order, embedding only for the types that use a vector. An
 * edge whose contract orders them otherwise calls the steps itself (MCP's
 * search_knowledge embeds the query for every type: src/mcp/search-knowledge.ts).
 *
 * Scores: the distance (ascending) for similarity and MMR, the rank (descending)
 * for full text, the fused score (descending) for hybrid. With inner_product the
 * distance is pgvector's `<#>`, the negated inner product, so that smaller is nearer
 * for every strategy.
 *
 * Hybrid runs a similarity search and a BM25 search of the same scope at once, each
 * taking more candidates than it returns (`candidates`, by default HYBRID_CANDIDATES
 * times k, at least MIN_HYBRID_CANDIDATES), and fuses them (fusion.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { DomainError, ErrorCode, invalid } from '../common/errors';
import { sortKeysDeep } from '../common/sort-keys';
import { SETTINGS, Settings } from '../config/settings';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { Fragment, SearchScope } from '../fragments/fragment';
import { FragmentsService } from '../fragments/fragments.service';
import { searchDuration, searchResults } from '../observability/metrics';
import { allowedClassifications, narrowClassifications } from '../pipelines/classification-access';
import { expandClassifications } from '../pipelines/classification-hierarchy';
import { fullTextSettings, PipelineRecord, VectorEmbedding } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { DEFAULT_FUSION, fuse } from './fusion';
import { maximalMarginalRelevance } from './mmr';
import { byRelevance, rerankCandidates } from './rerank';
import { RerankersService } from '../rerankers/rerankers.service';
import {
  embeddingModelNotFound,
  fullTextDisabled,
  hybridNeedsFullText,
  hybridNeedsModel,
  indexNotReady,
  noEmbeddingModel,
  typeNotImplemented,
} from './search-errors';
import { checkSearchRequest, SearchRuleInput } from './search-rules';
import { embedsQuery, SearchFragment, SearchRequest } from './search.types';

/** Candidates each leg of a hybrid search takes per result asked for, and at least. */
export const HYBRID_CANDIDATES = 4;
export const MIN_HYBRID_CANDIDATES = 50;

/** The query's vector, and the vector embedding it was embedded for. */
export interface QueryEmbedding {
  vectorEmbedding: VectorEmbedding;
  vector: number[];
}

@Injectable()
export class SearchService {
  constructor(
    private readonly pipelines: PipelinesService,
    private readonly fragments: FragmentsService,
    private readonly embeddings: EmbeddingsService,
    private readonly rerankers: RerankersService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async search(auth: AuthContext, pipelineId: string, request: SearchRequest): Promise<SearchFragment[]> {
    const pipeline = await this.open(auth, pipelineId, request);
    if (request.type === 'hybrid') checkType(pipeline, request);
    if (request.type === 'hybrid' && pipeline.vectorEmbeddings.length === 0)
      throw hybridNeedsModel(pipeline.id);
    const embedding = embedsQuery(request.type) ? await this.embed(pipeline, request) : null;
    return this.run(auth, pipeline, request, embedding);
  }

  /** Step 1: the pipeline the key may search, once the request obeys the rules. */
  async open(auth: AuthContext, pipelineId: string, request: SearchRuleInput): Promise<PipelineRecord> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read | Permission.Execute, {
      denied: 'not-found',
      cached: true,
    });
    checkSearchRequest(request, this.settings.limits);
    return pipeline;
  }

  /** Step 2: the query embedded with the model the request names, or the pipeline's default. */
  async embed(
    pipeline: PipelineRecord,
    request: Pick<SearchRequest, 'query' | 'embeddingModelId'>,
  ): Promise<QueryEmbedding> {
    const vectorEmbedding = selectVectorEmbedding(pipeline, request.embeddingModelId);
    const { model } = vectorEmbedding;
    try {
      return { vectorEmbedding, vector: await this.embeddings.embedQuery(model, request.query) };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError(
        ErrorCode.Upstream,
        `Embedding model '${model.name}' could not embed the query: ${(error as Error).message}`,
      );
    }
  }

  /**
   * Step 3: the search of the request's type, and its rerank when it asks for one;
   * `embedding` is step 2's, for the types that use it.
   */
  async run(
    auth: AuthContext,
    pipeline: PipelineRecord,
    request: SearchRequest,
    embedding: QueryEmbedding | null,
  ): Promise<SearchFragment[]> {
    if (request.rerank === null) return this.runType(auth, pipeline, request, embedding);
    const { k, fetch_k: fetchK } = request.params;
    if (k === 0) return [];
    const candidates = rerankCandidates(request);
    const first = await this.runType(
      auth,
      pipeline,
      {
        ...request,
        params: { ...request.params, k: candidates, fetch_k: Math.max(fetchK, candidates) },
        rerank: null,
      },
      embedding,
    );
    const relevances = await this.rerankers
      .rerank(
        request.rerank.rerankerId,
        request.query,
        first.map((fragment) => fragment.page_content ?? ''),
      )
      .catch((error: unknown) => {
        if (error instanceof DomainError && error.code === ErrorCode.NotFound)
          throw invalid(`rerank.reranker_id: there is no reranker ${request.rerank!.rerankerId}`);
        throw error;
      });
    return byRelevance(first, relevances, k);
  }

  private async runType(
    auth: AuthContext,
    pipeline: PipelineRecord,
    request: SearchRequest,
    embedding: QueryEmbedding | null,
  ): Promise<SearchFragment[]> {
    checkType(pipeline, request);
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
    let results: SearchFragment[] = [];
    if (scope.classifications.length > 0 && request.params.k > 0) {
      if (request.type === 'search') {
        results = await this.fullText(pipeline, scope, request);
      } else {
        if (embedding === null) throw new Error(`A ${request.type} search needs the query's embedding`);
        // A metadata filter or a narrower set of classifications than the pipeline's.
        const selective =
          scope.filter !== null || scope.classifications.length < pipeline.classifications.length;
        results =
          request.type === 'hybrid'
            ? await this.hybrid(pipeline, scope, request, embedding, selective)
            : await this.vectorSearch(scope, request, embedding, selective);
      }
    }
    stopTimer();
    searchResults.observe({ type: request.type }, results.length);
    return results;
  }

  private async vectorSearch(
    scope: SearchScope,
    request: SearchRequest,
    { vectorEmbedding, vector }: QueryEmbedding,
    selective: boolean,
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

  /** Both legs at once, over the same scope, fused; each result keeps its fragment, with the fused score. */
  private async hybrid(
    pipeline: PipelineRecord,
    scope: SearchScope,
    request: SearchRequest,
    embedding: QueryEmbedding,
    selective: boolean,
  ): Promise<SearchFragment[]> {
    const { k } = request.params;
    const candidates = request.params.candidates ?? Math.max(HYBRID_CANDIDATES * k, MIN_HYBRID_CANDIDATES);
    const leg = { ...request.params, k: candidates, threshold: null };
    const [vector, text] = await Promise.all([
      this.vectorSearch(scope, { ...request, type: 'similarity', params: leg }, embedding, selective),
      this.fullText(pipeline, scope, { ...request, type: 'search', params: leg }),
    ]);
    const found = new Map([...vector, ...text].map((fragment) => [fragment.id, fragment]));
    return fuse(vector, text, { ...DEFAULT_FUSION, ...request.params.fusion })
      .slice(0, k)
      .map((hit) => ({ ...found.get(hit.id)!, score: hit.score }));
  }

  private async fullText(
    pipeline: PipelineRecord,
    scope: SearchScope,
    request: SearchRequest,
  ): Promise<SearchFragment[]> {
    const { k, threshold } = request.params;
    const hits = await this.fragments.fullText(
      scope,
      request.query,
      fullTextSettings(pipeline),
      k,
      threshold,
    );
    return hits.map((hit) => present(hit.fragment, hit.score));
  }
}

/** The checks of the type: `history`, full text off or not ready. */
function checkType(pipeline: PipelineRecord, request: SearchRequest): void {
  switch (request.type) {
    case 'history':
      throw typeNotImplemented(request.type);
    case 'hybrid':
      if (!pipeline.full_text_search) throw hybridNeedsFullText(pipeline.id);
      if (!pipeline.full_text_ready) throw indexNotReady('Full text search', pipeline.id);
      break;
    case 'search':
      if (!pipeline.full_text_search) throw fullTextDisabled();
      if (!pipeline.full_text_ready) throw indexNotReady('Full text search', pipeline.id);
      break;
    case 'similarity':
    case 'mmr':
      break;
    default:
      throw new Error(`Unknown search type ${String(request.type)}`);
  }
}

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
    if (!selected) throw embeddingModelNotFound();
  } else {
    selected = pipeline.vectorEmbeddings.find((v) => v.id === pipeline.default_vector_embedding_id);
    if (!selected) throw noEmbeddingModel();
  }
  if (!selected.ready) throw indexNotReady(`Embedding model '${selected.model.name}'`, pipeline.id);
  return selected;
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
