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
 *
 * Recall (docs/benchmarks.md): a binding small enough (TROVE_EXACT_SEARCH_BELOW) is
 * always searched exactly; so is a selective scope (a metadata filter, fewer
 * classifications) whose fragments are that few, counted in the search's own statement
 * (see `scopeSize` and the `exact-if-small` mode; a filter of `$eq`/`$in` conditions is
 * counted through the GIN index of metadata, at any pipeline size); ef_search grows with
 * k, and with what recall tuning learnt of the binding from its unfiltered scans
 * (recall-tuning.ts); a
 * selective scope searched through the index over-fetches candidates and keeps the nearest.
 * Results never depend on the method: every path orders by distance, then id.
 */
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { searchExactFallbacks, searchRecall } from '../observability/metrics';
import { DistanceStrategy, SearchScope, VectorQuery } from './fragment';
import { FRAGMENT_COLUMNS, FragmentRow, TEXT_SEARCH_CONFIG, vectorLiteral } from './fragments.repository';
import {
  compileMetadataContainment,
  compileMetadataFilter,
  impliesContainment,
  MetadataFilter,
} from './metadata-filter';
import { MAX_EF_SEARCH, RecallTuner, recallOf } from './recall-tuning';
import {
  indexedDistance,
  indexedType,
  vectorEmbeddingPredicate,
  vectorExpression,
  vectorsAreUnit,
} from './vector-index';

/** pgvector's operators; `<#>` is the negated inner product, so that smaller is nearer as for the others. */
export const DISTANCE_OPERATOR: Record<DistanceStrategy, string> = {
  cosine: '<=>',
  euclidean: '<->',
  inner_product: '<#>',
};

/**
 * The vector embeddings' HNSW indexes are built with vector_cosine_ops. They serve the
 * other strategies too when the vector embedding's vectors all have unit length
 * (`vectorsAreUnit`): cosine, euclidean and inner-product distance then order them alike.
 */
const INDEXED_STRATEGY: DistanceStrategy = 'cosine';

/**
 * hnsw.ef_search: the candidates an HNSW scan keeps, at least TROVE_HNSW_EF_SEARCH
 * (default 100; pgvector's own default is 40) and EF_PER_RESULT per result asked for,
 * so that k 10 and an MMR's fetch_k 50 are about as complete (docs/benchmarks.md
 * measures recall against ef_search), times what recall tuning learnt for the vector
 * embedding (recall-tuning.ts). 1000 is pgvector's maximum.
 */
const EF_PER_RESULT = 4;

/**
 * Candidates an index scan of a selective scope keeps per result: the iterative scan's
 * later rounds are less exact, and the nearest of four times k recovers what they
 * miss (docs/benchmarks.md: at 5 %, recall@10 0.84 with k, 0.98 with 4k).
 */
const OVERFETCH_SELECTIVE = 4;
/**
 * An exact search of a scope that is not selective first takes the NEAREST_FIRST (or
 * OVERFETCH_SELECTIVE times k, if more) nearest vectors of the whole vector embedding (one sequential pass, no join), then keeps those in
 * scope; only if fewer than k are in scope does it search the scope's vectors, as a
 * selective search does. The pass with no join costs a quarter of the join of every
 * fragment in scope with its vector (docs/benchmarks.md).
 */
const NEAREST_FIRST = 100;
/**
 * A selective scope is counted, and searched exactly when it holds at most
 * TROVE_EXACT_SEARCH_BELOW fragments, only when the pipeline's fragments of its
 * classifications number at most SCOPE_PROBE_FACTOR times that: counting a metadata
 * filter's matches evaluates the filter on each of those rows (~1-2 µs each; no
 * index or statistic knows JSON paths), and beyond that size the count could cost more
 * than the index scan it would save (docs/benchmarks.md).
 */
const SCOPE_PROBE_FACTOR = 5;
/** How long a vector embedding's or scope's size (or a filter's few or many matches) is remembered, and for how many of them. */
const SIZE_TTL_MS = 10_000;
const MAX_REMEMBERED_SIZES = 10_000;

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

/**
 * How a vector query is run: through the index when possible, exactly (a scan of the
 * scope), or, in one statement, exactly when the scope holds at most
 * TROVE_EXACT_SEARCH_BELOW fragments and through the index otherwise.
 */
export type ScanMode = 'indexed' | 'exact' | 'exact-if-small';

@Injectable()
export class FragmentSearchRepository implements BeforeApplicationShutdown {
  private readonly logger = new Logger(FragmentSearchRepository.name);
  private readonly sizes = new Map<string, { rows: number; until: number }>();
  /** Whether a filtered scope's matches were few (searched exactly) or many, lately. */
  private readonly filterMatches = new Map<string, { few: boolean; until: number }>();
  private readonly tuner: RecallTuner;
  /** The recall sample running, if any: one at a time, each is an exact scan. */
  private sampling: Promise<void> | null = null;
  private closing = false;

  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.tuner = new RecallTuner(settings.vectorIndex.recallTarget, settings.vectorIndex.recallSampleEvery);
  }

  /** No new recall sample, and the running one done, before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.sampling;
  }

  /** The `limit` nearest live fragments in scope, nearest first; never fewer than exist. */
  async nearest(query: ScanQuery): Promise<VectorHit[]> {
    const threshold = this.settings.vectorIndex.exactBelow;
    // Whether an index can serve the query: one exists for the size, and the strategy is
    // cosine or the vectors all have unit length.
    const indexable =
      indexedType(query.size) !== null &&
      (query.strategy === INDEXED_STRATEGY || (await this.unit(query.vectorEmbeddingId)));
    const vectors = indexable ? await this.vectorEmbeddingSize(query.vectorEmbeddingId) : 0;
    const scope =
      indexable && query.selective && vectors > threshold ? await this.scopeSize(query) : Infinity;
    const planned = indexable ? scanMode(query, { vectors, scope, unit: true }, threshold) : 'exact';
    // How the last search of the same filter went, for a few seconds: its matches are not read again.
    const filterKey = planned === 'exact-if-small' ? this.filterKey(query) : null;
    const known = filterKey === null ? undefined : this.filterMatches.get(filterKey);
    const mode = known && known.until > Date.now() ? (known.few ? 'exact' : 'indexed') : planned;
    const { hits, exact, ef, factor, plain } = await this.scan(query, mode);
    if (filterKey !== null && mode === 'exact-if-small' && hits.length > 0) {
      if (this.filterMatches.size >= MAX_REMEMBERED_SIZES) this.filterMatches.clear();
      this.filterMatches.set(filterKey, { few: exact, until: Date.now() + SIZE_TTL_MS });
    }
    // (An exact-if-small search that found nothing cannot tell which way it went: it is rerun exactly.)
    if (mode === 'exact' || exact) return hits;
    if (hits.length >= query.limit) {
      if (mode === 'indexed' && !query.selective) this.sampleRecall(query, hits, { ef, factor, plain });
      return hits;
    }
    searchExactFallbacks.inc();
    return this.nearestWith(query, 'exact');
  }

  /**
   * One scan mode, without fallback: what the benchmark compares. The index scan's
   * settings are session settings of the connection (no transaction: one statement);
   * the exact query is written so that no index can order it.
   */
  async nearestWith(query: ScanQuery, mode: ScanMode): Promise<VectorHit[]> {
    return (await this.scan(query, mode)).hits;
  }

  /**
   * Now and then, once the search has answered, its exact answer: one sample of the
   * vector embedding's recall for the tuner. Never fails the search; a failed sample is logged.
   */
  private sampleRecall(
    query: ScanQuery,
    hits: VectorHit[],
    searched: { ef: number; factor: number; plain: boolean },
  ): void {
    if (this.closing || this.sampling || !this.tuner.searched(query.vectorEmbeddingId, Date.now())) return;
    this.sampling = this.scan({ ...query, withEmbeddings: false }, 'exact')
      .then(({ hits: exact }) => {
        const recall = recallOf(hits, exact);
        searchRecall.observe(recall);
        const decision = this.tuner.record(query.vectorEmbeddingId, recall, searched);
        if (decision !== 'kept') {
          const factor = this.tuner.factor(query.vectorEmbeddingId);
          this.logger.log(
            { vectorEmbeddingId: query.vectorEmbeddingId, factor },
            `Recall tuning: ef_search ${decision} to ${factor} × the configured one`,
          );
        }
      })
      .catch((error) => this.logger.warn({ err: error }, 'Recall sample failed'))
      .finally(() => (this.sampling = null));
  }

  /**
   * The hits, whether they are exact (known only when there is at least one), and the
   * ef_search of an index scan: whether it was the configured one before the factor (`plain`).
   */
  private scan(
    query: ScanQuery,
    mode: ScanMode,
  ): Promise<{ hits: VectorHit[]; exact: boolean; ef: number; factor: number; plain: boolean }> {
    const { sql, params } = nearestSql(query, mode, this.settings.vectorIndex.exactBelow);
    const run = async (db: Pick<Queryable, 'query'>) => {
      const rows = await db.query<
        FragmentRow & { distance: number; embedding: string | null; exact: boolean }
      >(sql, params);
      return {
        hits: rows.map(({ distance, embedding, exact: _, ...row }) => ({
          row: row as FragmentRow,
          distance: Number(distance),
          embedding: embedding === null ? null : (JSON.parse(embedding) as number[]),
        })),
        exact: rows.length > 0 && rows[0].exact,
      };
    };
    if (mode === 'exact')
      return run(this.db.reader).then((result) => ({ ...result, ef: 0, factor: 1, plain: false }));
    const base = efSearch(this.settings.vectorIndex.efSearch, query.limit);
    const plain = base === this.settings.vectorIndex.efSearch;
    // Filtered scans too: a broad scope (most classifications) gains as an unfiltered scan does,
    // and a narrow one iterates until it has its candidates whatever the first round held.
    const factor = this.tuner.factor(query.vectorEmbeddingId);
    const ef = this.tuner.efSearch(query.vectorEmbeddingId, base);
    return this.db.reader
      .withSessionSettings({ 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': String(ef) }, run)
      .then((result) => ({ ...result, ef, factor, plain }));
  }

  /**
   * How many vectors the vector embedding holds, counted up to one more than the exact-search
   * threshold (so the count costs no more than an exact search would) and remembered
   * for a few seconds: a size is a choice of method, never a limit on results.
   */
  private vectorEmbeddingSize(vectorEmbeddingId: string): Promise<number> {
    return this.remembered(
      vectorEmbeddingId,
      `SELECT 1 FROM fragment_embeddings fe WHERE ${vectorEmbeddingPredicate(vectorEmbeddingId)} LIMIT $1`,
      [this.settings.vectorIndex.exactBelow + 1],
    );
  }

  /** Whether the vector embedding's vectors all have unit length, remembered like its size. */
  private async unit(vectorEmbeddingId: string): Promise<boolean> {
    const key = `unit ${vectorEmbeddingId}`;
    const now = Date.now();
    const known = this.sizes.get(key);
    if (known && known.until > now) return known.rows === 1;
    const unit = await vectorsAreUnit(this.db.reader, vectorEmbeddingId);
    this.remember(key, unit ? 1 : 0, now);
    return unit;
  }

  /**
   * How many live fragments the scope's pipeline has in its classifications (its
   * metadata filter left aside), counted up to one more than SCOPE_PROBE_FACTOR times
   * the exact-search threshold by the fragments_live index alone, and remembered like
   * a vector embedding's size.
   */
  private scopeSize(scope: SearchScope): Promise<number> {
    const classifications = [...scope.classifications].sort();
    return this.remembered(
      `${scope.pipelineId} ${JSON.stringify(classifications)}`,
      `SELECT 1 FROM fragments f
       WHERE f.pipeline_id = $2 AND f.expired_at IS NULL AND f.classification = ANY($3::text[]) LIMIT $1`,
      [SCOPE_PROBE_FACTOR * this.settings.vectorIndex.exactBelow + 1, scope.pipelineId, classifications],
    );
  }

  /** What identifies a filtered scope in `filterMatches`. */
  private filterKey(query: ScanQuery): string {
    const classifications = [...query.classifications].sort();
    // Hashed: a filter may hold a thousand conditions, and thousands of filters are remembered.
    const filter = createHash('sha256')
      .update(JSON.stringify([classifications, query.filter]))
      .digest('base64');
    return `${query.vectorEmbeddingId} ${filter}`;
  }

  /** The rows of `rowsSql` (limited by its $1), counted, or remembered from a count of the last few seconds. */
  private async remembered(key: string, rowsSql: string, params: unknown[]): Promise<number> {
    if (this.settings.vectorIndex.exactBelow === 0) return Infinity;
    const now = Date.now();
    const known = this.sizes.get(key);
    if (known && known.until > now) return known.rows;
    const [{ rows }] = await this.db.reader.query<{ rows: number }>(
      `SELECT count(*)::int AS rows FROM (${rowsSql}) AS counted`,
      params,
    );
    this.remember(key, rows, now);
    return rows;
  }

  private remember(key: string, rows: number, now: number): void {
    if (this.sizes.size >= MAX_REMEMBERED_SIZES) this.sizes.clear();
    this.sizes.set(key, { rows, until: now + SIZE_TTL_MS });
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
    if (scope.filter) where.push(...metadataConditions(scope.filter, params));
    return this.db.reader
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
}

/**
 * How a query is run, from the sizes counted (`vectors` of its vector embedding, the
 * `scope` of its pipeline's fragments in its classifications; both capped), whether its
 * vectors all have `unit` length, and the exact-search threshold. Exactly: a strategy
 * other than cosine over vectors not all of unit length (no index serves it), a small vector embedding,
 * a small scope (whatever its filter; a scan costs about what the index does at that
 * size, and the answer is exact). A metadata filter's matches are counted in the statement
 * that searches them (exact-if-small) when the GIN index of metadata finds them (the filter
 * implies a containment), or else in a scope of at most SCOPE_PROBE_FACTOR times the
 * threshold. Anything else through the index.
 */
export function scanMode(
  query: Pick<ScanQuery, 'strategy' | 'filter'>,
  sizes: { vectors: number; scope: number; unit?: boolean },
  threshold: number,
): ScanMode {
  if (query.strategy !== INDEXED_STRATEGY && sizes.unit !== true) return 'exact';
  if (threshold === 0) return 'indexed';
  if (sizes.vectors <= threshold || sizes.scope <= threshold) return 'exact';
  if (query.filter === null) return 'indexed';
  return impliesContainment(query.filter) || sizes.scope <= SCOPE_PROBE_FACTOR * threshold
    ? 'exact-if-small'
    : 'indexed';
}

/**
 * hnsw.ef_search for a query of `limit` results: at least the configured floor and
 * EF_PER_RESULT candidates per result asked for, at most pgvector's 1000.
 */
export function efSearch(floor: number, limit: number): number {
  return Math.min(MAX_EF_SEARCH, Math.max(floor, EF_PER_RESULT * limit));
}

/**
 * A metadata filter's SQL: the filter itself, and the containment it implies, when it implies
 * one, for the GIN index to find the candidates (see `compileMetadataContainment`).
 */
function metadataConditions(filter: MetadataFilter, params: unknown[]): string[] {
  const exact = compileMetadataFilter(filter, 'f.metadata', params);
  const indexed = compileMetadataContainment(filter, 'f.metadata', params);
  return indexed === null ? [exact] : [indexed, exact];
}

function nearestSql(
  query: ScanQuery,
  mode: ScanMode,
  exactBelow: number,
): { sql: string; params: unknown[] } {
  // Through the index, a selective scope keeps OVERFETCH_SELECTIVE times the candidates and
  // the nearest of them; so does a strategy other than cosine, which the index orders by
  // cosine, and a halfvec index, whose order is by half-precision distances.
  const overfetch =
    query.selective || query.strategy !== INDEXED_STRATEGY || indexedType(query.size) !== 'vector';
  const candidates = mode !== 'exact' && overfetch ? OVERFETCH_SELECTIVE * query.limit : query.limit;
  const params: unknown[] = [
    vectorLiteral(query.vector),
    query.pipelineId,
    query.classifications,
    candidates,
    query.limit,
  ];
  const distance = `${vectorExpression(query.size)} ${DISTANCE_OPERATOR[query.strategy]} $1::vector(${query.size})`;
  const inScope = ['f.pipeline_id = $2', 'f.expired_at IS NULL', 'f.classification = ANY($3::text[])'];
  if (query.filter) inScope.push(...metadataConditions(query.filter, params));
  // exact-if-small reads one more fragment of the scope than an exact search would.
  if (mode === 'exact-if-small') params.push(exactBelow + 1);
  const cap = `$${params.length}`;
  const binding = vectorEmbeddingPredicate(query.vectorEmbeddingId);
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
         WHERE ${binding} AND ${when} OFFSET 0) d
       ORDER BY distance + 0, id
       LIMIT $4)`;
  // Exact, nearest first (a scope that is not selective): see NEAREST_FIRST.
  const first = Math.max(NEAREST_FIRST, OVERFETCH_SELECTIVE * query.limit);
  const nearestFirst = () =>
    `near AS MATERIALIZED (
       SELECT id, distance FROM (
         SELECT fe.fragment_id AS id, ${distance} AS distance
         FROM fragment_embeddings fe WHERE ${binding} OFFSET 0) d
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
  const indexed = (name: string, when: string) =>
    `${name} AS MATERIALIZED (
       SELECT fe.fragment_id AS id, ${distance} AS distance, false AS exact
       FROM fragment_embeddings fe JOIN fragments f ON f.id = fe.fragment_id
       WHERE ${[binding, ...inScope, when].join(' AND ')}
       ORDER BY ${indexedDistance(query.size, '$1')}
       LIMIT $4)`;
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
  const content = query.withEmbeddings ? `''::bytea AS content` : 'f.content';
  const embedding = query.withEmbeddings
    ? `(SELECT fe.embedding::text FROM fragment_embeddings fe WHERE ${binding} AND fe.fragment_id = n.id)`
    : 'NULL::text';
  const sql = `
    WITH ${nearest}
    SELECT f.id, f.document_id, f.order_id, f.version, f.classification, f.metadata, ${content},
           f.content_key_id, f.expired_at, n.distance, ${embedding} AS embedding, n.exact
    FROM nearest n JOIN fragments f ON f.id = n.id
    ORDER BY n.distance + 0, n.id
    LIMIT $5`;
  return { sql, params };
}
