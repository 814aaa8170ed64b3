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
import { allowedClassifications, narrowClassifications } from '../documents/classification-access';
import { ContentCipher } from '../documents/content-cipher';
import { FragmentRow } from '../documents/documents.repository';
import { decryptFragment, sortKeysDeep } from '../documents/fragment-view';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { searchDuration, searchResults } from '../observability/metrics';
import { expandClassifications } from '../pipelines/classification-hierarchy';
import { PipelineRecord, VectorEmbedding } from '../pipelines/pipelines.repository';
import { PipelinesService } from '../pipelines/pipelines.service';
import { maximalMarginalRelevance } from './mmr';
import { checkSearchRequest } from './search-rules';
import { Scope, SearchRepository } from './search.repository';
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
    private readonly repository: SearchRepository,
    private readonly embeddings: EmbeddingsService,
    private readonly cipher: ContentCipher,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async search(auth: AuthContext, pipelineId: string, request: SearchRequest): Promise<SearchFragment[]> {
    const pipeline = await this.pipelines.require(
      auth,
      pipelineId,
      Permission.Read | Permission.Execute,
      true,
    );
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

    const scope: Scope = {
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
          : await this.vectorSearch(scope, request, binding!, vector!, {
              selective:
                scope.filter !== null || scope.classifications.length < pipeline.classifications.length,
            });
    stopTimer();
    searchResults.observe({ type: request.type }, results.length);
    return results;
  }

  private async vectorSearch(
    scope: Scope,
    request: SearchRequest,
    binding: VectorEmbedding,
    vector: number[],
    { selective }: { selective: boolean },
  ): Promise<SearchFragment[]> {
    const { k, fetch_k: fetchK, lambda_mult: lambda, threshold } = request.params;
    const mmr = request.type === 'mmr';
    const limit = mmr ? fetchK : k;
    if (limit === 0) return [];
    const hits = await this.repository.nearest({
      ...scope,
      vectorEmbeddingId: binding.id,
      size: binding.model.size,
      vector,
      strategy: request.distanceStrategy,
      limit,
      withEmbeddings: mmr,
      selective,
    });
    // Ties keep the database order (distance, then id); a threshold drops what is too far.
    const near = threshold === null ? hits : hits.filter((hit) => hit.distance <= threshold);
    if (!mmr) return near.map((hit) => this.present(hit.row, hit.distance));

    const chosen = (
      await maximalMarginalRelevance(
        vector,
        near.map((hit) => hit.embedding!),
        k,
        lambda,
      )
    )
      .map((i) => near[i])
      .sort((a, b) => a.distance - b.distance || compare(a.row.id, b.row.id));
    const rows = new Map(
      (
        await this.repository.liveByIds(
          scope,
          chosen.map((hit) => hit.row.id),
        )
      ).map((row) => [row.id, row]),
    );
    // A fragment expired between the two queries is left out rather than shown.
    return chosen
      .filter((hit) => rows.has(hit.row.id))
      .map((hit) => this.present(rows.get(hit.row.id)!, hit.distance));
  }

  private async fullText(scope: Scope, request: SearchRequest): Promise<SearchFragment[]> {
    const { k, threshold } = request.params;
    const hits = await this.repository.fullText(scope, request.query, k);
    return hits
      .filter((hit) => threshold === null || hit.rank >= threshold)
      .map((hit) => this.present(hit.row, hit.rank));
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

  private present(row: FragmentRow, score: number): SearchFragment {
    const text = decryptFragment(this.cipher, row);
    return {
      classification: row.classification,
      document_id: row.document_id,
      expired_at: null,
      id: row.id,
      metadata: sortKeysDeep(row.metadata),
      order_id: row.order_id,
      ...(text === '' ? {} : { page_content: text }),
      score,
      version: Number(row.version),
    };
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

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
