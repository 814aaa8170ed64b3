import { Injectable } from '@nestjs/common';
import { DatabaseService, Queryable } from '../database/database.service';
import { FieldFilter, filterToSql, keysetSql, ListQuery } from '../common/list';
import { Grant, Scope } from './auth-context';

export interface ApiKeyRow {
  id: string;
  name: string;
  secret_hash: string;
  admin: boolean;
  disabled: boolean;
  grants: Grant[];
  scopes: Scope[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, secret_hash, admin, disabled, grants, scopes, created_at, updated_at';
const KEY_COLUMNS = COLUMNS.split(', ')
  .map((column) => `k.${column}`)
  .join(', ');

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly db: DatabaseService) {}

  async findById(id: string, db: Queryable = this.db): Promise<ApiKeyRow | null> {
    const rows = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * The key's row (null when there is none) and the cache generation, in one statement:
   * one snapshot, on the primary (src/database/cache-generation.ts).
   */
  findWithGeneration(id: string): Promise<{ row: ApiKeyRow | null; generation: string }> {
    return this.db.readsGeneration(async () => {
      const rows = await this.db.query<ApiKeyRow & { generation: string }>(
        `SELECT g.value::text AS generation, ${KEY_COLUMNS}
         FROM cache_generation g LEFT JOIN api_keys k ON k.id = $1`,
        [id],
      );
      const { generation, ...row } = rows[0];
      return { row: row.id === null ? null : row, generation };
    });
  }

  /** The cache generation alone: whether anything of a key (or pipeline) changed since it was last read. */
  async generation(): Promise<string> {
    const rows = await this.db.query<{ generation: string }>(
      `SELECT value::text AS generation FROM cache_generation`,
    );
    return rows[0].generation;
  }

  /**
   * The usable (enabled) keys among these ids with their secret hashes, and the cache
   * generation, in one statement (one snapshot).
   */
  async usableAmong(
    ids: string[],
  ): Promise<{ generation: string; usable: { id: string; secret_hash: string }[] }> {
    const rows = await this.db.query<{ generation: string; id: string | null; secret_hash: string | null }>(
      `SELECT g.value::text AS generation, k.id, k.secret_hash
       FROM cache_generation g
       LEFT JOIN api_keys k ON k.id = ANY($1::uuid[]) AND NOT k.disabled`,
      [ids],
    );
    return {
      generation: rows[0].generation,
      usable: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, secret_hash: r.secret_hash! }])),
    };
  }

  async insert(
    key: Omit<ApiKeyRow, 'created_at' | 'updated_at'>,
    db: Queryable = this.db,
  ): Promise<ApiKeyRow> {
    const rows = await db.query<ApiKeyRow>(
      `INSERT INTO api_keys (id, name, secret_hash, admin, disabled, grants, scopes)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::text[]) RETURNING ${COLUMNS}`,
      [key.id, key.name, key.secret_hash, key.admin, key.disabled, JSON.stringify(key.grants), key.scopes],
    );
    return rows[0];
  }

  /** Inserts unless the id exists; returns whether it inserted. */
  async insertIfAbsent(key: Omit<ApiKeyRow, 'created_at' | 'updated_at'>): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO api_keys (id, name, secret_hash, admin, disabled, grants, scopes)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::text[]) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [key.id, key.name, key.secret_hash, key.admin, key.disabled, JSON.stringify(key.grants), key.scopes],
    );
    return rows.length > 0;
  }

  async update(
    id: string,
    changes: Partial<Pick<ApiKeyRow, 'name' | 'admin' | 'disabled' | 'grants' | 'scopes' | 'secret_hash'>>,
  ): Promise<ApiKeyRow | null> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [column, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      params.push(column === 'grants' ? JSON.stringify(value) : value);
      const cast = column === 'grants' ? '::jsonb' : column === 'scopes' ? '::text[]' : '';
      sets.push(`${column} = $${params.length}${cast}`);
    }
    sets.push('updated_at = now()');
    const rows = await this.db.query<ApiKeyRow>(
      `UPDATE api_keys SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0] ?? null;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM api_keys WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }

  async list(query: ListQuery): Promise<ApiKeyRow[]> {
    const params: unknown[] = [];
    const where = query.filters.map((f: FieldFilter) =>
      filterToSql(f.field === 'admin' ? 'admin::text' : f.field, f, params),
    );
    const page = keysetSql(query.page, params);
    if (page.where) where.push(page.where);
    return this.db.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM api_keys ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  async count(db: Queryable = this.db): Promise<number> {
    const rows = await db.query<{ n: string }>(`SELECT count(*) AS n FROM api_keys`);
    return Number(rows[0].n);
  }

  /** Serialises bootstrap across replicas starting together on one database. */
  async lockForBootstrap(tx: Queryable): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(727274)`);
  }
}

/** Which of these pipeline ids exist (grants must not name pipelines that do not). */
export async function existingPipelineIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(`SELECT id FROM pipelines WHERE id = ANY($1::uuid[])`, [ids]);
  return new Set(rows.map((r) => r.id));
}
