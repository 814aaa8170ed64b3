/**
 * What the ChatGPT connector's tools do, on the services the other edges use:
 * `search` is the Guided Mind `rag_search` over every pipeline the key may search
 * (read and execute; its grants and classification allow-list narrow each one),
 * one result per document; `fetch` reads a document as REST's document routes do
 * (read permission, the allow-list on its versions and fragments).
 *
 * Whatever the key may not see is "not found", in the words a random id gets: a
 * pipeline without a grant, a document or fragments of a classification it may not
 * read, an id of the wrong form.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext } from '../../auth/auth-context';
import { DomainError, ErrorCode } from '../../common/errors';
import { DocumentsService } from '../../documents/documents.service';
import { documentName } from '../guided-mind/guided-mind-tools';
import { GuidedMindService } from '../guided-mind/guided-mind.service';
import {
  DocumentRef,
  FetchedDocument,
  parseResultId,
  resultId,
  SEARCH_RESULTS,
  SearchResult,
} from './chatgpt-tools';

/** The refusals that mean "the key cannot see it"; any other failure is the caller's to see. */
const NOT_VISIBLE = [
  ErrorCode.NotFound,
  ErrorCode.Forbidden,
  ErrorCode.BadRequest,
  ErrorCode.InvalidArgument,
];

/** Fragments read per page while assembling a document's text. */
const FRAGMENT_PAGE = 500;

@Injectable()
export class ChatGptService {
  constructor(
    private readonly guidedMind: GuidedMindService,
    private readonly documents: DocumentsService,
  ) {}

  /** `origin`: the server as the client reached it, for the results' urls. */
  async search(auth: AuthContext, query: string, origin: string): Promise<SearchResult[]> {
    // More fragments than results: several fragments of one document make one result.
    const hits = await this.guidedMind.ragSearch(auth, null, {
      query,
      limit: SEARCH_RESULTS * 5,
      threshold: 0,
    });
    const results = new Map<string, SearchResult>();
    for (const hit of hits) {
      const ref = { pipelineId: hit.pipelineId, documentId: hit.documentId };
      const id = resultId(ref);
      if (results.has(id)) continue;
      results.set(id, { id, title: hit.documentName, url: documentUrl(origin, ref) });
      if (results.size === SEARCH_RESULTS) break;
    }
    return [...results.values()];
  }

  /** The document, or null when the key cannot see it (or it does not exist). */
  async fetch(auth: AuthContext, id: string, origin: string): Promise<FetchedDocument | null> {
    const ref = parseResultId(id);
    if (ref === null) return null;
    try {
      const document = await this.documents.get(auth, ref.pipelineId, ref.documentId);
      const texts: { order: number; text: string }[] = [];
      let after: string | null = null;
      do {
        const page = await this.documents.fragments(auth, ref.pipelineId, ref.documentId, {
          limit: String(FRAGMENT_PAGE),
          ...(after ? { after } : {}),
        });
        texts.push(...page.data.map((f) => ({ order: f.order_id, text: f.page_content ?? '' })));
        after = page.page_info.has_next ? page.page_info.after : null;
      } while (after !== null);
      texts.sort((a, b) => a.order - b.order);
      const metadata = document.metadata as Record<string, unknown>;
      return {
        id: resultId(ref),
        title: documentName(document.id, metadata),
        text: texts.map((t) => t.text).join('\n\n'),
        url: documentUrl(origin, ref, metadata),
        metadata: {
          ...metadata,
          pipeline_id: document.pipeline_id,
          classification: document.classification,
          version: document.version,
        },
      };
    } catch (error) {
      // Not found, forbidden or an invalid id alike: what the key cannot see does not exist for it.
      if (error instanceof DomainError && NOT_VISIBLE.includes(error.code)) return null;
      throw error;
    }
  }
}

/** The document's own web address when its metadata gives one, else its REST address on this server. */
function documentUrl(origin: string, ref: DocumentRef, metadata: Record<string, unknown> = {}): string {
  const own = metadata.url ?? metadata.source;
  if (typeof own === 'string' && /^https?:\/\//i.test(own)) return own;
  return `${origin}/pipelines/${ref.pipelineId}/documents/${encodeURIComponent(ref.documentId)}`;
}
