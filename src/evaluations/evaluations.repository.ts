/** SQL of the `evaluations` and `evaluation_queries` tables. */
import { Injectable } from '@nestjs/common';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';
import { z } from 'zod';
import { SearchResultSummary } from './evaluations.wire';

/**
 * What an evaluation keeps of each search once done: numbers and its label, no user
 * text; the `summary` column holds it as the wire shows it.
 */
export type SearchSummary = z.output<typeof SearchResultSummary>;

export interface EvaluationRow {
  id: string;
  pipeline_id: string;
  job_id: string;
  api_key_id: string;
  name: string;
  k: number;
  query_count: number;
  labels: string[];
  /** The sealed set: queries, searches, classifications (evaluation-set.ts). */
  spec: Buffer;
  spec_key_id: string;
  summary: SearchSummary[] | null;
  created_at: Date;
  finished_at: Date | null;
}

export type EvaluationSummaryRow = Omit<EvaluationRow, 'spec' | 'spec_key_id'>;

export interface OutcomeRow {
  position: number;
  outcome: Buffer;
  outcome_key_id: string;
}

const SUMMARY_COLUMNS = `id, pipeline_id, job_id, api_key_id, name, k, query_count, labels, summary, created_at, finished_at`;
const COLUMNS = `${SUMMARY_COLUMNS}, spec, spec_key_id`;

/** What the list of a pipeline's evaluations filters on. */
export const EVALUATION_FILTERS = { name: ['eq', 'ne', 'contains', 'startswith', 'endswith', 'in'] } as const;

@Injectable()
export class EvaluationsRepository {
  constructor(private readonly db: DatabaseService) {}

  async insert(
    row: Omit<EvaluationRow, 'summary' | 'created_at' | 'finished_at'>,
    tx: Queryable,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO evaluations (id, pipeline_id, job_id, api_key_id, name, k, query_count, labels, spec, spec_key_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10)`,
      [
        row.id,
        row.pipeline_id,
        row.job_id,
        row.api_key_id,
        row.name,
        row.k,
        row.query_count,
        row.labels,
        row.spec,
        row.spec_key_id,
      ],
    );
  }

  async find(pipelineId: string, id: string): Promise<EvaluationRow | null> {
    const rows = await this.db.query<EvaluationRow>(
      `SELECT ${COLUMNS} FROM evaluations WHERE pipeline_id = $1 AND id = $2`,
      [pipelineId, id],
    );
    return rows[0] ?? null;
  }

  async findByJob(jobId: string): Promise<EvaluationRow | null> {
    const rows = await this.db.query<EvaluationRow>(`SELECT ${COLUMNS} FROM evaluations WHERE job_id = $1`, [
      jobId,
    ]);
    return rows[0] ?? null;
  }

  /** A page of the pipeline's evaluations, oldest first; only those of `apiKeyId` unless it is null (an admin's list). */
  list(pipelineId: string, apiKeyId: string | null, query: ListQuery): Promise<EvaluationSummaryRow[]> {
    const params: unknown[] = [pipelineId];
    const where = ['pipeline_id = $1', ...query.filters.map((f) => filterToSql(f.field, f, params))];
    if (apiKeyId !== null) {
      params.push(apiKeyId);
      where.push(`api_key_id = $${params.length}`);
    }
    const page = keysetSql(query.page, params);
    if (page.where) where.push(page.where);
    return this.db.query<EvaluationSummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM evaluations WHERE ${where.join(' AND ')} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  async delete(pipelineId: string, id: string): Promise<boolean> {
    const rows = await this.db.query(
      `WITH deleted AS (DELETE FROM evaluations WHERE pipeline_id = $1 AND id = $2 RETURNING id) SELECT id FROM deleted`,
      [pipelineId, id],
    );
    return rows.length > 0;
  }

  /** Stores one query's outcome; false when the evaluation is gone (deleted meanwhile). */
  async insertOutcome(
    evaluationId: string,
    position: number,
    sealed: { data: Buffer; keyId: string },
    tx: Queryable,
  ): Promise<boolean> {
    try {
      const rows = await tx.query(
        `WITH stored AS (
           INSERT INTO evaluation_queries (evaluation_id, position, outcome, outcome_key_id)
           SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM evaluations WHERE id = $1)
           RETURNING position
         ) SELECT position FROM stored`,
        [evaluationId, position, sealed.data, sealed.keyId],
      );
      return rows.length > 0;
    } catch (error) {
      // Deleted after the EXISTS saw it: the foreign key refuses the row.
      if ((error as { code?: string }).code === '23503') return false;
      throw error;
    }
  }

  /** The stored outcomes of the evaluation, in query order (from `from` on, at most `limit`). */
  outcomes(evaluationId: string, from = 0, limit: number | null = null): Promise<OutcomeRow[]> {
    return this.db.query<OutcomeRow>(
      `SELECT position, outcome, outcome_key_id FROM evaluation_queries
       WHERE evaluation_id = $1 AND position >= $2 ORDER BY position ${limit === null ? '' : `LIMIT ${Number(limit)}`}`,
      [evaluationId, from],
    );
  }

  /** Records the summary of a finished evaluation, in the transaction that ends its job. */
  async finish(id: string, summary: SearchSummary[], tx: Queryable): Promise<void> {
    await tx.query(`UPDATE evaluations SET summary = $2::jsonb, finished_at = now() WHERE id = $1`, [
      id,
      JSON.stringify(summary),
    ]);
  }

  /** The last finished evaluation of each pipeline: its labels' summaries. */
  latestFinished(): Promise<{ pipeline_id: string; summary: SearchSummary[] }[]> {
    return this.db.query(
      `SELECT DISTINCT ON (pipeline_id) pipeline_id, summary FROM evaluations
       WHERE summary IS NOT NULL ORDER BY pipeline_id, finished_at DESC, id DESC`,
    );
  }
}
