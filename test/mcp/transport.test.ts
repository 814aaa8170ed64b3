/**
 * The /mcp endpoint over raw HTTP: every row of the "HTTP errors" table of the
 * MCP tools page, the host check, methods, paths, sizes and media types, with
 * the exact status, headers and bytes.
 */
import * as http from 'node:http';
import { ADMIN, RawRequest, RawResponse } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { MODERN_META, parseSse, RawMcp, specPage, STREAM_HEADERS, tableRows, unquote } from './support';

const LIMIT = 4 * 1024 * 1024;
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** The page's table, as {status, body} rows. */
const httpErrors = tableRows(specPage('foundation4-mcp-tools.md'), 'Status\tBody\tCause').map(
  ([status, body]) => ({
    status: Number(status),
    body: unquote(body),
  }),
);
const published = (status: number, start: string): string => {
  const row = httpErrors.find((r) => r.status === status && r.body.startsWith(start));
  if (!row) throw new Error(`the page has no ${status} row starting with ${start}`);
  return row.body;
};

function expectText(response: RawResponse, status: number, body: string) {
  expect({ status: response.status, body: response.body }).toEqual({ status, body });
  expect(response.headers['x-request-id']).toBeTruthy();
  if (body !== '') expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
}

describe('the HTTP errors table', () => {
  it('lists the rows this suite checks', () => {
    expect(httpErrors.map((r) => `${r.status} ${r.body}`)).toEqual([
      '400 Bad Request: Session ID is required',
      '400 Bad Request: Unsupported MCP-Protocol-Version: <value>',
      '400 JSON-RPC error -32602 `request _meta is missing or has malformed required fields: <field>`',
      '401 JSON error body, such as `Unauthorized: No API Key specified.`',
      '403 Forbidden: Host header is not allowed',
      '404 Not Found: Session not found',
      '404 Empty',
      '405 Method Not Allowed',
      '406 Not Acceptable: Client must accept both application/json and text/event-stream',
      '406 Not Acceptable: Client must accept text/event-stream',
      '413 Payload Too Large: request body exceeds 4194304 bytes',
      '415 Unsupported Media Type: Content-Type must be application/json',
      '415 fail to deserialize request body <reason>',
      '422 Unexpected message, expect initialize request',
    ]);
  });
});

describeEachDatabase('/mcp over raw HTTP', (fixture) => {
  let mcp: RawMcp;
  beforeAll(() => {
    mcp = new RawMcp(fixture().trove.url, ADMIN);
  });

  describe('401: the REST API key check comes first', () => {
    it('answers the REST JSON body without keys, for every method and before reading the body', async () => {
      const rest = await mcp.as(null).request({ method: 'GET', path: '/pipelines' });
      const requests: RawRequest[] = [
        { method: 'POST', headers: STREAM_HEADERS, body: '{not json' },
        {
          method: 'POST',
          headers: STREAM_HEADERS,
          body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        },
        { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': 'x' } },
        { method: 'DELETE', headers: { 'mcp-session-id': 'x' } },
        { method: 'PUT' },
        {
          method: 'POST',
          headers: { ...STREAM_HEADERS, host: 'evil.example.com' },
          body: 'x'.repeat(LIMIT + 1),
        },
      ];
      for (const request of requests) {
        const response = await mcp.as(null).request(request);
        expect({
          status: response.status,
          body: response.body,
          type: response.headers['content-type'],
        }).toEqual({
          status: 401,
          body: '{"detail":"Unauthorized: No API Key specified."}',
          type: rest.headers['content-type'],
        });
        expect(response.body).toBe(rest.body);
      }
    });

    it('refuses a wrong secret with the invalid-key message', async () => {
      const response = await mcp.as({ id: ADMIN.id, secret: 'wrong-secret-wrong-secret' }).post(ping);
      expect(response.status).toBe(401);
      expect(response.body).toBe('{"detail":"Unauthorized: Invalid API Key."}');
    });
  });

  describe('403: the Host header', () => {
    it.each([
      'localhost',
      'localhost:8080',
      'LOCALHOST:1',
      '127.0.0.1',
      '127.0.0.1:9',
      '[::1]',
      '[::1]:8080',
    ])('accepts %s', async (host) => {
      const response = await mcp.request({
        headers: { ...STREAM_HEADERS, host },
        body: JSON.stringify(ping),
      });
      expectText(response, 422, 'Unexpected message, expect initialize request');
    });

    it.each([
      'trove.example.com',
      'trove-api.default.svc:8080',
      'localhost.example.com',
      '10.0.0.7:8080',
      '[::2]:8080',
    ])('refuses %s, whatever the method', async (host) => {
      for (const method of ['POST', 'GET', 'DELETE', 'PUT']) {
        const response = await mcp.request({
          method,
          headers: { ...STREAM_HEADERS, host },
          body: method === 'POST' ? JSON.stringify(ping) : undefined,
        });
        expectText(response, 403, published(403, 'Forbidden'));
      }
    });

    it('answers a malformed Host or repeated Origin headers as the published library does', async () => {
      for (const host of ['localhost:abc', 'localhost:99999', '::1']) {
        const response = await mcp.request({
          headers: { ...STREAM_HEADERS, host },
          body: JSON.stringify(ping),
        });
        expectText(response, 400, 'Bad Request: Invalid Host header');
      }
      const origins = await mcp.request({
        headers: { ...STREAM_HEADERS, origin: ['http://localhost', 'http://evil.example.com'] },
        body: JSON.stringify(ping),
      });
      expectText(origins, 403, 'Forbidden: Multiple Origin headers');
      const origin = await mcp.request({
        headers: { ...STREAM_HEADERS, origin: 'http://localhost:3000' },
        body: JSON.stringify(ping),
      });
      expect(origin.status).toBe(422);
    });

    it('publishes OAuth metadata for /mcp, whatever the Host (test/oauth/), and none for the origin', async () => {
      const status = async (path: string) =>
        (await mcp.request({ method: 'GET', path, headers: { host: 'trove.example.com' } })).status;
      expect(await status('/.well-known/oauth-protected-resource')).toBe(404);
      expect(await status('/.well-known/oauth-protected-resource/mcp')).toBe(200);
      expect(await status('/.well-known/oauth-authorization-server')).toBe(200);
    });

    it('leaves the REST API alone', async () => {
      const response = await mcp.request({
        method: 'GET',
        path: '/pipelines',
        headers: { host: 'trove.example.com' },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('404 below /mcp, 405 for other methods', () => {
    it.each(['/mcp/', '/mcp/tools', '/mcp/a/b?c=d'])(
      '%s is an empty 404, with or without keys',
      async (path) => {
        for (const client of [mcp, mcp.as(null)]) {
          for (const method of ['GET', 'POST', 'DELETE']) {
            const response = await client.request({
              method,
              path,
              headers: STREAM_HEADERS,
              body: method === 'POST' ? JSON.stringify(ping) : undefined,
            });
            expectText(response, 404, '');
            expect(response.headers['content-type']).toBeUndefined();
          }
        }
      },
    );

    it.each(['PUT', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE'])(
      '%s answers 405 with Allow listing the three methods',
      async (method) => {
        const response = await mcp.request({ method, headers: STREAM_HEADERS });
        expectText(response, 405, method === 'HEAD' ? '' : published(405, 'Method'));
        expect(response.headers.allow).toBe('GET, POST, DELETE');
      },
    );
  });

  describe('406 and 415: headers of a POST', () => {
    it.each([undefined, 'application/json', 'text/event-stream', '*/*', 'text/html'])(
      'Accept %s → 406',
      async (accept) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (accept) headers.accept = accept;
        expectText(
          await mcp.request({ headers, body: JSON.stringify(ping) }),
          406,
          published(406, 'Not Acceptable: Client must accept both'),
        );
      },
    );

    it('accepts both types in any order and with parameters', async () => {
      for (const accept of [
        'text/event-stream, application/json',
        'application/json;q=0.9, text/event-stream;q=1',
      ]) {
        const response = await mcp.request({
          headers: { 'content-type': 'application/json', accept },
          body: JSON.stringify(ping),
        });
        expect(response.status).toBe(422);
      }
    });

    it.each([undefined, 'text/plain', 'application/x-www-form-urlencoded', 'text/json'])(
      'Content-Type %s → 415',
      async (type) => {
        const headers: Record<string, string> = { accept: STREAM_HEADERS.accept };
        if (type) headers['content-type'] = type;
        expectText(
          await mcp.request({ headers, body: JSON.stringify(ping) }),
          415,
          published(415, 'Unsupported Media Type'),
        );
      },
    );

    it('takes application/json with a charset', async () => {
      const response = await mcp.request({
        headers: { accept: STREAM_HEADERS.accept, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(ping),
      });
      expect(response.status).toBe(422);
    });

    it('checks Accept before Content-Type', async () => {
      expect((await mcp.request({ headers: { accept: 'text/html' }, body: 'x' })).status).toBe(406);
    });
  });

  describe('413 above 4194304 bytes', () => {
    const atLimit = Buffer.concat([
      Buffer.from(JSON.stringify(ping)),
      Buffer.alloc(LIMIT - JSON.stringify(ping).length, 0x20),
    ]);
    const overLimit = Buffer.concat([atLimit, Buffer.from(' ')]);

    it('reads a body of exactly the limit', async () => {
      expect(atLimit.length).toBe(LIMIT);
      const response = await mcp.request({ headers: STREAM_HEADERS, body: atLimit });
      expectText(response, 422, 'Unexpected message, expect initialize request');
    });

    it('refuses one byte more, with a Content-Length or chunked', async () => {
      for (const chunked of [false, true]) {
        const response = await mcp.request({ headers: STREAM_HEADERS, body: overLimit, chunked });
        expectText(response, 413, published(413, 'Payload'));
      }
    });

    it('keeps the connection usable for the next request', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await mcp.request({ headers: STREAM_HEADERS, body: overLimit, agent });
        expect(refused.status).toBe(413);
        const next = await mcp.request({ headers: STREAM_HEADERS, body: JSON.stringify(ping), agent });
        expect(next.status).toBe(422);
        expect(next.localPort).toBe(refused.localPort);
      } finally {
        agent.destroy();
      }
    });
  });

  describe('415: the body is not a JSON-RPC message', () => {
    it.each([
      ['', 'EOF while parsing a value at line 1 column 0'],
      ['{', 'EOF while parsing an object at line 1 column 1'],
      ['{"jsonrpc": "2.0", "id": 1, "method": "ping"', 'EOF while parsing an object at line 1 column 44'],
      ['{"jsonrpc": "2.0",\n "id": 1 "method": "ping"}', 'expected `,` or `}` at line 2 column 10'],
      ['nope', 'expected ident at line 1 column 2'],
      ['{"jsonrpc": "2.0", "id": 1, "method": "ping"} x', 'trailing characters at line 1 column 47'],
      ['{}', 'data did not match any variant of untagged enum JsonRpcMessage'],
      ['[]', 'data did not match any variant of untagged enum JsonRpcMessage'],
      [
        '[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]',
        'data did not match any variant of untagged enum JsonRpcMessage',
      ],
      [
        '{"jsonrpc": "1.0", "id": 1, "method": "ping"}',
        'data did not match any variant of untagged enum JsonRpcMessage',
      ],
      [
        '{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}',
        'data did not match any variant of untagged enum JsonRpcMessage',
      ],
      ['"ping"', 'data did not match any variant of untagged enum JsonRpcMessage'],
    ])('%j', async (body, reason) => {
      const template = published(415, 'fail to deserialize');
      expectText(await mcp.post(body), 415, template.replace('<reason>', reason));
    });

    it('ignores members serde ignores, and echoes large integer ids as written', async () => {
      const sessionId = await mcp.openSession();
      const headers = mcp.sessionHeaders(sessionId);
      const extra = await mcp.post(
        '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": null, "trace": "x"}',
        headers,
      );
      expect(parseSse(extra.body)[1].data).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
      const big = await mcp.post('{"jsonrpc": "2.0", "id": 9007199254740993, "method": "ping"}', headers);
      expect(parseSse(big.body)[1].data).toBe('{"jsonrpc":"2.0","id":9007199254740993,"result":{}}');
    });
  });

  describe('422 and 404: sessions of the revisions up to 2025-11-25', () => {
    it('wants initialize first', async () => {
      const text = published(422, 'Unexpected');
      expectText(await mcp.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), 422, text);
      expectText(await mcp.post({ jsonrpc: '2.0', method: 'notifications/initialized' }), 422, text);
      expectText(
        await mcp.post(
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { 'mcp-protocol-version': '2025-11-25' },
        ),
        422,
        text,
      );
    });

    it('answers 404 for an unknown or ended session, on POST, GET and DELETE', async () => {
      const ended = await mcp.openSession();
      const deleted = await mcp.request({ method: 'DELETE', headers: { 'mcp-session-id': ended } });
      expectText(deleted, 202, '');
      const text = published(404, 'Not Found');
      for (const id of [ended, '7d3e9a41-2b6c-4f8d-9e1a-5c0b3f6a8d27', 'not-a-session']) {
        expectText(
          await mcp.post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-session-id': id }),
          404,
          text,
        );
        expectText(
          await mcp.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id }),
          404,
          text,
        );
        expectText(
          await mcp.request({
            method: 'GET',
            headers: { accept: 'text/event-stream', 'mcp-session-id': id },
          }),
          404,
          text,
        );
        expectText(await mcp.request({ method: 'DELETE', headers: { 'mcp-session-id': id } }), 404, text);
      }
    });

    it('needs the session id on GET and DELETE', async () => {
      const text = published(400, 'Bad Request: Session ID');
      expectText(await mcp.request({ method: 'GET', headers: { accept: 'text/event-stream' } }), 400, text);
      expectText(await mcp.request({ method: 'DELETE' }), 400, text);
    });

    it('wants text/event-stream on GET', async () => {
      const sessionId = await mcp.openSession();
      const text = published(406, 'Not Acceptable: Client must accept text/event-stream');
      for (const accept of [undefined, 'application/json']) {
        const headers: Record<string, string> = { 'mcp-session-id': sessionId };
        if (accept) headers.accept = accept;
        expectText(await mcp.request({ method: 'GET', headers }), 406, text);
      }
    });
  });

  describe('400: MCP-Protocol-Version', () => {
    it.each(['2099-01-01', '2024-10-07', 'latest', '2025-11-25, 2025-06-18'])(
      'refuses %j on every method',
      async (version) => {
        const template = published(400, 'Bad Request: Unsupported');
        const text = template.replace('<value>', version);
        const sessionId = await mcp.openSession();
        const headers = { 'mcp-protocol-version': version, 'mcp-session-id': sessionId };
        expectText(await mcp.post({ jsonrpc: '2.0', id: 1, method: 'ping' }, headers), 400, text);
        expectText(
          await mcp.post(
            {
              jsonrpc: '2.0',
              id: 1,
              method: 'initialize',
              params: {
                protocolVersion: '2025-11-25',
                capabilities: {},
                clientInfo: { name: 'x', version: '1' },
              },
            },
            { 'mcp-protocol-version': version },
          ),
          400,
          text,
        );
        expectText(
          await mcp.request({ method: 'GET', headers: { ...headers, accept: 'text/event-stream' } }),
          400,
          text,
        );
        expectText(await mcp.request({ method: 'DELETE', headers }), 400, text);
      },
    );

    it('accepts every published revision in a session', async () => {
      const sessionId = await mcp.openSession();
      for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
        const response = await mcp.post(
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { 'mcp-session-id': sessionId, 'mcp-protocol-version': version },
        );
        expect(response.status).toBe(200);
      }
    });
  });

  describe('2026-07-28: the per-request envelope', () => {
    const clientCapabilitiesMissing = published(400, 'JSON-RPC error -32602')
      .replace(/^JSON-RPC error -32602 `(.*)`$/, '$1')
      .replace('<field>', 'io.modelcontextprotocol/clientCapabilities');

    it('answers 400 with -32602 when _meta lacks the client capabilities', async () => {
      const response = await mcp.post(
        {
          jsonrpc: '2.0',
          id: 5,
          method: 'tools/call',
          params: {
            name: 'get_pipelines',
            arguments: {},
            _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
          },
        },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_pipelines' },
      );
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('application/json');
      expect(response.body).toBe(
        `{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"${clientCapabilitiesMissing}"}}`,
      );
    });

    it('names every missing field, for a request without _meta or with malformed values', async () => {
      const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
      const both =
        'request _meta is missing or has malformed required fields: io.modelcontextprotocol/protocolVersion, io.modelcontextprotocol/clientCapabilities';
      const noMeta = await mcp.post({ jsonrpc: '2.0', id: 'a', method: 'tools/list' }, headers);
      expect([noMeta.status, noMeta.body]).toEqual([
        400,
        `{"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"${both}"}}`,
      ]);
      const malformed = await mcp.post(
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/list',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': 'all',
            },
          },
        },
        headers,
      );
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body).error).toEqual({ code: -32602, message: clientCapabilitiesMissing });
    });

    it('answers without a session id, and ignores a session header', async () => {
      const response = await mcp.modern('tools/list');
      expect(response.status).toBe(200);
      expect(response.headers['mcp-session-id']).toBeUndefined();
      expect(response.headers['content-type']).toBe('text/event-stream');
      const withSession = await mcp.post(
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list', 'mcp-session-id': 'whatever' },
      );
      expect(withSession.status).toBe(200);
    });

    it('refuses headers that disagree with the body (-32020)', async () => {
      const body = {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'get_pipelines', _meta: MODERN_META },
      };
      const cases: [Record<string, string>, string][] = [
        [
          { 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/call', 'mcp-name': 'get_pipelines' },
          'the body envelope names protocol version 2026-07-28 but the MCP-Protocol-Version header names 2025-11-25',
        ],
        [
          { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list', 'mcp-name': 'get_pipelines' },
          'the body names method tools/call but the Mcp-Method header names tools/list',
        ],
        [
          { 'mcp-method': 'tools/call', 'mcp-name': 'get_pipelines' },
          'the body envelope names protocol version 2026-07-28 but the required MCP-Protocol-Version header is absent',
        ],
        [
          { 'mcp-protocol-version': '2026-07-28', 'mcp-name': 'get_pipelines' },
          'the body names method tools/call but the required Mcp-Method header is absent',
        ],
        [
          { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' },
          'the body carries params.name="get_pipelines" but the required Mcp-Name header is absent',
        ],
        [
          {
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'search_knowledge',
          },
          'the body carries params.name="get_pipelines" but the Mcp-Name header names "search_knowledge"',
        ],
      ];
      for (const [headers, reason] of cases) {
        const response = await mcp.post(body, headers);
        expect(response.status).toBe(400);
        const error = JSON.parse(response.body).error;
        expect(error.code).toBe(-32020);
        expect(error.message).toBe(`Bad Request: the request headers and body disagree: ${reason}`);
      }
      const encoded = await mcp.post(body, {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': `=?base64?${Buffer.from('get_pipelines').toString('base64')}?=`,
      });
      expect(encoded.status).toBe(200);
    });

    it('refuses an initialize sent with the 2026-07-28 header', async () => {
      const response = await mcp.post(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'x', version: '1' },
          },
        },
        { 'mcp-protocol-version': '2026-07-28' },
      );
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body).error.code).toBe(-32020);
    });

    it('answers an unsupported revision in _meta with -32022 and the supported list', async () => {
      const response = await mcp.post(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
        },
        { 'mcp-method': 'tools/list' },
      );
      expect(response.status).toBe(400);
      expect(response.body).toBe(
        '{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version: 2099-01-01","data":{"requested":"2099-01-01","supported":["2026-07-28"]}}}',
      );
    });

    it('answers methods the revision does not define with 404 and -32601', async () => {
      for (const method of ['ping', 'initialize', 'logging/setLevel', 'resources/read', 'no/such']) {
        const response = await mcp.modern(
          method,
          method === 'initialize'
            ? { protocolVersion: '2026-07-28', capabilities: {}, clientInfo: { name: 'x', version: '1' } }
            : {},
        );
        expect(response.status).toBe(404);
        expect(response.body).toBe(`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"${method}"}}`);
      }
    });

    it('accepts notifications with 202 and an empty body', async () => {
      const response = await mcp.post(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: MODERN_META } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'notifications/cancelled' },
      );
      expectText(response, 202, '');
    });

    it('has no sessions: GET and DELETE answer 405 with Allow: POST', async () => {
      for (const method of ['GET', 'DELETE']) {
        const response = await mcp.request({
          method,
          headers: {
            accept: 'text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-session-id': 'x',
          },
        });
        expectText(response, 405, 'Method Not Allowed');
        expect(response.headers.allow).toBe('POST');
      }
    });
  });

  describe('x-request-id', () => {
    it('echoes the caller id, else sends a new one, on every kind of answer', async () => {
      const echoed = await mcp.post(ping, { 'x-request-id': 'mcp-trace-42' });
      expect(echoed.headers['x-request-id']).toBe('mcp-trace-42');
      const sessionId = await mcp.openSession();
      const answers = [
        await mcp.post(ping, mcp.sessionHeaders(sessionId)),
        await mcp.post(
          { jsonrpc: '2.0', method: 'notifications/initialized' },
          mcp.sessionHeaders(sessionId),
        ),
        await mcp.modern('tools/list'),
        await mcp.request({ method: 'PUT' }),
        await mcp.request({ method: 'GET', path: '/mcp/' }),
        await mcp.as(null).post(ping),
      ];
      for (const answer of answers) expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

describeEachDatabase(
  '/mcp with TROVE_MCP_ALLOWED_HOSTS',
  (fixture) => {
    it('admits the configured ingress host and port, and no longer the defaults', async () => {
      const mcp = new RawMcp(fixture().trove.url, ADMIN);
      const answer = async (host: string) =>
        (await mcp.request({ headers: { ...STREAM_HEADERS, host }, body: JSON.stringify(ping) })).status;
      expect(await answer('mcp.example.com')).toBe(422);
      expect(await answer('mcp.example.com:443')).toBe(422);
      expect(await answer('MCP.EXAMPLE.COM:8443')).toBe(422);
      expect(await answer('[::1]:8080')).toBe(422);
      expect(await answer('[::1]:8081')).toBe(403);
      expect(await answer('localhost')).toBe(403);
      expect(await answer('other.example.com')).toBe(403);
    });

    it('answers initialize with the configured server information', async () => {
      const mcp = new RawMcp(fixture().trove.url, ADMIN);
      const response = await mcp.request({
        headers: { ...STREAM_HEADERS, host: 'mcp.example.com' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'x', version: '1' },
          },
        }),
      });
      expect(response.body).toContain(
        '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"trove","version":"9.9.9"},"instructions":"Search Trove."}}',
      );
    });
  },
  {
    env: {
      TROVE_MCP_ALLOWED_HOSTS: 'mcp.example.com,[::1]:8080',
      TROVE_MCP_SERVER_NAME: 'trove',
      TROVE_MCP_SERVER_VERSION: '9.9.9',
      TROVE_MCP_INSTRUCTIONS: 'Search Trove.',
    },
  },
);
