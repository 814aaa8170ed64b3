import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People who sign in through the upstream OpenID Connect provider (src/auth/identity):
 *
 * - `users`: one per issuer and subject, with the claims of their last sign-in, from
 *   which their roles are resolved on every request;
 * - `user_sessions`: the bearer tokens a sign-in ends with (secret hashed as key secrets);
 * - `sso_logins`: sign-ins under way, between the redirect to the provider and its
 *   callback, shared by every replica: the state, the nonce, the PKCE verifier and a
 *   digest of the browser's cookie that binds the callback to the browser that started;
 * - `roles` (sets of grants and scopes) and `role_bindings` (a claim's value → a role).
 */
export class Identity1764741201000 implements MigrationInterface {
  name = 'Identity1764741201000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE users (
         id uuid PRIMARY KEY,
         issuer text NOT NULL,
         subject text NOT NULL,
         email text,
         name text,
         claims jsonb NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         last_seen_at timestamptz NOT NULL DEFAULT now(),
         UNIQUE (issuer, subject)
       )`,
    );
    await q.query(
      `CREATE TABLE user_sessions (
         id uuid PRIMARY KEY,
         user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
         secret_hash text NOT NULL,
         expires_at timestamptz NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await q.query(`CREATE INDEX user_sessions_expiry ON user_sessions (expires_at)`);
    await q.query(
      `CREATE TABLE sso_logins (
         state text PRIMARY KEY,
         browser_digest text NOT NULL,
         nonce text NOT NULL,
         code_verifier text NOT NULL,
         return_to text,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await q.query(
      `CREATE TABLE roles (
         id uuid PRIMARY KEY,
         name text NOT NULL UNIQUE,
         description text NOT NULL DEFAULT '',
         grants jsonb NOT NULL,
         scopes text[] NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await q.query(
      `CREATE TABLE role_bindings (
         id uuid PRIMARY KEY,
         claim text NOT NULL,
         value text NOT NULL,
         role_id uuid NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
         created_at timestamptz NOT NULL DEFAULT now(),
         UNIQUE (claim, value, role_id)
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['role_bindings', 'roles', 'sso_logins', 'user_sessions', 'users'])
      await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
