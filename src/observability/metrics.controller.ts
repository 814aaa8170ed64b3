import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../common/public';
import { DatabaseService } from '../database/database.service';
import { dbPoolConnections, registry } from './metrics';
import { ApiDoc } from '../openapi/api-doc';

/** GET /metrics on the API port; with TROVE_METRICS_PORT, metrics-server.ts serves it instead. */
@Controller()
@Public()
export class MetricsController {
  constructor(private readonly db: DatabaseService) {}

  @Get('metrics')
  @ApiDoc({
    summary: 'Prometheus metrics (text exposition format)',
    produces: { mediaType: 'text/plain', description: 'The Prometheus text exposition format 0.0.4' },
  })
  @Header('content-type', registry.contentType)
  metrics() {
    return scrape(this.db);
  }
}

/** The exposition text, with the pool gauges read at scrape time. */
export function scrape(db: DatabaseService): Promise<string> {
  const pool = db.poolConnections();
  if (pool) {
    dbPoolConnections.set({ state: 'total' }, pool.total);
    dbPoolConnections.set({ state: 'idle' }, pool.idle);
    dbPoolConnections.set({ state: 'waiting' }, pool.waiting);
  }
  return registry.metrics();
}
