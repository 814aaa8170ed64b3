/**
 * `trove_evaluation_metric{pipeline, search, metric}`: the metrics of each pipeline's
 * last finished evaluation, so retrieval quality sits beside latency in Grafana. Read
 * from the database at start, every GAUGE_REFRESH_MS, and when an evaluation of this
 * replica ends or is deleted: every replica exports the same figures, whichever ran it.
 * A scrape of /metrics never queries the database.
 */
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { evaluationMetric } from '../observability/metrics';
import { EvaluationsRepository } from './evaluations.repository';

const GAUGE_REFRESH_MS = 15_000;

@Injectable()
export class EvaluationGauges implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly repository: EvaluationsRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.refresh(), GAUGE_REFRESH_MS);
    this.timer.unref();
    void this.refresh();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    try {
      const latest = await this.repository.latestFinished();
      evaluationMetric.reset();
      for (const { pipeline_id: pipeline, summary } of latest)
        for (const { label, metrics } of summary)
          for (const [metric, value] of Object.entries(metrics ?? {}))
            evaluationMetric.set({ pipeline, search: label, metric }, value);
    } catch {
      // Metrics must never fail work; the next refresh will try again.
    }
  }
}
