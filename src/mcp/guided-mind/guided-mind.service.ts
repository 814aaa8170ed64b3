/**
 * What the Guided Mind tools do, on the services REST uses: SearchService for
 * `rag_search`, FilesService for the uploads. Nothing here touches a repository.
 *
 * `rag_search` is a similarity search (cosine) of one pipeline, or of every
 * pipeline the key may search (read and execute), merged by score. Its score is
 * the cosine similarity, 1 - the cosine distance REST reports, clamped to 0..1;
 * `threshold` is the least similarity kept, so REST's `threshold` (the most
 * distance kept) is 1 - threshold. Every search runs with the caller's own key,
 * so its grants and classification allow-list narrow each pipeline's results as
 * they do over REST, and a pipeline the key may not search is never touched.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../../auth/auth-context';
import { DomainError, ErrorCode, hasReason } from '../../common/errors';
import { requireUuid } from '../../common/ids';
import { SETTINGS, Settings } from '../../config/settings';
import { FilesService } from '../../files/files.service';
import { PipelinesService } from '../../pipelines/pipelines.service';
import { SearchService } from '../../search/search.service';
import { SearchErrorReason } from '../../search/search-errors';
import { SearchFragment, SearchRequest, searchRequest } from '../../search/search.types';
import {
  documentName,
  RagSearchArguments,
  RagSearchHit,
  UploadArguments,
  UploadOutcome,
} from './guided-mind-tools';
import { readFromUploadRoot } from './upload-root';

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

  /** `projectId`: the endpoint's `?project_id=`; null searches every pipeline the key may search. */
  async ragSearch(
    auth: AuthContext,
    projectId: string | null,
    args: RagSearchArguments,
  ): Promise<RagSearchHit[]> {
    const request = searchRequest({
      type: 'similarity',
      query: args.query,
      params: { k: args.limit, fetch_k: 0, lambda_mult: 0.5, threshold: 1 - args.threshold },
    });
    let hits: RagSearchHit[];
    if (projectId !== null) {
      const id = requireUuid(projectId, 'project_id');
      hits = toHits(id, await this.searches.search(auth, id, request));
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
      .sort((a, b) => b.score - a.score || compare(a.document_id, b.document_id))
      .slice(0, args.limit);
  }

  /** Reads `file_path` under TROVE_UPLOAD_ROOT and uploads it: kept for later, or processed now. */
  async upload(auth: AuthContext, args: UploadArguments, process: boolean): Promise<UploadOutcome> {
    const pipelineId = requireUuid(args.project_id, 'project_id');
    // Permission first: a key that may not write learns nothing of the server's files.
    await this.files.assertWritable(auth, pipelineId);
    const file = await readFromUploadRoot(
      this.settings.uploadRoot,
      args.file_path,
      this.settings.files.maxBytes,
    );
    const classification = args.classification ?? (await this.files.defaultClassification(auth, pipelineId));
    const [result] = await this.files.upload(auth, pipelineId, [file], {
      classification,
      metadata: {},
      externalId: null,
      textSplitterId: null,
      chunkSize: args.chunk_size ?? null,
      chunkOverlap: args.chunk_overlap ?? null,
      process,
      queue: false,
    });
    return {
      document_id: (process ? result.document_id : result.file_id) ?? '',
      filename: result.filename,
      project_id: pipelineId,
      ...(process
        ? { chunks_created: result.fragment_count ?? 0, version: result.version ?? undefined }
        : {}),
    };
  }

  /** Every pipeline the key may read and execute, by listing what it may read. */
  private async searchablePipelines(auth: AuthContext): Promise<string[]> {
    const ids: string[] = [];
    for (let offset = 0; ; offset += LIST_PAGE) {
      const page = await this.pipelines.listSummaries(auth, null, LIST_PAGE, offset);
      ids.push(
        ...page.map((p) => p.pipeline_id).filter((id) => auth.can(id, Permission.Read | Permission.Execute)),
      );
      if (page.length < LIST_PAGE) return ids;
    }
  }

  /**
   * One pipeline of an all-pipelines search. A pipeline deleted meanwhile, or one
   * without an embedding model (full text only), has nothing to offer a similarity
   * search and is passed over; any other failure is the caller's to see.
   */
  private async searchOneOfAll(
    auth: AuthContext,
    id: string,
    request: SearchRequest,
  ): Promise<RagSearchHit[]> {
    try {
      return toHits(id, await this.searches.search(auth, id, request));
    } catch (error) {
      const notFound = error instanceof DomainError && error.code === ErrorCode.NotFound;
      if (notFound || hasReason(error, SearchErrorReason.NoEmbeddingModel)) return [];
      throw error;
    }
  }
}

function toHits(pipelineId: string, fragments: SearchFragment[]): RagSearchHit[] {
  return fragments.map((fragment) => ({
    text: fragment.page_content ?? '',
    score: Math.min(1, Math.max(0, 1 - fragment.score)),
    document_id: fragment.document_id,
    document_name: documentName(fragment.document_id, fragment.metadata),
    project_id: pipelineId,
  }));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
