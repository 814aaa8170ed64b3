/**
 * Vector search: the nearest live fragments of a scope, never fewer than exist.
 *
 * Each search is planned (scan-plan.ts) from sizes remembered for a few seconds, run
 * by VectorScanRepository, rerun exactly when an index scan comes back short, and,
 * now and then, sampled for recall tuning (recall-sampler.ts). A filter whose matches
 * were lately found few (searched exactly) or many is not counted again meanwhile.
 */
import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { SETTINGS, Settings } from '../../config/settings';
import { searchExactFallbacks } from '../../observability/metrics';
import { indexedType } from '../vector-index/vector-index';
import { RecallSampler } from './recall-sampler';
import { RecallTuner } from './recall-tuning';
import {
  efSearch,
  INDEXED_STRATEGY,
  needsScopeSize,
  planScan,
  ScanMode,
  SCOPE_PROBE_FACTOR,
} from './scan-plan';
import { TtlCache } from './ttl-cache';
import { ScanQuery, VectorHit, VectorScanRepository } from './vector-scan.repository';

/** How long what a search learnt of sizes is remembered, and for how many keys at most. */
const REMEMBER_MS = 10_000;
const MAX_REMEMBERED = 10_000;

@Injectable()
export class VectorSearch implements BeforeApplicationShutdown {
  private readonly vectorCounts = new TtlCache<number>(REMEMBER_MS, MAX_REMEMBERED);
  private readonly scopeCounts = new TtlCache<number>(REMEMBER_MS, MAX_REMEMBERED);
  private readonly unitLength = new TtlCache<boolean>(REMEMBER_MS, MAX_REMEMBERED);
  /**
   * What each vector embedding's index covers. Remembered a while like the sizes: a search
   * that knows of an older index than the newest scans more vectors exactly, never fewer.
   */
  private readonly coverage = new TtlCache<number | null>(REMEMBER_MS, MAX_REMEMBERED);
  /** Whether a filtered scope's matches were few (searched exactly) or many, lately. */
  private readonly filterMatches = new TtlCache<'few' | 'many'>(REMEMBER_MS, MAX_REMEMBERED);
  private readonly tuner: RecallTuner;
  private readonly sampler: RecallSampler;

  constructor(
    private readonly repository: VectorScanRepository,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.tuner = new RecallTuner(settings.vectorIndex.recallTarget, settings.vectorIndex.recallSampleEvery);
    this.sampler = new RecallSampler(this.tuner, (query) => this.nearestWith(query, 'exact'));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.sampler.close();
  }

  /** The `limit` nearest live fragments in scope, nearest first; never fewer than exist. */
  async nearest(query: ScanQuery): Promise<VectorHit[]> {
    const planned = await this.plan(query);
    const filterKey = planned === 'exact-if-small' ? filterKeyOf(query) : null;
    const known = filterKey === null ? undefined : this.filterMatches.get(filterKey);
    const mode: ScanMode = known === undefined ? planned : known === 'few' ? 'exact' : 'indexed';
    const { hits, exact, searched } = await this.scan(query, mode);
    // (An exact-if-small search that found nothing cannot tell which way it went: it is rerun exactly.)
    if (filterKey !== null && mode === 'exact-if-small' && hits.length > 0)
      this.filterMatches.set(filterKey, exact ? 'few' : 'many');
    if (mode === 'exact' || exact) return hits;
    if (hits.length >= query.limit) {
      if (mode === 'indexed' && !query.selective && searched) this.sampler.searched(query, hits, searched);
      return hits;
    }
    searchExactFallbacks.inc();
    return this.nearestWith(query, 'exact');
  }

  /** One scan mode, without fallback: what the benchmark compares. */
  async nearestWith(query: ScanQuery, mode: ScanMode): Promise<VectorHit[]> {
    return (await this.scan(query, mode)).hits;
  }

  private async plan(query: ScanQuery): Promise<ScanMode> {
    const threshold = this.settings.vectorIndex.exactBelow;
    // An index serves the query when one exists for the size, and the strategy is cosine or
    // the vectors all have unit length.
    const indexable =
      indexedType(query.size) !== null &&
      (query.strategy === INDEXED_STRATEGY || (await this.unit(query.vectorEmbeddingId)));
    if (!indexable) return 'exact';
    const vectors = await this.countVectors(query.vectorEmbeddingId);
    const scope = needsScopeSize(query, vectors, threshold) ? await this.countScope(query) : Infinity;
    return planScan(query, { vectors, scope, unit: true }, threshold);
  }

  private async scan(query: ScanQuery, mode: ScanMode) {
    const exactBelow = this.settings.vectorIndex.exactBelow;
    if (mode === 'exact') {
      const result = await this.repository.scan(query, mode, {
        exactBelow,
        efSearch: 0,
        coveredThrough: null,
      });
      return { ...result, searched: null };
    }
    const coveredThrough = await this.coverage.through(query.vectorEmbeddingId, () =>
      this.repository.coverage(query.vectorEmbeddingId),
    );
    const base = efSearch(this.settings.vectorIndex.efSearch, query.limit);
    const searched = {
      ef: this.tuner.efSearch(query.vectorEmbeddingId, base),
      factor: this.tuner.factor(query.vectorEmbeddingId),
      plain: base === this.settings.vectorIndex.efSearch,
    };
    const result = await this.repository.scan(query, mode, {
      exactBelow,
      efSearch: searched.ef,
      coveredThrough,
    });
    return { ...result, searched };
  }

  /** Counted up to one more than the exact-search threshold: a size chooses a method, never limits results. */
  private countVectors(vectorEmbeddingId: string): Promise<number> {
    const threshold = this.settings.vectorIndex.exactBelow;
    if (threshold === 0) return Promise.resolve(Infinity);
    return this.vectorCounts.through(vectorEmbeddingId, () =>
      this.repository.countVectors(vectorEmbeddingId, threshold + 1),
    );
  }

  /** The scope's classifications (its filter aside), counted up to one more than SCOPE_PROBE_FACTOR times the threshold. */
  private countScope(query: ScanQuery): Promise<number> {
    const threshold = this.settings.vectorIndex.exactBelow;
    if (threshold === 0) return Promise.resolve(Infinity);
    const classifications = [...query.classifications].sort();
    return this.scopeCounts.through(`${query.pipelineId} ${JSON.stringify(classifications)}`, () =>
      this.repository.countScope(
        { pipelineId: query.pipelineId, classifications },
        SCOPE_PROBE_FACTOR * threshold + 1,
      ),
    );
  }

  private unit(vectorEmbeddingId: string): Promise<boolean> {
    return this.unitLength.through(vectorEmbeddingId, () => this.repository.unitLength(vectorEmbeddingId));
  }
}

/** What identifies a filtered scope in `filterMatches`. */
function filterKeyOf(query: ScanQuery): string {
  const classifications = [...query.classifications].sort();
  // Hashed: a filter may hold a thousand conditions, and thousands of filters are remembered.
  const filter = createHash('sha256')
    .update(JSON.stringify([classifications, query.filter]))
    .digest('base64');
  return `${query.vectorEmbeddingId} ${filter}`;
}
