import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who signs in through an upstream OpenID Connect provider (src/identity): roles (a name,
 * grants and scopes, as a key holds), role bindings (a claim value of the ID token → a
 * role) and the users who signed in. A user's claims are sealed (they hold addresses and
 * group names); the issuer and subject stay readable, since a sign-in finds its user by
 * them. Deleting a role takes its bindings with it.
 */
export class Identity1764741400000 implements MigrationInterface {
  name = 'Identity1764741400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE roles (
         id uuid PRIMARY KEY,
         name text NOT NULL,
         grants jsonb NOT NULL,
         scopes text[] NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT roles_name_unique UNIQUE (name)
       )`,
    );
    await q.query(
      `CREATE TABLE role_bindings (
         id uuid PRIMARY KEY,
         claim text NOT NULL,
         value text NOT NULL,
         role_id uuid NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
         created_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT role_bindings_unique UNIQUE (claim, value, role_id)
       )`,
    );
    await q.query(`CREATE INDEX role_bindings_role ON role_bindings (role_id)`);
    await q.query(
      `CREATE TABLE users (
         id uuid PRIMARY KEY,
         issuer text NOT NULL,
         subject text NOT NULL,
         claims_key_id text NOT NULL,
         claims bytea NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         signed_in_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT users_identity_unique UNIQUE (issuer, subject)
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS users`);
    await q.query(`DROP TABLE IF EXISTS role_bindings`);
    await q.query(`DROP TABLE IF EXISTS roles`);
  }
}
