import { useEffect, useState } from 'preact/hooks';
import { get, listAll, query } from '../api/client';
import type { Job, ListEnvelope, Pipeline } from '../api/types';
import {
  Badge,
  countOf,
  Empty,
  ErrorText,
  formatTime,
  Loading,
  Page,
  Pager,
  Select,
  Table,
} from '../components';
import { useAbilities } from '../context';
import { useLoad } from '../hooks';

type Show = 'open' | 'failed' | 'all';
const STATES: Record<Show, string> = { open: 'queued,running', failed: 'failed', all: '' };

const PAGE_SIZE = 50;
const REFRESH_MS = 3000;

/**
 * Jobs with their progress, newest first and paged, the page on show refreshed every
 * 3 s: ingestion (async document and file uploads), reindex (a pipeline's models or
 * full text edited) and evaluations. A new filter or page is read at once.
 */
export function Jobs() {
  const abilities = useAbilities();
  const [show, setShow] = useState<Show>('open');
  const [after, setAfter] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<{ address: string; page: ListEnvelope<Job> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pipelines = useLoad(() => listAll<Pipeline>('/pipelines'), []);
  const names = new Map((pipelines.data ?? []).map((p) => [p.id, p.name]));
  const address = `/jobs${query({
    state$in: STATES[show],
    order: 'desc',
    total: 'true',
    limit: PAGE_SIZE,
    after,
  })}`;

  useEffect(() => {
    let current = true;
    const load = () =>
      get<ListEnvelope<Job>>(address).then(
        (page) => current && (setShown({ address, page }), setError(null)),
        (e: Error) => current && setError(e.message),
      );
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [address]);
  // Until the new address answers, the page of another filter is not shown as this one's.
  const page = shown?.address === address ? shown.page : null;
  const jobs = page?.data ?? null;

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
          onValue={(v) => (setShow(v), setAfter(undefined))}
        />
      </form>
      <ErrorText error={error} />
      {!jobs && !error && <Loading what="jobs" />}
      {page?.page_info.total !== undefined && page.page_info.total > 0 && (
        <p class="muted" role="status">
          {countOf(page.page_info.total, 'job')}, newest first.
        </p>
      )}
      {jobs && jobs.length === 0 && <Empty>No job to show.</Empty>}
      {jobs && jobs.length > 0 && (
        <Table
          caption="Jobs"
          columns={['Job', 'Pipeline', 'Kind', 'State', 'Progress', 'Queued', 'Finished', 'Errors']}
        >
          {jobs.map((job) => (
            <tr>
              <th scope="row">
                {/* Whole: ids queued in the same minute share their first characters. */}
                <code>{job.id}</code>
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
      <Pager pageInfo={page?.page_info} after={after} onAfter={setAfter} />
    </Page>
  );
}
