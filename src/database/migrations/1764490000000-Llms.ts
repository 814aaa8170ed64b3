import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * LLMs the agents answer with. `api_key` is AES-256-GCM ciphertext sealed with the
 * same keys as fragment text (key id per row, so keys rotate the same way).
 *
 * The built-in `extractive` answerer is registered with a fixed id and is the
 * default on a fresh install, so a first run answers offline. At most one LLM is
 * the default (the partial unique index); none at all is allowed and makes turns
 * of agents without models fail with "no usable LLM".
 */
export const EXTRACTIVE_LLM_ID = '01900000-0000-7000-8000-000000000003';

export class Llms1764490000000 implements MigrationInterface {
  name = 'Llms1764490000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE llms (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE,
        description text,
        provider text NOT NULL,
        endpoint text,
        model text,
        api_key bytea,
        api_key_key_id text,
        is_default boolean NOT NULL DEFAULT false,
        is_reasoning boolean NOT NULL DEFAULT false,
        context_window integer CHECK (context_window > 0),
        parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX llms_one_default ON llms (is_default) WHERE is_default`);
    await q.query(
      `INSERT INTO llms (id, name, description, provider, is_default, parameters)
       VALUES ($1, 'extractive', $2, 'extractive', true, '{}'::jsonb)
       ON CONFLICT (id) DO NOTHING`,
      [
        EXTRACTIVE_LLM_ID,
        'Built in, offline: answers only with sentences of the retrieved fragments, each with its citation',
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS llms`);
  }
}
