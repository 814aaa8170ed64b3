/**
 * Bulk loads without index maintenance: inserting a vector into an HNSW index costs
 * 4-10 times what building the index costs per vector (docs/benchmarks.md), so a large
 * write into a vector embedding that holds fewer vectors than it brings drops the vector embedding's
 * index first, and the index is built again once the load is over.
 *
 * Meanwhile searches stay correct: without an index the planner scans the vector embedding's
 * rows exactly (and a build in progress is not valid, so it is not used either).
 *
 * A vector embedding gets its index only once it holds more than TROVE_EXACT_SEARCH_BELOW vectors:
 * below that every search of it is exact anyway (fragment-search.repository.ts), so an
 * index would only make its writes dearer. The write that takes it past the threshold
 * builds it before it answers: at the end of a bulk load as above, at once after a small
 * write (other small writes in flight are no load to wait for). A start builds what is
 * missing, and `ensureIndex` serves vectors written outside `begin` (a backfill).
 *
 * "Over" means: no write into the vector embedding is in flight in this process, and none
 * began within a quiet spell after the last one ended (twice that write's duration, at
 * least QUIET_MS, at most MAX_QUIET_MS). The write that ends last builds the
 * index before it answers, so a client that loads and then searches finds it built;
 * writes of a load that overlap (two batches in flight) do not wait. The build runs
 * CONCURRENTLY (writes into the shared table go on, other pipelines' included), with
 * more maintenance_work_mem and parallel workers, under an advisory lock so that one
 * replica builds while the others skip. A build that fails is logged and left for the
 * next write's end, or the next start, to retry: the rows it would index are committed.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { SETTINGS, Settings } from '../../config/settings';
import { DatabaseService, Queryable } from '../../database/database.service';
import { vectorIndexBuilds } from '../../observability/metrics';
import {
  buildVectorIndexConcurrently,
  countVectors,
  dropVectorIndexConcurrently,
  vectorEmbeddingPredicate,
  vectorIndexState,
} from './vector-index';
import { WritesInFlight } from './writes-in-flight';

/** One vector embedding a write stores vectors into, with their size (the index's dimension). */
export interface VectorEmbeddingRef {
  id: string;
  size: number;
}

/**
 * How long the last write of a load waits for another to begin before it builds the index:
 * twice as long as it took itself, within these bounds. A client that loads in batches
 * sends its next one when a batch answers, and that batch begins here only once its body
 * is in, parsed and checked, which on a busy machine took up to 1.4 s between batches of
 * 1,000 that each took 0.3-0.5 s. A shorter wait took such a gap for the end, built the
 * index early and left the rest of the load to maintain it row by row: at 100,000
 * fragments, three times slower than one build at the end. A bulk write whose vector embedding
 * needs no index (at most TROVE_EXACT_SEARCH_BELOW vectors) does not wait at all.
 */
export const QUIET_MS = 2_000;
export const MAX_QUIET_MS = 10_000;
/** Advisory lock space of index builds ("vidx" in ASCII); the key within it is the vector embedding's hash. */
const BUILD_LOCK_SPACE = 0x76696478;

/** A write in flight: `loading` before its transaction opens, `end` once it committed or failed. */
export interface VectorWrite {
  /** Tells how many vectors the write brings per vector embedding; may drop the indexes of a bulk load. */
  loading(vectors: number): Promise<void>;
  /** Never throws: a failed build is logged and retried later. */
  end(): Promise<void>;
}

@Injectable()
export class VectorIndexBuilds implements OnApplicationBootstrap {
  private readonly logger = new Logger(VectorIndexBuilds.name);
  private readonly writes = new WritesInFlight();
  /** Vector embeddings whose index was seen valid: their writes need no catalog lookup at the end. */
  private readonly indexed = new Set<string>();
  /** One build at a time in this process: each holds a connection and both cores for a while. */
  private builds: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** A previous process may have stopped between a bulk load and its build: build what is missing. */
  onApplicationBootstrap(): void {
    void this.unindexedVectorEmbeddings()
      .then(async (vectorEmbeddings) => {
        for (const vectorEmbedding of vectorEmbeddings) await this.build(vectorEmbedding);
      })
      .catch((error) => this.logger.warn({ err: error }, 'Could not look for vector indexes to build'));
  }

  /**
   * `followed`: whether the writer may send a next part of the load once this one answers
   * (a client's batches); an ingestion job's worker takes its next job only once this one
   * ends, so its end need not wait for a follower before building.
   */
  begin(
    vectorEmbeddings: VectorEmbeddingRef[],
    { followed = true }: { followed?: boolean } = {},
  ): VectorWrite {
    for (const { id } of vectorEmbeddings) this.writes.began(id);
    const began = Date.now();
    let ended = false;
    let bulk = false;
    return {
      loading: async (vectors) => {
        const least = this.settings.vectorIndexBuild.bulkLoadMinVectors;
        if (least === 0 || vectors < least) return;
        bulk = true;
        for (const { id } of vectorEmbeddings) this.writes.loadBegan(id);
        for (const vectorEmbedding of vectorEmbeddings)
          await this.deferMaintenance(vectorEmbedding.id, vectors);
      },
      end: async () => {
        if (ended) return;
        ended = true;
        const quietMs = followed ? Math.min(MAX_QUIET_MS, Math.max(QUIET_MS, 2 * (Date.now() - began))) : 0;
        for (const vectorEmbedding of vectorEmbeddings) await this.endWrite(vectorEmbedding, bulk, quietMs);
      },
    };
  }

  /** Drops the vector embedding's index when it holds fewer vectors than the write brings. */
  private async deferMaintenance(id: string, vectors: number): Promise<void> {
    const rows = await countVectors(this.db, id, vectors);
    if (rows >= vectors) return;
    if ((await vectorIndexState(this.db, id)) === 'absent') return;
    this.indexed.delete(id);
    try {
      await dropVectorIndexConcurrently(this.db, id);
    } catch (error) {
      // It waits for every transaction that uses the index (another replica's build, a
      // long search): if that fails, the write goes in with index maintenance, only slower.
      this.logger.warn({ err: error, vectorEmbeddingId: id }, 'Bulk load: could not drop the vector index');
      return;
    }
    this.logger.log(
      { vectorEmbeddingId: id, rows, vectors },
      'Bulk load: vector index dropped until it ends',
    );
  }

  /**
   * After a bulk load, the write that ends last builds the index once no other began within
   * `quietMs`. A vector embedding that small writes take past the threshold is built at once, other
   * small writes in flight or not: they are no load to wait for, and they would never all
   * be over under steady traffic.
   */
  private async endWrite(vectorEmbedding: VectorEmbeddingRef, bulk: boolean, quietMs: number): Promise<void> {
    const left = this.writes.ended(vectorEmbedding.id, bulk);
    const loading = bulk || this.writes.isLoading(vectorEmbedding.id);
    if ((loading && left > 0) || this.indexed.has(vectorEmbedding.id)) return;
    try {
      if ((await vectorIndexState(this.db, vectorEmbedding.id)) === 'valid') {
        this.indexed.add(vectorEmbedding.id);
        return;
      }
      // Searched exactly, so left without an index: the write answers at once.
      if (!(await this.needsIndex(this.db, vectorEmbedding.id))) return;
      if (!loading) {
        await this.build(vectorEmbedding, { whileWriting: true });
        return;
      }
      // Another write began (and may have ended) meanwhile: the load goes on, its last write builds.
      if (await this.writes.quietSpell(vectorEmbedding.id, quietMs)) await this.build(vectorEmbedding);
    } catch (error) {
      this.logger.warn({ err: error, vectorEmbeddingId: vectorEmbedding.id }, 'Vector index build failed');
    }
  }

  /**
   * Builds the vector embedding's index if it has none and needs one: what a backfill of a model
   * added to a pipeline (its vectors written outside `begin`) calls once it is done.
   */
  async ensureIndex(vectorEmbedding: VectorEmbeddingRef): Promise<void> {
    try {
      if (this.indexed.has(vectorEmbedding.id) || !(await this.needsIndex(this.db, vectorEmbedding.id)))
        return;
      await this.build(vectorEmbedding);
    } catch (error) {
      // Searches stay right without it; the next write's end or the next start builds it.
      this.logger.warn({ err: error, vectorEmbeddingId: vectorEmbedding.id }, 'Vector index build failed');
    }
  }

  /** Whether the vector embedding holds more vectors than are searched exactly (counted up to one more). */
  private async needsIndex(db: Queryable, id: string): Promise<boolean> {
    const threshold = this.settings.vectorIndex.exactBelow;
    return (await countVectors(db, id, threshold + 1)) > threshold;
  }

  private build(
    vectorEmbedding: VectorEmbeddingRef,
    options: { whileWriting?: boolean } = {},
  ): Promise<void> {
    const run = this.builds.then(() =>
      this.db.maintenance((db) => this.buildOn(db, vectorEmbedding, options)),
    );
    this.builds = run.catch(() => undefined);
    return run;
  }

  private async buildOn(
    db: Queryable,
    { id, size }: VectorEmbeddingRef,
    { whileWriting = false }: { whileWriting?: boolean },
  ): Promise<void> {
    const key = createHash('sha256').update(id).digest().readInt32BE(0);
    const [{ locked }] = await db.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked',
      [BUILD_LOCK_SPACE, key],
    );
    if (!locked) return; // another replica is building it
    try {
      // A write that began while this build waited its turn will build when it ends.
      if (!whileWriting && this.writes.isWriting(id)) return;
      const state = await vectorIndexState(db, id);
      if (state === 'valid') {
        this.indexed.add(id);
        return;
      }
      // Few or no rows: searched exactly, or the vector embedding is gone (its pipeline deleted).
      if (!(await this.needsIndex(db, id))) return;
      if (state === 'invalid') await dropVectorIndexConcurrently(db, id);
      const { memoryMb, workers } = this.settings.vectorIndexBuild;
      await db.query(`SET maintenance_work_mem = '${memoryMb}MB'`);
      await db.query(`SET max_parallel_maintenance_workers = ${workers}`);
      const started = performance.now();
      await buildVectorIndexConcurrently(db, id, size, this.settings.vectorIndex);
      const seconds = (performance.now() - started) / 1000;
      vectorIndexBuilds.observe(seconds);
      this.indexed.add(id);
      this.logger.log({ vectorEmbeddingId: id, seconds: Number(seconds.toFixed(2)) }, 'Vector index built');
    } finally {
      await db.query('RESET maintenance_work_mem').catch(() => undefined);
      await db.query('RESET max_parallel_maintenance_workers').catch(() => undefined);
      await db
        .query('SELECT pg_advisory_unlock($1::int, $2::int)', [BUILD_LOCK_SPACE, key])
        .catch(() => undefined);
    }
  }

  /** Vector embeddings that hold vectors but no valid index, with their dimension (read from a stored vector). */
  private async unindexedVectorEmbeddings(): Promise<VectorEmbeddingRef[]> {
    // A loose index scan of the primary key: one probe per vector embedding, not one row per vector.
    const ids = await this.db.query<{ id: string }>(
      `WITH RECURSIVE ids AS (
         (SELECT vector_embedding_id AS id FROM fragment_embeddings ORDER BY 1 LIMIT 1)
         UNION ALL
         SELECT (SELECT fe.vector_embedding_id FROM fragment_embeddings fe
                 WHERE fe.vector_embedding_id > ids.id ORDER BY 1 LIMIT 1)
         FROM ids WHERE ids.id IS NOT NULL)
       SELECT id FROM ids WHERE id IS NOT NULL`,
    );
    const missing: VectorEmbeddingRef[] = [];
    for (const { id } of ids) {
      if ((await vectorIndexState(this.db, id)) === 'valid') continue;
      const [{ size }] = await this.db.query<{ size: number }>(
        `SELECT vector_dims(fe.embedding) AS size FROM fragment_embeddings fe WHERE ${vectorEmbeddingPredicate(id)} LIMIT 1`,
      );
      missing.push({ id, size });
    }
    return missing;
  }
}
