/**
 * The authorization server's tables (migration 1764741150000-OAuth): oidc-provider's
 * records, by kind and SHA-256 of their id, and the server's sealed keys. Expiry is
 * judged by the database clock, so replicas agree on when a code or token ended.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';

export interface OAuthRecordRow {
  payload: Record<string, unknown>;
  consumed_at: Date | null;
}

export interface StoredRecord {
  kind: string;
  idHash: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  uid: string | null;
  userCode: string | null;
  expiresInSeconds: number | null;
}

@Injectable()
export class OAuthRepository {
  constructor(private readonly db: DatabaseService) {}

  async upsert(record: StoredRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO oauth_records (kind, id_hash, payload, grant_id, uid, user_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
       ON CONFLICT (kind, id_hash) DO UPDATE
         SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
             user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
      [
        record.kind,
        record.idHash,
        JSON.stringify(record.payload),
        record.grantId,
        record.uid,
        record.userCode,
        record.expiresInSeconds,
      ],
    );
  }

  async find(
    kind: string,
    column: 'id_hash' | 'uid' | 'user_code',
    value: string,
  ): Promise<OAuthRecordRow | null> {
    const [row] = await this.db.query<OAuthRecordRow>(
      `SELECT payload, consumed_at FROM oauth_records
        WHERE kind = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
      [kind, value],
    );
    return row ?? null;
  }

  async consume(kind: string, idHash: string): Promise<void> {
    await this.db.query(
      `UPDATE oauth_records SET consumed_at = now() WHERE kind = $1 AND id_hash = $2 AND consumed_at IS NULL`,
      [kind, idHash],
    );
  }

  async destroy(kind: string, idHash: string): Promise<void> {
    await this.db.query(`DELETE FROM oauth_records WHERE kind = $1 AND id_hash = $2`, [kind, idHash]);
  }

  /** Every record of a grant, whatever its kind: revoking a grant ends its codes and tokens. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query(`DELETE FROM oauth_records WHERE grant_id = $1`, [grantId]);
  }

  /** Drops what expired; returns how many. */
  async deleteExpired(): Promise<number> {
    const rows = await this.db.query(
      `DELETE FROM oauth_records WHERE expires_at < now() - interval '1 hour' RETURNING 1`,
    );
    return rows.length;
  }

  async findKey(name: string): Promise<{ key_id: string; sealed: Buffer; created_at: Date } | null> {
    const [row] = await this.db.query<{ key_id: string; sealed: Buffer; created_at: Date }>(
      `SELECT key_id, sealed, created_at FROM oauth_keys WHERE name = $1`,
      [name],
    );
    return row ?? null;
  }

  /**
   * Replaces a key if it is still the one the caller read (`expected`); false when
   * another replica replaced it first (then the caller reads that one).
   */
  async replaceKey(name: string, expected: Buffer, keyId: string, sealed: Buffer): Promise<boolean> {
    const rows = await this.db.query<{ name: string }>(
      `UPDATE oauth_keys SET key_id = $3, sealed = $4 WHERE name = $1 AND sealed = $2 RETURNING name`,
      [name, expected, keyId, sealed],
    );
    return rows.length === 1;
  }

  /** Stores a key unless another replica stored one first (then the caller reads that one). */
  async insertKeyIfAbsent(name: string, keyId: string, sealed: Buffer): Promise<void> {
    await this.db.query(
      `INSERT INTO oauth_keys (name, key_id, sealed) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
      [name, keyId, sealed],
    );
  }
}
