import { useState } from 'preact/hooks';
import { get, listAll } from '../api/client';
import type { Job, ListEnvelope, Pipeline } from '../api/types';
import { Badge, Empty, ErrorText, formatTime, Loading, Page, Select, Table } from '../components';
import { useAbilities } from '../context';
import { useInterval, useLoad } from '../hooks';

type Show = 'open' | 'failed' | 'all';
const STATES: Record<Show, string> = { open: 'queued,running', failed: 'failed', all: '' };

/**
 * Jobs with their progress, refreshed every 3 s: ingestion (async document and file
 * uploads), reindex (a pipeline's models or full text edited) and evaluations.
 */
export function Jobs() {
  const abilities = useAbilities();
  const [show, setShow] = useState<Show>('open');
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pipelines = useLoad(() => listAll<Pipeline>('/pipelines'), []);
  const names = new Map((pipelines.data ?? []).map((p) => [p.id, p.name]));

  useInterval(() => {
    const filter = STATES[show] ? `&state$in=${STATES[show]}` : '';
    get<ListEnvelope<Job>>(`/jobs?limit=200${filter}`).then(
      (page) => (setJobs([...page.data].reverse()), setError(null)),
      (e: Error) => setError(e.message),
    );
  }, 3000);

  return (
    <Page title="Jobs">
      <p class="muted">
        {abilities.admin
          ? 'Every job: ingestion, reindex after an edit of a pipeline’s models or full text, evaluations.'
          : 'The ingestion and evaluation jobs this key queued.'}
      </p>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <Select<Show>
          label="Show"
          value={show}
          options={[
            { value: 'open', label: 'Queued and running' },
            { value: 'failed', label: 'Failed' },
            { value: 'all', label: 'All' },
          ]}
          onValue={(v) => (setShow(v), setJobs(null))}
        />
      </form>
      <ErrorText error={error} />
      {!jobs && !error && <Loading what="jobs" />}
      {jobs && jobs.length === 0 && <Empty>No job to show.</Empty>}
      {jobs && jobs.length > 0 && (
        <Table
          caption="Jobs"
          columns={['Job', 'Pipeline', 'Kind', 'State', 'Progress', 'Queued', 'Finished', 'Errors']}
        >
          {jobs.map((job) => (
            <tr>
              <th scope="row">
                <code>{job.id.slice(0, 8)}…</code>
              </th>
              <td>{names.get(job.pipeline_id) ?? <code>{job.pipeline_id.slice(0, 8)}…</code>}</td>
              <td>{job.kind}</td>
              <td>
                <Badge tone={job.state === 'failed' ? 'bad' : job.state === 'succeeded' ? 'ok' : 'warn'}>
                  {job.state}
                </Badge>
              </td>
              <td>
                <progress
                  max={job.total}
                  value={job.processed + job.failed}
                  aria-label={`Job ${job.id} progress`}
                />{' '}
                {job.processed + job.failed}/{job.total}
                {job.failed > 0 && <span class="muted"> ({job.failed} failed)</span>}
              </td>
              <td>{formatTime(job.created_at)}</td>
              <td>{formatTime(job.finished_at)}</td>
              <td>
                {job.errors.length === 0 ? (
                  <span class="muted">none</span>
                ) : (
                  <details>
                    <summary>
                      {job.errors.length} error{job.errors.length === 1 ? '' : 's'}
                    </summary>
                    <ul>
                      {job.errors.map((e) => (
                        <li>
                          {e.index >= 0 ? `#${e.index}${e.external_id ? ` (${e.external_id})` : ''}: ` : ''}
                          {e.detail}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Page>
  );
}
