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
import { Api, openStream, rawRequest, RawResponse } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { initializeMessage, STREAM_HEADERS } from '../mcp/support';
import { checkAnswer, checkGuidedMind, checkMcp, checkOAuth, FuzzRequest } from './fuzz/answers';
import { createFixture } from './fuzz/fixture';
import { multipartBody } from './fuzz/multipart';
import { encode, MALFORMED_BODIES, objectId, printable, weirdString, weirdValue } from './fuzz/values';
import { Fixture, Route, routeKey, ROUTES } from './routes';

// CI runs one fixed seed; to explore, run with FUZZ_SEED=<n> and FUZZ_SCALE=<multiplier of the runs>.
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const REST_RUNS = 1200 * SCALE;
const MCP_RUNS = 300 * SCALE;
const GUIDED_MIND_RUNS = 200 * SCALE;
const OAUTH_RUNS = 200 * SCALE;
/** A request that takes longer than this counts as a hang. */
const ANSWER_WITHIN_MS = 20_000;
/**
 * The longest the test reads an AG-UI stream: a turn with the built-in extractive
 * model ends in well under a second, so a stream still open by then is a turn that
 * does not end (the test closes it and fails, rather than waiting on it).
 */
const STREAM_WITHIN_MS = 20_000;

const ADMIN_HEADERS = (api: Api) => ({
  'x-api-key': api.credentials!.id,
  'x-api-key-secret': api.credentials!.secret,
});

// ---- REST requests ---------------------------------------------------------------------------

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
          // the agents API's
          'page',
          'search',
          'sort_by',
          'sortBy',
          'sortOrder',
          'startDate',
          'endDate',
          'isArchived',
          'projectId',
          'messageType',
          'agentPage',
          'agentLimit',
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
      { arbitrary: fc.oneof(fc.uuid(), objectId), weight: 2 },
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
  const body: fc.Arbitrary<{ contentType?: string; body: string | Buffer }> = route.form
    ? multipartBody(route, fixture)
    : fc.record({ contentType, body: bodyText(route, fixture) });
  return fc
    .record({
      path: pathFor(route, fixture),
      credentials: credentials(api),
      requestId: fc.option(printable, { nil: undefined }),
      body: withBody ? fc.option(body, { freq: 8, nil: undefined }) : fc.constant(undefined),
    })
    .map(({ path, credentials, requestId, body }) => {
      const headers: Record<string, string> = { ...credentials };
      if (body?.contentType !== undefined) headers['content-type'] = body.contentType;
      if (requestId !== undefined) headers['x-request-id'] = requestId;
      return { method: route.method, path, headers, body: body?.body };
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

// ---- sending -------------------------------------------------------------------------------

/** Rejects after `ms`, so that a request that hangs fails the test instead of its timeout. */
function deadline(ms: number, what: string): { expired: Promise<never>; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return { expired, clear: () => clearTimeout(timer) };
}

async function send(baseUrl: string, request: FuzzRequest): Promise<RawResponse> {
  const hang = deadline(ANSWER_WITHIN_MS, 'no answer');
  try {
    return await Promise.race([rawRequest(baseUrl, request), hang.expired]);
  } finally {
    hang.clear();
  }
}

/** A request that may open an event stream: read until it ends, for at most STREAM_WITHIN_MS. */
async function sendStreaming(baseUrl: string, request: FuzzRequest): Promise<RawResponse> {
  const hang = deadline(ANSWER_WITHIN_MS, 'no answer');
  const stream = await Promise.race([
    openStream(baseUrl, request.path, request.headers, request),
    hang.expired,
  ]).finally(hang.clear);
  const open = deadline(STREAM_WITHIN_MS, `${request.method} ${request.path}: the answer did not end`);
  try {
    await Promise.race([stream.ended, open.expired]);
  } finally {
    open.clear();
    stream.close();
  }
  return { status: stream.status, headers: stream.headers, body: stream.received() };
}

// ---- the Guided Mind endpoint (/api/v1/mcp) ------------------------------------------------

/** The Guided Mind tools with valid arguments, then some replaced by weird values. */
function guidedMindCall(fixture: Fixture): fc.Arbitrary<unknown> {
  const tools: Record<string, Record<string, unknown>> = {
    rag_search: { query: 'refunds', limit: 3, threshold: 0.1 },
    upload_document: { file_path: 'notes.md', project_id: fixture.pipelineId },
    upload_and_process: { file_path: 'notes.md', project_id: fixture.pipelineId, chunk_size: 100 },
    // The ChatGPT connector's tools (/mcp/chatgpt); each endpoint refuses the other's as unknown.
    search: { query: 'refunds' },
    fetch: { id: `${fixture.pipelineId}:${fixture.documentId}` },
  };
  return fc
    .record({
      name: fc.constantFrom(...Object.keys(tools), 'get_pipelines', ''),
      changes: fc.array(
        fc.tuple(
          fc.constantFrom(
            'query',
            'limit',
            'threshold',
            'file_path',
            'project_id',
            'chunk_size',
            'chunk_overlap',
            'classification',
            'id',
          ),
          weirdValue,
        ),
        { maxLength: 3 },
      ),
    })
    .map(({ name, changes }) => ({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name, arguments: { ...tools[name], ...Object.fromEntries(changes) } },
    }));
}

/** The authorization server's parameters, with valid-looking and weird values. */
const OAUTH_FIELDS = [
  'grant_type',
  'client_id',
  'client_secret',
  'code',
  'code_verifier',
  'redirect_uri',
  'refresh_token',
  'token',
  'token_type_hint',
  'resource',
  'scope',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'state',
];

/**
 * Any request to the authorization server: its endpoints, form or JSON bodies, query
 * strings; with the fixture's machine client, so client_credentials meets a real client.
 */
function oauthRequest(fixture: Fixture): fc.Arbitrary<FuzzRequest> {
  const value = fc.oneof(
    fc.constantFrom(
      'authorization_code',
      'refresh_token',
      'client_credentials',
      'code',
      'S256',
      'plain',
      'mcp',
    ),
    fc.constantFrom(
      'http://127.0.0.1:9/callback',
      'http://localhost/mcp',
      'trove_at_x',
      'trove_rt_x',
      'trove_cc_x',
      'trove_cs_x',
      fixture.oauthClientId,
    ),
    // Client ID metadata URLs the guard refuses before connecting (loopback, link-local, http).
    fc.constantFrom(
      'https://127.0.0.1:9/client.json',
      'https://[::ffff:127.0.0.1]:9/client.json',
      'https://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:9/client.json',
    ),
    weirdString,
  );
  const fields = fc.dictionary(fc.constantFrom(...OAUTH_FIELDS), value, { maxKeys: 8 });
  return fc
    .record({
      method: fc.constantFrom('POST', 'POST', 'GET', 'PUT', 'DELETE', 'OPTIONS'),
      path: fc.constantFrom(
        '/api/v1/oauth2/token',
        '/api/v1/oauth2/token',
        '/api/v1/oauth2/authorize',
        '/api/v1/oauth2/revoke',
        '/api/v1/oauth2/register',
        '/api/v1/oauth2/jwks',
        '/api/v1/oauth2/interaction/junk',
        '/api/v1/oauth2/interaction/junk/login',
        '/api/v1/oauth2/interaction/junk/consent',
        '/api/v1/oauth2/nothing',
        '/.well-known/oauth-authorization-server',
        '/.well-known/openid-configuration',
        '/.well-known/oauth-protected-resource/mcp',
        '/.well-known/oauth-protected-resource/api/v1/mcp',
        '/.well-known/oauth-protected-resource/api/v1',
      ),
      fields,
      inQuery: fc.boolean(),
      contentType: fc.constantFrom<string | undefined>(
        'application/x-www-form-urlencoded',
        'application/json',
        'text/plain',
        undefined,
      ),
      malformed: fc.option(
        fc.constantFrom(...MALFORMED_BODIES.filter((b): b is string => typeof b === 'string')),
        { nil: undefined },
      ),
      basic: fc.option(
        fc
          .oneof(
            weirdString,
            weirdString.map((s) => `${fixture.oauthClientId}:${s}`),
          )
          .map((s) => `Basic ${Buffer.from(s).toString('base64')}`),
        { nil: undefined },
      ),
    })
    .map(({ method, path, fields, inQuery, contentType, malformed, basic }) => {
      const encoded = new URLSearchParams(fields).toString();
      const headers: Record<string, string> = {};
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (basic !== undefined) headers.authorization = basic;
      const body =
        method === 'GET' || inQuery
          ? undefined
          : (malformed ?? (contentType === 'application/json' ? JSON.stringify(fields) : encoded));
      return { method, path: inQuery || method === 'GET' ? `${path}?${encoded}` : path, headers, body };
    });
}

/**
 * Any request to the Guided Mind routes. A GET of /sse with a valid key is left out:
 * it opens a session's event stream, which stays open by design.
 */
function guidedMindRequest(fixture: Fixture, api: Api): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE', 'PUT'),
      path: fc.constantFrom(
        '/api/v1/mcp',
        '/api/v1/mcp',
        `/api/v1/mcp?project_id=${fixture.pipelineId}`,
        '/api/v1/mcp?project_id=junk',
        '/api/v1/mcp?api_key=junk.junk',
        '/api/v1/mcp/messages?session_id=junk',
        '/api/v1/mcp/messages',
        '/api/v1/mcp/health',
        '/api/v1/mcp/sse',
        '/api/v1/mcp/x',
        '/mcp/chatgpt',
        '/mcp/chatgpt',
        '/mcp/chatgpt?api_key=junk.junk',
      ),
      credentials: credentials(api),
      accept: fc.constantFrom<string | undefined>(STREAM_HEADERS.accept, 'application/json', undefined),
      contentType: fc.constantFrom<string | undefined>('application/json', 'text/plain', undefined),
      version: fc.option(fc.constantFrom('2025-11-25', '2024-11-05', '2026-07-28', 'junk'), {
        nil: undefined,
      }),
      body: fc.oneof(
        { arbitrary: guidedMindCall(fixture).map((message) => JSON.stringify(message)), weight: 3 },
        { arbitrary: anyMessage(fixture).map((message) => JSON.stringify(message) ?? 'null'), weight: 1 },
        { arbitrary: fc.constantFrom(...MALFORMED_BODIES), weight: 1 },
      ),
    })
    .map(({ method, path, credentials, accept, contentType, version, body }) => {
      const headers: Record<string, string> = { ...credentials };
      if (method === 'GET' && path === '/api/v1/mcp/sse') delete headers['x-api-key-secret'];
      if (accept !== undefined) headers.accept = accept;
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (version !== undefined) headers['mcp-protocol-version'] = version;
      return { method, path, headers, body: method === 'GET' ? undefined : body };
    });
}

// ---- the test --------------------------------------------------------------------------------

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

  it("answers every malformed request to every other route in time, below 500, in its edge's shapes", async () => {
    const { api, trove } = context();
    const rest = ROUTES.filter((route) => route.kind !== 'mcp' && route.kind !== 'guided-mind');
    const requests = fc
      .constantFrom(...rest)
      .chain((route) => restRequest(route, fixture, api).map((request) => ({ route, request })));
    await fc.assert(
      fc.asyncProperty(requests, async ({ route, request }) => {
        const kind = route.kind ?? 'rest';
        const answer = kind === 'agents-stream' ? sendStreaming : send;
        checkAnswer(kind, request, await answer(trove.url, request));
      }),
      { seed: SEED, numRuns: REST_RUNS },
    );
  });

  it('answers every malformed MCP request in time, below 500, in the published forms', async () => {
    const { api, trove } = context();
    const sessionId = await (async () => {
      const response = await rawRequest(trove.url, {
        method: 'POST',
        path: '/mcp',
        headers: { ...ADMIN_HEADERS(api), ...STREAM_HEADERS },
        body: JSON.stringify(initializeMessage()),
      });
      const id = response.headers['mcp-session-id'];
      if (typeof id !== 'string') throw new Error(`initialize: ${response.status} ${response.body}`);
      return id;
    })();
    await fc.assert(
      fc.asyncProperty(mcpRequest(fixture, api, sessionId), async (request) => {
        checkMcp(request, await send(trove.url, request));
      }),
      { seed: SEED, numRuns: MCP_RUNS },
    );
  });

  it("answers every malformed OAuth request in time, below 500, in OAuth's forms", async () => {
    const { trove } = context();
    await fc.assert(
      fc.asyncProperty(oauthRequest(fixture), async (request) => {
        checkOAuth(request, await send(trove.url, request));
      }),
      { seed: SEED, numRuns: OAUTH_RUNS },
    );
  });

  it('answers every malformed Guided Mind or ChatGPT connector request in time, below 500, as JSON-RPC or ErrorResponse', async () => {
    const { api, trove } = context();
    await fc.assert(
      fc.asyncProperty(guidedMindRequest(fixture, api), async (request) => {
        checkGuidedMind(request, await send(trove.url, request));
      }),
      { seed: SEED, numRuns: GUIDED_MIND_RUNS },
    );
  });

  it('is still alive and serving afterwards', async () => {
    const { api, trove } = context();
    expect(trove.child.exitCode).toBeNull();
    expect((await api.as(null).get('/healthz')).status).toBe(200);
    expect((await api.get('/pipelines')).status).toBe(200);
  });
});
