/**
 * One evaluation's results: the metrics of each search side by side (the best of each
 * column marked, in words too), a bar chart of them, the queries on which the searches
 * disagree with the passages each returned; and two evaluations compared.
 */
import { useState } from 'preact/hooks';
import { get } from '../api/client';
import type { Evaluation, EvaluationQuery, EvaluationSummary } from '../api/types';
import { Alert, Badge, Empty, ErrorText, Loading, Panel, Table } from '../components';
import { useLoad } from '../hooks';
import { best, disagreements, formatMetric, METRICS, MetricKey } from './evaluation-view';

type Summary = Pick<EvaluationSummary, 'results' | 'k'>;

export function Results(props: { base: string; summary: EvaluationSummary }) {
  const { summary } = props;
  const evaluation = useLoad(
    () =>
      summary.status === 'done' ? get<Evaluation>(`${props.base}/${summary.id}`) : Promise.resolve(null),
    [summary.id, summary.status],
  );
  const title = `Results of ${summary.name}`;
  if (summary.status !== 'done')
    return (
      <Panel title={title}>
        {summary.status === 'failed' ? (
          <Alert>The evaluation failed: {summary.error}</Alert>
        ) : (
          <p role="status">
            {summary.status === 'queued' ? 'Queued' : 'Running'}: {summary.progress.done} of{' '}
            {summary.progress.total} queries searched.
          </p>
        )}
      </Panel>
    );
  if (evaluation.error)
    return (
      <Panel title={title}>
        <ErrorText error={evaluation.error} />
      </Panel>
    );
  if (!evaluation.data)
    return (
      <Panel title={title}>
        <Loading what="the results" />
      </Panel>
    );
  const e = evaluation.data;
  return (
    <Panel title={title}>
      <p class="muted">
        {e.queries.length} queries, k = {e.k}. Means over the queries; latency per search of one query.
      </p>
      <MetricsTable summary={e} />
      <MetricsChart summary={e} />
      <Disagreements base={props.base} evaluation={e} />
    </Panel>
  );
}

function MetricsTable(props: { summary: Summary }) {
  const results = props.summary.results ?? [];
  const k = props.summary.k;
  const cell = (value: number | null | undefined, column: MetricKey | 'p50' | 'p95', digits = 3) => {
    if (value === null || value === undefined) return <td>—</td>;
    const isBest = results.length > 1 && value === best(results, column);
    return (
      <td class={isBest ? 'best' : undefined}>
        {value.toFixed(digits)}
        {isBest && (
          <span class="best-mark">
            {' '}
            ★<span class="sr-only"> best</span>
          </span>
        )}
      </td>
    );
  };
  return (
    <Table
      caption="Metrics per search"
      columns={['Search', ...METRICS.map((m) => `${m.label}@${k}`), 'p50 ms', 'p95 ms']}
    >
      {results.map((result) => (
        <tr>
          <th scope="row">
            {result.label}
            {result.error && <div class="muted">failed: {result.error}</div>}
          </th>
          {METRICS.map((m) => cell(result.metrics?.[m.key], m.key))}
          {cell(result.latency_ms?.p50, 'p50', 1)}
          {cell(result.latency_ms?.p95, 'p95', 1)}
        </tr>
      ))}
    </Table>
  );
}

const CHART = { width: 640, group: 110, barGap: 2, height: 180, top: 10, bottom: 30, left: 34 };

/** Bars per metric, one per search: an SVG whose text alternative is the table above. */
function MetricsChart(props: { summary: Summary }) {
  const results = (props.summary.results ?? []).filter((r) => r.metrics !== null);
  if (results.length === 0) return null;
  const plot = CHART.height - CHART.top - CHART.bottom;
  const barWidth = Math.max(4, (CHART.group - 20) / results.length - CHART.barGap);
  const width = Math.max(CHART.width, CHART.left + METRICS.length * CHART.group);
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${CHART.height}`}
        width={width}
        height={CHART.height}
        role="img"
        aria-label={`Bar chart of the metrics at ${props.summary.k} per search (the table above gives the values)`}
      >
        {[0, 0.5, 1].map((tick) => {
          const y = CHART.top + plot * (1 - tick);
          return (
            <g class="chart-grid">
              <line x1={CHART.left} x2={width} y1={y} y2={y} />
              <text x={CHART.left - 4} y={y + 4} text-anchor="end">
                {tick}
              </text>
            </g>
          );
        })}
        {METRICS.map((metric, m) => {
          const x0 = CHART.left + m * CHART.group + 10;
          return (
            <g>
              {results.map((result, i) => {
                const value = result.metrics![metric.key];
                const h = plot * value;
                return (
                  <rect
                    class={`chart-bar chart-bar-${i % 6}`}
                    x={x0 + i * (barWidth + CHART.barGap)}
                    y={CHART.top + plot - h}
                    width={barWidth}
                    height={h}
                  >
                    <title>
                      {result.label}: {metric.label} {value.toFixed(3)}
                    </title>
                  </rect>
                );
              })}
              <text
                class="chart-label"
                x={x0 + (CHART.group - 20) / 2}
                y={CHART.height - 10}
                text-anchor="middle"
              >
                {metric.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul class="chart-legend">
          {results.map((result, i) => (
            <li>
              <svg width="12" height="12" aria-hidden="true">
                <rect class={`chart-bar chart-bar-${i % 6}`} width="12" height="12" />
              </svg>{' '}
              {result.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The queries on which the searches' nDCG differ; one opened shows what each search returned. */
function Disagreements(props: { base: string; evaluation: Evaluation }) {
  const found = disagreements(props.evaluation);
  const [open, setOpen] = useState<number | null>(null);
  const labels = (props.evaluation.results ?? []).map((r) => r.label);
  return (
    <section aria-labelledby="disagreements">
      <h3 id="disagreements">Queries where the searches disagree ({found.length})</h3>
      {found.length === 0 ? (
        <Empty>Every search scored every query alike.</Empty>
      ) : (
        <Table
          caption="Queries where the searches disagree"
          columns={['Query', ...labels.map((l) => `nDCG ${l}`), '']}
        >
          {found.slice(0, 50).map((d) => (
            <tr aria-current={open === d.position ? 'true' : undefined}>
              <th scope="row">
                {d.query} <span class="muted">({d.id})</span>
              </th>
              {d.ndcg.map((value) => (
                <td>{formatMetric(value)}</td>
              ))}
              <td>
                <button type="button" class="secondary" onClick={() => setOpen(d.position)}>
                  Passages<span class="sr-only"> of {d.query}</span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {open !== null && <Passages base={props.base} evaluationId={props.evaluation.id} position={open} />}
    </section>
  );
}

function Passages(props: { base: string; evaluationId: string; position: number }) {
  const detail = useLoad(
    () => get<EvaluationQuery>(`${props.base}/${props.evaluationId}/queries/${props.position}`),
    [props.evaluationId, props.position],
  );
  if (detail.error) return <ErrorText error={detail.error} />;
  if (!detail.data) return <Loading what="the passages" />;
  const q = detail.data;
  return (
    <section class="passages" aria-labelledby="passages-title">
      <h3 id="passages-title">What each search returned for “{q.query}”</h3>
      {q.unknown_relevant.length > 0 && (
        <p class="muted">
          {q.unknown_relevant.length} relevant item{q.unknown_relevant.length === 1 ? '' : 's'} named nothing
          this key can read.
        </p>
      )}
      <div class="passage-columns">
        {q.results.map((result) => (
          <section aria-label={`${result.label} for ${q.query}`}>
            <h4>
              {result.label} <span class="muted">nDCG {formatMetric(result.metrics?.ndcg_at_k)}</span>
            </h4>
            {result.error && <Alert>{result.error}</Alert>}
            {!result.error && result.ranked.length === 0 && <Empty>It found nothing.</Empty>}
            <ol>
              {result.ranked.map((doc) => (
                <li>
                  {doc.grade > 0 ? (
                    <Badge tone="ok">relevant ({doc.grade})</Badge>
                  ) : (
                    <Badge>not relevant</Badge>
                  )}{' '}
                  <code>
                    {doc.external_id ?? doc.document_id ?? 'a document this key may no longer read'}
                  </code>
                  {doc.passages.map((passage) => (
                    <blockquote class="fragment-text">{passage.text.slice(0, 400)}</blockquote>
                  ))}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}

/** Two evaluations side by side: each search's metrics in both (by label), and the change. */
export function Comparison(props: { evaluations: EvaluationSummary[] }) {
  const [a, b] = props.evaluations;
  if (!a.results || !b.results)
    return (
      <Panel title="Comparison">
        <Empty>Both evaluations must be done to be compared.</Empty>
      </Panel>
    );
  const labels = [...new Set([...a.results.map((r) => r.label), ...b.results.map((r) => r.label)])];
  const metric = (e: EvaluationSummary, label: string, key: MetricKey) =>
    e.results!.find((r) => r.label === label)?.metrics?.[key] ?? null;
  return (
    <Panel title={`Comparison: ${a.name} → ${b.name}`}>
      <Table
        caption={`Metrics of ${a.name} and ${b.name}`}
        columns={['Search', ...METRICS.map((m) => `${m.label}@${a.k === b.k ? a.k : `${a.k}/${b.k}`}`)]}
      >
        {labels.map((label) => (
          <tr>
            <th scope="row">{label}</th>
            {METRICS.map((m) => {
              const before = metric(a, label, m.key);
              const after = metric(b, label, m.key);
              const delta = before !== null && after !== null ? after - before : null;
              return (
                <td>
                  {formatMetric(before)} → {formatMetric(after)}
                  {delta !== null && Math.abs(delta) > 1e-9 && (
                    <span class={delta > 0 ? 'delta-up' : 'delta-down'}>
                      {' '}
                      ({delta > 0 ? '+' : '−'}
                      {Math.abs(delta).toFixed(3)}
                      <span class="sr-only">{delta > 0 ? ' better' : ' worse'}</span>)
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </Table>
    </Panel>
  );
}
