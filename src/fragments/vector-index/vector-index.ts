/**
 * One HNSW index per vector embedding (see src/pipelines/pipeline.ts).
 *
 * All vectors live in `fragment_embeddings.embedding`, a `vector` column without a
 * fixed dimension; an index needs one, so each vector embedding gets a partial expression
 * index over `embedding::vector(<size>)` restricted to its own rows. Queries must
 * use the same expression and the same literal predicate for the planner to pick
 * the index, hence these helpers are the only place that spells either.
 *
 * pgvector indexes `vector` up to 2,000 dimensions and `halfvec` (half precision) up to
 * 4,000: a wider model's vectors are indexed as `embedding::halfvec(<size>)`, and searches
 * re-rank the index's candidates by their exact distance. Wider still, there is no index
 * and every search is exact. At 384 dimensions a halfvec index measured no faster and
 * found a little less (docs/benchmarks.md): below 2,000 the index stays `vector`.
 */
import { isUuid } from '../../common/ids';
import { Queryable } from '../../database/database.service';

function literalId(vectorEmbeddingId: string): string {
  // Inlined as a literal (never user text: a UUID we generated) so the partial index predicate matches.
  if (!isUuid(vectorEmbeddingId)) throw new Error(`not a vector embedding id: ${vectorEmbeddingId}`);
  return `'${vectorEmbeddingId.toLowerCase()}'::uuid`;
}

export function vectorIndexName(vectorEmbeddingId: string): string {
  return `fragment_embeddings_hnsw_${vectorEmbeddingId.replace(/-/g, '')}`;
}

const MAX_VECTOR_INDEX_DIMENSIONS = 2000;
const MAX_HALFVEC_INDEX_DIMENSIONS = 4000;

/** The type a vector embedding's index holds, or null when no HNSW index can hold its vectors. */
export function indexedType(size: number): 'vector' | 'halfvec' | null {
  if (size <= MAX_VECTOR_INDEX_DIMENSIONS) return 'vector';
  return size <= MAX_HALFVEC_INDEX_DIMENSIONS ? 'halfvec' : null;
}

/** The indexed expression, e.g. `fe.embedding::vector(384)`. */
export function vectorExpression(size: number, alias = 'fe'): string {
  if (!Number.isInteger(size) || size < 1) throw new Error(`bad vector size ${size}`);
  return `${alias}.embedding::vector(${size})`;
}

/**
 * Whether a stored vector is of unit length (within float rounding), spelled once so that the
 * partial index `fragment_embeddings_not_unit` (migration 1764590000000) serves the probe of
 * `vectorsAreUnit`. For vectors of unit length, cosine distance (1 − a·q/|q|), euclidean
 * distance (√(1 + |q|² − 2a·q)) and the negated inner product (−a·q) all order the stored
 * vectors alike, whatever the query's length: the cosine index serves all three strategies.
 */
export function notUnitPredicate(alias?: string): string {
  return `abs(vector_norm(${alias ? `${alias}.` : ''}embedding) - 1) > 0.001`;
}

/**
 * The cosine distance that the index orders by, e.g. `fe.embedding::vector(384) <=> $1::vector(384)`
 * (`halfvec` above 2,000 dimensions). Only for a size that `indexedType` indexes.
 */
export function indexedDistance(size: number, query: string, alias = 'fe'): string {
  const type = indexedType(size) ?? 'vector';
  return `${alias}.embedding::${type}(${size}) <=> ${query}::${type}(${size})`;
}

/** The predicate that selects one vector embedding's rows, matching its partial index. */
export function vectorEmbeddingPredicate(vectorEmbeddingId: string, alias = 'fe'): string {
  return `${alias}.vector_embedding_id = ${literalId(vectorEmbeddingId)}`;
}

/**
 * Whether every vector of the vector embedding has unit length: a probe of the partial index
 * of the vectors that do not (empty for models that normalise, as the built-in hashing model
 * and most embedding services do).
 */
export async function vectorsAreUnit(
  db: Pick<Queryable, 'query'>,
  vectorEmbeddingId: string,
): Promise<boolean> {
  const rows = await db.query<{ unit: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM fragment_embeddings fe
       WHERE ${vectorEmbeddingPredicate(vectorEmbeddingId)} AND ${notUnitPredicate('fe')}) AS unit`,
  );
  return rows[0].unit;
}

/** How many vectors the vector embedding holds, counted up to `limit` (a bounded count). */
export async function countVectors(
  db: Pick<Queryable, 'query'>,
  vectorEmbeddingId: string,
  limit: number,
): Promise<number> {
  const [{ rows }] = await db.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM (
       SELECT 1 FROM fragment_embeddings fe WHERE ${vectorEmbeddingPredicate(vectorEmbeddingId)} LIMIT $1) AS counted`,
    [limit],
  );
  return rows;
}

export interface IndexBuild {
  m: number;
  efConstruction: number;
}

/** The CREATE INDEX CONCURRENTLY statement of a vector embedding's index. */
function createIndexSql(vectorEmbeddingId: string, size: number, build: IndexBuild): string {
  if (![build.m, build.efConstruction, size].every(Number.isInteger)) throw new Error('bad HNSW parameters');
  // (No index is wider than 4,000 dimensions: indexedType is null and the callers build none.)
  const type = indexedType(size) ?? 'halfvec';
  return `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${vectorIndexName(vectorEmbeddingId)}
     ON fragment_embeddings USING hnsw ((embedding::${type}(${size})) ${type}_cosine_ops)
     WITH (m = ${build.m}, ef_construction = ${build.efConstruction})
     WHERE vector_embedding_id = ${literalId(vectorEmbeddingId)}`;
}

/**
 * Builds the index without blocking writes to the table (which all pipelines share):
 * not in a transaction. A build that fails leaves an invalid index behind, which
 * `vectorIndexState` reports and a later build drops first.
 */
export async function buildVectorIndexConcurrently(
  db: Queryable,
  vectorEmbeddingId: string,
  size: number,
  build: IndexBuild,
): Promise<void> {
  if (indexedType(size) !== null) await db.query(createIndexSql(vectorEmbeddingId, size, build));
}

export async function dropVectorIndex(db: Queryable, vectorEmbeddingId: string): Promise<void> {
  await db.query(`DROP INDEX IF EXISTS ${vectorIndexName(vectorEmbeddingId)}`);
}

/** Drops the index without taking the lock that would stop every search meanwhile: not in a transaction. */
export async function dropVectorIndexConcurrently(db: Queryable, vectorEmbeddingId: string): Promise<void> {
  await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${vectorIndexName(vectorEmbeddingId)}`);
}

/** Whether the index exists and the planner may use it (an unfinished concurrent build is `invalid`). */
export async function vectorIndexState(
  db: Queryable,
  vectorEmbeddingId: string,
): Promise<'valid' | 'invalid' | 'absent'> {
  const rows = await db.query<{ valid: boolean }>(
    `SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass($1)`,
    [vectorIndexName(vectorEmbeddingId)],
  );
  if (rows.length === 0) return 'absent';
  return rows[0].valid ? 'valid' : 'invalid';
}
