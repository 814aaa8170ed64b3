/**
 * One HNSW index per vector embedding (see src/pipelines/pipeline.ts).
 *
 * All vectors live in `fragment_embeddings.embedding`, a `vector` column without a
 * fixed dimension; an index needs one, so each vector embedding gets a partial expression
 * index over `embedding::vector(<size>)` restricted to its own rows. Queries must
 * use the same expression and the same literal predicate for the planner to pick
 * the index, hence these helpers are the only place that spells either.
 *
 * An index covers the vectors written up to the `seq` it was built at, and those merged
 * into it since (`coveredPredicate`): a write never maintains an index, and a search
 * scans the vectors no index covers yet exactly, beside the index (vector-scan.repository.ts).
 * vector-index-builds.ts builds and merges in the background.
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

/**
 * An index's name carries what it covers: `fe_hnsw_<vector embedding, hex>_<seq>` covers the
 * vectors up to that `seq` (and those merged since). Short enough for PostgreSQL's 63
 * characters. Indexes built before coverage existed are named `fragment_embeddings_hnsw_<hex>`
 * and cover every vector of their embedding (each write maintained them).
 */
export function vectorIndexName(vectorEmbeddingId: string, through: number): string {
  return `fe_hnsw_${hexId(vectorEmbeddingId)}_${seqLiteral(through)}`;
}

const legacyIndexName = (vectorEmbeddingId: string) => `fragment_embeddings_hnsw_${hexId(vectorEmbeddingId)}`;

function hexId(vectorEmbeddingId: string): string {
  if (!isUuid(vectorEmbeddingId)) throw new Error(`not a vector embedding id: ${vectorEmbeddingId}`);
  return vectorEmbeddingId.toLowerCase().replace(/-/g, '');
}

function seqLiteral(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 0) throw new Error(`bad vector seq ${seq}`);
  return String(seq);
}

/**
 * The vectors an index built at `through` covers: every one written up to it, and those
 * merged into it since (vector-index-builds.ts). Spelled the same in the index's predicate
 * and in searches, with `through` a literal, so that the planner can prove a search's
 * rows are the index's: an older `through` than the index's is proven too (a search that
 * learnt of the index before a rebuild stays right, its uncovered part is only larger).
 */
export function coveredPredicate(through: number, alias: string | null = 'fe'): string {
  const column = (name: string) => (alias === null ? name : `${alias}.${name}`);
  return `(${column('merged')} OR ${column('seq')} <= ${seqLiteral(through)})`;
}

/** The vectors no index built at `through` covers: searched exactly (the b-tree on seq finds them). */
export function uncoveredPredicate(through: number, alias = 'fe'): string {
  return `NOT ${alias}.merged AND ${alias}.seq > ${seqLiteral(through)}`;
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

/** One HNSW index of a vector embedding: what it covers (null: every vector, an index from before coverage). */
export interface VectorIndex {
  name: string;
  through: number | null;
  valid: boolean;
  /** Rows in it, as of its build or the last VACUUM/ANALYZE. */
  rows: number;
}

/** The vector embedding's HNSW indexes, valid or not (an unfinished or failed concurrent build is not). */
export async function vectorIndexes(
  db: Pick<Queryable, 'query'>,
  vectorEmbeddingId: string,
): Promise<VectorIndex[]> {
  const prefix = `fe_hnsw_${hexId(vectorEmbeddingId)}_`;
  const rows = await db.query<{ name: string; valid: boolean; rows: number }>(
    `SELECT c.relname AS name, i.indisvalid AS valid, greatest(c.reltuples, 0)::float8 AS rows
     FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
     WHERE c.relname = $1 OR left(c.relname, length($2)) = $2`,
    [legacyIndexName(vectorEmbeddingId), prefix],
  );
  return rows.map((row) => ({
    name: row.name,
    through: row.name.startsWith(prefix) ? Number(row.name.slice(prefix.length)) : null,
    valid: row.valid,
    rows: Number(row.rows),
  }));
}

/**
 * What the vector embedding's indexes cover, for a search: `through` of the valid index
 * that covers the most, or null when a search needs no split: an index from before
 * coverage covers every vector, and without a valid index every vector is scanned exactly.
 */
export async function indexCoverage(
  db: Pick<Queryable, 'query'>,
  vectorEmbeddingId: string,
): Promise<number | null> {
  const valid = (await vectorIndexes(db, vectorEmbeddingId)).filter((index) => index.valid);
  if (valid.length === 0 || valid.some((index) => index.through === null)) return null;
  return Math.max(...valid.map((index) => index.through as number));
}

/** The last `seq` written into the vector embedding (0 when it holds none): what a build now would cover. */
export async function lastSeq(db: Pick<Queryable, 'query'>, vectorEmbeddingId: string): Promise<number> {
  const [{ seq }] = await db.query<{ seq: string | null }>(
    `SELECT max(fe.seq) AS seq FROM fragment_embeddings fe WHERE ${vectorEmbeddingPredicate(vectorEmbeddingId)}`,
  );
  return seq === null ? 0 : Number(seq);
}

/** How many of the vector embedding's vectors an index built at `through` does not cover, counted up to `limit`. */
export async function countUncovered(
  db: Pick<Queryable, 'query'>,
  vectorEmbeddingId: string,
  through: number,
  limit: number,
): Promise<number> {
  const [{ rows }] = await db.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM (
       SELECT 1 FROM fragment_embeddings fe
       WHERE ${vectorEmbeddingPredicate(vectorEmbeddingId)} AND ${uncoveredPredicate(through)} LIMIT $1) AS counted`,
    [limit],
  );
  return rows;
}

/**
 * Merges up to `limit` uncovered vectors, the oldest first, into the index built at
 * `through`: marking them `merged` puts them in its predicate, and PostgreSQL inserts
 * them into it (one statement, one transaction). Returns how many were merged.
 */
export async function mergeUncovered(
  db: Pick<Queryable, 'query'>,
  vectorEmbeddingId: string,
  through: number,
  limit: number,
): Promise<number> {
  const rows = await db.query(
    `WITH next AS (
       SELECT fe.vector_embedding_id, fe.fragment_id FROM fragment_embeddings fe
       WHERE ${vectorEmbeddingPredicate(vectorEmbeddingId)} AND ${uncoveredPredicate(through)}
       ORDER BY fe.seq LIMIT $1),
     merged AS (
       UPDATE fragment_embeddings fe SET merged = true FROM next
       WHERE fe.vector_embedding_id = next.vector_embedding_id AND fe.fragment_id = next.fragment_id
       RETURNING 1)
     SELECT 1 FROM merged`,
    [limit],
  );
  return rows.length;
}

/** The CREATE INDEX CONCURRENTLY statement of a vector embedding's index covering up to `through`. */
function createIndexSql(vectorEmbeddingId: string, size: number, build: IndexBuild, through: number): string {
  if (![build.m, build.efConstruction, size].every(Number.isInteger)) throw new Error('bad HNSW parameters');
  // (No index is wider than 4,000 dimensions: indexedType is null and the callers build none.)
  const type = indexedType(size) ?? 'halfvec';
  return `CREATE INDEX CONCURRENTLY ${vectorIndexName(vectorEmbeddingId, through)}
     ON fragment_embeddings USING hnsw ((embedding::${type}(${size})) ${type}_cosine_ops)
     WITH (m = ${build.m}, ef_construction = ${build.efConstruction})
     WHERE vector_embedding_id = ${literalId(vectorEmbeddingId)} AND ${coveredPredicate(through, null)}`;
}

/**
 * Builds the index covering up to `through` without blocking writes to the table (which
 * all pipelines share): not in a transaction. A build that fails leaves an invalid index
 * behind, which `vectorIndexes` reports and the builder drops.
 */
export async function buildVectorIndexConcurrently(
  db: Queryable,
  vectorEmbeddingId: string,
  size: number,
  build: IndexBuild,
  through: number,
): Promise<void> {
  if (indexedType(size) !== null) await db.query(createIndexSql(vectorEmbeddingId, size, build, through));
}

/** Drops every index of the vector embedding, in the caller's transaction (the vector embedding is going). */
export async function dropVectorIndexes(db: Queryable, vectorEmbeddingId: string): Promise<void> {
  for (const { name } of await vectorIndexes(db, vectorEmbeddingId))
    await db.query(`DROP INDEX IF EXISTS ${name}`);
}

/** Drops one index without the lock that would stop every search meanwhile: not in a transaction. */
export async function dropIndexConcurrently(db: Queryable, index: VectorIndex): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(index.name)) throw new Error(`bad index name ${index.name}`);
  await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`);
}
