import { version } from '../../package.json';
import { keyHeaders, rawRequest } from '../support/http';
import { duplicateKeyOf } from '../support/log-check';
import { describeEachDatabase } from '../support/suite';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';

describeEachDatabase('HTTP conventions: errors, request ids, limits, health, metrics, logs', (fixture) => {
  const api = () => fixture().api;

  it('answers unknown routes with 404 and a detail body', async () => {
    const response = await api().get('/no-such-route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Cannot GET /no-such-route' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await api().request('POST', '/pipelines', '{"name": ', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^Malformed JSON body: /);
  });

  it('answers a body over 4 MiB with 413 and accepts one just under', async () => {
    const big = JSON.stringify({ name: 'x', description: 'a'.repeat(4 * 1024 * 1024) });
    // The server refuses on Content-Length alone: send only the headers and read its answer,
    // so the test does not race a socket reset against a 4 MiB upload.
    const tooLarge = await rawRequest(fixture().trove.url, {
      method: 'POST',
      path: '/pipelines',
      headers: {
        ...keyHeaders(api().credentials!),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(big),
      },
      headersOnly: true,
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({
      detail: 'Payload Too Large: request body exceeds 4194304 bytes',
    });
    const justUnder = JSON.stringify({ name: 'y', description: 'a'.repeat(4 * 1024 * 1024 - 40) });
    expect(Buffer.byteLength(justUnder)).toBeLessThanOrEqual(4 * 1024 * 1024);
    const accepted = await api().request('POST', '/pipelines', justUnder, {
      'content-type': 'application/json',
    });
    expect(accepted.status).toBe(422); // parsed, then refused by validation: the limit did not apply
    expect(accepted.body.detail).toBe('description: must be at most 4000 characters');
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await api().request('POST', '/pipelines', 'name=x', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.body.detail).toMatch(/^Unsupported Media Type/);
  });

  it('echoes the caller x-request-id, and makes one otherwise', async () => {
    const mine = await api().request('GET', '/pipelines', undefined, { 'x-request-id': 'trace-abc-123' });
    expect(mine.headers.get('x-request-id')).toBe('trace-abc-123');
    const made = await api().get('/pipelines');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const response of [
      await api().as(null).get('/pipelines'),
      await api().get('/nope'),
      await api().get('/healthz'),
    ]) {
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('serves / and the probes without a key', async () => {
    const root = await api().as(null).get('/');
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({ name: 'trove' });
    expect((await api().as(null).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await api().as(null).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('exports Prometheus metrics with request counts and latency by route and status', async () => {
    await api().get('/pipelines');
    const response = await api().as(null).get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.text).toMatch(
      /trove_http_requests_total\{method="GET",route="\/pipelines",status="200"\} \d+/,
    );
    expect(response.text).toMatch(
      /trove_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/pipelines",status="200"\}|trove_http_request_duration_seconds_bucket\{.*route="\/pipelines".*\}/,
    );
    expect(response.text).toContain('process_cpu_seconds_total');
    expect(response.text).toContain('nodejs_heap_size_used_bytes');
    expect(response.text).toMatch(/trove_db_pool_connections\{state="total"\} \d+/);
    expect(response.text).toContain(`trove_build_info{version="${version}",revision="unknown"} 1`);
  });

  it('logs one JSON line per request with id, method, route, status and duration, and never the secret', async () => {
    await api().request('GET', '/pipelines', undefined, { 'x-request-id': 'log-line-check' });
    const logLines = () =>
      fixture()
        .trove.output()
        .split('\n')
        .filter((l) => l.includes('log-line-check'));
    await waitFor('the request log line', () => logLines().length > 0);
    const lines = logLines();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(duplicateKeyOf(lines[0])).toBeUndefined();
    expect(entry).toMatchObject({
      level: 'info',
      reqId: 'log-line-check',
      method: 'GET',
      route: '/pipelines',
      status: 200,
      msg: 'request',
    });
    expect(typeof entry.durationMs).toBe('number');
    expect(fixture().trove.output()).not.toContain(api().credentials!.secret);
  });

  it('needs authentication for any other path, even unknown ones under the API', async () => {
    const response = await rawRequest(fixture().trove.url, { method: 'GET', path: '/pipelines' });
    expect(response.status).toBe(401);
  });
});

describe('a separate metrics port (TROVE_METRICS_PORT)', () => {
  let database: TroveDatabase;
  let trove: TroveProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    trove = await startTrove(database, { env: { TROVE_METRICS_PORT: '0', TROVE_REVISION: 'abc1234' } });
    const port = await waitFor('the metrics port in the log', () =>
      Number(/"Metrics listening on port (\d+)"/.exec(trove.output())?.[1] ?? 0),
    );
    metricsUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
  });

  it('serves /metrics there, and no longer on the API port', async () => {
    const metrics = await rawRequest(metricsUrl, { method: 'GET', path: '/metrics' });
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.headers['x-content-type-options']).toBe('nosniff');
    expect(metrics.body).toContain(`trove_build_info{version="${version}",revision="abc1234"} 1`);
    expect(metrics.body).toMatch(
      /trove_http_requests_total\{method="GET",route="\/readyz",status="200"\} \d+/,
    );
    const onApi = await rawRequest(trove.url, { method: 'GET', path: '/metrics' });
    expect(onApi.status).toBe(404);
  });

  it('answers nothing else on the metrics port', async () => {
    for (const path of ['/', '/readyz', '/pipelines', '/metrics/x']) {
      const answer = await rawRequest(metricsUrl, { method: 'GET', path });
      expect(answer.status).toBe(404);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await rawRequest(metricsUrl, { method: 'POST', path: '/metrics' })).status).toBe(404);
  });
});
