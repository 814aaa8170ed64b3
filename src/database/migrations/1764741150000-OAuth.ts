import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OAuth 2.1 authorization server's state (src/oauth/), in the database so every
 * replica sees the same clients, codes, grants and tokens.
 *
 * `oauth_records` holds oidc-provider's models (AccessToken, AuthorizationCode,
 * RefreshToken, Grant, Session, Interaction, Client, ...) by kind and id. The id of a
 * token or code is the credential itself, so only its SHA-256 is stored: reading this
 * table does not hand out working tokens. `grant_id` lets revoking a grant drop every
 * token issued under it in one statement.
 *
 * `oauth_keys` holds the server's own secrets (the token signing key, the cookie keys),
 * generated at first start and sealed with the content cipher like fragment text.
 */
export class OAuth1764741150000 implements MigrationInterface {
  name = 'OAuth1764741150000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oauth_records (
        kind text NOT NULL,
        id_hash text NOT NULL,
        payload jsonb NOT NULL,
        grant_id text,
        uid text,
        user_code text,
        expires_at timestamptz,
        consumed_at timestamptz,
        PRIMARY KEY (kind, id_hash)
      )`);
    await q.query(`CREATE INDEX oauth_records_grant ON oauth_records (grant_id) WHERE grant_id IS NOT NULL`);
    await q.query(`CREATE INDEX oauth_records_uid ON oauth_records (kind, uid) WHERE uid IS NOT NULL`);
    await q.query(
      `CREATE INDEX oauth_records_expiry ON oauth_records (expires_at) WHERE expires_at IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE oauth_keys (
        name text PRIMARY KEY,
        sealed bytea NOT NULL,
        -- The content cipher key that sealed it (a rotation keeps the old one to open it).
        key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oauth_keys`);
    await q.query(`DROP TABLE oauth_records`);
  }
}
