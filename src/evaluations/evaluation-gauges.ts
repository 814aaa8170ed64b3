/**
 * `trove_evaluation_metric{pipeline, search, metric}`: the metrics of each pipeline's
 * last finished evaluation (`pipeline` its name, `search` the label), so retrieval
 * quality sits beside latency in Grafana. Read from the database at start, every
 * GAUGE_REFRESH_MS, and when an evaluation of this replica ends or is deleted: every
 * replica exports the same figures, whichever ran it. A scrape of /metrics never
 * queries the database.
 *
 * The labels name pipelines and what their owners called their searches, which the
 * public /metrics of the API port must not: the gauges are exported only with
 * TROVE_METRICS_EVALUATIONS, on by default when /metrics has a port of its own.
 */
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SETTINGS, Settings } from '../config/settings';
import { evaluationMetric } from '../observability/metrics';
import { PipelinesService } from '../pipelines/pipelines.service';
import { EvaluationsRepository } from './evaluations.repository';

const GAUGE_REFRESH_MS = 15_000;

@Injectable()
export class EvaluationGauges implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly repository: EvaluationsRepository,
    private readonly pipelines: PipelinesService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.settings.metricsEvaluations) return;
    this.timer = setInterval(() => void this.refresh(), GAUGE_REFRESH_MS);
    this.timer.unref();
    void this.refresh();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    if (!this.settings.metricsEvaluations) return;
    try {
      const latest = await this.repository.latestFinished();
      const names = new Map<string, string>();
      for (const { pipeline_id: id } of latest) {
        const pipeline = await this.pipelines.find(id);
        if (pipeline) names.set(id, pipeline.name);
      }
      evaluationMetric.reset();
      for (const { pipeline_id: id, summary } of latest) {
        const pipeline = names.get(id);
        if (pipeline === undefined) continue; // deleted meanwhile
        for (const { label, metrics } of summary)
          for (const [metric, value] of Object.entries(metrics ?? {}))
            evaluationMetric.set({ pipeline, search: label, metric }, value);
      }
    } catch {
      // Metrics must never fail work; the next refresh will try again.
    }
  }
}
