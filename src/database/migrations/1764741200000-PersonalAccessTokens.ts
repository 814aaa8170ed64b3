import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal access tokens (src/auth/tokens): a key's bearer tokens with an expiry and a
 * subset of its grants and scopes. The secret is kept as the key secrets are (a scrypt
 * hash); `key_stamp` is the key's credential stamp when the token was minted, so giving
 * the key a new secret ends its tokens too. A deleted key takes its tokens with it.
 */
export class PersonalAccessTokens1764741200000 implements MigrationInterface {
  name = 'PersonalAccessTokens1764741200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE personal_access_tokens (
         id uuid PRIMARY KEY,
         api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
         name text NOT NULL,
         secret_hash text NOT NULL,
         grants jsonb NOT NULL,
         scopes text[] NOT NULL,
         key_stamp text NOT NULL,
         expires_at timestamptz NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await q.query(
      `CREATE INDEX personal_access_tokens_key ON personal_access_tokens (api_key_id, created_at, id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS personal_access_tokens`);
  }
}
