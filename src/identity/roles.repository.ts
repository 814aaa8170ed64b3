/** Roles and role bindings (migration 1764741400000-Identity). */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { FieldFilter, filterToSql, keysetSql, ListQuery } from '../common/list';
import { Grant, Scope } from '../auth/auth-context';

export interface RoleRow {
  id: string;
  name: string;
  grants: Grant[];
  scopes: Scope[];
  created_at: Date;
  updated_at: Date;
}

export interface RoleBindingRow {
  id: string;
  claim: string;
  value: string;
  role_id: string;
  created_at: Date;
}

const ROLE_COLUMNS = 'id, name, grants, scopes, created_at, updated_at';
const BINDING_COLUMNS = 'id, claim, value, role_id, created_at';

/** A claim and one value it holds. */
export interface ClaimValue {
  claim: string;
  value: string;
}

@Injectable()
export class RolesRepository {
  constructor(private readonly db: DatabaseService) {}

  async insertRole(row: Omit<RoleRow, 'created_at' | 'updated_at'>): Promise<RoleRow> {
    const [inserted] = await this.db.query<RoleRow>(
      `INSERT INTO roles (id, name, grants, scopes) VALUES ($1, $2, $3::jsonb, $4::text[])
       RETURNING ${ROLE_COLUMNS}`,
      [row.id, row.name, JSON.stringify(row.grants), row.scopes],
    );
    return inserted;
  }

  async findRole(id: string): Promise<RoleRow | null> {
    const [row] = await this.db.query<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM roles WHERE id = $1`, [id]);
    return row ?? null;
  }

  async listRoles(query: ListQuery): Promise<RoleRow[]> {
    return this.list<RoleRow>('roles', ROLE_COLUMNS, query);
  }

  async updateRole(
    id: string,
    change: { name?: string; grants?: Grant[]; scopes?: Scope[] },
  ): Promise<RoleRow | null> {
    const [row] = await this.db.query<RoleRow>(
      `UPDATE roles SET name = COALESCE($2, name), grants = COALESCE($3::jsonb, grants),
              scopes = COALESCE($4::text[], scopes), updated_at = now()
        WHERE id = $1 RETURNING ${ROLE_COLUMNS}`,
      [id, change.name ?? null, change.grants ? JSON.stringify(change.grants) : null, change.scopes ?? null],
    );
    return row ?? null;
  }

  async deleteRole(id: string): Promise<boolean> {
    return (await this.db.query(`DELETE FROM roles WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  async insertBinding(row: Omit<RoleBindingRow, 'created_at'>): Promise<RoleBindingRow> {
    const [inserted] = await this.db.query<RoleBindingRow>(
      `INSERT INTO role_bindings (id, claim, value, role_id) VALUES ($1, $2, $3, $4)
       RETURNING ${BINDING_COLUMNS}`,
      [row.id, row.claim, row.value, row.role_id],
    );
    return inserted;
  }

  async findBinding(id: string): Promise<RoleBindingRow | null> {
    const [row] = await this.db.query<RoleBindingRow>(
      `SELECT ${BINDING_COLUMNS} FROM role_bindings WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  async listBindings(query: ListQuery): Promise<RoleBindingRow[]> {
    return this.list<RoleBindingRow>('role_bindings', BINDING_COLUMNS, query);
  }

  async updateBinding(
    id: string,
    change: { claim?: string; value?: string; role_id?: string },
  ): Promise<RoleBindingRow | null> {
    const [row] = await this.db.query<RoleBindingRow>(
      `UPDATE role_bindings SET claim = COALESCE($2, claim), value = COALESCE($3, value),
              role_id = COALESCE($4::uuid, role_id)
        WHERE id = $1 RETURNING ${BINDING_COLUMNS}`,
      [id, change.claim ?? null, change.value ?? null, change.role_id ?? null],
    );
    return row ?? null;
  }

  async deleteBinding(id: string): Promise<boolean> {
    return (await this.db.query(`DELETE FROM role_bindings WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  /** The roles bound to any of these claim values, each once. */
  async rolesBoundTo(values: readonly ClaimValue[]): Promise<Pick<RoleRow, 'grants' | 'scopes'>[]> {
    if (values.length === 0) return [];
    return this.db.query<Pick<RoleRow, 'grants' | 'scopes'>>(
      `SELECT r.grants, r.scopes FROM roles r
        WHERE EXISTS (
          SELECT 1 FROM role_bindings b
            JOIN unnest($1::text[], $2::text[]) AS held (claim, value)
              ON held.claim = b.claim AND held.value = b.value
           WHERE b.role_id = r.id)
        ORDER BY r.id`,
      [values.map((v) => v.claim), values.map((v) => v.value)],
    );
  }

  private list<R>(table: string, columns: string, query: ListQuery): Promise<R[]> {
    const params: unknown[] = [];
    const where = query.filters.map((f: FieldFilter) =>
      filterToSql(f.field === 'role_id' ? 'role_id::text' : f.field, f, params),
    );
    const page = keysetSql(query.page, params);
    if (page.where) where.push(page.where);
    return this.db.query<R>(
      `SELECT ${columns} FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }
}
