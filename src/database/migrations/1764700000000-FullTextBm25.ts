import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full text ranked by BM25 (src/fragments/full-text/): each pipeline's ranking
 * (`bm25`, or `ts_rank` as before), its BM25 parameters and its text search
 * configuration; each fragment's length in tokens; and the statistics BM25 needs,
 * per pipeline and classification, so that a search of any set of classifications
 * sums them: how many live fragments hold each lexeme, and how many live fragments
 * there are with how many tokens in all.
 *
 * The statistics tables only ever receive rows of changes (+ for fragments stored, −
 * for fragments expired), written by the same statement that changes the fragments:
 * no row is updated in place, so concurrent writers into one pipeline never wait for
 * each other, and a rolled-back write leaves nothing behind. A background compaction
 * sums each key's rows into one (full-text-statistics.ts).
 *
 * A fragment is counted exactly when it is live and has a `search_length`. Fragments
 * stored before this migration have none: their pipelines' full text is marked not
 * ready, and a reindex job gives them their lengths and counts (until it has, full text
 * of those pipelines answers 409, as a model being added does).
 */
export class FullTextBm251764700000000 implements MigrationInterface {
  name = 'FullTextBm251764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fragments ADD COLUMN search_length integer`);
    await q.query(`
      ALTER TABLE pipelines
        ADD COLUMN full_text_ranking text NOT NULL DEFAULT 'bm25'
          CHECK (full_text_ranking IN ('bm25', 'ts_rank')),
        ADD COLUMN full_text_k1 double precision NOT NULL DEFAULT 1.2
          CHECK (full_text_k1 >= 0 AND full_text_k1 <= 10),
        ADD COLUMN full_text_b double precision NOT NULL DEFAULT 0.75
          CHECK (full_text_b >= 0 AND full_text_b <= 1),
        ADD COLUMN full_text_language text NOT NULL DEFAULT 'english'`);
    await q.query(`
      CREATE TABLE full_text_terms (
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        classification text NOT NULL,
        lexeme text NOT NULL,
        fragments integer NOT NULL
      )`);
    await q.query(
      `CREATE INDEX full_text_terms_lookup ON full_text_terms (pipeline_id, lexeme, classification)`,
    );
    await q.query(`
      CREATE TABLE full_text_sizes (
        pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
        classification text NOT NULL,
        fragments integer NOT NULL,
        tokens bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX full_text_sizes_lookup ON full_text_sizes (pipeline_id, classification)`);
    await q.query(`
      UPDATE pipelines p SET full_text_ready = false
      WHERE p.full_text_search AND EXISTS (
        SELECT 1 FROM fragments f
        WHERE f.pipeline_id = p.id AND f.expired_at IS NULL AND f.search_vector IS NOT NULL)`);
    // Their reindex jobs, as an edit would queue them (one open per pipeline). The id is a
    // UUIDv7 like the ids Trove makes: the current millisecond in its first 48 bits, the
    // version bits of a random UUID set from 4 to 7.
    await q.query(`
      INSERT INTO jobs (id, kind, pipeline_id, api_key_id, state, payload, payload_key_id, total)
      SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
               PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
               FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid,
             'reindex', p.id, NULL, 'queued', NULL, NULL,
             (SELECT count(*) FROM fragments f WHERE f.pipeline_id = p.id AND f.expired_at IS NULL)
      FROM pipelines p
      WHERE p.full_text_search AND NOT p.full_text_ready
        AND NOT EXISTS (SELECT 1 FROM jobs j
                        WHERE j.pipeline_id = p.id AND j.kind = 'reindex' AND j.state IN ('queued', 'running'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE full_text_sizes`);
    await q.query(`DROP TABLE full_text_terms`);
    await q.query(`
      ALTER TABLE pipelines DROP COLUMN full_text_ranking, DROP COLUMN full_text_k1,
        DROP COLUMN full_text_b, DROP COLUMN full_text_language`);
    await q.query(`ALTER TABLE fragments DROP COLUMN search_length`);
  }
}
