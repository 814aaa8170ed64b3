/**
 * Bulk loads without index maintenance: inserting a vector into an HNSW index costs
 * 4-10 times what building the index costs per vector (docs/benchmarks.md), so a large
 * write into a binding that holds fewer vectors than it brings drops the binding's
 * index first, and the index is built again once the load is over.
 *
 * Meanwhile searches stay correct: without an index the planner scans the binding's
 * rows exactly (and a build in progress is not valid, so it is not used either).
 *
 * A binding gets its index only once it holds more than TROVE_EXACT_SEARCH_BELOW vectors:
 * below that every search of it is exact anyway (fragment-search.repository.ts), so an
 * index would only make its writes dearer. The write that takes it past the threshold
 * builds it before it answers: at the end of a bulk load as above, at once after a small
 * write (other small writes in flight are no load to wait for). A start builds what is
 * missing, and `ensureIndex` serves vectors written outside `begin` (a backfill).
 *
 * "Over" means: no write into the binding is in flight in this process, and none
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
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { vectorIndexBuilds } from '../observability/metrics';
import {
  buildVectorIndexConcurrently,
  countVectors,
  dropVectorIndexConcurrently,
  vectorEmbeddingPredicate,
  vectorIndexState,
} from './vector-index';

/** One vector embedding a write stores vectors into, with their size (the index's dimension). */
export interface VectorBinding {
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
 * fragments, three times slower than one build at the end. A bulk write whose binding
 * needs no index (at most TROVE_EXACT_SEARCH_BELOW vectors) does not wait at all.
 */
export const QUIET_MS = 2_000;
export const MAX_QUIET_MS = 10_000;
/** Advisory lock space of index builds ("vidx" in ASCII); the key within it is the binding's hash. */
const BUILD_LOCK_SPACE = 0x76696478;

/** A write in flight: `loading` before its transaction opens, `end` once it committed or failed. */
export interface VectorWrite {
  /** Tells how many vectors the write brings per binding; may drop the indexes of a bulk load. */
  loading(vectors: number): Promise<void>;
  /** Never throws: a failed build is logged and retried later. */
  end(): Promise<void>;
}

@Injectable()
export class VectorIndexBuilds implements OnApplicationBootstrap {
  private readonly logger = new Logger(VectorIndexBuilds.name);
  /** Writes in flight per binding. */
  private readonly writing = new Map<string, number>();
  /** Of those, the bulk loads (at least TROVE_BULK_LOAD_MIN_VECTORS vectors). */
  private readonly loads = new Map<string, number>();
  /**
   * When the last write of a load ended, per binding: of two that ended before either
   * began its quiet spell, only the later one builds.
   */
  private readonly lastEnded = new Map<string, number>();
  /** Last writes of a load waiting out their quiet spell: woken when another write begins. */
  private readonly waiting = new Map<string, Set<() => void>>();
  /** Bindings whose index was seen valid: their writes need no catalog lookup at the end. */
  private readonly indexed = new Set<string>();
  /** One build at a time in this process: each holds a connection and both cores for a while. */
  private builds: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** A previous process may have stopped between a bulk load and its build: build what is missing. */
  onApplicationBootstrap(): void {
    void this.unindexedBindings()
      .then(async (bindings) => {
        for (const binding of bindings) await this.build(binding);
      })
      .catch((error) => this.logger.warn({ err: error }, 'Could not look for vector indexes to build'));
  }

  /**
   * `followed`: whether the writer may send a next part of the load once this one answers
   * (a client's batches); an ingestion job's worker takes its next job only once this one
   * ends, so its end need not wait for a follower before building.
   */
  begin(bindings: VectorBinding[], { followed = true }: { followed?: boolean } = {}): VectorWrite {
    for (const { id } of bindings) {
      count(this.writing, id, +1);
      for (const wake of this.waiting.get(id) ?? []) wake();
    }
    const began = Date.now();
    let ended = false;
    let bulk = false;
    return {
      loading: async (vectors) => {
        const least = this.settings.vectorIndexBuild.bulkLoadMinVectors;
        if (least === 0 || vectors < least) return;
        bulk = true;
        for (const { id } of bindings) count(this.loads, id, +1);
        for (const binding of bindings) await this.deferMaintenance(binding.id, vectors);
      },
      end: async () => {
        if (ended) return;
        ended = true;
        if (bulk) for (const { id } of bindings) count(this.loads, id, -1);
        const quietMs = followed ? Math.min(MAX_QUIET_MS, Math.max(QUIET_MS, 2 * (Date.now() - began))) : 0;
        for (const binding of bindings) await this.endWrite(binding, bulk, quietMs);
      },
    };
  }

  /** Drops the binding's index when it holds fewer vectors than the write brings. */
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
   * `quietMs`. A binding that small writes take past the threshold is built at once, other
   * small writes in flight or not: they are no load to wait for, and they would never all
   * be over under steady traffic.
   */
  private async endWrite(binding: VectorBinding, bulk: boolean, quietMs: number): Promise<void> {
    const left = count(this.writing, binding.id, -1);
    const loading = bulk || this.loads.has(binding.id);
    if ((loading && left > 0) || this.indexed.has(binding.id)) return;
    try {
      if ((await vectorIndexState(this.db, binding.id)) === 'valid') {
        this.indexed.add(binding.id);
        return;
      }
      // Searched exactly, so left without an index: the write answers at once.
      if (!(await this.needsIndex(this.db, binding.id))) return;
      if (!loading) {
        await this.build(binding, { whileWriting: true });
        return;
      }
      const endedAt = Date.now();
      this.lastEnded.set(binding.id, endedAt);
      await this.quietSpell(binding.id, quietMs);
      // Another write began (and may have ended) meanwhile: the load goes on, its last write builds.
      if (this.writing.has(binding.id) || this.lastEnded.get(binding.id) !== endedAt) return;
      this.lastEnded.delete(binding.id);
      await this.build(binding);
    } catch (error) {
      this.logger.warn({ err: error, vectorEmbeddingId: binding.id }, 'Vector index build failed');
    }
  }

  /**
   * Waits `ms`, or less if another write into the binding begins meanwhile: the load goes
   * on, and this write answers at once rather than hold its client back.
   */
  private quietSpell(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(id) ?? new Set<() => void>();
      this.waiting.set(id, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0) this.waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiters.add(wake);
    });
  }

  /**
   * Builds the binding's index if it has none and needs one: what a backfill of a model
   * added to a pipeline (its vectors written outside `begin`) calls once it is done.
   */
  async ensureIndex(binding: VectorBinding): Promise<void> {
    try {
      if (this.indexed.has(binding.id) || !(await this.needsIndex(this.db, binding.id))) return;
      await this.build(binding);
    } catch (error) {
      // Searches stay right without it; the next write's end or the next start builds it.
      this.logger.warn({ err: error, vectorEmbeddingId: binding.id }, 'Vector index build failed');
    }
  }

  /** Whether the binding holds more vectors than are searched exactly (counted up to one more). */
  private async needsIndex(db: Queryable, id: string): Promise<boolean> {
    const threshold = this.settings.vectorIndex.exactBelow;
    return (await countVectors(db, id, threshold + 1)) > threshold;
  }

  private build(binding: VectorBinding, options: { whileWriting?: boolean } = {}): Promise<void> {
    const run = this.builds.then(() => this.db.maintenance((db) => this.buildOn(db, binding, options)));
    this.builds = run.catch(() => undefined);
    return run;
  }

  private async buildOn(
    db: Queryable,
    { id, size }: VectorBinding,
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
      if (!whileWriting && this.writing.has(id)) return;
      const state = await vectorIndexState(db, id);
      if (state === 'valid') {
        this.indexed.add(id);
        return;
      }
      // Few or no rows: searched exactly, or the binding is gone (its pipeline deleted).
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

  /** Bindings that hold vectors but no valid index, with their dimension (read from a stored vector). */
  private async unindexedBindings(): Promise<VectorBinding[]> {
    // A loose index scan of the primary key: one probe per binding, not one row per vector.
    const ids = await this.db.query<{ id: string }>(
      `WITH RECURSIVE ids AS (
         (SELECT vector_embedding_id AS id FROM fragment_embeddings ORDER BY 1 LIMIT 1)
         UNION ALL
         SELECT (SELECT fe.vector_embedding_id FROM fragment_embeddings fe
                 WHERE fe.vector_embedding_id > ids.id ORDER BY 1 LIMIT 1)
         FROM ids WHERE ids.id IS NOT NULL)
       SELECT id FROM ids WHERE id IS NOT NULL`,
    );
    const missing: VectorBinding[] = [];
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

/** Adds `delta` to a binding's count of writes, dropping it at 0; returns the new count. */
function count(counts: Map<string, number>, id: string, delta: number): number {
  const value = Math.max(0, (counts.get(id) ?? 0) + delta);
  if (value === 0) counts.delete(id);
  else counts.set(id, value);
  return value;
}
