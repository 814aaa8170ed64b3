/** The answers of uploads and pending files, as the OpenAPI document publishes them and file-views.ts builds them. */
import { z } from 'zod';
import { id, metadata, timestamp } from '../common/wire';

const fileKind = z.enum(['pdf', 'docx', 'xlsx', 'csv', 'tsv', 'html', 'markdown', 'json', 'text']);
const fileStatus = z.enum(['processed', 'queued', 'uploaded']);
/** What became of one uploaded file (files/file-views.ts FileResultView). */
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
/** Processing a kept file, as a key without read permission is answered. */
export const FileOutcome = FileResult.pick({
  document_id: true,
  file_id: true,
  job_id: true,
  status: true,
  version: true,
});
/** A file kept for later processing (files/file-views.ts PendingFileView). */
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
/** A deleted kept file, as a key without read permission is answered. */
export const DeletedFile = z.object({ id });
