/** SQL of the `rerankers` table. */
import { Injectable } from '@nestjs/common';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';

export interface RerankerRow {
  id: string;
  name: string;
  description: string | null;
  provider: 'cohere' | 'tei';
  endpoint: string;
  model: string | null;
  api_key: Buffer | null;
  api_key_key_id: string | null;
  parameters: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export type RerankerWrite = Omit<RerankerRow, 'created_at' | 'updated_at'>;

const COLUMNS =
  'id, name, description, provider, endpoint, model, api_key, api_key_key_id, parameters, created_at, updated_at';
const WRITABLE = [
  'name',
  'description',
  'provider',
  'endpoint',
  'model',
  'api_key',
  'api_key_key_id',
  'parameters',
] as const;

@Injectable()
export class RerankersRepository {
  constructor(private readonly db: DatabaseService) {}

  async find(id: string, db: Queryable = this.db): Promise<RerankerRow | null> {
    const rows = await db.query<RerankerRow>(`SELECT ${COLUMNS} FROM rerankers WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  list(query: ListQuery): Promise<RerankerRow[]> {
    const params: unknown[] = [];
    const where = query.filters.map((f) => filterToSql(f.field, f, params));
    const page = keysetSql(query.page, params);
    if (page.where) where.push(page.where);
    return this.db.query<RerankerRow>(
      `SELECT ${COLUMNS} FROM rerankers ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  async insert(row: RerankerWrite, tx: Queryable): Promise<void> {
    const columns = ['id', ...WRITABLE];
    await tx.query(
      `INSERT INTO rerankers (${columns.join(', ')})
       VALUES (${columns.map((c, i) => `$${i + 1}${c === 'parameters' ? '::jsonb' : ''}`).join(', ')})`,
      columns.map((c) =>
        c === 'parameters' ? JSON.stringify(row.parameters) : row[c as keyof RerankerWrite],
      ),
    );
  }

  async nameTaken(name: string, db: Queryable = this.db): Promise<boolean> {
    return (await db.query(`SELECT 1 FROM rerankers WHERE name = $1`, [name])).length > 0;
  }

  /** Names of the pipelines that use the reranker as their default (it cannot go while they do). */
  async usedBy(id: string, db: Queryable = this.db): Promise<string[]> {
    const rows = await db.query<{ name: string }>(
      `SELECT name FROM pipelines WHERE default_reranker_id = $1 ORDER BY name LIMIT 10`,
      [id],
    );
    return rows.map((row) => row.name);
  }

  async delete(id: string, tx: Queryable): Promise<boolean> {
    return (await tx.query(`DELETE FROM rerankers WHERE id = $1 RETURNING id`, [id])).length > 0;
  }
}
