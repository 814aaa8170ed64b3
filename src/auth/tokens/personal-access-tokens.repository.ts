import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { keysetSql, ListQuery } from '../../common/list';
import { Grant, Scope } from '../auth-context';

export interface PersonalAccessTokenRow {
  id: string;
  api_key_id: string;
  name: string;
  secret_hash: string;
  grants: Grant[];
  scopes: Scope[];
  key_stamp: string;
  expires_at: Date;
  created_at: Date;
}

const COLUMNS = 'id, api_key_id, name, secret_hash, grants, scopes, key_stamp, expires_at, created_at';

@Injectable()
export class PersonalAccessTokensRepository {
  constructor(private readonly db: DatabaseService) {}

  async insert(token: Omit<PersonalAccessTokenRow, 'created_at'>): Promise<PersonalAccessTokenRow> {
    const rows = await this.db.query<PersonalAccessTokenRow>(
      `INSERT INTO personal_access_tokens (id, api_key_id, name, secret_hash, grants, scopes, key_stamp, expires_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::text[], $7, $8) RETURNING ${COLUMNS}`,
      [
        token.id,
        token.api_key_id,
        token.name,
        token.secret_hash,
        JSON.stringify(token.grants),
        token.scopes,
        token.key_stamp,
        token.expires_at,
      ],
    );
    return rows[0];
  }

  async findById(id: string): Promise<PersonalAccessTokenRow | null> {
    const rows = await this.db.query<PersonalAccessTokenRow>(
      `SELECT ${COLUMNS} FROM personal_access_tokens WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async listOfKey(apiKeyId: string, query: ListQuery): Promise<PersonalAccessTokenRow[]> {
    const params: unknown[] = [apiKeyId];
    const page = keysetSql(query.page, params);
    return this.db.query<PersonalAccessTokenRow>(
      `SELECT ${COLUMNS} FROM personal_access_tokens
       WHERE api_key_id = $1 ${page.where ? `AND ${page.where}` : ''}
       ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  async delete(apiKeyId: string, id: string): Promise<boolean> {
    const rows = await this.db.query(
      `DELETE FROM personal_access_tokens WHERE api_key_id = $1 AND id = $2 RETURNING id`,
      [apiKeyId, id],
    );
    return rows.length > 0;
  }
}
