/**
 * The matrix rows of /rerankers: any key reads the registry (never an api_key, the
 * endpoint's address admin keys only: the fixture's address is a secret of the others),
 * only the admin changes it.
 */
import { unique } from '../permission-matrix.fixture';
import { adminOnly, anyKey, fail, get, RestRow } from './rows';

const noApiKey = (reranker: any) => {
  if ('api_key' in reranker) fail(`the reranker ${reranker.id} shows an api_key field`);
};

export const RERANKER_READ_ROWS: RestRow[] = [
  {
    route: 'GET /rerankers',
    request: get(() => '/rerankers?limit=1000'),
    expect: anyKey(200),
    check: (body, fx) => {
      body.data.forEach(noApiKey);
      if (!body.data.some((r: any) => r.id === fx.rerankers.id && r.has_api_key))
        fail('misses the reranker with a key, or says it has none');
    },
  },
  {
    route: 'GET /rerankers/:id',
    request: get((fx) => `/rerankers/${fx.rerankers.id}`),
    expect: anyKey(200),
    check: noApiKey,
  },
  {
    // A probe changes nothing; this reranker's endpoint cannot be reached, which the probe says with 200.
    route: 'POST /rerankers/:id/test',
    request: (fx) => ({ method: 'POST', path: `/rerankers/${fx.rerankers.id}/test` }),
    expect: adminOnly(200),
    check: (body) => {
      if (body.ok !== false || typeof body.error !== 'string') fail(`probe: ${JSON.stringify(body)}`);
    },
  },
];

export const RERANKER_WRITE_ROWS: RestRow[] = [
  {
    route: 'POST /rerankers',
    request: () => ({
      method: 'POST',
      path: '/rerankers',
      body: { name: unique('made-reranker'), provider: 'tei', endpoint: 'http://127.0.0.1:9' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'DELETE /rerankers/:id',
    request: (fx) => ({ method: 'DELETE', path: `/rerankers/${fx.rerankers.doomed}` }),
    expect: adminOnly(204),
  },
];
