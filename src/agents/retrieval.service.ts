/**
 * Retrieval for agent turns, through SearchService.retrieve (hybrid search where the
 * pipeline has full text and a model, reranked by its default reranker; the code path
 * of every search) with the caller's own key: a pipeline is searched only when it is in
 * the agent's knowledge, in the request's filters (when given; they only narrow),
 * and readable and executable by the key; classifications are narrowed to the key's
 * allow-list by the search itself. A pipeline that is gone or hidden is skipped
 * without a word, so nothing tells the caller it exists.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { hasReason } from '../common/errors';
import { FoundBy, SearchHit } from '../search/search-hit';
import { PipelinesService } from '../pipelines/pipelines.service';
import { SearchService } from '../search/search.service';
import { ScoredFragment } from '../search/search-hit';
import { AgentRecord } from './agents.repository';
import { Capabilities, TurnFilters } from './conversations.dto';
import { KnowledgeNarrowing, narrowingOf } from './knowledge-scope';
import { PromptSource } from './prompt';
import { PipelineErrorReason } from '../pipelines/pipeline-errors';

/** A retrieved fragment, numbered for this turn. */
export interface FragmentSource extends PromptSource {
  kind: 'fragment';
  pipelineId: string;
  pipelineName: string;
  classification: string;
  fragment: ScoredFragment;
  relevance: number;
  /** The searches that found it (search-hit.ts), kept with its citation. */
  foundBy: FoundBy[];
}

export interface ScopeEntry {
  pipelineId: string;
  pipelineName: string;
  narrowing: KnowledgeNarrowing;
}

@Injectable()
export class RetrievalService {
  constructor(
    private readonly searchService: SearchService,
    private readonly pipelines: PipelinesService,
  ) {}

  /** The agent's knowledge the caller may search in this turn, with each pipeline's name. */
  async scope(
    auth: AuthContext,
    agent: AgentRecord,
    filters: TurnFilters | undefined,
    capabilities: Capabilities,
  ): Promise<ScopeEntry[]> {
    if (!capabilities.internalSearch) return [];
    const wanted = filters
      ? new Set([...(filters.apps ?? []), ...(filters.kb ?? [])].map((id) => id.toLowerCase()))
      : null;
    const entries: ScopeEntry[] = [];
    for (const knowledge of agent.knowledge) {
      if (wanted && !wanted.has(knowledge.pipeline_id)) continue;
      if (!auth.can(knowledge.pipeline_id, Permission.Read | Permission.Execute)) continue;
      const pipeline = await this.pipelines.get(auth, knowledge.pipeline_id).catch(() => null);
      if (!pipeline) continue;
      entries.push({
        pipelineId: pipeline.id,
        pipelineName: pipeline.name,
        narrowing: narrowingOf(knowledge.filters),
      });
    }
    return entries;
  }

  /**
   * One search over the whole scope: the best `k` fragments not `seen` yet, most
   * relevant first, numbered from `firstMarker`.
   */
  async retrieve(
    auth: AuthContext,
    scope: ScopeEntry[],
    query: string,
    options: { k: number; seen: Set<string>; firstMarker: number; signal: AbortSignal },
  ): Promise<FragmentSource[]> {
    const found: { entry: ScopeEntry; fragment: ScoredFragment; relevance: number; foundBy: FoundBy[] }[] =
      [];
    for (const entry of scope) {
      options.signal.throwIfAborted();
      for (const hit of await this.searchPipeline(auth, entry, query, options.k))
        found.push({ entry, ...hit });
    }
    const seen = new Set(options.seen);
    return found
      .sort((a, b) => b.relevance - a.relevance)
      .filter((hit) => !seen.has(hit.fragment.id) && (seen.add(hit.fragment.id), true))
      .slice(0, options.k)
      .map((hit, i): FragmentSource => ({
        kind: 'fragment',
        marker: options.firstMarker + i,
        label: `${hit.entry.pipelineName} · ${hit.fragment.classification}`,
        pipelineId: hit.entry.pipelineId,
        pipelineName: hit.entry.pipelineName,
        classification: hit.fragment.classification,
        text: hit.fragment.text,
        fragment: hit.fragment,
        relevance: hit.relevance,
        foundBy: hit.foundBy,
      }));
  }

  private async searchPipeline(
    auth: AuthContext,
    entry: ScopeEntry,
    query: string,
    k: number,
  ): Promise<{ fragment: ScoredFragment; relevance: number; foundBy: FoundBy[] }[]> {
    const { classifications, documentIds, metadata } = entry.narrowing;
    let hits: SearchHit[];
    try {
      ({ hits } = await this.searchService.retrieve(auth, entry.pipelineId, {
        query,
        classifications: classifications ? { values: classifications, match: 'hierarchical' } : 'all',
        // A document narrowing is applied to the results: ask for more so k survive it.
        k: documentIds ? k * 4 : k,
        filters: metadata,
      }));
    } catch (error) {
      if (hasReason(error, PipelineErrorReason.NotFound)) return [];
      throw error;
    }
    if (documentIds) hits = hits.filter((hit) => documentIds.includes(hit.fragment.documentId)).slice(0, k);
    return hits;
  }
}
