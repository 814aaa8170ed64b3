/**
 * The answers of a pipeline's documents and of /jobs, as the OpenAPI document publishes
 * them; their view types, derived here, are what document-view.ts and job-view.ts build.
 */
import { z } from 'zod';
import { id, metadata, timestamp } from '../common/wire';

export const Document = z.object({
  id,
  pipeline_id: id,
  classification: z.string(),
  external_id: z.string().nullable(),
  metadata,
  text_splitter_id: id,
  fragment_count: z.number().int(),
  version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  expired_at: timestamp.nullable(),
});
export type DocumentView = z.output<typeof Document>;

/** An expired document, as a key that may write but not read is answered (document-view.ts presentExpiry). */
export const ExpiredDocument = z.object({ id, expired_at: timestamp.nullable() });
export type ExpiryView = z.output<typeof ExpiredDocument>;

/** One version of a document (document-view.ts presentVersion); `expired_at` as the key sees it. */
export const DocumentVersion = z.object({
  classification: z.string(),
  created_at: timestamp,
  expired: z.boolean(),
  expired_at: timestamp.nullable(),
  fragment_count: z.number().int(),
  version: z.number().int().describe('microseconds since the Unix epoch; also the page cursor'),
});
export type VersionView = z.output<typeof DocumentVersion>;

const JobItemResult = z.object({
  index: z.number().int(),
  id,
  version: z.number().int(),
  fragment_count: z.number().int(),
});
const JobItemError = z.object({
  index: z.number().int(),
  external_id: z.string().nullable(),
  detail: z.string(),
});
/**
 * A job (job-view.ts presentJob): `ingest` stores documents (`documents` are those it
 * stored); `reindex` gives a pipeline's stored fragments the vectors of a model added
 * or the lexemes of full text turned on (`processed` and `total` count fragments).
 */
export const Job = z.object({
  attempts: z.number().int(),
  created_at: timestamp,
  documents: z.array(JobItemResult),
  errors: z.array(JobItemError),
  failed: z.number().int(),
  finished_at: timestamp.nullable(),
  id,
  kind: z.enum(['ingest', 'reindex', 'evaluation']),
  pipeline_id: id,
  processed: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  total: z.number().int(),
  updated_at: timestamp,
});
export type JobView = z.output<typeof Job>;
