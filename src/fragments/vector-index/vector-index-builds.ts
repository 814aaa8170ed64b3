/**
 * Vector indexes are built and kept up in the background, never on a write's path (the
 * design of Qdrant's optimizer and of Milvus's growing and sealed segments): a write
 * answers once its rows are committed, and a search scans the vectors no index covers
 * yet exactly, beside the index (vector-index.ts, `coveredPredicate`). So a write costs
 * the same whether its vector embedding is indexed or not, and a second large load into
 * an indexed pipeline is as fast as the first.
 *
 * In every replica (whether it runs jobs or not: an index must never depend on a
 * setting), a pass every TROVE_JOBS_POLL_MS, and at once after a write in this process, looks at each vector embedding that holds
 * vectors (other replicas' writes are seen in the database) and takes its next step
 * (`nextStep`):
 * - at most TROVE_EXACT_SEARCH_BELOW vectors: nothing (every search of it is exact);
 * - no index: build one covering every vector so far;
 * - uncovered vectors a small part of the index (at most 1 in REBUILD_RATIO): merge them
 *   into it, a batch at a time (what a write did before, now off its path);
 * - more: build a new index covering them all, then drop the old one (searches use
 *   either meanwhile).
 * A build waits until the vector embedding took no vector for two poll intervals (a load
 * is rarely over after its first batch, and a build then would be repeated at its end),
 * unless it has more uncovered vectors than BUILD_WITHOUT_PAUSE and than its index holds:
 * a load that never pauses gets indexes of doubling size. Only when the index appears
 * depends on that; what a search finds never does.
 *
 * Each step runs under a session advisory lock per vector embedding, so one replica
 * works on it while the others skip; the lock ends with the session, so a replica killed
 * mid-build holds nothing (PostgreSQL notices the lost client within
 * CLIENT_CHECK_INTERVAL and abandons the build). What is left to do is read from the
 * data on every pass, never remembered: a process that stopped mid-build drops the
 * invalid index it left and builds again.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { SETTINGS, Settings } from '../../config/settings';
import { DatabaseService, Queryable } from '../../database/database.service';
import { vectorIndexBuilds, vectorIndexPending } from '../../observability/metrics';
import {
  buildVectorIndexConcurrently,
  countUncovered,
  countVectors,
  dropIndexConcurrently,
  lastSeq,
  mergeUncovered,
  VectorIndex,
  vectorEmbeddingPredicate,
  vectorIndexes,
} from './vector-index';

/** One vector embedding a write stores vectors into, with their size (the index's dimension). */
export interface VectorEmbeddingRef {
  id: string;
  size: number;
}

/**
 * Merging a vector into an HNSW index costs 4-10 times what building costs per vector
 * (docs/benchmarks.md): past one uncovered vector for REBUILD_RATIO in the index, a new
 * build of all of them is cheaper than merging.
 */
export const REBUILD_RATIO = 4;
/** Uncovered vectors past which a build starts although writes go on. */
export const BUILD_WITHOUT_PAUSE = 50_000;
/** Poll intervals without a new vector after which a vector embedding's load is taken to have paused. */
const SETTLE_POLLS = 2;
/** Vectors merged per statement: each is one short transaction, however slow the inserts. */
const MERGE_BATCH = 200;
/** Merge statements per vector embedding and pass, so that one does not hold back the others. */
const MERGES_PER_PASS = 25;
/** Advisory lock space of index work ("vidx" in ASCII); the key within it is the vector embedding's hash. */
const BUILD_LOCK_SPACE = 0x76696478;
/** How soon PostgreSQL abandons a build whose client is gone (client_connection_check_interval). */
const CLIENT_CHECK_INTERVAL = '2s';

export type Step = 'nothing' | 'build' | 'merge' | 'wait';

/**
 * What to do next for a vector embedding holding `vectors` (counted up to one more than
 * `threshold`), of which `uncovered` are in no index (counted up to `uncoveredCap`), with
 * its current index holding `indexed` rows (null: none covers by seq yet).
 */
export function nextStep(state: {
  vectors: number;
  threshold: number;
  indexed: number | null;
  uncovered: number;
  settled: boolean;
}): Step {
  const { vectors, threshold, indexed, uncovered, settled } = state;
  if (vectors <= threshold || (indexed !== null && uncovered === 0)) return 'nothing';
  if (indexed !== null && uncovered * REBUILD_RATIO <= indexed) return 'merge';
  return settled || uncovered > Math.max(BUILD_WITHOUT_PAUSE, indexed ?? 0) ? 'build' : 'wait';
}

/** How far a count of uncovered vectors needs to go for `nextStep`. */
export function uncoveredCap(indexed: number | null): number {
  return Math.max(BUILD_WITHOUT_PAUSE, indexed ?? 0) + 1;
}

interface Seen {
  seq: number;
  /** When a pass first found this last seq. */
  since: number;
  /** Whether the last step left nothing to do. */
  done: boolean;
}

@Injectable()
export class VectorIndexBuilds implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VectorIndexBuilds.name);
  private readonly seen = new Map<string, Seen>();
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The backend building an index (PostgreSQL), cancelled when this process stops. */
  private buildingPid: number | null = null;

  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // A build may take minutes: cancelled, it leaves an invalid index that the next pass drops.
    if (this.buildingPid !== null && !this.db.isEmbedded)
      await this.db.query('SELECT pg_cancel_backend($1)', [this.buildingPid]).catch(() => undefined);
    await this.running;
  }

  /** Vectors went into these vector embeddings (committed): look at them now rather than at the next pass. */
  written(vectorEmbeddings: VectorEmbeddingRef[]): void {
    if (vectorEmbeddings.length === 0 || this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass()
        .catch((error) => this.logger.warn({ err: error }, 'Vector index pass failed'))
        .finally(() => {
          this.running = null;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.settings.jobs.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One look at every vector embedding that holds vectors. */
  private async pass(): Promise<void> {
    const ids = await this.vectorEmbeddingIds();
    for (const id of [...this.pending.keys()]) if (!ids.includes(id)) this.pending.delete(id);
    for (const id of ids) {
      if (this.stopped) return;
      try {
        await this.catchUp(id);
      } catch (error) {
        // The rows are committed and searched exactly meanwhile: the next pass tries again.
        this.seen.delete(id);
        this.logger.warn({ err: error, vectorEmbeddingId: id }, 'Vector index work failed');
      }
    }
    vectorIndexPending.set([...this.pending.values()].reduce((sum, n) => sum + n, 0));
  }

  private async catchUp(id: string): Promise<void> {
    const seq = await lastSeq(this.db, id);
    const before = this.seen.get(id);
    if (before?.seq === seq && before.done) return;
    const since = before?.seq === seq ? before.since : Date.now();
    const settled = Date.now() - since >= SETTLE_POLLS * this.settings.jobs.pollMs;
    const done = await this.db.maintenance((db) => this.underLock(db, id, () => this.step(db, id, settled)));
    this.seen.set(id, { seq, since, done: done ?? false });
  }

  /** Runs `work` holding the vector embedding's lock; undefined when another session holds it. */
  private async underLock<T>(db: Queryable, id: string, work: () => Promise<T>): Promise<T | undefined> {
    const key = createHash('sha256').update(id).digest().readInt32BE(0);
    const [{ locked }] = await db.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked',
      [BUILD_LOCK_SPACE, key],
    );
    if (!locked) return undefined;
    try {
      return await work();
    } finally {
      await db
        .query('SELECT pg_advisory_unlock($1::int, $2::int)', [BUILD_LOCK_SPACE, key])
        .catch(() => undefined);
    }
  }

  /** The vector embedding's next step, under its lock; true when nothing is left to do. */
  private async step(db: Queryable, id: string, settled: boolean): Promise<boolean> {
    const threshold = this.settings.vectorIndex.exactBelow;
    const vectors = await countVectors(db, id, threshold + 1);
    const indexes = await vectorIndexes(db, id);
    // Holding the lock, no build of it is under way: an invalid index is a failed or killed build's.
    for (const index of indexes.filter((i) => !i.valid)) await dropIndexConcurrently(db, index);
    const current = latest(indexes);
    for (let merges = 0; ; merges++) {
      const indexed = current?.rows ?? null;
      const uncovered = current
        ? await countUncovered(db, id, current.through as number, uncoveredCap(indexed))
        : vectors > threshold
          ? await countVectors(db, id, uncoveredCap(null))
          : vectors;
      this.pending.set(id, vectors > threshold ? uncovered : 0);
      const step = nextStep({ vectors, threshold, indexed, uncovered, settled });
      if (step === 'nothing') return true;
      if (step === 'wait' || this.stopped) return false;
      if (step === 'build') {
        await this.build(db, id, indexes);
        return false; // what was written meanwhile is uncovered: the next pass looks
      }
      if (merges === MERGES_PER_PASS) return false;
      await mergeUncovered(db, id, current!.through as number, MERGE_BATCH);
      if (current) current.rows += Math.min(MERGE_BATCH, uncovered);
    }
  }

  /** Builds an index covering every vector so far, then drops the ones it replaces. */
  private async build(db: Queryable, id: string, replaced: VectorIndex[]): Promise<void> {
    const through = await lastSeq(db, id);
    const [stored] = await db.query<{ size: number }>(
      `SELECT vector_dims(fe.embedding) AS size FROM fragment_embeddings fe
       WHERE ${vectorEmbeddingPredicate(id)} LIMIT 1`,
    );
    if (!stored) return; // its vectors are gone (the pipeline deleted)
    const { memoryMb, workers } = this.settings.vectorIndexBuild;
    try {
      await db.query(`SET maintenance_work_mem = '${memoryMb}MB'`);
      await db.query(`SET max_parallel_maintenance_workers = ${workers}`);
      if (!this.db.isEmbedded)
        await db.query(`SET client_connection_check_interval = '${CLIENT_CHECK_INTERVAL}'`);
      const [{ pid }] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      this.buildingPid = pid;
      const started = performance.now();
      await buildVectorIndexConcurrently(db, id, stored.size, this.settings.vectorIndex, through);
      const seconds = (performance.now() - started) / 1000;
      vectorIndexBuilds.observe(seconds);
      this.logger.log(
        { vectorEmbeddingId: id, through, seconds: Number(seconds.toFixed(2)) },
        'Vector index built',
      );
    } finally {
      this.buildingPid = null;
      await db.query('RESET maintenance_work_mem').catch(() => undefined);
      await db.query('RESET max_parallel_maintenance_workers').catch(() => undefined);
      if (!this.db.isEmbedded)
        await db.query('RESET client_connection_check_interval').catch(() => undefined);
    }
    // Searches that planned with an older index find the new one (it covers more), or scan exactly.
    for (const index of replaced.filter((i) => i.valid)) await dropIndexConcurrently(db, index);
  }

  /** Vector embeddings that hold vectors. */
  private async vectorEmbeddingIds(): Promise<string[]> {
    // A loose index scan of the primary key: one probe per vector embedding, not one row per vector.
    const rows = await this.db.query<{ id: string }>(
      `WITH RECURSIVE ids AS (
         (SELECT vector_embedding_id AS id FROM fragment_embeddings ORDER BY 1 LIMIT 1)
         UNION ALL
         SELECT (SELECT fe.vector_embedding_id FROM fragment_embeddings fe
                 WHERE fe.vector_embedding_id > ids.id ORDER BY 1 LIMIT 1)
         FROM ids WHERE ids.id IS NOT NULL)
       SELECT id FROM ids WHERE id IS NOT NULL`,
    );
    return rows.map((row) => row.id);
  }
}

/** The valid index that covers the most by seq; an index from before coverage is none (it is replaced). */
function latest(indexes: VectorIndex[]): VectorIndex | undefined {
  return indexes
    .filter((index) => index.valid && index.through !== null)
    .sort((a, b) => (b.through as number) - (a.through as number))[0];
}
