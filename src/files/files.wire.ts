/**
 * The answers of uploads and pending files, as the OpenAPI document publishes them;
 * their view types, derived here, are what file-views.ts and files.service.ts build.
 */
import { z } from 'zod';
import { Camelized } from '../common/casing';
import { id, metadata, timestamp } from '../common/wire';

const fileKind = z.enum(['pdf', 'docx', 'xlsx', 'csv', 'tsv', 'html', 'markdown', 'json', 'text']);
const fileStatus = z.enum(['processed', 'queued', 'uploaded']);
/**
 * What became of one uploaded file: processed into a document, queued as part of a job
 * (its index there is the file's position), or kept for later.
 */
export const FileResult = z.object({
  document_id: id.nullable().describe('processed: the document it became'),
  file_id: id.nullable().describe('uploaded: the kept file'),
  filename: z.string(),
  fragment_count: z.number().int().nullable(),
  job_id: id.nullable().describe('queued: the job that will store it'),
  mime_type: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  status: fileStatus,
  type: fileKind,
  version: z.number().int().nullable(),
});
export type FileResultView = z.output<typeof FileResult>;
/** The same, as FilesService hands it to the edges that upload (file-views.ts presents it). */
export type UploadResult = Camelized<FileResultView>;

/**
 * Processing a pending file, as a key without read permission is answered: what became
 * of the file, none of what it holds (its name, hash, size, type or fragment count).
 * Such a key may feed a pipeline, not read it, and the file may be another key's upload.
 */
export const FileOutcome = FileResult.pick({
  document_id: true,
  file_id: true,
  job_id: true,
  status: true,
  version: true,
});
export type FileOutcomeView = z.output<typeof FileOutcome>;

/** A file kept for later processing (file-views.ts presentPendingFile). */
export const PendingFile = z.object({
  chunk_overlap: z.number().int().nullable(),
  chunk_size: z.number().int().nullable(),
  classification: z.string(),
  created_at: timestamp,
  external_id: z.string().nullable(),
  filename: z.string(),
  id,
  metadata,
  mime_type: z.string(),
  pipeline_id: id,
  sha256: z.string(),
  size: z.number().int(),
  text_splitter_id: id.nullable(),
  type: fileKind,
});
export type PendingFileView = z.output<typeof PendingFile>;

/** A deleted pending file, as a key without read permission is answered (as an expired document is). */
export const DeletedFile = z.object({ id });
export type DeletedFileView = z.output<typeof DeletedFile>;
