import { Injectable } from '@nestjs/common';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';

export interface LlmRow {
  id: string;
  name: string;
  description: string | null;
  provider: string;
  endpoint: string | null;
  model: string | null;
  api_key: Buffer | null;
  api_key_key_id: string | null;
  is_default: boolean;
  is_reasoning: boolean;
  context_window: number | null;
  parameters: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export type LlmWrite = Omit<LlmRow, 'created_at' | 'updated_at'>;

const COLUMNS =
  'id, name, description, provider, endpoint, model, api_key, api_key_key_id, is_default, is_reasoning, context_window, parameters, created_at, updated_at';
const WRITABLE = [
  'name',
  'description',
  'provider',
  'endpoint',
  'model',
  'api_key',
  'api_key_key_id',
  'is_default',
  'is_reasoning',
  'context_window',
  'parameters',
] as const;

@Injectable()
export class LlmsRepository {
  constructor(private readonly db: DatabaseService) {}

  async find(id: string, db: Queryable = this.db): Promise<LlmRow | null> {
    const rows = await db.query<LlmRow>(`SELECT ${COLUMNS} FROM llms WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByName(name: string): Promise<LlmRow | null> {
    const rows = await this.db.query<LlmRow>(`SELECT ${COLUMNS} FROM llms WHERE name = $1`, [name]);
    return rows[0] ?? null;
  }

  async findDefault(): Promise<LlmRow | null> {
    const rows = await this.db.query<LlmRow>(`SELECT ${COLUMNS} FROM llms WHERE is_default`);
    return rows[0] ?? null;
  }

  list(query: ListQuery): Promise<LlmRow[]> {
    const params: unknown[] = [];
    const where = query.filters.map((f) => filterToSql(f.field, f, params));
    const page = keysetSql(query.page, params);
    if (page.where) where.push(page.where);
    return this.db.query<LlmRow>(
      `SELECT ${COLUMNS} FROM llms ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  async insert(row: LlmWrite, tx: Queryable): Promise<void> {
    const columns = ['id', ...WRITABLE];
    await tx.query(
      `INSERT INTO llms (${columns.join(', ')}) VALUES (${columns.map((c, i) => `$${i + 1}${c === 'parameters' ? '::jsonb' : ''}`).join(', ')})`,
      columns.map((c) => (c === 'parameters' ? JSON.stringify(row.parameters) : row[c as keyof LlmWrite])),
    );
  }

  async update(id: string, changes: Partial<LlmWrite>, tx: Queryable): Promise<void> {
    const params: unknown[] = [id];
    const sets = ['updated_at = now()'];
    for (const column of WRITABLE) {
      if (!(column in changes)) continue;
      params.push(column === 'parameters' ? JSON.stringify(changes.parameters) : changes[column]);
      sets.push(`${column} = $${params.length}${column === 'parameters' ? '::jsonb' : ''}`);
    }
    await tx.query(`UPDATE llms SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  /** Takes the default away from every other LLM (one default at a time, see the migration). */
  async clearDefault(exceptId: string, tx: Queryable): Promise<void> {
    await tx.query(`UPDATE llms SET is_default = false, updated_at = now() WHERE is_default AND id <> $1`, [
      exceptId,
    ]);
  }

  async nameTaken(name: string, exceptId: string | null, db: Queryable = this.db): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM llms WHERE name = $1 AND id IS DISTINCT FROM $2::uuid`, [
      name,
      exceptId,
    ]);
    return rows.length > 0;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.query(`DELETE FROM llms WHERE id = $1 RETURNING id`, [id])).length > 0;
  }
}
