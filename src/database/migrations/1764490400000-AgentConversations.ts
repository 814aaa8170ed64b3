import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations with agents (the agents module's tables): one row per
 * conversation, one row per message, one row per citation, ids in the 24-hex
 * ObjectId form of the agents API.
 *
 * Message and citation text is sealed like fragment text (AES-256-GCM, key id per
 * row): answers quote fragments, and a citation holds a fragment's whole text.
 *
 * `agent_runs` is the registry of turns that can be cancelled by their `runId`,
 * shared by replicas: a cancel may reach another replica than the one streaming.
 * `agent_projects` records who first used a project id (projects are the caller's
 * own folders of conversations; linking to another key's project is refused).
 */
export class AgentConversations1764490400000 implements MigrationInterface {
  name = 'AgentConversations1764490400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE agent_conversations (
        id text PRIMARY KEY,
        agent_key uuid NOT NULL,
        org_id text NOT NULL,
        user_id text NOT NULL,
        title text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'None'
          CHECK (status IN ('None', 'Inprogress', 'Complete', 'Failed', 'Stopped')),
        fail_reason text,
        model_info jsonb,
        is_shared boolean NOT NULL DEFAULT false,
        shared_with jsonb NOT NULL DEFAULT '[]'::jsonb,
        is_archived boolean NOT NULL DEFAULT false,
        archived_by text,
        archived_at timestamptz,
        is_deleted boolean NOT NULL DEFAULT false,
        deleted_by text,
        conversation_errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        project_id text,
        project_visibility text CHECK (project_visibility IN ('private', 'project')),
        version integer NOT NULL DEFAULT 0,
        last_activity_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX agent_conversations_owner ON agent_conversations (user_id, agent_key, last_activity_at) WHERE NOT is_deleted`,
    );

    await q.query(`
      CREATE TABLE agent_messages (
        id text PRIMARY KEY,
        conversation_id text NOT NULL REFERENCES agent_conversations (id) ON DELETE CASCADE,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        message_type text NOT NULL
          CHECK (message_type IN ('user_query', 'bot_response', 'error', 'feedback', 'system', 'tool_call')),
        content bytea NOT NULL,
        content_key_id text NOT NULL,
        content_format text NOT NULL DEFAULT 'MARKDOWN',
        confidence text,
        follow_up_questions jsonb NOT NULL DEFAULT '[]'::jsonb,
        feedback jsonb NOT NULL DEFAULT '[]'::jsonb,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        model_info jsonb,
        applied_filters jsonb,
        attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
        tools jsonb NOT NULL DEFAULT '[]'::jsonb,
        parts jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agent_messages_conversation ON agent_messages (conversation_id, seq)`);

    await q.query(`
      CREATE TABLE agent_citations (
        id text PRIMARY KEY,
        message_id text NOT NULL REFERENCES agent_messages (id) ON DELETE CASCADE,
        position integer NOT NULL,
        pipeline_id uuid NOT NULL,
        document_id uuid NOT NULL,
        fragment_id uuid NOT NULL,
        classification text NOT NULL,
        chunk_index integer NOT NULL,
        version bigint NOT NULL,
        score double precision NOT NULL,
        relevance double precision NOT NULL,
        content bytea NOT NULL,
        content_key_id text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agent_citations_message ON agent_citations (message_id, position)`);

    await q.query(`
      CREATE TABLE agent_projects (
        id text PRIMARY KEY,
        owner_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE agent_runs (
        run_id uuid PRIMARY KEY,
        org_id text NOT NULL,
        user_id text NOT NULL,
        conversation_id text NOT NULL,
        cancel_requested boolean NOT NULL DEFAULT false,
        started_at timestamptz NOT NULL DEFAULT now(),
        seen_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'agent_runs',
      'agent_projects',
      'agent_citations',
      'agent_messages',
      'agent_conversations',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
