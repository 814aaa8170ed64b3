import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agents (the agents module's tables): an agent row plus its knowledge, toolsets and
 * skills rows. A deleted agent is a tombstone (`deleted_at`): its conversations stay
 * but become unreachable.
 *
 * `knowledge.pipeline_id` has no foreign key on purpose: deleting a pipeline must not
 * be blocked by an agent, and a turn simply finds nothing in a pipeline that is gone.
 */
export class Agents1764490300000 implements MigrationInterface {
  name = 'Agents1764490300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE agents (
        key uuid PRIMARY KEY,
        rev text NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        start_message text NOT NULL DEFAULT '',
        system_prompt text NOT NULL DEFAULT '',
        instructions text,
        models jsonb NOT NULL DEFAULT '[]'::jsonb,
        tags text[] NOT NULL DEFAULT '{}',
        share_with_org boolean NOT NULL DEFAULT false,
        is_service_account boolean NOT NULL DEFAULT false,
        web_search jsonb,
        default_reasoning_effort text,
        send_user_context boolean NOT NULL DEFAULT true,
        created_by text NOT NULL,
        updated_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX agents_live ON agents (created_by, updated_at) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE agent_knowledge (
        key uuid PRIMARY KEY,
        agent_key uuid NOT NULL REFERENCES agents (key) ON DELETE CASCADE,
        position integer NOT NULL,
        pipeline_id uuid NOT NULL,
        filters jsonb
      )`);
    await q.query(`CREATE INDEX agent_knowledge_agent ON agent_knowledge (agent_key, position)`);

    await q.query(`
      CREATE TABLE agent_toolsets (
        key uuid PRIMARY KEY,
        agent_key uuid NOT NULL REFERENCES agents (key) ON DELETE CASCADE,
        position integer NOT NULL,
        name text NOT NULL,
        display_name text,
        type text,
        instance_id text,
        instance_name text,
        tools jsonb NOT NULL DEFAULT '[]'::jsonb
      )`);
    await q.query(`CREATE INDEX agent_toolsets_agent ON agent_toolsets (agent_key, position)`);

    await q.query(`
      CREATE TABLE agent_skills (
        agent_key uuid NOT NULL REFERENCES agents (key) ON DELETE CASCADE,
        name text NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (agent_key, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['agent_skills', 'agent_toolsets', 'agent_knowledge', 'agents']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
