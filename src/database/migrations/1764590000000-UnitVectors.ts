import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A partial index of the vectors that are not of unit length (src/fragments/vector-index/vector-index.ts,
 * `notUnitPredicate`). Models that normalise their vectors (the built-in hashing model,
 * most embedding services) leave it empty; a probe of it tells whether a vector
 * embedding's vectors all have unit length, in which case cosine, euclidean and
 * inner-product distance order them alike and the cosine HNSW index serves all three
 * strategies (docs/benchmarks.md, "The exact scan and the other distance strategies").
 * Building it computes each stored vector's norm once (about a second per 100,000
 * vectors of 384 dimensions).
 */
export class UnitVectors1764590000000 implements MigrationInterface {
  name = 'UnitVectors1764590000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX fragment_embeddings_not_unit ON fragment_embeddings (vector_embedding_id)
       WHERE abs(vector_norm(embedding) - 1) > 0.001`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX fragment_embeddings_not_unit`);
  }
}
