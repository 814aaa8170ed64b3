/**
 * Files as a way in: read (PDF, DOCX, XLSX, CSV, TSV, HTML, Markdown, JSON, text),
 * then stored as documents whose fragments know where in the file they came from;
 * or kept, encrypted, until someone asks for them to be processed.
 *
 * REST calls this service, and so will the Guided Mind MCP tools and the agents'
 * attachments: `read` for text without storing, `upload` for documents, the
 * pending-file methods for `upload_document` followed by processing.
 *
 * Permissions are the documents' ones: write (2) to upload, process or delete, read
 * (4) to list, and the key's classification allow-list on all of them, so a key never
 * learns of a pending file it could not read as a document. A key that may write but
 * not read is answered what it did (the document made, the file deleted), never what
 * the file holds: it may be another key's upload.
 *
 * All or none: the files of one upload are read first, and one that is refused fails
 * the whole request (422, naming every refused file and why) before anything is
 * stored; then all of them are stored in one transaction, or queued as one job.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { conflict, DomainError, ErrorCode, invalid, notFound } from '../common/errors';
import { newId } from '../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope } from '../common/list';
import { SETTINGS, Settings } from '../config/settings';
import { ContentCipher } from '../crypto/content-cipher';
import { AddInputsResult, DocumentsService, WritePermit } from '../documents/documents.service';
import { IngestInput, IngestTarget } from '../documents/ingestion.service';
import { allowedClassifications } from '../pipelines/classification-access';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { defaultClassification } from './default-classification';
import { FileParser } from './file-parser';
import { presentOutcome, presentPendingFile, presentResult } from './file-views';
import {
  DeletedFileView,
  FileOutcomeView,
  FileResultView,
  PendingFileView,
  UploadResult,
} from './files.wire';
import { FileOptions, ProcessOptions, UploadedFile, UploadOptions } from './files.dto';
import { ParsedFile } from './parsing/parsed-file';
import { PENDING_FILE_FILTERS, PendingFileRow, PendingFilesRepository } from './pending-files.repository';
import { FileErrorReason } from './file-errors';

const fileNotFound = (id: string) => notFound(FileErrorReason.NotFound, 'File not found', { id });
const pendingAad = (id: string) => `pending-file:${id}`;

@Injectable()
export class FilesService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly documents: DocumentsService,
    private readonly pipelines: PipelinesService,
    private readonly repository: PendingFilesRepository,
    private readonly parser: FileParser,
    private readonly cipher: ContentCipher,
  ) {}

  /** A file's text blocks and facts, stored nowhere (for attachments). 422 when the file is at fault. */
  read(file: UploadedFile): Promise<ParsedFile> {
    return this.parser.parse(file.filename, file.bytes);
  }

  /**
   * The pipeline, if the key may write to it: checked once, first (before a client sends
   * megabytes for nothing), and passed on to `upload`.
   */
  permitWrite(auth: AuthContext, pipelineId: string): Promise<WritePermit> {
    return this.documents.permitWrite(auth, pipelineId);
  }

  /**
   * The classification of an upload that names none (the Guided Mind tools): the
   * pipeline's narrowest one the key may write, or a 422 asking the caller to choose.
   */
  defaultClassification({ pipeline, access }: WritePermit): string {
    const choice = defaultClassification({
      classifications: pipeline.classifications,
      hierarchy: pipeline.hierarchy,
      allowed: access.allowed,
    });
    if ('problem' in choice) throw invalid(FileErrorReason.ChooseClassification, choice.problem);
    return choice.classification;
  }

  /** Reads the files and stores them as documents, queues them, or keeps them (`process: false`). */
  async upload(permit: WritePermit, files: UploadedFile[], options: UploadOptions): Promise<UploadResult[]> {
    this.checkFileList(files);
    const target = targetOf(options);
    const checked = await this.documents.checkTargets(permit, [target], false);
    const parsed = await this.readAll(files);
    if (!options.process) return this.keep(permit, files, parsed, options);
    const inputs = parsed.map((file, i) => ingestInput(files[i].filename, file, target, options));
    const result = await this.documents.addInputs(checked, inputs, { queue: options.queue });
    return parsed.map((file, i) => uploadResult(files[i].filename, file, outcomeOf(result, i)));
  }

  async listPending(
    auth: AuthContext,
    pipelineId: string,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<PendingFileView>> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read);
    const parsed = parseListQuery(query, PENDING_FILE_FILTERS);
    const rows = await this.repository.list(pipeline.id, allowedClassifications(auth, pipeline), parsed);
    return toEnvelope(rows, parsed, presentPendingFile);
  }

  async getPending(auth: AuthContext, pipelineId: string, fileId: string): Promise<PendingFileView> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read);
    return presentPendingFile(await this.visiblePending(auth, pipeline, fileId));
  }

  /**
   * Makes a pending file a document (or queues it). The pending row is deleted in the
   * transaction that stores the document or queues the job, so two concurrent calls
   * cannot both succeed, and no bytes stay behind once it is processed.
   */
  async processPending(
    auth: AuthContext,
    pipelineId: string,
    fileId: string,
    changes: ProcessOptions,
  ): Promise<FileResultView | FileOutcomeView> {
    const permit = await this.documents.permitWrite(auth, pipelineId);
    const { pipeline } = permit;
    const row = await this.visiblePending(auth, pipeline, fileId);
    const reads = auth.can(pipeline.id, Permission.Read);
    const options: FileOptions = {
      classification: row.classification,
      metadata: row.metadata,
      externalId: row.external_id,
      textSplitterId: changes.textSplitterId ?? row.text_splitter_id,
      chunkSize: changes.chunkSize ?? row.chunk_size,
      chunkOverlap: changes.chunkOverlap ?? row.chunk_overlap,
    };
    const target = targetOf(options);
    const checked = await this.documents.checkTargets(permit, [target], false);
    const stored = await this.repository.content(row.id);
    if (!stored) throw fileNotFound(fileId);
    const bytes = this.cipher.open(
      { data: stored.content, keyId: stored.content_key_id },
      pendingAad(row.id),
    );
    const file = await this.parser.parse(row.filename, bytes);
    const result = await this.documents.addInputs(
      checked,
      [ingestInput(row.filename, file, target, options)],
      {
        queue: changes.queue,
        alsoInTransaction: async (tx) => {
          if (!(await this.repository.delete(row.id, tx))) {
            throw conflict(
              FileErrorReason.ProcessedMeanwhile,
              `File ${reads ? `'${row.filename}'` : fileId} was processed or deleted meanwhile`,
            );
          }
        },
      },
    );
    const outcome = uploadResult(row.filename, file, outcomeOf(result, 0));
    return reads ? presentResult(outcome) : presentOutcome(outcome);
  }

  /** Deletes a pending file and its bytes; answers it as it was (only its id to a key without read). */
  async deletePending(
    auth: AuthContext,
    pipelineId: string,
    fileId: string,
  ): Promise<PendingFileView | DeletedFileView> {
    const { pipeline } = await this.documents.permitWrite(auth, pipelineId);
    const row = await this.visiblePending(auth, pipeline, fileId);
    if (!(await this.repository.delete(row.id))) throw fileNotFound(fileId);
    return auth.can(pipeline.id, Permission.Read) ? presentPendingFile(row) : { id: row.id };
  }

  private checkFileList(files: UploadedFile[]): void {
    if (files.length === 0)
      throw invalid(
        FileErrorReason.InvalidUpload,
        "file: no file was sent; send one or more as 'file' parts",
      );
    const max = this.settings.files.maxPerRequest;
    if (files.length > max)
      throw invalid(FileErrorReason.InvalidUpload, `Too many files: one request may carry at most ${max}`);
    const seen = new Set<string>();
    for (const file of files) {
      // Each file's external id is its name: two of one name would version each other.
      if (seen.has(file.filename)) {
        throw invalid(
          FileErrorReason.InvalidUpload,
          `Two files are named '${file.filename}': a request may carry each name once`,
        );
      }
      seen.add(file.filename);
    }
  }

  /**
   * Every file read (by `read`, or as `read` above), or a 422 naming each refused file
   * and why: all of them are tried, so one answer names every fault.
   */
  async readAll<T = ParsedFile>(
    files: UploadedFile[],
    read: (file: UploadedFile) => Promise<T> = (file) => this.read(file) as Promise<T>,
  ): Promise<T[]> {
    const outcomes = await Promise.allSettled(files.map(read));
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    const unexpected = refused.find(
      (error) => !(error instanceof DomainError) || error.code !== ErrorCode.InvalidArgument,
    );
    if (unexpected) throw unexpected;
    if (refused.length > 0) {
      throw invalid(
        FileErrorReason.Refused,
        `${refused.map((error: DomainError) => error.message).join('; ')}. Nothing was stored.`,
      );
    }
    return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
  }

  /** Keeps uploaded files, encrypted, for later processing: all of them or none. */
  private async keep(
    { auth, pipeline }: WritePermit,
    files: UploadedFile[],
    parsed: ParsedFile[],
    options: UploadOptions,
  ): Promise<UploadResult[]> {
    const rows = await this.repository.insertMany(
      files.map((file, i) => {
        const id = newId();
        const sealed = this.cipher.seal(file.bytes, pendingAad(id));
        return {
          id,
          pipeline_id: pipeline.id,
          api_key_id: auth.keyId,
          filename: file.filename,
          type: parsed[i].kind,
          mime_type: parsed[i].mimeType,
          size: parsed[i].size,
          sha256: parsed[i].sha256,
          classification: options.classification,
          metadata: options.metadata,
          external_id: options.externalId,
          text_splitter_id: options.textSplitterId,
          chunk_size: options.chunkSize,
          chunk_overlap: options.chunkOverlap,
          content: sealed.data,
          content_key_id: sealed.keyId,
        };
      }),
    );
    return rows.map((row, i) =>
      uploadResult(row.filename, parsed[i], { status: 'uploaded', fileId: row.id }),
    );
  }

  private async visiblePending(
    auth: AuthContext,
    pipeline: PipelineRecord,
    fileId: string,
  ): Promise<PendingFileRow> {
    const row = await this.repository.find(pipeline.id, fileId);
    const allowed = allowedClassifications(auth, pipeline);
    if (!row || (allowed !== null && !allowed.includes(row.classification))) throw fileNotFound(fileId);
    return row;
  }
}

/**
 * What the files' future documents are checked on (`checkTargets`), in ingestion's
 * terms: the one place the upload's options become them, checked and stored alike.
 */
function targetOf(options: FileOptions): IngestTarget {
  return {
    classification: options.classification,
    text_splitter_id: options.textSplitterId,
    splitter_overrides: {
      ...(options.chunkSize === null ? {} : { chunk_size: options.chunkSize }),
      ...(options.chunkOverlap === null ? {} : { chunk_overlap: options.chunkOverlap }),
    },
  };
}

/**
 * A file as a document of the checked `target`: the uploader's metadata plus the file's
 * facts (which win: they are facts), its blocks as they were read, and its name as
 * external id by default.
 */
function ingestInput(
  filename: string,
  file: ParsedFile,
  target: IngestTarget,
  options: FileOptions,
): IngestInput {
  return {
    ...target,
    metadata: {
      ...options.metadata,
      filename,
      mime_type: file.mimeType,
      size: file.size,
      sha256: file.sha256,
      ...(file.title === undefined ? {} : { title: file.title }),
    },
    external_id: options.externalId ?? filename,
    blocks: file.blocks.map((block) => ({ text: block.text, metadata: { ...block.metadata } })),
  };
}

type Outcome = Partial<UploadResult> & Pick<UploadResult, 'status'>;

/** What became of the `i`th file given to `addInputs`: the document it made, or the job that will. */
function outcomeOf(result: AddInputsResult, i: number): Outcome {
  if (result.kind === 'queued') return { status: 'queued', jobId: result.jobId };
  const document = result.documents[i];
  return {
    status: 'processed',
    documentId: document.id,
    version: document.version,
    fragmentCount: document.fragmentCount,
  };
}

function uploadResult(filename: string, file: ParsedFile, outcome: Outcome): UploadResult {
  return {
    documentId: outcome.documentId ?? null,
    fileId: outcome.fileId ?? null,
    filename,
    fragmentCount: outcome.fragmentCount ?? null,
    jobId: outcome.jobId ?? null,
    mimeType: file.mimeType,
    sha256: file.sha256,
    size: file.size,
    status: outcome.status,
    type: file.kind,
    version: outcome.version ?? null,
  };
}
