import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { keysetSql, ListQuery } from '../../common/list';
import { Grant, Scope } from '../../auth/auth-context';

export interface OAuthClientRow {
  id: string;
  name: string;
  secret_hash: string;
  grants: Grant[];
  scopes: Scope[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, secret_hash, grants, scopes, created_at, updated_at';

@Injectable()
export class OAuthClientsRepository {
  constructor(private readonly db: DatabaseService) {}

  async insert(client: Omit<OAuthClientRow, 'created_at' | 'updated_at'>): Promise<OAuthClientRow> {
    const rows = await this.db.query<OAuthClientRow>(
      `INSERT INTO oauth_clients (id, name, secret_hash, grants, scopes)
       VALUES ($1, $2, $3, $4::jsonb, $5::text[]) RETURNING ${COLUMNS}`,
      [client.id, client.name, client.secret_hash, JSON.stringify(client.grants), client.scopes],
    );
    return rows[0];
  }

  async findById(id: string): Promise<OAuthClientRow | null> {
    const rows = await this.db.query<OAuthClientRow>(`SELECT ${COLUMNS} FROM oauth_clients WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async list(query: ListQuery): Promise<OAuthClientRow[]> {
    const params: unknown[] = [];
    const page = keysetSql(query.page, params);
    return this.db.query<OAuthClientRow>(
      `SELECT ${COLUMNS} FROM oauth_clients ${page.where ? `WHERE ${page.where}` : ''}
       ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  /** Changes the given columns; null when there is no such client. */
  async update(
    id: string,
    changes: Partial<Pick<OAuthClientRow, 'name' | 'secret_hash' | 'grants' | 'scopes'>>,
  ): Promise<OAuthClientRow | null> {
    const rows = await this.db.query<OAuthClientRow>(
      `UPDATE oauth_clients
          SET name = COALESCE($2, name),
              secret_hash = COALESCE($3, secret_hash),
              grants = COALESCE($4::jsonb, grants),
              scopes = COALESCE($5::text[], scopes),
              updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        changes.name ?? null,
        changes.secret_hash ?? null,
        changes.grants === undefined ? null : JSON.stringify(changes.grants),
        changes.scopes ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM oauth_clients WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }
}
