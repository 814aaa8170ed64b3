/**
 * Search, for REST and MCP alike, in the order the MCP tools page publishes:
 *  1. the pipeline, with read and execute permission (otherwise "not found"),
 *     then the rules every search obeys (search-rules.ts);
 *  2. the embedding model: the one named (a model id the pipeline binds) or the
 *     default — only when the query has to be embedded;
 *  3. the query embedding: for similarity and MMR, and for every type when the
 *     edge asks for it (MCP does);
 *  4. the search of the type, over the requested classifications (expanded, then
 *     narrowed to the key's allow-list) and the metadata filter.
 * Scores: the distance (ascending) for similarity and MMR, the rank (descending)
 * for full text. With inner_product the distance is pgvector's `<#>`, the negated
 * inner product, so that smaller is nearer for every strategy.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { DomainError, ErrorCode, invalid, Messages } from '../common/errors';
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
import { SearchFragment, SearchRequest } from './search.types';

export const Placeholders = {
  hybrid: 'Hybrid placeholder is not implemented yet',
  history: 'History placeholder is not implemented yet',
  invalidType: 'Invalid search type or parameters',
  fullTextDisabled: 'Full text search is not enabled for this pipeline',
} as const;

@Injectable()
export class SearchService {
  constructor(
    private readonly pipelines: PipelinesService,
    private readonly fragments: FragmentsService,
    private readonly embeddings: EmbeddingsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async search(auth: AuthContext, pipelineId: string, request: SearchRequest): Promise<SearchFragment[]> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read | Permission.Execute, {
      denied: 'not-found',
    });
    checkSearchRequest(request, this.settings.limits);

    const vectorType = request.type === 'similarity' || request.type === 'mmr';
    let binding: VectorEmbedding | null = null;
    let vector: number[] | null = null;
    if (vectorType || request.embedQueryAlways) {
      binding = selectBinding(pipeline, request.embeddingModelId);
      vector = await this.embedQuery(binding, request.query);
    }

    switch (request.type) {
      case 'hybrid':
        throw new DomainError(ErrorCode.NotImplemented, Placeholders.hybrid, {
          params: { params: request.rawParams ?? {} },
        });
      case 'history':
        throw new DomainError(ErrorCode.NotImplemented, Placeholders.history, {
          params: { params: request.rawParams ?? {} },
        });
      case 'query':
        throw new DomainError(ErrorCode.Internal, Placeholders.invalidType);
      case 'search':
        if (!pipeline.full_text_search)
          throw new DomainError(ErrorCode.NotImplemented, Placeholders.fullTextDisabled);
        break;
      case 'similarity':
      case 'mmr':
        break;
      default:
        throw new DomainError(ErrorCode.Internal, Placeholders.invalidType);
    }

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
          : await this.vectorSearch(scope, request, binding!, vector!);
    stopTimer();
    searchResults.observe({ type: request.type }, results.length);
    return results;
  }

  private async vectorSearch(
    scope: SearchScope,
    request: SearchRequest,
    binding: VectorEmbedding,
    vector: number[],
  ): Promise<SearchFragment[]> {
    const { k, fetch_k: fetchK, lambda_mult: lambda, threshold } = request.params;
    const mmr = request.type === 'mmr';
    const limit = mmr ? fetchK : k;
    if (limit === 0) return [];
    const query = {
      ...scope,
      vectorEmbeddingId: binding.id,
      size: binding.model.size,
      vector,
      strategy: request.distanceStrategy,
      limit,
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

  private async embedQuery(binding: VectorEmbedding, query: string): Promise<number[]> {
    try {
      return await this.embeddings.embedQuery(binding.model, query);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError(
        ErrorCode.Upstream,
        `Embedding model '${binding.model.name}' could not embed the query: ${(error as Error).message}`,
      );
    }
  }
}

/** The binding of the named embedding model, or the pipeline's default one. */
export function selectBinding(pipeline: PipelineRecord, embeddingModelId: string | null): VectorEmbedding {
  if (embeddingModelId !== null) {
    const wanted = embeddingModelId.toLowerCase();
    const binding = pipeline.vectorEmbeddings.find((v) => v.model.id === wanted);
    if (!binding) throw invalid(Messages.embeddingModelNotFound);
    return binding;
  }
  const binding = pipeline.vectorEmbeddings.find((v) => v.id === pipeline.default_vector_embedding_id);
  if (!binding) throw invalid(Messages.missingEmbeddingModelId);
  return binding;
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
