/**
 * The Grafana dashboard charts/trove/dashboards/trove.json: valid JSON of the shape the
 * Grafana sidecar imports, queries only metrics Trove exports, and covers every area.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './support/tools';
import { TROVE_METRIC_NAMES, metricNamesInDashboard, metricNamesInExpr } from './dashboard-metrics';

type Panel = {
  type: string;
  title: string;
  id: number;
  datasource?: { type: string; uid: string };
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: { expr: string; refId: string; datasource?: { uid: string } }[];
  panels?: Panel[];
};
type Dashboard = {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
};

const dashboard = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'charts', 'trove', 'dashboards', 'trove.json'), 'utf8')) as Dashboard;
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const queries = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, ...t })));

describe('metric name extraction', () => {
  it.each([
    ['sum by (status) (rate(trove_http_requests_total{namespace=~"$namespace", job=~"$job"}[$__rate_interval]))', ['trove_http_requests_total']],
    ['histogram_quantile(0.95, sum by (le, route) (rate(trove_http_request_duration_seconds_bucket{route!="/mcp"}[5m])))', ['trove_http_request_duration_seconds_bucket']],
    ['sum(rate(a_total[5m])) / sum(rate(b_total[5m])) > 0.05', ['a_total', 'b_total']],
    ['max(up{job="x"}) or vector(0)', ['up']],
    ['sum(x) without (instance) * on (pod) group_left(node) kube_pod_info offset 1h', ['x', 'kube_pod_info']],
    ['rate(foo{label="sum(bar)"}[1m]) * 1e3', ['foo']],
  ])('%s', (expr, names) => {
    expect(metricNamesInExpr(expr).sort()).toEqual([...names].sort());
  });

  it('reads label_values() variables and nested row panels', () => {
    const json = {
      panels: [{ type: 'row', panels: [{ targets: [{ expr: 'rate(nested_total[5m])' }] }] }],
      templating: { list: [{ type: 'query', query: { query: 'label_values(var_metric{namespace="a"}, pod)' } }, { type: 'custom', query: 'a,b' }] },
    };
    expect(metricNamesInDashboard(json)).toEqual(['nested_total', 'var_metric']);
  });
});

describe('Grafana dashboard', () => {
  it('is an importable dashboard with a stable uid', () => {
    expect(dashboard.uid).toBe('trove-overview');
    expect(dashboard.title).toBe('Trove');
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses only metrics Trove exports', () => {
    const used = metricNamesInDashboard(dashboard);
    expect(used.filter((name) => !TROVE_METRIC_NAMES.includes(name))).toEqual([]);
  });

  it('shows every metric Trove exports', () => {
    const used = metricNamesInDashboard(dashboard);
    expect(TROVE_METRIC_NAMES.filter((name) => !used.includes(name))).toEqual([]);
  });

  it('queries the ${datasource} variable and filters by namespace and job', () => {
    const variables = dashboard.templating.list.map((v) => `${v.name}:${v.type}`);
    expect(variables).toEqual(expect.arrayContaining(['datasource:datasource', 'namespace:query', 'job:query']));
    expect(queries.length).toBeGreaterThan(20);
    for (const q of queries) {
      expect({ panel: q.panel, uid: q.datasource?.uid }).toEqual({ panel: q.panel, uid: '${datasource}' });
      expect({ panel: q.panel, expr: q.expr }).toEqual({ panel: q.panel, expr: expect.stringContaining('namespace=~"$namespace", job=~"$job"') });
    }
  });

  it('has a row for each area', () => {
    const rows = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(rows).toEqual(expect.arrayContaining(['HTTP', 'MCP', 'Search', 'Embeddings', 'Agents', 'Ingestion', 'Database pool', 'Operator', 'Process']));
  });

  it('lays panels out on the 24-column grid without overlaps', () => {
    const cells = new Set<string>();
    for (const p of panels) {
      expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++) {
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
          const cell = `${x},${y}`;
          expect({ panel: p.title, overlaps: cells.has(cell) }).toEqual({ panel: p.title, overlaps: false });
          cells.add(cell);
        }
      }
    }
  });

  it('takes quantiles of histograms by le', () => {
    for (const q of queries.filter((q) => q.expr.includes('histogram_quantile'))) {
      expect(q.expr).toMatch(/histogram_quantile\([0-9.]+, sum by \(le[,)]/);
      expect(q.expr).toMatch(/_bucket\{/);
    }
  });
});
