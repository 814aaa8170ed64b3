/**
 * Bad input gets a clear 4xx naming the field, never a 500 and never the
 * database's text (issue 8, items 8 and 9).
 *
 * Trove's rule for text, the same in every field: JSON input must be valid
 * Unicode without NUL characters (PostgreSQL text and jsonb cannot hold U+0000,
 * and a lone UTF-16 surrogate has no UTF-8 form, so neither could be stored
 * faithfully), and no more than 64 levels deep. Framework errors (431, 414, a
 * malformed URL or request) keep the `{"detail"}` shape and the x-request-id.
 */
import * as net from 'node:net';
import { describeEachDatabase } from '../support/suite';
import { createPipeline } from '../search/helpers';

const NUL = '"a\\u0000b"';
const SURROGATE = '"a\\ud800b"';
const nul = (field: string) => `${field}: must not contain NUL characters (\\u0000)`;
const surrogate = (field: string) => `${field}: must be valid Unicode (it holds a lone UTF-16 surrogate)`;

function nested(levels: number): string {
  let json = '1';
  for (let i = 0; i < levels; i++) json = `{"a":${json}}`;
  return json;
}

describeEachDatabase('bad input', (fixture) => {
  let pipelineId: string;
  const api = () => fixture().api;

  beforeAll(async () => {
    pipelineId = (await createPipeline(api(), { classifications: ['public', 'internal'] })).id;
  });

  /** POSTs raw JSON text and expects a 422 with exactly `detail`. */
  async function refused(path: string, body: string, detail: string) {
    const response = await api().request('POST', path, body, { 'content-type': 'application/json' });
    expect({ status: response.status, body: response.body }).toEqual({ status: 422, body: { detail } });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  }

  it('refuses NUL characters in every text field of a document, naming it', async () => {
    const documents = `/pipelines/${pipelineId}/documents`;
    await refused(documents, `{"content":${NUL},"classification":"public"}`, nul('content'));
    await refused(documents, `{"content":"x","classification":${NUL}}`, nul('classification'));
    await refused(
      documents,
      `{"content":"x","classification":"public","external_id":${NUL}}`,
      nul('external_id'),
    );
    await refused(
      documents,
      `{"content":"x","classification":"public","metadata":{"k":${NUL}}}`,
      nul('metadata.k'),
    );
    await refused(
      documents,
      `{"content":"x","classification":"public","metadata":{${NUL}:1}}`,
      nul('metadata["a\\u0000b"]'),
    );
    await refused(
      documents,
      `[{"content":"x","classification":"public"},{"content":${NUL}}]`,
      nul('[1].content'),
    );
  });

  it('refuses lone surrogates instead of storing replacement characters', async () => {
    const documents = `/pipelines/${pipelineId}/documents`;
    await refused(documents, `{"content":${SURROGATE},"classification":"public"}`, surrogate('content'));
    await refused(
      documents,
      `{"content":"x","classification":"public","metadata":{"k":${SURROGATE}}}`,
      surrogate('metadata.k'),
    );
    await refused(
      documents,
      `{"content":"x","classification":"public","external_id":${SURROGATE}}`,
      surrogate('external_id'),
    );
    // A surrogate pair is one valid character, stored and returned faithfully.
    const stored = await api().post(documents, {
      content: 'emoji 😀',
      classification: 'public',
      metadata: { e: '😀' },
    });
    expect(stored.status).toBe(201);
    expect(stored.body.metadata).toEqual({ e: '😀' });
  });

  it('refuses metadata nested 10,000 levels deep', async () => {
    const response = await api().request(
      'POST',
      `/pipelines/${pipelineId}/documents`,
      `{"content":"x","classification":"public","metadata":{"k":${nested(10_000)}}}`,
      { 'content-type': 'application/json' },
    );
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(
      /^metadata\.k\.a\.a.*: must not be nested more than 64 levels deep$/,
    );
  });

  it('refuses NUL in names, classifications, grants and search input', async () => {
    await refused('/pipelines', `{"name":${NUL}}`, nul('name'));
    await refused('/pipelines', `{"name":"ok-nul","classifications":[${NUL}]}`, nul('classifications[0]'));
    await refused('/api_keys', `{"name":${NUL}}`, nul('name'));
    await refused(
      '/api_keys',
      `{"name":"k","grants":[{"pipeline_id":"*","permissions":4,"classifications":[${NUL}]}]}`,
      nul('grants[0].classifications[0]'),
    );
    const search = `/pipelines/${pipelineId}/search`;
    await refused(search, `{"type":"search","query":${NUL},"classifications":["public"]}`, nul('query'));
    await refused(
      search,
      `{"type":"similarity","query":"x","classifications":[${NUL}]}`,
      nul('classifications[0]'),
    );
    await refused(
      search,
      `{"type":"similarity","query":"x","classifications":["public"],"filters":{"k":${NUL}}}`,
      nul('filters.k'),
    );
    await refused(
      search,
      `{"type":"similarity","query":"x","classifications":["public"],"filters":{"k":${SURROGATE}}}`,
      surrogate('filters.k'),
    );
  });

  it('refuses NUL in list filters', async () => {
    for (const [path, parameter] of [
      ['/pipelines?name$eq=%00', 'name$eq'],
      [`/pipelines/${pipelineId}/documents?external_id=a%00b`, 'external_id'],
      ['/api_keys?name$contains=%00', 'name$contains'],
    ]) {
      const response = await api().get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 422,
        body: { detail: nul(`query parameter ${parameter}`) },
      });
    }
  });

  it('takes JSON only: a form body cannot slip past the rules', async () => {
    const response = await api().request('POST', '/pipelines', 'name=form%00pipe', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 415,
      body: { detail: 'Unsupported Media Type: send application/json' },
    });
  });

  /** Fastify's own errors, which used to bypass the error filter. */
  describe('framework errors keep the {"detail"} shape and x-request-id', () => {
    const expectDetail = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['detail']);
      expect(typeof body.detail).toBe('string');
    };

    it('431 for headers that are too large', async () => {
      await expectDetail(
        await fetch(`${fixture().trove.url}/healthz`, { headers: { 'x-big': 'a'.repeat(20_000) } }),
        431,
      );
    });

    it('431 under /api/v1 in the agents API ErrorResponse, with the request id of the answer', async () => {
      const response = await fetch(`${fixture().trove.url}/api/v1/agents`, {
        headers: { 'x-big': 'a'.repeat(20_000) },
      });
      expect(response.status).toBe(431);
      const body = (await response.json()) as { error: Record<string, unknown> };
      expect(body).toEqual({
        error: {
          requestId: response.headers.get('x-request-id'),
          code: 'HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE',
          message: expect.stringMatching(/^Request Header Fields Too Large/),
        },
      });
    });

    it('414 for a path parameter that is too long', async () => {
      await expectDetail(await fetch(`${fixture().trove.url}/pipelines/${'a'.repeat(200)}`), 414);
    });

    it('400 for a path that is not valid percent-encoding', async () => {
      await expectDetail(await fetch(`${fixture().trove.url}/pipelines/%zz`), 400);
    });

    it('400 for a request that is not HTTP', async () => {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(fixture().trove.port, '127.0.0.1', () =>
          socket.write('NOT HTTP AT ALL\r\n\r\n'),
        );
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(head.toLowerCase()).toMatch(/\r\nx-request-id: \S+/);
      expect(Object.keys(JSON.parse(body))).toEqual(['detail']);
    });
  });
});
