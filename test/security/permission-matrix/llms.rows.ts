/** The matrix rows of /llms: any key reads the registry (never an api_key), only the admin changes it. */
import { unique } from '../permission-matrix.fixture';
import { adminOnly, anyKey, fail, get, RestRow } from './rows';

/** The built-in extractive LLM of a fresh install. */
const EXTRACTIVE = '01900000-0000-7000-8000-000000000003';

/** An LLM as every key sees it: says whether it has a key, never which. */
const noApiKey = (llm: any) => {
  if ('api_key' in llm) fail(`the LLM ${llm.id} shows an api_key field`);
};

export const LLM_READ_ROWS: RestRow[] = [
  {
    route: 'GET /llms',
    request: get(() => '/llms?limit=1000'),
    expect: anyKey(200),
    check: (body, fx) => {
      body.data.forEach(noApiKey);
      const llm = body.data.find((l: any) => l.id === fx.agents.llm.id);
      if (!llm?.has_api_key) fail('misses the LLM with a key, or says it has none');
    },
  },
  {
    route: 'GET /llms/:id',
    case: 'the built-in extractive LLM',
    request: get(() => `/llms/${EXTRACTIVE}`),
    expect: anyKey(200),
  },
  {
    route: 'GET /llms/:id',
    case: 'an LLM with an api_key',
    request: get((fx) => `/llms/${fx.agents.llm.id}`),
    expect: anyKey(200),
    check: noApiKey,
  },
  {
    // A probe changes nothing: it asks the model one question and answers what happened.
    route: 'POST /llms/:id/test',
    request: () => ({ method: 'POST', path: `/llms/${EXTRACTIVE}/test` }),
    expect: adminOnly(200),
    check: (body) => {
      if (body.ok !== true) fail(`probe failed: ${JSON.stringify(body)}`);
    },
  },
];

export const LLM_WRITE_ROWS: RestRow[] = [
  {
    route: 'POST /llms',
    request: () => ({
      method: 'POST',
      path: '/llms',
      body: { name: unique('made-llm'), provider: 'extractive' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PATCH /llms/:id',
    request: (fx) => ({
      method: 'PATCH',
      path: `/llms/${fx.agents.llm.id}`,
      body: { description: unique('d') },
    }),
    expect: adminOnly(200),
    check: noApiKey,
  },
  {
    route: 'DELETE /llms/:id',
    request: (fx) => ({ method: 'DELETE', path: `/llms/${fx.agents.llm.doomed}` }),
    expect: adminOnly(204),
  },
];
