/**
 * Every metric the Grafana dashboard queries is exported by a running Trove.
 * Labelled metrics have no samples until first used, so the check reads the
 * `# TYPE` lines, which prom-client writes for every registered metric.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { metricNamesInDashboard } from './dashboard-metrics';
import { describeEachDatabase } from '../support/suite';

const DASHBOARD = path.resolve(__dirname, '../../charts/trove/dashboards/trove.json');

/** Series names a metric family produces: histograms add _bucket, _sum and _count. */
function seriesOf(family: string, type: string): string[] {
  return type === 'histogram' || type === 'summary'
    ? [family, `${family}_bucket`, `${family}_sum`, `${family}_count`]
    : [family];
}

describeEachDatabase('the dashboard against a running Trove', (fixture) => {
  it('queries only metrics that /metrics exports', async () => {
    const response = await fixture().api.as(null).get('/metrics');
    expect(response.status).toBe(200);
    const exported = new Set(
      [...response.text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, family, type]) => seriesOf(family, type)),
    );
    const queried = metricNamesInDashboard(JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')));
    expect(queried.length).toBeGreaterThan(15);
    expect(queried.filter((name) => !exported.has(name))).toEqual([]);
  });
});
