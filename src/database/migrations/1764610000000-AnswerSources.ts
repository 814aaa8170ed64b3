import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each agent answer was drawn from: the pipeline and classification of every
 * fragment its turn gave the model, cited or not. An answer is shown, searched and
 * sent to a model again only while the key may still read all of them
 * (src/agents/answer-access.ts). Null for answers saved before: their citations stand in.
 */
export class AnswerSources1764610000000 implements MigrationInterface {
  name = 'AnswerSources1764610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE agent_messages ADD COLUMN drawn_from jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE agent_messages DROP COLUMN drawn_from`);
  }
}
