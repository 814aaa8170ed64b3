/**
 * The SQL that keeps BM25's statistics tidy (full-text-sql.ts writes them): compaction
 * of the rows of changes, dropping a pipeline's statistics, and rebuilding them from
 * its fragments. Each takes the pipeline's statistics lock for its transaction, so a
 * compaction never puts back rows that a clear or a rebuild removed.
 */
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DatabaseService, Queryable } from '../../database/database.service';

/** Advisory lock space of full-text statistics ("ftst" in ASCII); the key within it is the pipeline's hash. */
const STATISTICS_LOCK_SPACE = 0x66747374;

@Injectable()
export class FullTextStatisticsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Sums each key's rows of changes into one row, and drops keys that sum to nothing:
   * the pipeline's rows read once, summed, written back, in one transaction without a
   * statement timeout (a large pipeline's rows take seconds; it is background work).
   */
  compact(pipelineId: string): Promise<void> {
    return this.db.maintenance(async (db) => {
      await db.query('BEGIN');
      try {
        await lock(db, pipelineId);
        await db.query(
          `WITH merged AS (DELETE FROM full_text_terms WHERE pipeline_id = $1 RETURNING classification, lexeme, fragments)
           INSERT INTO full_text_terms (pipeline_id, classification, lexeme, fragments)
           SELECT $1, classification, lexeme, sum(fragments) FROM merged
           GROUP BY classification, lexeme HAVING sum(fragments) <> 0`,
          [pipelineId],
        );
        await db.query(
          `WITH merged AS (DELETE FROM full_text_sizes WHERE pipeline_id = $1 RETURNING classification, fragments, tokens)
           INSERT INTO full_text_sizes (pipeline_id, classification, fragments, tokens)
           SELECT $1, classification, sum(fragments), sum(tokens) FROM merged
           GROUP BY classification HAVING sum(fragments) <> 0 OR sum(tokens) <> 0`,
          [pipelineId],
        );
        await db.query('COMMIT');
      } catch (error) {
        await db.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /** How many rows of changes the pipeline's statistics hold (what compaction would sum). */
  async rows(pipelineId: string): Promise<number> {
    const [{ rows }] = await this.db.query<{ rows: number }>(
      `SELECT (SELECT count(*) FROM full_text_terms WHERE pipeline_id = $1)::int AS rows`,
      [pipelineId],
    );
    return rows;
  }

  /** Drops the pipeline's statistics, in the caller's transaction (its lexemes are being cleared). */
  async clear(pipelineId: string, tx: Queryable): Promise<void> {
    await lock(tx, pipelineId);
    await tx.query(`DELETE FROM full_text_terms WHERE pipeline_id = $1`, [pipelineId]);
    await tx.query(`DELETE FROM full_text_sizes WHERE pipeline_id = $1`, [pipelineId]);
  }

  /**
   * The pipeline's statistics computed again from its counted fragments (live, with a
   * length), in the caller's transaction, which holds the pipeline against writes.
   */
  async rebuild(pipelineId: string, tx: Queryable): Promise<void> {
    await this.clear(pipelineId, tx);
    await tx.query(
      `INSERT INTO full_text_terms (pipeline_id, classification, lexeme, fragments)
       SELECT f.pipeline_id, f.classification, t.lexeme, count(*)::int
       FROM fragments f, unnest(f.search_vector) AS t
       WHERE f.pipeline_id = $1 AND f.expired_at IS NULL AND f.search_length IS NOT NULL
       GROUP BY f.pipeline_id, f.classification, t.lexeme`,
      [pipelineId],
    );
    await tx.query(
      `INSERT INTO full_text_sizes (pipeline_id, classification, fragments, tokens)
       SELECT f.pipeline_id, f.classification, count(*)::int, sum(f.search_length)
       FROM fragments f
       WHERE f.pipeline_id = $1 AND f.expired_at IS NULL AND f.search_length IS NOT NULL
       GROUP BY f.pipeline_id, f.classification`,
      [pipelineId],
    );
  }
}

async function lock(tx: Queryable, pipelineId: string): Promise<void> {
  const key = createHash('sha256').update(pipelineId).digest().readInt32BE(0);
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [STATISTICS_LOCK_SPACE, key]);
}
