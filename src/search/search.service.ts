/**
 * Search, for every edge (REST, MCP, agents, Guided Mind), in three steps:
 *  1. `open`: the pipeline, with read and execute permission (otherwise "not found"),
 *     and the rules every search obeys (search-rules.ts);
 *  2. `embed`: the embedding model (the one named, a model of one of the pipeline's
 *     vector embeddings, or the default) and the query's vector;
 *  3. `run`: the search of the type, over the requested classifications (expanded,
 *     then narrowed to the key's allow-list) and the metadata filter, and its rerank
 *     when the request asks for one (rerank.ts).
 * `search` runs them in that order, embedding only for the types that use a vector. An
 * edge whose contract orders them otherwise calls the steps itself (MCP's
 * search_knowledge embeds the query for every type: src/mcp/search-knowledge.ts).
 * `retrieve` is the search of the edges that answer a question rather than run a
 * search (agents, rag_search): the best type the pipeline offers, reranked by its
 * default reranker, each hit with a relevance (search-hit.ts).
 *
 * Scores: the distance (ascending) for similarity and MMR, the rank (descending)
 * for full text, the fused score (descending) for hybrid, the reranker's relevance
 * (descending) when reranked. With inner_product the distance is pgvector's `<#>`, the
 * negated inner product, so that smaller is nearer for every strategy.
 *
 * Hybrid runs a similarity search and a BM25 search of the same scope at once, each
 * taking more candidates than it returns (`candidates`, by default HYBRID_CANDIDATES
 * times k, at least MIN_HYBRID_CANDIDATES: more changed nothing on the quality benchmark),
 * and fuses them (fusion.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { DomainError, ErrorCode, hasReason } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { SearchScope } from '../fragments/fragment';
import { FragmentsService } from '../fragments/fragments.service';
import { searchDuration, searchResults } from '../observability/metrics';
import { allowedClassifications, narrowClassifications } from '../pipelines/classification-access';
import { expandClassifications } from '../pipelines/classification-hierarchy';
import { fullTextSettings, PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { RerankersService } from '../rerankers/rerankers.service';
import { DEFAULT_FUSION, fuse } from './fusion';
import { maximalMarginalRelevance } from './mmr';
import { rerankCandidates } from './rerank';
import { checkType, retrievalType, selectVectorEmbedding } from './search-checks';
import { hybridNeedsModel, noSuchReranker, SearchErrorReason } from './search-errors';
import { clamp01, distanceRelevance, FoundBy, ScoredFragment, SearchHit } from './search-hit';
import { checkSearchRequest, SearchRuleInput } from './search-rules';
import { embedsQuery, SearchRequest, searchRequest, SearchType } from './search.types';
import { RerankerErrorReason } from '../rerankers/reranker-errors';

export { selectVectorEmbedding } from './search-checks';

/** Candidates each leg of a hybrid search takes per result asked for, and at least. */
export const HYBRID_CANDIDATES = 3;
export const MIN_HYBRID_CANDIDATES = 20;

/** The query's vector, and the vector embedding it was embedded for. */
export interface QueryEmbedding {
  vectorEmbedding: PipelineRecord['vectorEmbeddings'][number];
  vector: number[];
}

/** What an edge that answers questions asks of a pipeline (`retrieve`). */
export type Retrieval = Pick<SearchRequest, 'query' | 'classifications' | 'filters'> & { k: number };

@Injectable()
export class SearchService {
  constructor(
    private readonly pipelines: PipelinesService,
    private readonly fragments: FragmentsService,
    private readonly embeddings: EmbeddingsService,
    private readonly rerankers: RerankersService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async search(auth: AuthContext, pipelineId: string, request: SearchRequest): Promise<ScoredFragment[]> {
    const pipeline = await this.open(auth, pipelineId, request);
    if (request.type === 'hybrid') {
      checkType(pipeline, request);
      if (pipeline.vectorEmbeddings.length === 0) throw hybridNeedsModel(pipeline.id);
    }
    const embedding = embedsQuery(request.type) ? await this.embed(pipeline, request) : null;
    return this.run(auth, pipeline, request, embedding);
  }

  /**
   * Refuses what `search` would refuse of this request before it embeds the query: the
   * key's access, the rules, the type on this pipeline, the model, the reranker. For an
   * edge that accepts searches to run later (an evaluation's), so that it refuses them
   * when they are sent.
   */
  async check(auth: AuthContext, pipelineId: string, request: SearchRequest): Promise<void> {
    const pipeline = await this.open(auth, pipelineId, request);
    checkType(pipeline, request);
    if (request.type === 'hybrid' && pipeline.vectorEmbeddings.length === 0)
      throw hybridNeedsModel(pipeline.id);
    if (embedsQuery(request.type)) selectVectorEmbedding(pipeline, request.embeddingModelId);
    if (request.rerank !== null) {
      const { rerankerId } = request.rerank;
      await this.rerankers.get(auth, rerankerId).catch((error: unknown) => {
        if (hasReason(error, RerankerErrorReason.NotFound)) throw noSuchReranker(rerankerId);
        throw error;
      });
    }
  }

  /** The rules every search obeys (search-rules.ts), alone: for a request checked with `check` and another query. */
  checkRules(request: SearchRuleInput): void {
    checkSearchRequest(request, this.settings.limits);
  }

  /**
   * The passages of the pipeline that best answer a question, most relevant first: a
   * hybrid search when the pipeline has full text and a model ready, else the one it
   * has, reranked by its default reranker when it names one. Also which type it ran.
   */
  async retrieve(
    auth: AuthContext,
    pipelineId: string,
    retrieval: Retrieval,
  ): Promise<{ type: SearchType; hits: SearchHit[] }> {
    const { k, ...fields } = retrieval;
    const base = searchRequest({
      type: 'similarity',
      ...fields,
      params: { k, fetchK: 0, lambdaMult: 0.5, threshold: null },
    });
    const pipeline = await this.open(auth, pipelineId, base);
    const type = retrievalType(pipeline);
    const rerank =
      pipeline.defaultRerankerId === null
        ? null
        : { rerankerId: pipeline.defaultRerankerId, candidates: null };
    const request = { ...base, type, rerank };
    const embedding = embedsQuery(type) ? await this.embed(pipeline, request) : null;
    return { type, hits: await this.hits(auth, pipeline, request, embedding) };
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
    return {
      vectorEmbedding,
      vector: await upstream(model, this.embeddings.embedQuery(model, request.query)),
    };
  }

  /**
   * What step 2 would throw, without its vector, and without calling the model when it
   * cannot fail (EmbeddingsService.checkQuery): for an edge whose contract answers the
   * embedding's errors before a type that uses no vector (MCP's search_knowledge).
   */
  async checkEmbedding(
    pipeline: PipelineRecord,
    request: Pick<SearchRequest, 'query' | 'embeddingModelId'>,
  ): Promise<void> {
    const { model } = selectVectorEmbedding(pipeline, request.embeddingModelId);
    await upstream(model, this.embeddings.checkQuery(model, request.query));
  }

  /** Step 3: the search of the request's type; `embedding` is step 2's, for the types that use it. */
  async run(
    auth: AuthContext,
    pipeline: PipelineRecord,
    request: SearchRequest,
    embedding: QueryEmbedding | null,
  ): Promise<ScoredFragment[]> {
    return (await this.hits(auth, pipeline, request, embedding)).map((hit) => hit.fragment);
  }

  /** Step 3 with each hit's relevance and provenance; the rerank when the request asks for one. */
  private async hits(
    auth: AuthContext,
    pipeline: PipelineRecord,
    request: SearchRequest,
    embedding: QueryEmbedding | null,
  ): Promise<SearchHit[]> {
    if (request.rerank === null) return this.ofType(auth, pipeline, request, embedding);
    const { k, fetchK } = request.params;
    if (k === 0) return [];
    const candidates = rerankCandidates(request);
    const first = await this.ofType(
      auth,
      pipeline,
      {
        ...request,
        params: { ...request.params, k: candidates, fetchK: Math.max(fetchK, candidates) },
        rerank: null,
      },
      embedding,
    );
    const { rerankerId } = request.rerank;
    const relevances = await this.rerankers
      .rerank(
        rerankerId,
        request.query,
        first.map((hit) => hit.fragment.text),
      )
      .catch((error: unknown) => {
        if (hasReason(error, RerankerErrorReason.NotFound)) throw noSuchReranker(rerankerId);
        throw error;
      });
    return first
      .map((hit, i): SearchHit => ({
        fragment: { ...hit.fragment, score: relevances[i] },
        relevance: clamp01(relevances[i]),
        foundBy: [...hit.foundBy, 'rerank'],
      }))
      .sort((a, b) => b.fragment.score - a.fragment.score || compare(a.fragment.id, b.fragment.id))
      .slice(0, k);
  }

  private async ofType(
    auth: AuthContext,
    pipeline: PipelineRecord,
    request: SearchRequest,
    embedding: QueryEmbedding | null,
  ): Promise<SearchHit[]> {
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
    let hits: SearchHit[] = [];
    if (scope.classifications.length > 0 && request.params.k > 0) {
      if (request.type === 'search') {
        hits = await this.fullText(pipeline, scope, request);
      } else {
        if (embedding === null) throw new Error(`A ${request.type} search needs the query's embedding`);
        // A metadata filter or a narrower set of classifications than the pipeline's.
        const selective =
          scope.filter !== null || scope.classifications.length < pipeline.classifications.length;
        hits =
          request.type === 'hybrid'
            ? await this.hybrid(pipeline, scope, request, embedding, selective)
            : await this.vectorSearch(scope, request, embedding, selective);
      }
    }
    stopTimer();
    searchResults.observe({ type: request.type }, hits.length);
    return hits;
  }

  private async vectorSearch(
    scope: SearchScope,
    request: SearchRequest,
    { vectorEmbedding, vector }: QueryEmbedding,
    selective: boolean,
  ): Promise<SearchHit[]> {
    const { k, fetchK, lambdaMult: lambda, threshold } = request.params;
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
    const hit = (fragment: ScoredFragment): SearchHit => ({
      fragment,
      relevance: distanceRelevance(fragment.score, request.distanceStrategy),
      foundBy: ['similarity'],
    });
    if (!mmr) {
      const hits = await this.fragments.nearest(query, threshold);
      return hits.map(({ fragment, score }) => hit({ ...fragment, score }));
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
      .map((candidate) => hit({ ...live.get(candidate.id)!, score: candidate.distance }));
  }

  /**
   * Both legs at once, over the same scope, each reading only ids and scores; fused; the
   * winners then read whole (a fragment expired meanwhile is left out). A hit is as
   * relevant as the leg that found it thinks best.
   */
  private async hybrid(
    pipeline: PipelineRecord,
    scope: SearchScope,
    request: SearchRequest,
    { vectorEmbedding, vector: queryVector }: QueryEmbedding,
    selective: boolean,
  ): Promise<SearchHit[]> {
    const { k } = request.params;
    const candidates = request.params.candidates ?? Math.max(HYBRID_CANDIDATES * k, MIN_HYBRID_CANDIDATES);
    const [vector, text] = await Promise.all([
      this.fragments.nearestIds({
        ...scope,
        vectorEmbeddingId: vectorEmbedding.id,
        size: vectorEmbedding.model.size,
        vector: queryVector,
        strategy: request.distanceStrategy,
        limit: candidates,
        selective,
      }),
      this.fragments.fullTextIds(scope, request.query, fullTextSettings(pipeline), candidates),
    ]);
    const found = new Map<string, { relevance: number; foundBy: FoundBy[] }>();
    const note = (id: string, relevance: number, by: FoundBy) => {
      const known = found.get(id);
      found.set(id, {
        relevance: Math.max(relevance, known?.relevance ?? 0),
        foundBy: [...(known?.foundBy ?? []), by],
      });
    };
    for (const hit of vector)
      note(hit.id, distanceRelevance(hit.distance, request.distanceStrategy), 'similarity');
    for (const hit of text) note(hit.id, hit.relevance, 'search');
    const fused = fuse(
      vector.map((hit) => ({ id: hit.id, score: hit.distance })),
      text.map((hit) => ({ id: hit.id, score: hit.rank })),
      { ...DEFAULT_FUSION, ...request.params.fusion },
    ).slice(0, k);
    const live = new Map(
      (
        await this.fragments.liveByIds(
          scope,
          fused.map((hit) => hit.id),
        )
      ).map((fragment) => [fragment.id, fragment]),
    );
    return fused
      .filter((hit) => live.has(hit.id))
      .map((hit) => ({ fragment: { ...live.get(hit.id)!, score: hit.score }, ...found.get(hit.id)! }));
  }

  private async fullText(
    pipeline: PipelineRecord,
    scope: SearchScope,
    request: SearchRequest,
  ): Promise<SearchHit[]> {
    const { k, threshold } = request.params;
    const hits = await this.fragments.fullText(
      scope,
      request.query,
      fullTextSettings(pipeline),
      k,
      threshold,
    );
    return hits.map((hit) => ({
      fragment: { ...hit.fragment, score: hit.score },
      relevance: hit.relevance,
      foundBy: ['search'],
    }));
  }
}

/** A model's failure that is no DomainError of its own, as the 502 that names the model. */
async function upstream<T>(model: { name: string }, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(
      SearchErrorReason.QueryEmbeddingFailed,
      ErrorCode.Upstream,
      `Embedding model '${model.name}' could not embed the query: ${(error as Error).message}`,
    );
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
