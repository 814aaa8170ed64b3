/**
 * How files look in answers: what became of each uploaded file, and a pending file.
 * Keys in alphabetical order, like every other view.
 */
import { sortKeysDeep } from '../common/sort-keys';
import { FileKind } from './parsing/parsed-file';
import { FileOutcomeView, FileResultView, PendingFileView, UploadResult } from './files.wire';
import { PendingFileRow } from './pending-files.repository';

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

export function presentResult(result: UploadResult): FileResultView {
  return {
    document_id: result.documentId,
    file_id: result.fileId,
    filename: result.filename,
    fragment_count: result.fragmentCount,
    job_id: result.jobId,
    mime_type: result.mimeType,
    sha256: result.sha256,
    size: result.size,
    status: result.status,
    type: result.type,
    version: result.version,
  };
}

export function presentOutcome(result: UploadResult): FileOutcomeView {
  const { documentId, fileId, jobId, status, version } = result;
  return { document_id: documentId, file_id: fileId, job_id: jobId, status, version };
}
