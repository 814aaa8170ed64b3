import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which searches found each cited fragment (`similarity`, `search`, and `rerank` when a
 * reranker scored it): agents' citations say it (src/search/search-hit.ts). Citations
 * saved before are left with none.
 */
export class CitationSearches1764720000000 implements MigrationInterface {
  name = 'CitationSearches1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE agent_citations ADD COLUMN found_by text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE agent_citations DROP COLUMN found_by`);
  }
}
