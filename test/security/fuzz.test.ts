/**
 * Malformed requests to every route (issue 8, "Done when"): generated bodies,
 * headers, query strings and path parameters, sent with fast-check from a fixed
 * seed and a bounded number of runs, to every REST route of routes.ts and to
 * the MCP endpoint. Whatever arrives, Trove must answer in time, without a 5xx,
 * in the edge's error shape (`{"detail"}` over REST; the published plain-text,
 * JSON-RPC or event-stream forms at /mcp), and still be alive at the end.
 *
 * 501 and 502 are answers of the contract, not failures (the hybrid and history
 * placeholders, full text on a pipeline without it, an embedding endpoint that
 * refuses), and keep the error shape.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { Api, rawRequest, RawResponse } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { initializeMessage, parseSse, STREAM_HEADERS } from '../mcp/support';
import { Fixture, Route, routeKey, ROUTES } from './routes';

// CI runs one fixed seed; to explore, run with FUZZ_SEED=<n> and FUZZ_SCALE=<multiplier of the runs>.
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const REST_RUNS = 600 * SCALE;
const MCP_RUNS = 300 * SCALE;
/** A request that takes longer than this counts as a hang. */
const ANSWER_WITHIN_MS = 20_000;

const ADMIN_HEADERS = (api: Api) => ({
  'x-api-key': api.credentials!.id,
  'x-api-key-secret': api.credentials!.secret,
});

// ---- values ---------------------------------------------------------------------------------

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀',
  'é',
  '%00',
  '../../etc/passwd',
  "'; DROP TABLE pipelines; --",
  '$eq',
  '*',
  'x'.repeat(10_000),
  'word '.repeat(200),
  '\n\r\t',
  '01900000-0000-7000-8000-000000000001',
];
const weirdString = fc.oneof(
  { arbitrary: fc.constantFrom(...WEIRD_STRINGS), weight: 3 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);
const { value: weirdValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { arbitrary: weirdString, weight: 4 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.constantFrom(null, true, false, 1e308, -1, 0, 65536, 2 ** 53 + 1, 0.5), weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(weirdString, tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
}));

function nested(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}
const MALFORMED_BODIES = [
  '{',
  '{"a":',
  '[1,]',
  'null',
  '""',
  '0',
  'NaN',
  '1e99999',
  '{"a":1}{"b":2}',
  nested(100_000),
];

// ---- REST requests ---------------------------------------------------------------------------

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

/** Encodes for a URL; a lone surrogate (which encodeURIComponent refuses) becomes its raw, invalid UTF-8 escape. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'limit',
          'after',
          'before',
          'name',
          'name$eq',
          'name$contains',
          'name$in',
          'name$regex',
          'x$y$z',
          '$',
          'version',
          'version$gt',
          'expired',
          'async',
          'external_id$in',
          'classification$ne',
          'full_text_search',
          'provider$startswith',
        ),
        printable.map(encode),
      ),
      fc.oneof(
        weirdString.map(encode),
        fc.constantFrom('%00', '%zz', '%', '%ED%A0%80', '-1', '0', '1001', 'true', 'nope', 'a,b,,c'),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

const credentials = (api: Api) =>
  fc.constantFrom<Record<string, string>>(
    ...Array.from({ length: 6 }, () => ADMIN_HEADERS(api)),
    {},
    { 'x-api-key': 'not-a-key', 'x-api-key-secret': 'x' },
    { 'x-api-key': randomUUID(), 'x-api-key-secret': 'unknown-key-secret' },
    { 'x-api-key': api.credentials!.id, 'x-api-key-secret': 'wrong-secret' },
    { 'x-api-key': api.credentials!.id },
  );

const contentType = fc.constantFrom<string | undefined>(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);

function bodyText(route: Route, fixture: Fixture): fc.Arbitrary<string | Buffer> {
  const valid = route.body ? (route.body(fixture) as Record<string, unknown>) : {};
  const keys = [...Object.keys(valid), 'unknown_field'];
  return fc.oneof(
    fc.constant(JSON.stringify(valid)),
    fc
      .tuple(fc.constantFrom(...keys), weirdValue)
      .map(([key, value]) => JSON.stringify({ ...valid, [key]: value })),
    fc.constantFrom(...keys).map((key) => JSON.stringify({ ...valid, [key]: undefined })),
    fc
      .array(fc.tuple(fc.constantFrom(...keys), weirdValue), { maxLength: 3 })
      .map((changes) => JSON.stringify([valid, Object.fromEntries(changes)])),
    weirdValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(...MALFORMED_BODIES),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  );
}

function pathFor(route: Route, fixture: Fixture): fc.Arbitrary<string> {
  const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as keyof Fixture);
  const valueOf = (param: keyof Fixture) =>
    fc.oneof(
      // Deleting the fixture would leave little to fuzz afterwards: delete routes get its ids rarely.
      { arbitrary: fc.constant(fixture[param]), weight: route.method === 'DELETE' ? 1 : 6 },
      { arbitrary: fc.uuid(), weight: 2 },
      {
        arbitrary: fc.constantFrom('not-a-uuid', '%00', '%zz', '..', 'x'.repeat(150), '%F0%9F%98%80', '%20'),
        weight: 2,
      },
      { arbitrary: weirdString.map(encode), weight: 1 },
    );
  return fc
    .tuple(fc.tuple(...params.map(valueOf)), fc.option(queryString, { nil: undefined }))
    .map(([values, query]) => {
      let path = route.path;
      params.forEach((param, i) => (path = path.replace(`:${param}`, values[i] === '' ? 'x' : values[i])));
      return query === undefined ? path : `${path}?${query}`;
    });
}

function restRequest(route: Route, fixture: Fixture, api: Api): fc.Arbitrary<FuzzRequest> {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc
    .record({
      path: pathFor(route, fixture),
      credentials: credentials(api),
      contentType,
      requestId: fc.option(printable, { nil: undefined }),
      body: withBody
        ? fc.option(bodyText(route, fixture), { freq: 8, nil: undefined })
        : fc.constant(undefined),
    })
    .map(({ path, credentials, contentType, requestId, body }) => {
      const headers: Record<string, string> = { ...credentials };
      if (contentType !== undefined && body !== undefined) headers['content-type'] = contentType;
      if (requestId !== undefined) headers['x-request-id'] = requestId;
      return { method: route.method, path, headers, body };
    });
}

// ---- MCP requests ----------------------------------------------------------------------------

/** Valid arguments of each tool, which the fuzzer changes one or two at a time. */
function toolArguments(fixture: Fixture): Record<string, Record<string, unknown>> {
  return {
    get_pipelines: { query: 'fuzz', limit: 5, offset: 0 },
    get_pipeline_classifications: { pipeline_id: fixture.pipelineId },
    search_knowledge: {
      pipeline_id: fixture.pipelineId,
      query: 'fuzzed',
      classifications: ['public'],
      type: 'mmr',
      params: { k: 2, fetch_k: 4, lambda_mult: 0.5 },
    },
  };
}

function toolCall(fixture: Fixture): fc.Arbitrary<unknown> {
  const tools = toolArguments(fixture);
  return fc.constantFrom(...Object.keys(tools)).chain((name) =>
    fc
      .array(fc.tuple(fc.constantFrom(...Object.keys(tools[name]), 'type', 'extra'), weirdValue), {
        minLength: 1,
        maxLength: 2,
      })
      .map((changes) => ({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name, arguments: { ...tools[name], ...Object.fromEntries(changes) } },
      })),
  );
}

function anyMessage(fixture: Fixture): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      initializeMessage(),
      { jsonrpc: '2.0', id: 3, method: 'ping' },
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ),
    toolCall(fixture),
    weirdValue.map((params) => ({ jsonrpc: '2.0', id: 5, method: 'tools/call', params })),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** A tool call with changed arguments, in a live session with every header right: the arguments get fuzzed. */
function sessionToolCall(fixture: Fixture, api: Api, sessionId: string): fc.Arbitrary<FuzzRequest> {
  return toolCall(fixture).map((message) => ({
    method: 'POST',
    path: '/mcp',
    headers: {
      ...ADMIN_HEADERS(api),
      ...STREAM_HEADERS,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(message),
  }));
}

/** Any request to /mcp: methods, headers, sessions and bodies all varied. */
function anyMcpRequest(fixture: Fixture, api: Api, sessionId: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'DELETE', 'PUT'),
      credentials: credentials(api),
      accept: fc.constantFrom<string | undefined>(
        STREAM_HEADERS.accept,
        STREAM_HEADERS.accept,
        'text/event-stream',
        'application/json',
        '*/*',
        undefined,
      ),
      contentType: fc.constantFrom<string | undefined>(
        'application/json',
        'application/json',
        'text/plain',
        undefined,
      ),
      session: fc.option(fc.constantFrom(sessionId, randomUUID(), 'junk'), { nil: undefined }),
      version: fc.option(fc.constantFrom('2025-11-25', '2026-07-28', '2024-11-05', '1999-01-01', 'junk'), {
        nil: undefined,
      }),
      body: fc.oneof(
        anyMessage(fixture).map((message) => JSON.stringify(message) ?? 'null'),
        fc.constantFrom(...MALFORMED_BODIES),
      ),
      subpath: fc.constantFrom('', '', '', '', '/', '/x'),
    })
    .map(({ method, credentials, accept, contentType, session, version, body, subpath }) => {
      const headers: Record<string, string> = { ...credentials };
      if (accept !== undefined) headers.accept = accept;
      if (contentType !== undefined) headers['content-type'] = contentType;
      // A GET within a live session is an event stream that stays open by design: not a hang to test for.
      if (session !== undefined && !(method === 'GET' && session === sessionId))
        headers['mcp-session-id'] = session;
      if (version !== undefined) headers['mcp-protocol-version'] = version;
      return { method, path: `/mcp${subpath}`, headers, body: method === 'GET' ? undefined : body };
    });
}

function mcpRequest(fixture: Fixture, api: Api, sessionId: string): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: sessionToolCall(fixture, api, sessionId), weight: 3 },
    { arbitrary: anyMcpRequest(fixture, api, sessionId), weight: 2 },
  );
}

// ---- answers -------------------------------------------------------------------------------

async function send(baseUrl: string, request: FuzzRequest): Promise<RawResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([rawRequest(baseUrl, request), hang]);
  } finally {
    clearTimeout(timer);
  }
}

function fail(request: FuzzRequest, response: RawResponse, problem: string): never {
  const shown = typeof request.body === 'string' ? request.body.slice(0, 200) : request.body;
  throw new Error(
    `${problem}\n${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers)} ${JSON.stringify(shown)}\n` +
      `=> ${response.status} ${JSON.stringify(response.headers['content-type'])} ${response.body.slice(0, 300)}`,
  );
}

const serverFault = (status: number) => status >= 500 && status !== 501 && status !== 502;

/** Phrases of PostgreSQL's and the drivers' messages, which no answer may carry. */
const DATABASE_TEXT =
  /invalid byte sequence|invalid input syntax|violates|syntax error at|value too long for type|stack depth limit|in tsquery|unsupported Unicode escape|QueryFailedError|ECONNREFUSED|Connection terminated/i;

function checkRest(route: Route, request: FuzzRequest, response: RawResponse): void {
  if (serverFault(response.status)) fail(request, response, 'a server error');
  if (DATABASE_TEXT.test(response.body)) fail(request, response, 'database text in the answer');
  if (!response.headers['x-request-id']) fail(request, response, 'no x-request-id');
  const json = () => {
    try {
      return JSON.parse(response.body) as unknown;
    } catch {
      return fail(request, response, 'a body that is not JSON');
    }
  };
  if (response.status >= 400) {
    const body = json() as Record<string, unknown>;
    if (
      body === null ||
      typeof body !== 'object' ||
      Object.keys(body).join() !== 'detail' ||
      typeof body.detail !== 'string'
    )
      fail(request, response, 'an error that is not {"detail": "..."}');
  } else if (route.kind !== 'rest-text' && response.status !== 204) {
    json();
  }
}

function checkMcp(request: FuzzRequest, response: RawResponse): void {
  if (serverFault(response.status)) fail(request, response, 'a server error');
  if (DATABASE_TEXT.test(response.body)) fail(request, response, 'database text in the answer');
  if (!response.headers['x-request-id']) fail(request, response, 'no x-request-id');
  const type = String(response.headers['content-type'] ?? '');
  const isRpc = (message: Record<string, unknown>) =>
    message?.jsonrpc === '2.0' &&
    ('result' in message ||
      (typeof (message.error as { code?: unknown })?.code === 'number' &&
        typeof (message.error as { message?: unknown })?.message === 'string'));
  try {
    if (type.startsWith('text/event-stream')) {
      for (const event of parseSse(response.body))
        if (event.data !== '' && !isRpc(JSON.parse(event.data)))
          fail(request, response, 'an event that is not JSON-RPC');
    } else if (type.startsWith('application/json')) {
      const body = JSON.parse(response.body);
      const detail = Object.keys(body).join() === 'detail' && typeof body.detail === 'string';
      if (!detail && !isRpc(body)) fail(request, response, 'JSON that is neither {"detail"} nor JSON-RPC');
    } else if (response.body !== '' && !type.startsWith('text/plain')) {
      fail(request, response, 'an unexpected media type');
    } else if (response.body === '' && ![202, 404].includes(response.status)) {
      fail(request, response, 'an empty answer');
    }
  } catch (error) {
    if (error instanceof SyntaxError) fail(request, response, `a body that does not parse: ${error.message}`);
    throw error;
  }
}

// ---- the test --------------------------------------------------------------------------------

async function createFixture(api: Api): Promise<Fixture> {
  const created = async (path: string, body: unknown, status = 201) => {
    const response = await api.request('POST', path, body);
    if (response.status !== status) throw new Error(`${path}: ${response.status} ${response.text}`);
    return response.body;
  };
  const pipeline = await created('/pipelines', {
    name: 'fuzz-target',
    classifications: ['public', 'internal'],
    hierarchy: [['internal', 'public']],
  });
  const document = await created(`/pipelines/${pipeline.id}/documents`, {
    content: 'The fuzz target document, about refunds and invoices.',
    classification: 'public',
    metadata: { n: 2 },
  });
  const job = await created(
    `/pipelines/${pipeline.id}/documents?async=true`,
    [{ content: 'Queued by the fuzz fixture.', classification: 'internal' }],
    202,
  );
  const key = await created('/api_keys', {
    name: 'fuzz-key',
    grants: [{ pipeline_id: pipeline.id, permissions: 7 }],
  });
  const model = await created('/embedding_models', { name: 'fuzz-model', provider: 'hashing', size: 16 });
  const splitter = await created('/text_splitters', {
    provider: 'character',
    parameters: { chunk_size: 100 },
  });
  return {
    pipelineId: pipeline.id,
    documentId: document.id,
    keyId: key.id,
    modelId: model.id,
    splitterId: splitter.id,
    jobId: job.id,
    docsAsset: 'init.js',
  };
}

describeEachDatabase('fuzzed requests', (context) => {
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await createFixture(context().api);
  });

  it('covers every route the server maps', () => {
    const mapped = [
      ...context()
        .trove.output()
        .matchAll(/"msg":"Mapped \{([^,]+), (\w+)\} route"/g),
    ].map((m) => routeKey(m[2], m[1]));
    expect(mapped.length).toBeGreaterThan(20);
    const table = new Set(ROUTES.map((route) => routeKey(route.method, route.path)));
    expect(mapped.filter((route) => !table.has(route))).toEqual([]);
  });

  it('answers every malformed REST request in time, below 500, with {"detail"}', async () => {
    const { api, trove } = context();
    const rest = ROUTES.filter((route) => route.kind !== 'mcp');
    const requests = fc
      .constantFrom(...rest)
      .chain((route) => restRequest(route, fixture, api).map((request) => ({ route, request })));
    await fc.assert(
      fc.asyncProperty(requests, async ({ route, request }) => {
        checkRest(route, request, await send(trove.url, request));
      }),
      { seed: SEED, numRuns: REST_RUNS },
    );
  });

  it('answers every malformed MCP request in time, below 500, in the published forms', async () => {
    const { api, trove } = context();
    const sessionId = await (async () => {
      const response = await rawRequest(trove.url, {
        headers: { ...ADMIN_HEADERS(api), ...STREAM_HEADERS },
        body: JSON.stringify(initializeMessage()),
      });
      return response.headers['mcp-session-id'] as string;
    })();
    await fc.assert(
      fc.asyncProperty(mcpRequest(fixture, api, sessionId), async (request) => {
        checkMcp(request, await send(trove.url, request));
      }),
      { seed: SEED, numRuns: MCP_RUNS },
    );
  });

  it('is still alive and serving afterwards', async () => {
    const { api, trove } = context();
    expect(trove.child.exitCode).toBeNull();
    expect((await api.as(null).get('/healthz')).status).toBe(200);
    expect((await api.get('/pipelines')).status).toBe(200);
  });
});
