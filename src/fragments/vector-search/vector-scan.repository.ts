/**
 * The SQL of vector search: one statement per scan mode (scan-plan.ts), and the counts
 * the plan is made from. It holds no state; what is remembered between searches is in
 * vector-search.ts. Every mode orders by distance, then id, so results never depend on
 * the method.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService, Queryable } from '../../database/database.service';
import { DistanceStrategy, SearchScope, VectorQuery } from '../fragment';
import { FragmentRow } from '../fragments.repository';
import { vectorBinary, vectorFromBinary } from '../vector-wire';
import { compileMetadataContainment, compileMetadataFilter, MetadataFilter } from '../metadata-filter';
import {
  coveredPredicate,
  indexCoverage,
  indexedDistance,
  indexedType,
  uncoveredPredicate,
  vectorEmbeddingPredicate,
  vectorExpression,
  vectorsAreUnit,
} from '../vector-index/vector-index';
import { indexCandidates, NEAREST_FIRST, OVERFETCH, ScanMode } from './scan-plan';

/** pgvector's operators; `<#>` is the negated inner product, so that smaller is nearer as for the others. */
export const DISTANCE_OPERATOR: Record<DistanceStrategy, string> = {
  cosine: '<=>',
  euclidean: '<->',
  inner_product: '<#>',
};

export interface ScanQuery extends VectorQuery {
  /**
   * What a hit carries besides its id and distance: the fragment's row (`fragments`), its
   * stored vector (`vectors`, for MMR), or nothing (`ids`, for a hybrid search's leg).
   */
  reads: 'fragments' | 'vectors' | 'ids';
}

export interface VectorHit {
  id: string;
  distance: number;
  /** With `reads: 'fragments'`. */
  row: FragmentRow | null;
  /** With `reads: 'vectors'`. */
  embedding: number[] | null;
}

/** A scan's hits, and whether they are exact (known only when there is at least one). */
export interface ScanResult {
  hits: VectorHit[];
  exact: boolean;
}

export interface ScanSettings {
  exactBelow: number;
  /** Ignored by an exact scan. */
  efSearch: number;
  /**
   * What the vector embedding's index covers (vector-index.ts `indexCoverage`): an index
   * scan of what it covers then goes with an exact scan of the rest. null: no split (an
   * index covering every vector, or none: the planner then scans exactly).
   */
  coveredThrough: number | null;
}

@Injectable()
export class VectorScanRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * One scan in one mode, on a reader. An index scan's settings are session settings of
   * its connection (no transaction: one statement); `efSearch` is ignored by an exact scan.
   */
  scan(query: ScanQuery, mode: ScanMode, { exactBelow, efSearch, coveredThrough }: ScanSettings) {
    const { sql, params } = nearestSql(query, mode, exactBelow, coveredThrough);
    const run = async (db: Pick<Queryable, 'query'>): Promise<ScanResult> => {
      const rows = await db.query<
        FragmentRow & { distance: number; embedding: Buffer | null; exact: boolean }
      >(sql, params);
      return {
        hits: rows.map(({ distance, embedding, exact: _, ...row }) => ({
          id: row.id,
          distance: Number(distance),
          row: query.reads === 'fragments' ? (row as FragmentRow) : null,
          embedding: embedding === null ? null : vectorFromBinary(embedding),
        })),
        exact: rows.length > 0 && rows[0].exact,
      };
    };
    if (mode === 'exact') return run(this.db.reader);
    return this.db.reader.withSessionSettings(
      { 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': String(efSearch) },
      run,
    );
  }

  /** The vector embedding's vectors, counted up to `cap` (so the count costs no more than a scan of that many). */
  countVectors(vectorEmbeddingId: string, cap: number): Promise<number> {
    return this.countUpTo(
      `SELECT 1 FROM fragment_embeddings fe WHERE ${vectorEmbeddingPredicate(vectorEmbeddingId)} LIMIT $1`,
      [cap],
    );
  }

  /** The live fragments of the scope's pipeline in its classifications (its filter aside), up to `cap`. */
  countScope(scope: Pick<SearchScope, 'pipelineId' | 'classifications'>, cap: number): Promise<number> {
    return this.countUpTo(
      `SELECT 1 FROM fragments f
       WHERE f.pipeline_id = $2 AND f.expired_at IS NULL AND f.classification = ANY($3::text[]) LIMIT $1`,
      [cap, scope.pipelineId, scope.classifications],
    );
  }

  /** What the vector embedding's index covers (see ScanSettings). */
  coverage(vectorEmbeddingId: string): Promise<number | null> {
    return indexCoverage(this.db.reader, vectorEmbeddingId);
  }

  /** Whether the vector embedding's vectors all have unit length. */
  unitLength(vectorEmbeddingId: string): Promise<boolean> {
    return vectorsAreUnit(this.db.reader, vectorEmbeddingId);
  }

  private async countUpTo(rowsSql: string, params: unknown[]): Promise<number> {
    const [{ rows }] = await this.db.reader.query<{ rows: number }>(
      `SELECT count(*)::int AS rows FROM (${rowsSql}) AS counted`,
      params,
    );
    return rows;
  }
}

/**
 * A metadata filter's SQL: the filter itself, and the containment it implies, when it implies
 * one, for the GIN index to find the candidates (see `compileMetadataContainment`).
 */
export function metadataConditions(filter: MetadataFilter, params: unknown[]): string[] {
  const exact = compileMetadataFilter(filter, 'f.metadata', params);
  const indexed = compileMetadataContainment(filter, 'f.metadata', params);
  return indexed === null ? [exact] : [indexed, exact];
}

function nearestSql(
  query: ScanQuery,
  mode: ScanMode,
  exactBelow: number,
  coveredThrough: number | null,
): { sql: string; params: unknown[] } {
  const candidates = mode === 'exact' ? query.limit : indexCandidates(query, indexedType(query.size));
  const params: unknown[] = [
    vectorBinary(query.vector),
    query.pipelineId,
    query.classifications,
    candidates,
    query.limit,
  ];
  // The query's vector is a binary parameter: every use of $1 names its type, vector, for
  // vector_recv to read it (a halfvec index casts it further).
  const queryVector = `($1::vector(${query.size}))`;
  const distance = `${vectorExpression(query.size)} ${DISTANCE_OPERATOR[query.strategy]} ${queryVector}`;
  const inScope = ['f.pipeline_id = $2', 'f.expired_at IS NULL', 'f.classification = ANY($3::text[])'];
  if (query.filter) inScope.push(...metadataConditions(query.filter, params));
  // exact-if-small reads one more fragment of the scope than an exact search would.
  if (mode === 'exact-if-small') params.push(exactBelow + 1);
  const cap = `$${params.length}`;
  const vectorEmbedding = vectorEmbeddingPredicate(query.vectorEmbeddingId);
  // The nearest ids first, reading no more of a fragment than what decides its scope;
  // only the ones returned are then read whole (and their vectors, for MMR). MATERIALIZED
  // keeps each LIMIT where it is. Each distance is computed once (in a subquery kept whole
  // by OFFSET 0, ordered outside it by "distance + 0", an order no index offers).
  // `when` gates a part on a value computed once (a "one-time filter"): the other part is
  // never run. In the outer query "+ 0" stops the planner from dropping the sort as
  // redundant (it is not, with relaxed ordering).
  const scoped = (limit: string, when = 'true') =>
    `in_scope AS MATERIALIZED (SELECT f.id FROM fragments f WHERE ${[...inScope, when].join(' AND ')} ${limit})`;
  // Exact, scope first: the fragments in scope (the fragments_live index), then their vectors.
  const scopeFirst = (name: string, when: string) =>
    `${name} AS MATERIALIZED (
       SELECT id, distance, true AS exact FROM (
         SELECT fe.fragment_id AS id, ${distance} AS distance
         FROM in_scope s JOIN fragment_embeddings fe ON fe.fragment_id = s.id
         WHERE ${vectorEmbedding} AND ${when} OFFSET 0) d
       ORDER BY distance + 0, id
       LIMIT $4)`;
  // Exact, nearest first (a scope that is not selective): see NEAREST_FIRST.
  const first = Math.max(NEAREST_FIRST, OVERFETCH * query.limit);
  const nearestFirst = () =>
    `near AS MATERIALIZED (
       SELECT id, distance FROM (
         SELECT fe.fragment_id AS id, ${distance} AS distance
         FROM fragment_embeddings fe WHERE ${vectorEmbedding} OFFSET 0) d
       ORDER BY distance + 0, id
       LIMIT ${first}),
     near_in_scope AS MATERIALIZED (
       SELECT n.id, n.distance, true AS exact FROM near n JOIN fragments f ON f.id = n.id
       WHERE ${inScope.join(' AND ')}
       ORDER BY n.distance + 0, n.id
       LIMIT $4),
     complete AS MATERIALIZED (
       SELECT (SELECT count(*) FROM near_in_scope) >= $4 OR (SELECT count(*) FROM near) < ${first} AS yes),
     ${scoped('', 'NOT (SELECT yes FROM complete)')},
     ${scopeFirst('rest', 'NOT (SELECT yes FROM complete)')},
     nearest AS (SELECT * FROM near_in_scope UNION ALL SELECT * FROM rest)`;
  // Through the index, ordered by its cosine distance; `distance` is the strategy's.
  const throughIndex = (name: string, when: string, covered: string[]) =>
    `${name} AS MATERIALIZED (
       SELECT fe.fragment_id AS id, ${distance} AS distance, false AS exact
       FROM fragment_embeddings fe JOIN fragments f ON f.id = fe.fragment_id
       WHERE ${[vectorEmbedding, ...covered, ...inScope, when].join(' AND ')}
       ORDER BY ${indexedDistance(query.size, queryVector)}
       LIMIT $4)`;
  // The vectors the index does not cover yet, exactly (few: the background builder merges
  // them or builds anew); not `exact` as a whole, since the covered part came from the index.
  const uncovered = (name: string, when: string, through: number) =>
    `${name} AS MATERIALIZED (
       SELECT id, distance, false AS exact FROM (
         SELECT fe.fragment_id AS id, ${distance} AS distance
         FROM fragment_embeddings fe JOIN fragments f ON f.id = fe.fragment_id
         WHERE ${[vectorEmbedding, uncoveredPredicate(through), ...inScope, when].join(' AND ')} OFFSET 0) d
       ORDER BY distance + 0, id
       LIMIT $4)`;
  const indexed = (name: string, when: string) =>
    coveredThrough === null
      ? throughIndex(name, when, [])
      : `${throughIndex(`${name}_covered`, when, [coveredPredicate(coveredThrough)])},
         ${uncovered(`${name}_uncovered`, when, coveredThrough)},
         ${name} AS (SELECT * FROM ${name}_covered UNION ALL SELECT * FROM ${name}_uncovered)`;
  // exact-if-small reads at most `cap` fragments of the scope: fewer, and it has them all.
  const nearest =
    mode === 'exact'
      ? query.selective
        ? `${scoped('')}, ${scopeFirst('nearest', 'true')}`
        : nearestFirst()
      : mode === 'indexed'
        ? indexed('nearest', 'true')
        : `${scoped(`LIMIT ${cap}`)},
           counted AS MATERIALIZED (SELECT count(*) < ${cap} AS small FROM in_scope),
           ${scopeFirst('exact', '(SELECT small FROM counted)')},
           ${indexed('indexed', 'NOT (SELECT small FROM counted)')},
           nearest AS (SELECT * FROM exact UNION ALL SELECT * FROM indexed)`;
  const embedding =
    query.reads === 'vectors'
      ? `(SELECT vector_send(fe.embedding) FROM fragment_embeddings fe WHERE ${vectorEmbedding} AND fe.fragment_id = n.id)`
      : 'NULL::bytea';
  // Only a fragment's row is read whole: the ids of a hybrid leg or an MMR's candidates need none of it.
  const sql =
    query.reads === 'fragments'
      ? `
    WITH ${nearest}
    SELECT f.id, f.document_id, f.order_id, f.version, f.classification, f.metadata, f.content,
           f.content_key_id, f.expired_at, n.distance, NULL::bytea AS embedding, n.exact
    FROM nearest n JOIN fragments f ON f.id = n.id
    ORDER BY n.distance + 0, n.id
    LIMIT $5`
      : `
    WITH ${nearest}
    SELECT n.id, n.distance, ${embedding} AS embedding, n.exact
    FROM nearest n
    ORDER BY n.distance + 0, n.id
    LIMIT $5`;
  return { sql, params };
}
