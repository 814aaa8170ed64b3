/** SQL of uploaded files waiting to be processed (the `pending_files` table). */
import { Injectable } from '@nestjs/common';
import { allowedSql } from '../common/classification-sql';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';

export interface PendingFileRow {
  id: string;
  pipeline_id: string;
  api_key_id: string;
  filename: string;
  type: string;
  mime_type: string;
  size: string; // bigint
  sha256: string;
  classification: string;
  metadata: Record<string, unknown>;
  external_id: string | null;
  text_splitter_id: string | null;
  chunk_size: number | null;
  chunk_overlap: number | null;
  created_at: Date;
}

export interface PendingFileContent {
  content: Buffer;
  content_key_id: string;
}

export type NewPendingFile = Omit<PendingFileRow, 'size' | 'created_at'> & {
  size: number;
} & PendingFileContent;

/** The pending file list's filterable fields. */
export const PENDING_FILE_FILTERS = {
  filename: ['eq', 'ne', 'contains', 'startswith', 'endswith', 'in'],
  external_id: ['eq', 'ne', 'contains', 'startswith', 'endswith', 'in'],
  classification: ['eq', 'ne', 'in'],
  type: ['eq', 'ne', 'in'],
  sha256: ['eq', 'in'],
} as const;

const COLUMNS = `p.id, p.pipeline_id, p.api_key_id, p.filename, p.type, p.mime_type, p.size, p.sha256,
  p.classification, p.metadata, p.external_id, p.text_splitter_id, p.chunk_size, p.chunk_overlap, p.created_at`;

@Injectable()
export class PendingFilesRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Inserts the files of one upload together: all of them or none. */
  async insertMany(files: NewPendingFile[]): Promise<PendingFileRow[]> {
    return this.db.transaction(async (tx) => {
      const rows: PendingFileRow[] = [];
      for (const f of files) {
        const inserted = await tx.query<PendingFileRow>(
          `INSERT INTO pending_files AS p (id, pipeline_id, api_key_id, filename, type, mime_type, size, sha256,
             classification, metadata, external_id, text_splitter_id, chunk_size, chunk_overlap, content, content_key_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
           RETURNING ${COLUMNS}`,
          [
            f.id,
            f.pipeline_id,
            f.api_key_id,
            f.filename,
            f.type,
            f.mime_type,
            f.size,
            f.sha256,
            f.classification,
            JSON.stringify(f.metadata),
            f.external_id,
            f.text_splitter_id,
            f.chunk_size,
            f.chunk_overlap,
            f.content,
            f.content_key_id,
          ],
        );
        rows.push(inserted[0]);
      }
      return rows;
    });
  }

  async list(pipelineId: string, allowed: string[] | null, query: ListQuery): Promise<PendingFileRow[]> {
    const params: unknown[] = [pipelineId];
    const where = ['p.pipeline_id = $1', allowedSql('p.classification', allowed, params)];
    for (const filter of query.filters) where.push(filterToSql(`p.${filter.field}`, filter, params));
    const page = keysetSql(query.page, params, 'p.id');
    if (page.where) where.push(page.where);
    return this.db.query<PendingFileRow>(
      `SELECT ${COLUMNS} FROM pending_files p WHERE ${where.join(' AND ')} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  async find(pipelineId: string, id: string): Promise<PendingFileRow | null> {
    const rows = await this.db.query<PendingFileRow>(
      `SELECT ${COLUMNS} FROM pending_files p WHERE p.pipeline_id = $1 AND p.id = $2`,
      [pipelineId, id],
    );
    return rows[0] ?? null;
  }

  async content(id: string): Promise<PendingFileContent | null> {
    const rows = await this.db.query<PendingFileContent>(
      `SELECT content, content_key_id FROM pending_files WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Deletes a pending file; false when it was already gone (processed or deleted meanwhile). */
  async delete(id: string, db: Queryable = this.db): Promise<boolean> {
    const rows = await db.query(`DELETE FROM pending_files WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }
}
