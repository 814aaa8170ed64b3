/**
 * Documents of a pipeline: add (now, or queued as a job), list, read, expire.
 *
 * Permissions work as on a file: adding and expiring need write (2), reading needs
 * read (4), and neither implies the other, so a write-only key can feed a pipeline
 * it cannot read. The key's classification allow-list narrows everything, version by
 * version (src/pipelines/classification-access.ts): a document exists for a key while its current
 * version's classification is allowed, and then shows only the versions of allowed
 * classifications, and none of the others' times (version-history.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { invalid, notFound } from '../common/errors';
import { Camelized } from '../common/casing';
import {
  ListEnvelope,
  parseListQuery,
  parsePage,
  toEnvelope,
  toKeyedEnvelope,
  withTotal,
} from '../common/list';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { Fragment } from '../fragments/fragment';
import { presentFragment } from '../fragments/fragment-view';
import { FragmentView } from '../fragments/fragments.wire';
import { FragmentsService } from '../fragments/fragments.service';
import { ClassificationAccess, classificationAccess } from '../pipelines/classification-access';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { presentDocument, presentExpiry, presentVersion } from './document-view';
import { DocumentView, ExpiryView, JobView, VersionView } from './documents.wire';
import { parseDocumentsBody } from './documents.dto';
import {
  DOCUMENT_FILTERS,
  DOCUMENT_LIST_OPTIONS,
  DocumentRow,
  DocumentsRepository,
} from './documents.repository';
import { CheckedWrite, IngestInput, IngestionService, IngestTarget } from './ingestion.service';
import { JobsService } from './jobs.service';
import { visibleExpiry } from './version-history';
import { DocumentErrorReason } from './document-errors';

/** A document as other modules refer to it. */
export interface DocumentRef {
  id: string;
  external_id: string | null;
}

export type AddResult =
  { kind: 'stored'; body: DocumentView | DocumentView[] } | { kind: 'queued'; body: JobView };

/** A document a write stored, as `addInputs` tells the module that wrote it. */
export type StoredDocument = Pick<Camelized<DocumentView>, 'id' | 'version' | 'fragmentCount'>;

/** What `addInputs` did: stored the documents (in input order), or queued them as one job. */
export type AddInputsResult =
  { kind: 'stored'; documents: StoredDocument[] } | { kind: 'queued'; jobId: string };

type Stored = { kind: 'stored'; rows: DocumentRow[] } | { kind: 'queued'; job: JobView };

/** A pipeline the key may write to, as `permitWrite` found it; what a write path passes on once checked. */
export type WritePermit = Omit<CheckedWrite, 'splitters'>;

const documentNotFound = (id: string) =>
  notFound(DocumentErrorReason.DocumentNotFound, 'Document not found', { id });
/** A version number: microseconds since the Unix epoch. */
const isVersion = (value: string) => /^\d{1,18}$/.test(value);
const badVersion = (value: string) =>
  invalid(
    DocumentErrorReason.InvalidInput,
    `query parameter version: expected microseconds since the Unix epoch, got '${value}'`,
  );

@Injectable()
export class DocumentsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly documents: DocumentsRepository,
    private readonly fragmentStore: FragmentsService,
    private readonly pipelines: PipelinesService,
    private readonly ingestion: IngestionService,
    private readonly jobs: JobsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async add(auth: AuthContext, pipelineId: string, body: unknown, queue: boolean): Promise<AddResult> {
    const permit = await this.permitWrite(auth, pipelineId);
    const { batch, documents } = parseDocumentsBody(body, this.settings.limits.metadataMaxBytes);
    const checked = await this.checkTargets(permit, documents, batch);
    const result = await this.storeOrQueue(checked, documents, batch, { queue });
    if (result.kind === 'queued') return { kind: 'queued', body: result.job };
    const views = result.rows.map(presentDocument);
    return { kind: 'stored', body: batch ? views : views[0] };
  }

  /**
   * The pipeline, if the key may write to it, with what the key may write in it: the
   * first check of every write path, made once here and passed on. Writing does not
   * need read permission: without write, a key that can read is told why; one that
   * cannot even read sees no pipeline.
   */
  async permitWrite(auth: AuthContext, pipelineId: string): Promise<WritePermit> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Write);
    return { auth, pipeline, access: classificationAccess(auth, pipeline) };
  }

  /**
   * Refuses, before any work (a file read, an embedding), what storing documents of these
   * targets would: their classifications and text splitters. `batch`: errors name the
   * item (`[3].classification`).
   */
  async checkTargets(permit: WritePermit, targets: IngestTarget[], batch: boolean): Promise<CheckedWrite> {
    const indexes = targets.map((_, i) => (batch ? i : null));
    const splitters = await this.ingestion.check(permit.access, permit.pipeline, targets, indexes);
    return { ...permit, splitters };
  }

  /**
   * Stores documents another module built (pre-split blocks, splitter overrides) and
   * `checkTargets` passed, or queues them as one job: the all-or-nothing transaction
   * and the queue of `add`. `alsoInTransaction` runs in the transaction that stores or
   * queues them, for the caller's own rows that must change with them or not at all.
   */
  async addInputs(
    checked: CheckedWrite,
    inputs: IngestInput[],
    options: { queue: boolean; alsoInTransaction?: (tx: Queryable) => Promise<void> },
  ): Promise<AddInputsResult> {
    const result = await this.storeOrQueue(checked, inputs, inputs.length > 1, options);
    if (result.kind === 'queued') return { kind: 'queued', jobId: result.job.id };
    return {
      kind: 'stored',
      documents: result.rows.map((row) => ({
        id: row.id,
        version: Number(row.version),
        fragmentCount: row.fragment_count,
      })),
    };
  }

  private async storeOrQueue(
    checked: CheckedWrite,
    inputs: IngestInput[],
    batch: boolean,
    options: { queue: boolean; alsoInTransaction?: (tx: Queryable) => Promise<void> },
  ): Promise<Stored> {
    const { auth, pipeline } = checked;
    const { alsoInTransaction } = options;
    if (options.queue) {
      // Checked now what would certainly fail later; embedding is left to the worker.
      const job = alsoInTransaction
        ? await this.db.transaction(async (tx) => {
            const queued = await this.jobs.submit(auth, pipeline.id, inputs, batch, tx);
            await alsoInTransaction(tx);
            return queued;
          })
        : await this.jobs.submit(auth, pipeline.id, inputs, batch);
      return { kind: 'queued', job };
    }
    const rows = await this.ingestion.ingest(checked, inputs, batch, alsoInTransaction);
    return { kind: 'stored', rows };
  }

  async list(
    auth: AuthContext,
    pipelineId: string,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<DocumentView>> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read);
    const parsed = parseListQuery(query, DOCUMENT_FILTERS, DOCUMENT_LIST_OPTIONS);
    for (const filter of parsed.filters) {
      if (filter.field === 'expired' && !['true', 'false'].includes(filter.value)) {
        throw invalid(
          DocumentErrorReason.InvalidInput,
          `query parameter expired: expected true or false, got '${filter.value}'`,
        );
      }
      if (filter.field === 'version' && !isVersion(filter.value)) throw badVersion(filter.value);
    }
    const { allowed } = classificationAccess(auth, pipeline);
    const rows = await this.documents.list(pipeline.id, allowed, parsed);
    return withTotal(toEnvelope(rows, parsed, presentDocument), parsed, () =>
      this.documents.count(pipeline.id, allowed, parsed),
    );
  }

  async get(auth: AuthContext, pipelineId: string, documentId: string): Promise<DocumentView> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read);
    return presentDocument(
      await this.visibleDocument(classificationAccess(auth, pipeline), pipeline, documentId),
    );
  }

  /** One version's fragments, decrypted: the current one, or `version=<n>` for an older one. */
  async fragments(
    auth: AuthContext,
    pipelineId: string,
    documentId: string,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<FragmentView>> {
    const { access, document } = await this.readable(auth, pipelineId, documentId, query, [
      'version',
      'limit',
      'after',
      'before',
    ]);
    let version = Number(document.version);
    if (query?.version !== undefined) {
      const raw = String(query.version);
      if (!isVersion(raw)) throw badVersion(raw);
      version = Number(raw);
    }
    const parsed = { filters: [], page: parsePage(query ?? {}) };
    const page = await this.fragmentStore.listVersion(document.id, version, access.allowed, parsed);
    const ended = await this.visibleEnds(access, page.data);
    return {
      ...page,
      data: page.data.map((fragment) => presentFragment({ ...fragment, expiredAt: ended(fragment) })),
    };
  }

  /**
   * The document's versions, oldest first, keyset-paged on their number: those the key
   * may read, each ended when it ended for the key (a hidden version's start does not show).
   */
  async versions(
    auth: AuthContext,
    pipelineId: string,
    documentId: string,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<VersionView>> {
    const { access, document } = await this.readable(auth, pipelineId, documentId, query, [
      'limit',
      'after',
      'before',
    ]);
    const parsed = { filters: [], page: parsePage(query ?? {}, isVersion) };
    const versions = await this.fragmentStore.versions(document.id, access.allowed, parsed.page);
    const someEnded = versions.some((version) => version.expiredAt !== null);
    const history =
      access.allowed !== null && someEnded
        ? ((await this.fragmentStore.versionHistory([document.id])).get(document.id) ?? [])
        : [];
    return toKeyedEnvelope(
      versions,
      parsed,
      (version) =>
        presentVersion(version, visibleExpiry(version.version, version.expiredAt, history, access.allowed)),
      (version) => String(version.version),
    );
  }

  /**
   * The documents of the pipeline that these ids and external ids name and that exist for
   * a key allowed `allowed` (null: every classification): one it may not see is absent,
   * as an unknown one is. With `live`, expired documents are absent too. For modules
   * that keep references to documents (an evaluation's relevant items and results).
   */
  findNamed(
    pipelineId: string,
    names: { ids: string[]; externalIds: string[] },
    allowed: string[] | null,
    options: { live: boolean },
  ): Promise<DocumentRef[]> {
    return this.documents.findNamed(pipelineId, names.ids, names.externalIds, allowed, options.live);
  }

  /**
   * Expires the document: its fragments leave search at once; the rows stay. Expiring
   * twice is a no-op. A key without read permission is told only that it is expired:
   * it may expire documents, not read what they hold.
   */
  async expire(
    auth: AuthContext,
    pipelineId: string,
    documentId: string,
  ): Promise<DocumentView | ExpiryView> {
    const { pipeline, access } = await this.permitWrite(auth, pipelineId);
    const row = await this.db.transaction(async (tx) => {
      await this.visibleDocument(access, pipeline, documentId, tx);
      await this.ingestion.expire(pipeline.id, [documentId], access.allowed, tx);
      // Re-classified by another writer meanwhile: then it no longer exists for this key.
      return this.visibleDocument(access, pipeline, documentId, tx);
    });
    return auth.can(pipeline.id, Permission.Read) ? presentDocument(row) : presentExpiry(row);
  }

  /**
   * For the reads of one document's parts: the key's access and the document, if the key
   * may read it, once the query holds only the parameters the route takes.
   */
  private async readable(
    auth: AuthContext,
    pipelineId: string,
    documentId: string,
    query: Record<string, unknown>,
    parameters: string[],
  ): Promise<{ access: ClassificationAccess; document: DocumentRow }> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read);
    const access = classificationAccess(auth, pipeline);
    const document = await this.visibleDocument(access, pipeline, documentId);
    const unknown = Object.keys(query ?? {}).find((key) => !parameters.includes(key));
    if (unknown) {
      const list = `${parameters.slice(0, -1).join(', ')} or ${parameters.at(-1)}`;
      throw invalid(
        DocumentErrorReason.InvalidInput,
        `query parameter ${unknown}: not supported here; use ${list}`,
      );
    }
    return { access, document };
  }

  /** The document if its current version exists for the key, else the same "not found" as for a random id. */
  private async visibleDocument(
    access: ClassificationAccess,
    pipeline: PipelineRecord,
    documentId: string,
    db?: Queryable,
  ): Promise<DocumentRow> {
    const row = await this.documents.find(pipeline.id, documentId, access.allowed, db);
    if (!row) throw documentNotFound(documentId);
    return row;
  }

  /** When each fragment's version ended, as the key sees it (a hidden version's start does not show). */
  private async visibleEnds(
    access: ClassificationAccess,
    fragments: Fragment[],
  ): Promise<(fragment: Fragment) => Date | null> {
    if (access.allowed === null || fragments.every((fragment) => fragment.expiredAt === null)) {
      return (fragment) => fragment.expiredAt;
    }
    const history = await this.fragmentStore.versionHistory([fragments[0].documentId]);
    return (fragment) =>
      visibleExpiry(
        fragment.version,
        fragment.expiredAt,
        history.get(fragment.documentId) ?? [],
        access.allowed,
      );
  }
}
