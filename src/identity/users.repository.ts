/** The users who signed in through the upstream identity provider (migration 1764741400000-Identity). */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';

export interface UserRow {
  id: string;
  issuer: string;
  subject: string;
  claims_key_id: string;
  claims: Buffer;
}

@Injectable()
export class UsersRepository {
  constructor(private readonly db: DatabaseService) {}

  /** The user of this issuer and subject, created or given their claims of this sign-in; answers its id. */
  async upsert(row: UserRow): Promise<string> {
    const [saved] = await this.db.query<{ id: string }>(
      `INSERT INTO users (id, issuer, subject, claims_key_id, claims) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (issuer, subject) DO UPDATE
         SET claims_key_id = EXCLUDED.claims_key_id, claims = EXCLUDED.claims, signed_in_at = now()
       RETURNING id`,
      [row.id, row.issuer, row.subject, row.claims_key_id, row.claims],
    );
    return saved.id;
  }

  async find(id: string): Promise<UserRow | null> {
    const [row] = await this.db.query<UserRow>(
      `SELECT id, issuer, subject, claims_key_id, claims FROM users WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }
}
