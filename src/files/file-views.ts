/**
 * How files look in answers: what became of each uploaded file, and a pending file.
 * Keys in alphabetical order, like every other view.
 */
import { sortKeysDeep } from '../common/sort-keys';
import { FileKind } from './parsing/parsed-file';
import { FileOutcomeView, FileResultView, PendingFileView } from './files.wire';
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

export function presentOutcome(result: FileResultView): FileOutcomeView {
  const { document_id, file_id, job_id, status, version } = result;
  return { document_id, file_id, job_id, status, version };
}
