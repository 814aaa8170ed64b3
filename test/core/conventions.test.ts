import { keyHeaders, rawRequest } from '../support/http';
import { describeEachDatabase } from '../support/suite';
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
    expect(entry).toMatchObject({
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
