/**
 * What the Guided Mind tools do, on the services REST uses: SearchService for
 * `rag_search`, FilesService for the uploads. Nothing here touches a repository.
 *
 * `rag_search` retrieves from one pipeline, or from every pipeline the key may
 * search (read and execute), merged by score: SearchService.retrieve, a hybrid search
 * where the pipeline has full text and a model, reranked by its default reranker. Its
 * score is the hit's relevance, 0..1 (src/search/search-hit.ts: the reranker's when there
 * is one, else how well the searches agree), and `threshold` the least relevance kept.
 * Every search runs with the caller's own key,
 * so its grants and classification allow-list narrow each pipeline's results as
 * they do over REST, and a pipeline the key may not search is never touched.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../../auth/auth-context';
import { hasReason } from '../../common/errors';
import { SETTINGS, Settings } from '../../config/settings';
import { FilesService } from '../../files/files.service';
import { PipelinesService } from '../../pipelines/pipelines.service';
import { Retrieval, SearchService } from '../../search/search.service';
import { SearchErrorReason } from '../../search/search-errors';
import { SearchHit } from '../../search/search-hit';
import {
  documentName,
  RagSearchArguments,
  RagSearchHit,
  UploadArguments,
  UploadOutcome,
} from './guided-mind-tools';
import { readFromUploadRoot } from './upload-root';
import { PipelineErrorReason } from '../../pipelines/pipeline-errors';

/** Pipelines listed per page, and searched at once, when rag_search covers all of them. */
const LIST_PAGE = 100;
const CONCURRENT_SEARCHES = 4;

@Injectable()
export class GuidedMindService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly pipelines: PipelinesService,
    private readonly searches: SearchService,
    private readonly files: FilesService,
  ) {}

  /** `pipelineId`: the pipeline the endpoint names; null searches every pipeline the key may search. */
  async ragSearch(
    auth: AuthContext,
    pipelineId: string | null,
    args: RagSearchArguments,
  ): Promise<RagSearchHit[]> {
    const request: Retrieval = { query: args.query, classifications: 'all', filters: null, k: args.limit };
    let hits: RagSearchHit[];
    if (pipelineId !== null) {
      hits = toHits(pipelineId, (await this.searches.retrieve(auth, pipelineId, request)).hits);
    } else {
      const ids = await this.searchablePipelines(auth);
      hits = [];
      for (let i = 0; i < ids.length; i += CONCURRENT_SEARCHES) {
        const batch = ids.slice(i, i + CONCURRENT_SEARCHES);
        const found = await Promise.all(batch.map((id) => this.searchOneOfAll(auth, id, request)));
        hits.push(...found.flat());
      }
    }
    return hits
      .filter((hit) => hit.score >= args.threshold)
      .sort((a, b) => b.score - a.score || compare(a.documentId, b.documentId))
      .slice(0, args.limit);
  }

  /**
   * Reads `filePath` under TROVE_UPLOAD_ROOT and uploads it: kept for later, or processed
   * now. `pipelineId` has been checked as a UUID.
   */
  async upload(auth: AuthContext, args: UploadArguments, process: boolean): Promise<UploadOutcome> {
    const { pipelineId } = args;
    // Permission first: a key that may not write learns nothing of the server's files.
    const permit = await this.files.permitWrite(auth, pipelineId);
    const file = await readFromUploadRoot(
      this.settings.uploadRoot,
      args.filePath,
      this.settings.files.maxBytes,
    );
    const classification = args.classification ?? this.files.defaultClassification(permit);
    const [result] = await this.files.upload(permit, [file], {
      classification,
      metadata: {},
      externalId: null,
      textSplitterId: null,
      chunkSize: args.chunkSize ?? null,
      chunkOverlap: args.chunkOverlap ?? null,
      process,
      queue: false,
    });
    return {
      documentId: (process ? result.documentId : result.fileId) ?? '',
      filename: result.filename,
      pipelineId,
      ...(process ? { chunksCreated: result.fragmentCount ?? 0, version: result.version ?? undefined } : {}),
    };
  }

  /** Every pipeline the key may read and execute, by listing what it may read. */
  private async searchablePipelines(auth: AuthContext): Promise<string[]> {
    const ids: string[] = [];
    for (let offset = 0; ; offset += LIST_PAGE) {
      const page = await this.pipelines.listSummaries(auth, null, LIST_PAGE, offset);
      ids.push(...page.map((p) => p.id).filter((id) => auth.can(id, Permission.Read | Permission.Execute)));
      if (page.length < LIST_PAGE) return ids;
    }
  }

  /**
   * One pipeline of an all-pipelines search. A pipeline deleted meanwhile, or one
   * whose only index is still being built, has nothing to offer and is passed over;
   * any other failure is the caller's to see.
   */
  private async searchOneOfAll(auth: AuthContext, id: string, request: Retrieval): Promise<RagSearchHit[]> {
    try {
      return toHits(id, (await this.searches.retrieve(auth, id, request)).hits);
    } catch (error) {
      if (hasReason(error, PipelineErrorReason.NotFound) || hasReason(error, SearchErrorReason.IndexNotReady))
        return [];
      throw error;
    }
  }
}

function toHits(pipelineId: string, hits: SearchHit[]): RagSearchHit[] {
  return hits.map(({ fragment, relevance }) => ({
    text: fragment.text,
    score: relevance,
    documentId: fragment.documentId,
    documentName: documentName(fragment.documentId, fragment.metadata),
    pipelineId,
  }));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
