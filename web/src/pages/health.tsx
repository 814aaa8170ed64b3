import { useRef, useState } from 'preact/hooks';
import { get } from '../api/client';
import type { Readiness, ServiceInfo } from '../api/types';
import { Badge, ErrorText, Page, Panel } from '../components';
import { useInterval } from '../hooks';
import { buckets, parseMetrics, quantileBetween, total } from './metrics';

const PERIOD_MS = 2000;
const POINTS = 36;

interface Point {
  requestsPerSecond: number;
  searchP95Ms: number | null;
  mcpSessions: number;
}

/** A small line chart of the last POINTS values (an SVG path: nothing inline for CSP to refuse). */
function Sparkline(props: { label: string; values: (number | null)[]; unit: string; integer?: boolean }) {
  const values = props.values.map((v) => v ?? 0);
  const max = Math.max(1e-9, ...values);
  const width = 240;
  const height = 56;
  const step = width / (POINTS - 1);
  const points = values.map((v, i) => ({
    x: (i + POINTS - values.length) * step,
    y: height - 4 - (v / max) * (height - 8),
  }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
  const last = props.values[props.values.length - 1];
  const shown =
    last === null || last === undefined
      ? '—'
      : `${props.integer || last >= 10 ? Math.round(last) : last.toFixed(2)}${props.unit ? ` ${props.unit}` : ''}`;
  return (
    <figure class="spark">
      <figcaption>
        <span>{props.label}</span>
        <strong>{shown}</strong>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`${props.label}: now ${shown}; the last ${values.length} samples, every ${PERIOD_MS / 1000} s`}
      >
        <path d={path} class="spark-line" />
        {points.length > 0 && (
          <circle cx={points[points.length - 1].x} cy={points[points.length - 1].y} r={3} class="spark-dot" />
        )}
      </svg>
    </figure>
  );
}

export function Health() {
  const [ready, setReady] = useState<Readiness | null>(null);
  const [info, setInfo] = useState<ServiceInfo | null>(null);
  const [points, setPoints] = useState<Point[]>([]);
  const [error, setError] = useState<string | null>(null);
  const previous = useRef<{ at: number; requests: number; search: Map<number, number> } | null>(null);

  useInterval(() => {
    get<ServiceInfo>('/').then(setInfo, () => undefined);
    // /readyz answers 503 with the same body when not ready: read it either way.
    fetch('/readyz')
      .then((r) => r.json() as Promise<Readiness>)
      .then(setReady, () => setReady(null));
    get<string>('/metrics').then(
      (text) => {
        setError(null);
        const samples = parseMetrics(text);
        const now = performance.now();
        const requests = total(samples, 'trove_http_requests_total');
        const search = buckets(samples, 'trove_search_duration_seconds');
        const before = previous.current;
        previous.current = { at: now, requests, search };
        if (!before) return;
        const p95 = quantileBetween(before.search, search, 0.95);
        const point: Point = {
          requestsPerSecond: Math.max(0, (requests - before.requests) / ((now - before.at) / 1000)),
          searchP95Ms: p95 === null ? null : p95 * 1000,
          mcpSessions: total(samples, 'trove_mcp_sessions_open'),
        };
        setPoints((all) => [...all, point].slice(-POINTS));
      },
      (e: Error) => setError(`Metrics unavailable: ${e.message}`),
    );
  }, PERIOD_MS);

  return (
    <Page title="Health">
      <Panel title="Service">
        <dl class="facts">
          <div>
            <dt>Readiness</dt>
            <dd>
              {ready ? (
                <Badge tone={ready.status === 'ready' ? 'ok' : 'bad'}>{ready.status}</Badge>
              ) : (
                <Badge tone="bad">unreachable</Badge>
              )}
            </dd>
          </div>
          {ready &&
            Object.entries(ready.checks ?? {}).map(([check, state]) => (
              <div>
                <dt>{check}</dt>
                <dd>{state}</dd>
              </div>
            ))}
          <div>
            <dt>Version</dt>
            <dd>{info ? `${info.name} ${info.version}` : '—'}</dd>
          </div>
        </dl>
      </Panel>
      <Panel title="Live figures">
        <ErrorText error={error} />
        <p class="muted">
          Sampled from /metrics every {PERIOD_MS / 1000} seconds while this page is open (this replica only).
        </p>
        <div class="sparks">
          <Sparkline
            label="Requests per second"
            values={points.map((p) => p.requestsPerSecond)}
            unit="req/s"
          />
          <Sparkline label="Search p95 (bucket bound)" values={points.map((p) => p.searchP95Ms)} unit="ms" />
          <Sparkline label="Open MCP sessions" values={points.map((p) => p.mcpSessions)} unit="" integer />
        </div>
      </Panel>
    </Page>
  );
}
