/**
 * The background half of recall tuning (recall-tuning.ts): now and then, once an
 * unfiltered index search has answered, its exact answer is computed and the share of
 * it the search had returned is one recall sample for the tuner. One sample runs at a
 * time (each is an exact scan), none once shutdown begins, and a failed one is logged,
 * never seen by the search.
 */
import { Logger } from '@nestjs/common';
import { searchRecall } from '../../observability/metrics';
import { RecallTuner, recallOf } from './recall-tuning';
import { ScanQuery, VectorHit } from './vector-scan.repository';

/** How a search was run through the index: its ef_search, the factor it had, whether it was plain. */
export interface IndexedSearch {
  ef: number;
  factor: number;
  plain: boolean;
}

export class RecallSampler {
  private readonly logger = new Logger(RecallSampler.name);
  private running: Promise<void> | null = null;
  private closing = false;

  constructor(
    private readonly tuner: RecallTuner,
    /** The exact answer to a query (an exact scan). */
    private readonly exact: (query: ScanQuery) => Promise<VectorHit[]>,
  ) {}

  /** Counts an unfiltered index search, and samples it when the tuner asks. */
  searched(query: ScanQuery, hits: VectorHit[], searched: IndexedSearch): void {
    if (this.closing || this.running || !this.tuner.searched(query.vectorEmbeddingId, Date.now())) return;
    this.running = this.exact({ ...query, reads: 'ids' })
      .then((exact) => this.record(query.vectorEmbeddingId, recallOf(hits, exact), searched))
      .catch((error) => this.logger.warn({ err: error }, 'Recall sample failed'))
      .finally(() => (this.running = null));
  }

  /** No new sample, and the running one done: before the database closes. */
  async close(): Promise<void> {
    this.closing = true;
    await this.running;
  }

  private record(vectorEmbeddingId: string, recall: number, searched: IndexedSearch): void {
    searchRecall.observe(recall);
    const decision = this.tuner.record(vectorEmbeddingId, recall, searched);
    if (decision === 'kept') return;
    const factor = this.tuner.factor(vectorEmbeddingId);
    this.logger.log(
      { vectorEmbeddingId, factor },
      `Recall tuning: ef_search ${decision} to ${factor} × the configured one`,
    );
  }
}
