/**
 * How files look in answers: what became of each uploaded file, and a pending file.
 * Keys in alphabetical order, like every other view.
 */
import { sortKeysDeep } from '../common/sort-keys';
import { FileKind } from './parsing/parsed-file';
import { PendingFileRow } from './pending-files.repository';

export type FileStatus = 'processed' | 'queued' | 'uploaded';

/** One uploaded file: processed into a document, queued as part of a job, or kept for later. */
export interface FileResultView {
  /** processed: the document it became. */
  document_id: string | null;
  /** uploaded: the pending file, to process or delete later. */
  file_id: string | null;
  filename: string;
  fragment_count: number | null;
  /** queued: the job that will store it (GET /jobs/{id}); its index there is the file's position. */
  job_id: string | null;
  mime_type: string;
  sha256: string;
  size: number;
  status: FileStatus;
  type: FileKind;
  version: number | null;
}

/**
 * Processing a pending file, as a key without read permission is answered: what became
 * of the file, none of what it holds (its name, hash, size, type or fragment count).
 * Such a key may feed a pipeline, not read it, and the file may be another key's upload.
 */
export type FileOutcomeView = Pick<
  FileResultView,
  'document_id' | 'file_id' | 'job_id' | 'status' | 'version'
>;

/** A deleted pending file, as a key without read permission is answered (as an expired document is). */
export interface DeletedFileView {
  id: string;
}

export interface PendingFileView {
  chunk_overlap: number | null;
  chunk_size: number | null;
  classification: string;
  created_at: string;
  external_id: string | null;
  filename: string;
  id: string;
  metadata: Record<string, unknown>;
  mime_type: string;
  pipeline_id: string;
  sha256: string;
  size: number;
  text_splitter_id: string | null;
  type: FileKind;
}

export function presentPendingFile(row: PendingFileRow): PendingFileView {
  return {
    chunk_overlap: row.chunk_overlap,
    chunk_size: row.chunk_size,
    classification: row.classification,
    created_at: row.created_at.toISOString(),
    external_id: row.external_id,
    filename: row.filename,
    id: row.id,
    metadata: sortKeysDeep(row.metadata),
    mime_type: row.mime_type,
    pipeline_id: row.pipeline_id,
    sha256: row.sha256,
    size: Number(row.size),
    text_splitter_id: row.text_splitter_id,
    type: row.type as FileKind,
  };
}

export function presentOutcome(result: FileResultView): FileOutcomeView {
  const { document_id, file_id, job_id, status, version } = result;
  return { document_id, file_id, job_id, status, version };
}
