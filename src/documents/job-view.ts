/**
 * Jobs as the API shows them, and what both kinds of job runner (ingestion in
 * jobs.service.ts, reindex in reindex.service.ts) share.
 */
import { JobView } from './documents.wire';
import { JobItemError, JobSummaryRow } from './jobs.repository';

export function presentJob(row: JobSummaryRow): JobView {
  return {
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    documents: row.results,
    errors: row.errors,
    failed: row.failed,
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    id: row.id,
    kind: row.kind,
    pipeline_id: row.pipeline_id,
    processed: row.processed,
    state: row.state,
    total: row.total,
    updated_at: row.updated_at.toISOString(),
  };
}

/** A job item that is the job as a whole (`index` -1), failed with `detail`. */
export const wholeJob = (detail: string): JobItemError => ({ index: -1, external_id: null, detail });

/** Thrown inside a chunk's transaction when another worker took the job over. */
export class LeaseLost extends Error {}
