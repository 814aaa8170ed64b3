import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files attached to agent chats (ops 8 and 9 of the agents API), owned by the agents
 * module. Only the text read from a file is kept, sealed with the content cipher like
 * fragment text; the file's bytes are not stored. An attachment belongs to the key
 * that uploaded it (`user_id`) and to one agent, and optionally to one conversation.
 *
 * A citation now quotes either a fragment (pipeline_id ... version) or an attachment
 * (attachment_id); deleting an attachment deletes the citations that quote it, so
 * nothing of its text outlives it.
 */
export class AgentAttachments1764496000000 implements MigrationInterface {
  name = 'AgentAttachments1764496000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE agent_attachments (
        id text PRIMARY KEY,
        virtual_record_id uuid NOT NULL,
        org_id text NOT NULL,
        user_id text NOT NULL,
        agent_key uuid NOT NULL,
        conversation_id text REFERENCES agent_conversations (id) ON DELETE CASCADE,
        filename text NOT NULL,
        mime_type text NOT NULL,
        extension text NOT NULL,
        parse_mode text NOT NULL,
        size bigint NOT NULL,
        sha256 text NOT NULL,
        characters integer NOT NULL,
        content bytea NOT NULL,
        content_key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agent_attachments_owner ON agent_attachments (user_id, agent_key)`);

    await q.query(`ALTER TABLE agent_citations
      ADD COLUMN attachment_id text REFERENCES agent_attachments (id) ON DELETE CASCADE,
      ALTER COLUMN pipeline_id DROP NOT NULL,
      ALTER COLUMN document_id DROP NOT NULL,
      ALTER COLUMN fragment_id DROP NOT NULL,
      ALTER COLUMN classification DROP NOT NULL,
      ALTER COLUMN version DROP NOT NULL`);
    await q.query(`ALTER TABLE agent_citations ADD CONSTRAINT agent_citations_one_source
      CHECK ((attachment_id IS NULL) = (pipeline_id IS NOT NULL))`);
    await q.query(
      `CREATE INDEX agent_citations_attachment ON agent_citations (attachment_id) WHERE attachment_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM agent_citations WHERE attachment_id IS NOT NULL`);
    await q.query(`ALTER TABLE agent_citations DROP CONSTRAINT IF EXISTS agent_citations_one_source`);
    await q.query(`ALTER TABLE agent_citations
      DROP COLUMN IF EXISTS attachment_id,
      ALTER COLUMN pipeline_id SET NOT NULL,
      ALTER COLUMN document_id SET NOT NULL,
      ALTER COLUMN fragment_id SET NOT NULL,
      ALTER COLUMN classification SET NOT NULL,
      ALTER COLUMN version SET NOT NULL`);
    await q.query(`DROP TABLE IF EXISTS agent_attachments`);
  }
}
