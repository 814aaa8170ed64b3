/**
 * The informers survive what happens to watches in a real cluster: history
 * compacted under them (410 Gone, as an ERROR event or as an HTTP status), the
 * connection cut, the watch refused for a while, the server ending it. In every
 * case a change made afterwards must still be reconciled. Resync is an hour here,
 * so only a working watch can deliver it.
 */
import type { FakeKubeApi, KubeObject } from './fake-kube-api';
import { OperatorProcess, startLeadingOperator } from './support/operator-process';
import { waitFor } from '../support/wait';

jest.setTimeout(30_000);

let api: FakeKubeApi;
let host: OperatorProcess;

beforeAll(async () => {
  ({ api, host } = await startLeadingOperator());
  await waitFor('the pipelines watch', () => api.activeWatches('pipelines', 'op') === 1);
});

afterAll(async () => {
  await host?.kill();
  await api?.close();
});

const pipelineRequests = (kind: 'list' | 'watch') =>
  api.requests.filter(
    (r) =>
      r.user === 'op' &&
      r.method === 'GET' &&
      r.path.endsWith('/pipelines') &&
      r.watch === (kind === 'watch'),
  );

function createPipeline(name: string): void {
  api.create('pipelines', {
    apiVersion: 'trove.dev/v1alpha1',
    kind: 'Pipeline',
    metadata: { name },
    spec: { name, embeddingModels: [], fullTextSearch: true, classifications: [] },
  });
}

async function reconciled(name: string): Promise<KubeObject> {
  return waitFor(`${name} to be reconciled`, () => {
    const obj = api.get('pipelines', name);
    const conditions = (obj?.status as { conditions?: { type: string; status: string }[] })?.conditions;
    return conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ? obj : undefined;
  });
}

describe('informers', () => {
  it('re-list after a watch ends with an ERROR event carrying 410 Gone', async () => {
    const lists = pipelineRequests('list').length;

    api.expireWatches('pipelines');

    await waitFor('a re-list', () => pipelineRequests('list').length > lists);
    await waitFor('the watch to be back', () => api.activeWatches('pipelines', 'op') === 1);
    createPipeline('after-error-event');
    await reconciled('after-error-event');
  });

  it('re-list when resuming a watch is answered with HTTP 410', async () => {
    api.expiredWatchResponse = 'http';
    try {
      const lists = pipelineRequests('list').length;
      const watches = pipelineRequests('watch').length;

      api.compact();
      api.dropWatches('pipelines');

      await waitFor('a watch refused with 410', () =>
        pipelineRequests('watch')
          .slice(watches)
          .some((r) => r.status === 410),
      );
      await waitFor('a re-list', () => pipelineRequests('list').length > lists);
      await waitFor('the watch to be back', () => api.activeWatches('pipelines', 'op') === 1);
      createPipeline('after-http-410');
      await reconciled('after-http-410');
    } finally {
      api.expiredWatchResponse = 'event';
    }
  });

  it('resume from the last resourceVersion after the connection drops, delivering what changed meanwhile', async () => {
    const lists = pipelineRequests('list').length;
    const watches = pipelineRequests('watch').length;

    api.dropWatches('pipelines');
    createPipeline('while-disconnected');

    await reconciled('while-disconnected');
    await waitFor('the watch to be back', () => api.activeWatches('pipelines', 'op') === 1);
    expect(pipelineRequests('watch').length).toBeGreaterThan(watches);
    // The history since the last resourceVersion was replayed: no re-list was needed.
    expect(pipelineRequests('list').length).toBe(lists);
  });

  it('keep retrying, with backoff, while the API server refuses the watch', async () => {
    const failures = () =>
      api.requests.filter(
        (r) => r.user === 'op' && r.watch && r.path.endsWith('/pipelines') && r.status === 500,
      ).length;
    const before = failures();
    const heal = api.injectFault({ method: 'GET', path: /\/pipelines$/, status: 500, times: Infinity });
    try {
      api.dropWatches('pipelines');
      await waitFor('three refused watches', () => failures() - before >= 3);
    } finally {
      heal();
    }
    await waitFor('the watch to be back', () => api.activeWatches('pipelines', 'op') === 1);
    createPipeline('after-refusals');
    await reconciled('after-refusals');
  });

  it('ask for bookmarks and resume from the bookmarked resourceVersion when the server ends the watch', async () => {
    const watches = pipelineRequests('watch');
    expect(watches.at(-1)!.query.allowWatchBookmarks).toBe('true');
    // Unrelated changes move the global resourceVersion past the last pipeline event.
    api.create('secrets', {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'unrelated' },
      type: 'Opaque',
      data: {},
    });
    const bookmarked = api.bookmark('pipelines');

    api.endWatches('pipelines');

    const resumed = await waitFor('a new watch', () => pipelineRequests('watch').slice(watches.length)[0]);
    expect(resumed.query.resourceVersion).toBe(bookmarked);
    createPipeline('after-bookmark');
    await reconciled('after-bookmark');
  });
});
