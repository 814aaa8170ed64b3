/**
 * Refusals are worded by Trove, not by the library that found the fault (issue 20, item
 * 15): a JSON body Fastify cannot parse, a field zod does not know, a multipart body
 * busboy cannot read, a file JSON.parse, csv-parse, mammoth or exceljs gives up on, a
 * legacy SSE message that is not JSON. A library's own text names its internals, changes
 * with its versions, and often quotes the input back (JSON.parse's "Unexpected token 's',
 * "{"a": secret tex"..."). The published MCP texts (test/mcp/contract) are not these.
 */
import { zip } from '../../bench/sample-files';
import { createPipeline } from '../search/helpers';
import { ADMIN, keyHeaders, openStream, rawRequest } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { waitFor } from '../support/wait';

const SECRET = 'secret sentence of the upload';

describeEachDatabase('refusals in Trove’s own words', (fixture) => {
  const api = () => fixture().api;
  let pipelineId: string;

  beforeAll(async () => {
    pipelineId = (await createPipeline(api(), { classifications: ['public'] })).id;
  });

  async function postJson(path: string, body: string) {
    const response = await api().request('POST', path, body, { 'content-type': 'application/json' });
    return { status: response.status, detail: response.body.detail ?? response.body.error?.message };
  }

  it('words the JSON body and field refusals of REST and the agents API', async () => {
    const invalidJson =
      'Malformed JSON body: it is not valid JSON, or it holds a "__proto__" or "constructor" key, which no request may';
    expect(await postJson('/pipelines', `{"name": ${SECRET}}`)).toEqual({ status: 400, detail: invalidJson });
    expect(await postJson('/pipelines', '{"__proto__": {"admin": true}}')).toEqual({
      status: 400,
      detail: invalidJson,
    });
    expect(await postJson('/api/v1/agents/create', `{"name": ${SECRET}}`)).toEqual({
      status: 400,
      detail: invalidJson,
    });
    expect(await postJson('/pipelines', '')).toEqual({
      status: 400,
      detail: 'Malformed JSON body: the body is empty',
    });
    expect(await postJson('/pipelines', '[]')).toEqual({ status: 422, detail: 'body: must be an object' });
    expect(await postJson('/pipelines', '{"name": "x", "surprise": 1}')).toEqual({
      status: 422,
      detail: 'surprise: unknown field',
    });
  });

  it('words a malformed multipart body', async () => {
    const response = await api().request(
      'POST',
      `/pipelines/${pipelineId}/files`,
      `--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${SECRET}`,
      { 'content-type': 'multipart/form-data; boundary=x' },
    );
    expect({ status: response.status, detail: response.body.detail }).toEqual({
      status: 400,
      detail: 'Malformed multipart body: it is not well-formed multipart/form-data, or it ended early',
    });
  });

  it('words files its readers give up on, without quoting them', async () => {
    const broken = [
      { name: 'a.json', bytes: Buffer.from(`{"note": ${SECRET}}`), reason: 'it is not valid JSON' },
      {
        name: 'b.json',
        bytes: Buffer.from(`{"note": "x"}\n{"more": "${SECRET}"}`),
        reason: 'it is not valid JSON (line 2, column 1)',
      },
      {
        name: 'c.csv',
        bytes: Buffer.from(`name,note\n"${SECRET},x\n`),
        reason: 'it is not valid CSV: a quoted value is never closed (line 2)',
      },
      {
        name: 'd.docx',
        bytes: zip({ 'notes.txt': Buffer.from(SECRET) }),
        reason: 'it is not a readable DOCX document: it is damaged, or not a Word document',
      },
      {
        name: 'e.xlsx',
        // exceljs answers this with one of its own internals: "Cannot read properties of undefined".
        bytes: zip({
          '[Content_Types].xml': Buffer.from('<Types'),
          'xl/workbook.xml': Buffer.from('<workbook><sheets>'),
        }),
        reason: 'it is not a readable XLSX workbook: it is damaged, or not an Excel workbook',
      },
    ];
    for (const { name, bytes, reason } of broken) {
      const response = await api().upload(`/pipelines/${pipelineId}/files`, [{ name, bytes }], {
        classification: 'public',
      });
      expect({ status: response.status, detail: response.body.detail }).toEqual({
        status: 422,
        detail: `File '${name}': ${reason}. Nothing was stored.`,
      });
    }
  });

  it('words a legacy SSE message that is not JSON', async () => {
    const stream = await openStream(fixture().trove.url, '/api/v1/mcp/sse', {
      ...keyHeaders(ADMIN),
      accept: 'text/event-stream',
    });
    try {
      const endpoint = await waitFor(
        'the endpoint event',
        () => /data: (\/api\/v1\/mcp\/messages\S+)/.exec(stream.received())?.[1],
      );
      const response = await rawRequest(fixture().trove.url, {
        method: 'POST',
        path: endpoint,
        headers: { ...keyHeaders(ADMIN), 'content-type': 'application/json' },
        body: `{"jsonrpc": ${SECRET}}`,
      });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body).error.message).toBe(
        'Invalid JSON-RPC message: the body must be one JSON-RPC 2.0 message, as JSON',
      );
    } finally {
      stream.close();
    }
  });
});
