/**
 * SQL of the ingestion jobs queue. Any replica claims work with
 * `FOR UPDATE SKIP LOCKED`, holds it under a lease it keeps renewing, and records
 * progress in the same transaction as the documents it stores, guarded by its claim:
 * a worker that lost its lease can commit nothing more.
 */
import { Injectable } from '@nestjs/common';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';
/**
 * `ingest`: documents to store; `reindex`: vectors or lexemes to give a pipeline's stored
 * fragments; `evaluation`: labelled queries to search (run by src/evaluations through job-runner.ts).
 */
export type JobKind = 'ingest' | 'reindex' | 'evaluation';

export interface JobItemResult {
  index: number;
  id: string;
  version: number;
  fragment_count: number;
}

export interface JobItemError {
  index: number;
  external_id: string | null;
  detail: string;
}

export interface JobRow {
  id: string;
  kind: JobKind;
  pipeline_id: string;
  /** The key that queued it; null for a reindex queued by the operator. */
  api_key_id: string | null;
  state: JobState;
  /** The sealed documents of an ingest job; null for a reindex, which reads what is stored. */
  payload: Buffer | null;
  payload_key_id: string | null;
  total: number;
  processed: number;
  failed: number;
  errors: JobItemError[];
  results: JobItemResult[];
  attempts: number;
  claimed_by: string | null;
  lease_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/** A job without its sealed payload: what listing needs. */
export type JobSummaryRow = Omit<JobRow, 'payload' | 'payload_key_id'>;

const SUMMARY_COLUMNS = `id, kind, pipeline_id, api_key_id, state, total, processed, failed, errors, results,
  attempts, claimed_by, lease_expires_at, created_at, updated_at, finished_at`;
const COLUMNS = `${SUMMARY_COLUMNS}, payload, payload_key_id`;

@Injectable()
export class JobsRepository {
  constructor(private readonly db: DatabaseService) {}

  async insert(
    job: {
      id: string;
      kind?: JobKind;
      pipelineId: string;
      apiKeyId: string | null;
      payload: Buffer | null;
      payloadKeyId: string | null;
      total: number;
    },
    db: Queryable = this.db,
  ): Promise<JobRow> {
    const rows = await db.query<JobRow>(
      `INSERT INTO jobs (id, kind, pipeline_id, api_key_id, state, payload, payload_key_id, total)
       VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7) RETURNING ${COLUMNS}`,
      [job.id, job.kind ?? 'ingest', job.pipelineId, job.apiKeyId, job.payload, job.payloadKeyId, job.total],
    );
    return rows[0];
  }

  /** The pipeline's queued or running reindex job, if any (there is at most one). */
  async openReindex(pipelineId: string, db: Queryable): Promise<JobRow | null> {
    const rows = await db.query<JobRow>(
      `SELECT ${COLUMNS} FROM jobs
       WHERE pipeline_id = $1 AND kind = 'reindex' AND state IN ('queued', 'running')`,
      [pipelineId],
    );
    return rows[0] ?? null;
  }

  /** More work for an open job (a second edit while it runs). */
  async addToTotal(id: string, n: number, db: Queryable): Promise<JobRow> {
    const rows = await db.query<JobRow>(
      `WITH grown AS (UPDATE jobs SET total = total + $2, updated_at = now() WHERE id = $1 RETURNING *)
       SELECT ${COLUMNS} FROM grown`,
      [id, n],
    );
    return rows[0];
  }

  /**
   * Counts `n` more items processed in the caller's transaction, renewing the lease;
   * false when this worker no longer holds the job (the caller must roll back).
   */
  async recordProcessed(
    id: string,
    workerId: string,
    leaseSeconds: number,
    n: number,
    tx: Queryable,
  ): Promise<boolean> {
    return this.recordProgress(id, workerId, leaseSeconds, [], [], tx, n);
  }

  async find(id: string): Promise<JobRow | null> {
    const rows = await this.db.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findSummaries(ids: string[]): Promise<JobSummaryRow[]> {
    if (ids.length === 0) return [];
    return this.db.query<JobSummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM jobs WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
  }

  /** A page of jobs, oldest (or newest) first; only those `apiKeyId` queued unless it is null (an admin's list). */
  async list(query: ListQuery, apiKeyId: string | null): Promise<JobSummaryRow[]> {
    const params: unknown[] = [];
    const where = listConditions(query, apiKeyId, params);
    const page = keysetSql(query.page, params);
    if (page.where) where.push(page.where);
    return this.db.query<JobSummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  /** How many jobs `list` pages through under the same filters. */
  async count(query: ListQuery, apiKeyId: string | null): Promise<number> {
    const params: unknown[] = [];
    const where = listConditions(query, apiKeyId, params);
    const rows = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return Number(rows[0].n);
  }

  /**
   * Claims the oldest job of these kinds that is queued, or running under a lease that
   * expired (its worker died). Other workers skip the row while this transaction holds it.
   */
  async claim(workerId: string, leaseSeconds: number, kinds: readonly JobKind[]): Promise<JobRow | null> {
    const rows = await this.db.query<JobRow>(
      `WITH next AS (
         SELECT id FROM jobs
         WHERE (state = 'queued' OR (state = 'running' AND lease_expires_at < now())) AND kind = ANY($3::text[])
         ORDER BY created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE jobs j SET state = 'running', claimed_by = $1, lease_expires_at = now() + make_interval(secs => $2),
           attempts = j.attempts + 1, updated_at = now()
         FROM next WHERE j.id = next.id
         RETURNING j.*
       )
       SELECT ${COLUMNS} FROM claimed`,
      [workerId, leaseSeconds, kinds],
    );
    return rows[0] ?? null;
  }

  /** Extends the lease; false when this worker no longer holds the job. */
  async renew(id: string, workerId: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.db.query(
      `WITH renewed AS (
         UPDATE jobs SET lease_expires_at = now() + make_interval(secs => $3)
         WHERE id = $1 AND claimed_by = $2 AND state = 'running' RETURNING id
       ) SELECT id FROM renewed`,
      [id, workerId, leaseSeconds],
    );
    return rows.length > 0;
  }

  /**
   * Records stored documents and failed items in the caller's transaction, renewing
   * the lease; false when this worker no longer holds the job (the caller must roll back).
   */
  async recordProgress(
    id: string,
    workerId: string,
    leaseSeconds: number,
    results: JobItemResult[],
    errors: JobItemError[],
    tx: Queryable,
    processed = results.length,
  ): Promise<boolean> {
    const rows = await tx.query(
      `WITH progressed AS (
         UPDATE jobs SET processed = processed + $4, failed = failed + $5,
           results = results || $6::jsonb, errors = errors || $7::jsonb,
           lease_expires_at = now() + make_interval(secs => $3), updated_at = now()
         WHERE id = $1 AND claimed_by = $2 AND state = 'running' RETURNING id
       ) SELECT id FROM progressed`,
      [id, workerId, leaseSeconds, processed, errors.length, JSON.stringify(results), JSON.stringify(errors)],
    );
    return rows.length > 0;
  }

  /**
   * Ends a job this worker holds: failed when any item failed, or with `error` as a
   * whole. A reindex that succeeds settles its total on what it did (fragments expired
   * meanwhile needed nothing).
   */
  async finish(
    id: string,
    workerId: string,
    error: JobItemError | null = null,
    db: Queryable = this.db,
  ): Promise<void> {
    await db.query(
      `WITH finished AS (
         UPDATE jobs SET state = CASE WHEN failed > 0 OR $3::jsonb IS NOT NULL THEN 'failed' ELSE 'succeeded' END,
           total = CASE WHEN kind = 'reindex' AND failed = 0 AND $3::jsonb IS NULL THEN processed ELSE total END,
           errors = CASE WHEN $3::jsonb IS NULL THEN errors ELSE errors || jsonb_build_array($3::jsonb) END,
           claimed_by = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
         WHERE id = $1 AND claimed_by = $2 AND state = 'running' RETURNING id
       ) SELECT id FROM finished`,
      [id, workerId, error === null ? null : JSON.stringify(error)],
    );
  }

  /** Gives a job back to the queue (this worker is stopping); the attempt does not count. */
  async release(id: string, workerId: string): Promise<void> {
    await this.db.query(
      `WITH released AS (
         UPDATE jobs SET state = 'queued', claimed_by = NULL, lease_expires_at = NULL,
           attempts = greatest(attempts - 1, 0), updated_at = now()
         WHERE id = $1 AND claimed_by = $2 AND state = 'running' RETURNING id
       ) SELECT id FROM released`,
      [id, workerId],
    );
  }

  async countByState(): Promise<Record<JobState, number>> {
    const rows = await this.db.query<{ state: JobState; n: string }>(
      `SELECT state, count(*) AS n FROM jobs GROUP BY state`,
    );
    const counts: Record<JobState, number> = { queued: 0, running: 0, succeeded: 0, failed: 0 };
    for (const row of rows) counts[row.state] = Number(row.n);
    return counts;
  }
}

function listConditions(query: ListQuery, apiKeyId: string | null, params: unknown[]): string[] {
  const where = query.filters.map((f) => filterToSql(f.field, f, params));
  if (apiKeyId !== null) {
    params.push(apiKeyId);
    where.push(`api_key_id = $${params.length}`);
  }
  return where;
}
