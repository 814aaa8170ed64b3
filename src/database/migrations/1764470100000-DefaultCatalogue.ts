import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The defaults a first run needs and nothing else: a recursive character splitter
 * and an offline hashing embedding model. Fixed ids, so every replica and every
 * install agree on them, and `POST /pipelines` can omit both.
 */
export const DEFAULT_TEXT_SPLITTER_ID = '01900000-0000-7000-8000-000000000001';
export const DEFAULT_EMBEDDING_MODEL_ID = '01900000-0000-7000-8000-000000000002';

export class DefaultCatalogue1764470100000 implements MigrationInterface {
  name = 'DefaultCatalogue1764470100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO text_splitters (id, provider, parameters, description)
       VALUES ($1, 'recursive_character', $2::jsonb, 'Default: recursive character splitter, 1000 characters with 200 overlap')
       ON CONFLICT (id) DO NOTHING`,
      [
        DEFAULT_TEXT_SPLITTER_ID,
        JSON.stringify({
          chunk_size: 1000,
          chunk_overlap: 200,
          separators: ['\n\n', '\n', ' ', ''],
          keep_separator: true,
        }),
      ],
    );
    await q.query(
      `INSERT INTO embedding_models (id, name, provider, size, parameters, description)
       VALUES ($1, 'hashing-384', 'hashing', 384, $2::jsonb, 'Default: offline feature-hashing embeddings (word unigrams and character trigrams)')
       ON CONFLICT (id) DO NOTHING`,
      [DEFAULT_EMBEDDING_MODEL_ID, JSON.stringify({ ngram: 3, lowercase: true })],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM embedding_models WHERE id = $1`, [DEFAULT_EMBEDDING_MODEL_ID]);
    await q.query(`DELETE FROM text_splitters WHERE id = $1`, [DEFAULT_TEXT_SPLITTER_ID]);
  }
}
