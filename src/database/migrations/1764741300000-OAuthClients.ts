import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Machine clients of the authorization server (src/oauth/clients): registered by an admin,
 * they take tokens with the client_credentials grant and hold grants and scopes of their
 * own, as a key does. The secret is kept as key secrets are (a scrypt hash); a token
 * carries the credential stamp of the hash it was issued against, so a new secret ends
 * the tokens of the old one.
 */
export class OAuthClients1764741300000 implements MigrationInterface {
  name = 'OAuthClients1764741300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE oauth_clients (
         id uuid PRIMARY KEY,
         name text NOT NULL,
         secret_hash text NOT NULL,
         grants jsonb NOT NULL,
         scopes text[] NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS oauth_clients`);
  }
}
