import { DynamicModule, Global, Module } from '@nestjs/common';
import { Settings } from '../config/settings';
import { HealthController } from './health.controller';
import { LifecycleService } from './lifecycle.service';
import { MetricsController } from './metrics.controller';

@Global()
@Module({})
export class ObservabilityModule {
  /** /metrics joins the API routes unless TROVE_METRICS_PORT gives it a listener of its own. */
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: ObservabilityModule,
      controllers: settings.metricsPort === null ? [HealthController, MetricsController] : [HealthController],
      providers: [LifecycleService],
      exports: [LifecycleService],
    };
  }
}
