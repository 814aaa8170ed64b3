/**
 * Compaction of BM25's statistics: every write of fragments adds rows of changes
 * (full-text-sql.ts), which searches sum; a pipeline written to is compacted a little
 * later (COMPACT_AFTER_MS after its first write since the last compaction, whatever
 * follows), in the background, one pipeline at a time, so that the rows a search sums
 * stay few however long a load goes on. A compaction that fails is logged and left for
 * the next write; searches stay right meanwhile, only their sums longer.
 */
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { FullTextStatisticsRepository } from './full-text-statistics.repository';

export const COMPACT_AFTER_MS = 10_000;

@Injectable()
export class FullTextStatistics implements BeforeApplicationShutdown {
  private readonly logger = new Logger(FullTextStatistics.name);
  private readonly scheduled = new Map<string, NodeJS.Timeout>();
  private running: Promise<void> = Promise.resolve();
  private closing = false;

  constructor(private readonly repository: FullTextStatisticsRepository) {}

  /** The pipeline's fragments were written (or their writing was attempted). */
  written(pipelineId: string): void {
    if (this.closing || this.scheduled.has(pipelineId)) return;
    const timer = setTimeout(() => {
      this.scheduled.delete(pipelineId);
      this.running = this.running.then(() => this.compact(pipelineId));
    }, COMPACT_AFTER_MS);
    timer.unref();
    this.scheduled.set(pipelineId, timer);
  }

  /** Compacts the pipeline's statistics now; never throws. */
  async compact(pipelineId: string): Promise<void> {
    if (this.closing) return;
    try {
      await this.repository.compact(pipelineId);
    } catch (error) {
      this.logger.warn({ err: error, pipelineId }, 'Full-text statistics compaction failed');
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    for (const timer of this.scheduled.values()) clearTimeout(timer);
    this.scheduled.clear();
    await this.running;
  }
}
