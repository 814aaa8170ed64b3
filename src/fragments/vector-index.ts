/**
 * One HNSW index per vector embedding (see src/pipelines/pipeline.ts).
 *
 * All vectors live in `fragment_embeddings.embedding`, a `vector` column without a
 * fixed dimension; an index needs one, so each vector embedding gets a partial expression
 * index over `embedding::vector(<size>)` restricted to its own rows. Queries must
 * use the same expression and the same literal predicate for the planner to pick
 * the index, hence these helpers are the only place that spells either.
 */
import { isUuid } from '../common/ids';
import { Queryable } from '../database/database.service';

function literalId(vectorEmbeddingId: string): string {
  // Inlined as a literal (never user text: a UUID we generated) so the partial index predicate matches.
  if (!isUuid(vectorEmbeddingId)) throw new Error(`not a vector embedding id: ${vectorEmbeddingId}`);
  return `'${vectorEmbeddingId.toLowerCase()}'::uuid`;
}

export function vectorIndexName(vectorEmbeddingId: string): string {
  return `fragment_embeddings_hnsw_${vectorEmbeddingId.replace(/-/g, '')}`;
}

/** The indexed expression, e.g. `fe.embedding::vector(384)`. */
export function vectorExpression(size: number, alias = 'fe'): string {
  if (!Number.isInteger(size) || size < 1) throw new Error(`bad vector size ${size}`);
  return `${alias}.embedding::vector(${size})`;
}

/** The predicate that selects one vector embedding's rows, matching its partial index. */
export function vectorEmbeddingPredicate(vectorEmbeddingId: string, alias = 'fe'): string {
  return `${alias}.vector_embedding_id = ${literalId(vectorEmbeddingId)}`;
}

export interface IndexBuild {
  m: number;
  efConstruction: number;
}

export async function createVectorIndex(
  db: Queryable,
  vectorEmbeddingId: string,
  size: number,
  build: IndexBuild,
): Promise<void> {
  if (![build.m, build.efConstruction, size].every(Number.isInteger)) throw new Error('bad HNSW parameters');
  await db.query(
    `CREATE INDEX IF NOT EXISTS ${vectorIndexName(vectorEmbeddingId)} ON fragment_embeddings
     USING hnsw ((embedding::vector(${size})) vector_cosine_ops)
     WITH (m = ${build.m}, ef_construction = ${build.efConstruction})
     WHERE vector_embedding_id = ${literalId(vectorEmbeddingId)}`,
  );
}

export async function dropVectorIndex(db: Queryable, vectorEmbeddingId: string): Promise<void> {
  await db.query(`DROP INDEX IF EXISTS ${vectorIndexName(vectorEmbeddingId)}`);
}
