/**
 * Documents of a pipeline: add (now, or queued as a job), list, read, expire.
 *
 * Permissions work as on a file: adding and expiring need write (2), reading needs
 * read (4), and neither implies the other, so a write-only key can feed a pipeline
 * it cannot read. The key's classification allow-list narrows everything: it may
 * only add, see and expire documents of classifications it is allowed.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { forbidden, invalid, notFound, pipelineNotFound } from '../common/errors';
import { ListEnvelope, parseListQuery, parsePage, toEnvelope } from '../common/list';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService } from '../database/database.service';
import { PipelineRecord, PipelinesRepository } from '../pipelines/pipelines.repository';
import { PipelinesService } from '../pipelines/pipelines.service';
import { allowedClassifications } from './classification-access';
import { ContentCipher } from './content-cipher';
import { parseDocumentsBody } from './documents.dto';
import { DOCUMENT_FILTERS, DocumentRow, DocumentsRepository } from './documents.repository';
import {
  decryptFragment,
  DocumentView,
  FragmentView,
  presentDocument,
  presentFragment,
} from './fragment-view';
import { IngestionService } from './ingestion.service';
import { JobsService, JobView } from './jobs.service';

export type AddResult =
  { kind: 'stored'; body: DocumentView | DocumentView[] } | { kind: 'queued'; body: JobView };

const documentNotFound = (id: string) => notFound('Document not found', { id });

@Injectable()
export class DocumentsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly documents: DocumentsRepository,
    private readonly pipelines: PipelinesRepository,
    private readonly pipelineAccess: PipelinesService,
    private readonly ingestion: IngestionService,
    private readonly jobs: JobsService,
    private readonly cipher: ContentCipher,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async add(auth: AuthContext, pipelineId: string, body: unknown, queue: boolean): Promise<AddResult> {
    const pipeline = await this.writable(auth, pipelineId);
    const { batch, documents } = parseDocumentsBody(body, this.settings.limits.metadataMaxBytes);
    if (queue) {
      // Refuse now what would certainly fail later; embedding is left to the worker.
      await this.ingestion.check(
        allowedClassifications(auth, pipeline),
        pipeline,
        documents,
        documents.map((_, i) => (batch ? i : null)),
      );
      return { kind: 'queued', body: await this.jobs.submit(auth, pipeline.id, documents, batch) };
    }
    const rows = await this.ingestion.ingest(auth, pipeline, documents, batch);
    const views = rows.map(presentDocument);
    return { kind: 'stored', body: batch ? views : views[0] };
  }

  async list(
    auth: AuthContext,
    pipelineId: string,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<DocumentView>> {
    const pipeline = await this.pipelineAccess.require(auth, pipelineId, Permission.Read);
    const parsed = parseListQuery(query, DOCUMENT_FILTERS);
    for (const filter of parsed.filters) {
      if (filter.field === 'expired' && !['true', 'false'].includes(filter.value)) {
        throw invalid(`query parameter expired: expected true or false, got '${filter.value}'`);
      }
      if (filter.field === 'version' && !/^\d{1,18}$/.test(filter.value)) {
        throw invalid(
          `query parameter version: expected microseconds since the Unix epoch, got '${filter.value}'`,
        );
      }
    }
    const rows = await this.documents.list(pipeline.id, allowedClassifications(auth, pipeline), parsed);
    return toEnvelope(rows, parsed, presentDocument);
  }

  async get(auth: AuthContext, pipelineId: string, documentId: string): Promise<DocumentView> {
    const pipeline = await this.pipelineAccess.require(auth, pipelineId, Permission.Read);
    return presentDocument(await this.visibleDocument(auth, pipeline, documentId));
  }

  /** One version's fragments, decrypted: the current one, or `version=<n>` for an older one. */
  async fragments(
    auth: AuthContext,
    pipelineId: string,
    documentId: string,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<FragmentView>> {
    const pipeline = await this.pipelineAccess.require(auth, pipelineId, Permission.Read);
    const document = await this.visibleDocument(auth, pipeline, documentId);
    const unknown = Object.keys(query ?? {}).find(
      (k) => !['limit', 'after', 'before', 'version'].includes(k),
    );
    if (unknown)
      throw invalid(`query parameter ${unknown}: not supported here; use version, limit, after or before`);
    let version = Number(document.version);
    if (query?.version !== undefined) {
      const raw = String(query.version);
      if (!/^\d{1,18}$/.test(raw))
        throw invalid(`query parameter version: expected microseconds since the Unix epoch, got '${raw}'`);
      version = Number(raw);
    }
    const parsed = { filters: [], page: parsePage(query ?? {}) };
    const rows = await this.documents.fragments(document.id, version, parsed);
    return toEnvelope(rows, parsed, (row) => presentFragment(row, decryptFragment(this.cipher, row)));
  }

  /** Expires the document: its fragments leave search at once; the rows stay. Expiring twice is a no-op. */
  async expire(auth: AuthContext, pipelineId: string, documentId: string): Promise<DocumentView> {
    const pipeline = await this.writable(auth, pipelineId);
    const row = await this.db.transaction(async (tx) => {
      const existing = await this.documents.find(pipeline.id, documentId, tx);
      if (!existing || !this.mayTouch(auth, pipeline, existing)) throw documentNotFound(documentId);
      return this.documents.expire(pipeline.id, documentId, tx);
    });
    return presentDocument(row!);
  }

  /**
   * The pipeline, if the key may write to it. Unlike reading, writing does not need
   * read permission: without write, a key that can read is told why; one that
   * cannot even read sees no pipeline.
   */
  private async writable(auth: AuthContext, pipelineId: string): Promise<PipelineRecord> {
    if (!auth.can(pipelineId, Permission.Write)) {
      if (auth.can(pipelineId, Permission.Read) && (await this.pipelines.find(pipelineId))) {
        throw forbidden('Forbidden: this key lacks write permission on the pipeline.');
      }
      throw pipelineNotFound(pipelineId);
    }
    const pipeline = await this.pipelines.find(pipelineId);
    if (!pipeline) throw pipelineNotFound(pipelineId);
    return pipeline;
  }

  private async visibleDocument(
    auth: AuthContext,
    pipeline: PipelineRecord,
    documentId: string,
  ): Promise<DocumentRow> {
    const row = await this.documents.find(pipeline.id, documentId);
    if (!row || !this.mayTouch(auth, pipeline, row)) throw documentNotFound(documentId);
    return row;
  }

  private mayTouch(auth: AuthContext, pipeline: PipelineRecord, row: DocumentRow): boolean {
    const allowed = allowedClassifications(auth, pipeline);
    return allowed === null || allowed.includes(row.classification);
  }
}
