/**
 * `X-Content-Type-Options: nosniff` on every answer (issue 20, item 15), whoever writes
 * it: Nest controllers and their errors, Fastify's own 404 and router errors, a refused
 * body, the raw /mcp and /api/v1/mcp routes, the agents API and its AG-UI event stream,
 * /docs, /metrics, the console, and a request Node.js cannot parse.
 */
import * as net from 'node:net';
import { initializeMessage, STREAM_HEADERS } from '../mcp/support';
import { createPipeline } from '../search/helpers';
import { keyHeaders, ADMIN, openStream, rawRequest, RawRequest } from '../support/http';
import { describeEachDatabase } from '../support/suite';

const json = { 'content-type': 'application/json' };
const admin = keyHeaders(ADMIN);

/** What Node.js answers on the socket itself, before any request exists (431). */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describeEachDatabase('security headers', (fixture) => {
  let pipelineId: string;
  let agentKey: string;

  beforeAll(async () => {
    const { api } = fixture();
    pipelineId = (await createPipeline(api, { classifications: ['public'] })).id;
    const agent = await api.post('/api/v1/agents/create', {
      name: 'Headers',
      knowledge: [{ connectorId: pipelineId }],
    });
    agentKey = agent.body.agent._key;
  });

  it('sends nosniff on every answer, errors included', async () => {
    const requests: [string, RawRequest, number][] = [
      ['root', { path: '/' }, 200],
      ['liveness', { path: '/healthz' }, 200],
      ['readiness', { path: '/readyz' }, 200],
      ['metrics', { path: '/metrics' }, 200],
      ['API description', { path: '/openapi.json' }, 200],
      ['reference', { path: '/docs' }, 200],
      ['reference asset', { path: '/docs/swagger-ui.css' }, 200],
      ['unknown reference asset', { path: '/docs/constructor' }, 404],
      ['console', { path: '/ui/' }, 200],
      ['unknown console asset', { path: '/ui/assets/missing.js' }, 404],
      ['unknown route', { path: '/no/such/route' }, 404],
      ['no key', { path: '/pipelines' }, 401],
      ['a list', { path: '/pipelines', headers: admin }, 200],
      ['not found', { path: '/pipelines/01900000-0000-7000-8000-00000000dead', headers: admin }, 404],
      [
        'invalid body',
        { method: 'POST', path: '/pipelines', headers: { ...admin, ...json }, body: '{}' },
        422,
      ],
      [
        'malformed JSON',
        { method: 'POST', path: '/pipelines', headers: { ...admin, ...json }, body: '{' },
        400,
      ],
      [
        'other media type',
        {
          method: 'POST',
          path: '/pipelines',
          headers: { ...admin, 'content-type': 'text/html' },
          body: '<b>',
        },
        415,
      ],
      [
        'body too large',
        {
          method: 'POST',
          path: '/pipelines',
          headers: { ...admin, ...json, 'content-length': 5 * 1024 * 1024 },
          headersOnly: true,
        },
        413,
      ],
      ['bad percent-encoding', { path: '/pipelines/%ff', headers: admin }, 400],
      ['path segment too long', { path: `/pipelines/${'x'.repeat(200)}`, headers: admin }, 414],
      [
        'MCP',
        {
          method: 'POST',
          path: '/mcp',
          headers: { ...admin, ...STREAM_HEADERS },
          body: JSON.stringify(initializeMessage()),
        },
        200,
      ],
      ['MCP without a key', { method: 'POST', path: '/mcp', headers: STREAM_HEADERS, body: '{}' }, 401],
      [
        'MCP stream without a session',
        { path: '/mcp', headers: { ...admin, accept: 'text/event-stream' } },
        400,
      ],
      ['Guided Mind health', { path: '/api/v1/mcp/health' }, 200],
      [
        'Guided Mind without a key',
        { method: 'POST', path: '/api/v1/mcp', headers: STREAM_HEADERS, body: '{}' },
        401,
      ],
      ['agents', { path: '/api/v1/agents', headers: admin }, 200],
      ['agents without a key', { path: '/api/v1/agents' }, 401],
      ['unknown agent', { path: '/api/v1/agents/01900000-0000-7000-8000-00000000dead', headers: admin }, 404],
      ['agents, unknown route', { path: '/api/v1/agents/x/y/z/w', headers: admin }, 404],
    ];
    const missing: string[] = [];
    for (const [what, request, status] of requests) {
      const answer = await rawRequest(fixture().trove.url, request);
      if (answer.status !== status || answer.headers['x-content-type-options'] !== 'nosniff')
        missing.push(`${what}: ${answer.status} ${String(answer.headers['x-content-type-options'])}`);
    }
    expect(missing).toEqual([]);
  });

  it('sends it on event streams', async () => {
    const url = fixture().trove.url;
    const agui = await openStream(
      url,
      `/api/v1/agents/${agentKey}/conversations/stream`,
      { ...admin, ...json, accept: 'text/event-stream' },
      {
        method: 'POST',
        body: JSON.stringify({ query: 'anything', chatMode: 'quick' }),
      },
    );
    await agui.ended;
    expect([agui.status, agui.headers['content-type'], agui.headers['x-content-type-options']]).toEqual([
      200,
      'text/event-stream; charset=utf-8',
      'nosniff',
    ]);
    const sse = await openStream(url, '/api/v1/mcp/sse', { ...admin, accept: 'text/event-stream' });
    sse.close();
    expect([sse.status, sse.headers['x-content-type-options']]).toEqual([200, 'nosniff']);
  });

  it('sends it on what Node.js answers before a request exists', async () => {
    const answer = await rawExchange(
      fixture().trove.url,
      `GET / HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.toLowerCase()).toContain('\r\nx-content-type-options: nosniff\r\n');
  });
});
