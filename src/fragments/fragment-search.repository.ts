/**
 * The SQL of search: nearest fragments by vector distance, and full-text ranking.
 *
 * Vector search goes through the vector embedding's partial HNSW index (cosine) when it can.
 * An HNSW scan alone returns about `hnsw.ef_search` candidates and filters them
 * afterwards, so a selective filter (classifications, metadata) could leave fewer
 * than k rows although k exist. Two things prevent that: iterative index scans
 * (pgvector 0.8), which keep scanning until the LIMIT is met, and — because those
 * stop at `hnsw.max_scan_tuples` — an exact rerun without the index whenever the
 * indexed query comes back short. Relaxed ordering lets iterative scans return
 * rows slightly out of order, so the outer query orders them again.
 */
import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { searchExactFallbacks } from '../observability/metrics';
import { DistanceStrategy, SearchScope, VectorQuery } from './fragment';
import { FRAGMENT_COLUMNS, FragmentRow, TEXT_SEARCH_CONFIG, vectorLiteral } from './fragments.repository';
import { compileMetadataFilter } from './metadata-filter';
import { vectorEmbeddingPredicate, vectorExpression } from './vector-index';

/** pgvector's operators; `<#>` is the negated inner product, so that smaller is nearer as for the others. */
export const DISTANCE_OPERATOR: Record<DistanceStrategy, string> = {
  cosine: '<=>',
  euclidean: '<->',
  inner_product: '<#>',
};

/** The vector embeddings' HNSW indexes are built with vector_cosine_ops: only cosine can use them. */
const INDEXED_STRATEGY: DistanceStrategy = 'cosine';

/**
 * hnsw.ef_search: the candidates an HNSW scan keeps, at least k and at least
 * TROVE_HNSW_EF_SEARCH (default 100; pgvector's own default is 40: on the benchmark
 * corpus, docs/benchmarks.md, 100 lifts recall@10 from 0.49 to 0.67 for about 3 ms
 * more per query). 1000 is pgvector's maximum.
 */
const MAX_EF_SEARCH = 1000;

export interface ScanQuery extends VectorQuery {
  /** Also return each fragment's stored vector (MMR needs them; content is then left out). */
  withEmbeddings: boolean;
}

export interface VectorHit {
  row: FragmentRow;
  distance: number;
  embedding: number[] | null;
}

export interface RankedHit {
  row: FragmentRow;
  rank: number;
}

/** How a vector query is run: through the index when possible, or exactly (a sequential scan). */
export type ScanMode = 'indexed' | 'exact';

@Injectable()
export class FragmentSearchRepository {
  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The `limit` nearest live fragments in scope, nearest first; never fewer than exist. */
  async nearest(query: ScanQuery): Promise<VectorHit[]> {
    if (query.strategy !== INDEXED_STRATEGY) return this.nearestWith(query, 'exact');
    const hits = await this.nearestWith(query, 'indexed');
    if (hits.length >= query.limit) return hits;
    searchExactFallbacks.inc();
    return this.nearestWith(query, 'exact');
  }

  /** One scan mode, without fallback: what the benchmark compares. */
  nearestWith(query: ScanQuery, mode: ScanMode): Promise<VectorHit[]> {
    return this.db.transaction(async (tx) => {
      await this.configureScan(tx, mode, query.limit);
      const { sql, params } = nearestSql(query);
      const rows = await tx.query<FragmentRow & { distance: number; embedding: string | null }>(sql, params);
      return rows.map(({ distance, embedding, ...row }) => ({
        row: row as FragmentRow,
        distance: Number(distance),
        embedding: embedding === null ? null : (JSON.parse(embedding) as number[]),
      }));
    });
  }

  /**
   * Full-text search: `websearch_to_tsquery` (plain words must all match; "quoted
   * phrases", `or` and `-word` as in a web search engine), ranked by `ts_rank`.
   */
  fullText(scope: SearchScope, text: string, limit: number): Promise<RankedHit[]> {
    const params: unknown[] = [scope.pipelineId, scope.classifications, text, limit];
    const where = [
      'f.pipeline_id = $1',
      'f.expired_at IS NULL',
      'f.classification = ANY($2::text[])',
      'f.search_vector @@ q.query',
    ];
    if (scope.filter) where.push(compileMetadataFilter(scope.filter, 'f.metadata', params));
    return this.db
      .query<FragmentRow & { rank: number }>(
        `SELECT ${FRAGMENT_COLUMNS}, ts_rank(f.search_vector, q.query)::float8 AS rank
         FROM fragments f, websearch_to_tsquery('${TEXT_SEARCH_CONFIG}', $3) AS q(query)
         WHERE ${where.join(' AND ')}
         ORDER BY rank DESC, f.id
         LIMIT $4`,
        params,
      )
      .then((rows) => rows.map(({ rank, ...row }) => ({ row: row as FragmentRow, rank: Number(rank) })));
  }

  private async configureScan(tx: Queryable, mode: ScanMode, limit: number): Promise<void> {
    if (mode === 'exact') {
      await tx.query(`SELECT set_config('enable_indexscan', 'off', true)`);
      return;
    }
    const efSearch = Math.min(MAX_EF_SEARCH, Math.max(this.settings.vectorIndex.efSearch, limit));
    await tx.query(
      `SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', $1, true)`,
      [String(efSearch)],
    );
  }
}

function nearestSql(query: ScanQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [
    vectorLiteral(query.vector),
    query.pipelineId,
    query.classifications,
    query.limit,
  ];
  const distance = `${vectorExpression(query.size)} ${DISTANCE_OPERATOR[query.strategy]} $1::vector(${query.size})`;
  const where = [
    vectorEmbeddingPredicate(query.vectorEmbeddingId),
    'f.pipeline_id = $2',
    'f.expired_at IS NULL',
    'f.classification = ANY($3::text[])',
  ];
  if (query.filter) where.push(compileMetadataFilter(query.filter, 'f.metadata', params));
  const content = query.withEmbeddings ? `''::bytea AS content` : 'f.content';
  const embedding = query.withEmbeddings ? 'fe.embedding::text' : 'NULL::text';
  // MATERIALIZED keeps the LIMIT next to the index scan; "+ 0" stops the planner from
  // dropping the outer sort as redundant (it is not, with relaxed ordering).
  const sql = `
    WITH nearest AS MATERIALIZED (
      SELECT f.id, f.document_id, f.order_id, f.version, f.classification, f.metadata, ${content},
             f.content_key_id, f.expired_at, ${distance} AS distance, ${embedding} AS embedding
      FROM fragment_embeddings fe
      JOIN fragments f ON f.id = fe.fragment_id
      WHERE ${where.join(' AND ')}
      ORDER BY distance
      LIMIT $4
    )
    SELECT * FROM nearest ORDER BY distance + 0, id`;
  return { sql, params };
}
