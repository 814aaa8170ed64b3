/**
 * The permission matrix rows of the Guided Mind tools at /api/v1/mcp (issue 11):
 * rag_search over every pipeline a kind may search or over one named pipeline, and
 * the two uploads (read from GUIDED_MIND_UPLOAD_ROOT, the matrix Trove's
 * TROVE_UPLOAD_ROOT). Outcomes: `ok`, `tool error` (a result marked isError), or the
 * HTTP status of a request refused before MCP (401). The matrix's leak check applies
 * to every answer, so a hit of a version a kind may not read fails its cell.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LegacySessionRefused, openLegacySession } from '../../guided-mind/support';
import { Credentials, keyHeaders, rawRequest } from '../../support/http';
import { KEY_KINDS, KeyKind, MatrixFixture, READS } from '../permission-matrix.fixture';
import type { Check } from './rows';

export const GUIDED_MIND_UPLOAD_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-matrix-uploads-'));
fs.writeFileSync(path.join(GUIDED_MIND_UPLOAD_ROOT, 'matrix-upload.md'), 'A file the matrix uploads.\n');

type Outcome = 'ok' | 'tool error' | number;

export interface GuidedMindRow {
  tool: 'rag_search' | 'upload_document' | 'upload_and_process';
  case: string;
  /** `?project_id=` of the endpoint URL. */
  project?: (fx: MatrixFixture) => string;
  arguments: (fx: MatrixFixture) => Record<string, unknown>;
  expect: Record<KeyKind, Outcome>;
  check?: Check;
}

const outcomes = (ok: KeyKind[]): Record<KeyKind, Outcome> =>
  Object.fromEntries(
    KEY_KINDS.map((kind) => [kind, kind === 'disabled' ? 401 : ok.includes(kind) ? 'ok' : 'tool error']),
  ) as Record<KeyKind, Outcome>;

const SEARCHES_A: KeyKind[] = ['admin', 'full', 'read-execute-public', 'all-public'];
const WRITES_PUBLIC_TO_A: KeyKind[] = ['admin', 'full', 'write-only', 'all-public'];

type Hit = { document_id: string; project_id: string };

/** Hits only of pipelines the kind may search, and in A only documents whose current version it may read. */
const onlySearchable: Check = (body, fx, kind) => {
  for (const hit of (body.content ?? []) as Hit[]) {
    const searchable =
      hit.project_id === fx.a.id
        ? SEARCHES_A.includes(kind) && fx.visibleInA(kind).includes(hit.document_id)
        : hit.project_id === fx.b.id && READS[kind].b;
    if (!searchable) throw new Error(`a hit the kind may not search: ${JSON.stringify(hit)}`);
  }
};

const upload = (tool: GuidedMindRow['tool']) => (fx: MatrixFixture) => ({
  file_path: 'matrix-upload.md',
  project_id: fx.a.id,
  classification: 'public',
  ...(tool === 'upload_and_process' ? { chunk_size: 200, chunk_overlap: 0 } : {}),
});

export const GUIDED_MIND_ROWS: GuidedMindRow[] = [
  {
    tool: 'rag_search',
    case: 'every pipeline the key may search',
    arguments: () => ({ query: 'policy handbook confidential public version', limit: 20, threshold: 0 }),
    // Every kind that authenticates: a kind with nothing to search gets no hits, not an error.
    expect: outcomes(KEY_KINDS.filter((kind) => kind !== 'disabled')),
    check: onlySearchable,
  },
  {
    tool: 'rag_search',
    case: 'pipeline A named by ?project_id=',
    project: (fx) => fx.a.id,
    arguments: () => ({ query: 'policy handbook confidential public version', limit: 20, threshold: 0 }),
    expect: outcomes(SEARCHES_A),
    check: onlySearchable,
  },
  {
    tool: 'upload_document',
    case: 'a public file to A',
    arguments: upload('upload_document'),
    expect: outcomes(WRITES_PUBLIC_TO_A),
  },
  {
    tool: 'upload_and_process',
    case: 'a public file to A',
    arguments: upload('upload_and_process'),
    expect: outcomes(WRITES_PUBLIC_TO_A),
  },
];

/**
 * The transports a cell is called over: streamable HTTP (credentials on every request),
 * and legacy SSE, whose messages are POSTed with the session id only, so the kind's
 * grants must come from its key as it is, not from the request.
 */
export const GUIDED_MIND_TRANSPORTS = ['streamable', 'sse'] as const;
export type GuidedMindTransport = (typeof GUIDED_MIND_TRANSPORTS)[number];

/** One cell: the tool called by one kind over `transport`, as the matrix's runCells takes it. */
export function guidedMindCell(
  baseUrl: string,
  fx: MatrixFixture,
  row: GuidedMindRow,
  transport: GuidedMindTransport = 'streamable',
) {
  if (transport === 'sse') return legacySseCell(baseUrl, fx, row);
  return async (kind: KeyKind) => {
    const args = row.arguments(fx);
    const path = `/api/v1/mcp${row.project ? `?project_id=${row.project(fx)}` : ''}`;
    const { status, message, answer } = await streamableToolCall(
      baseUrl,
      path,
      fx.keys[kind],
      row.tool,
      args,
    );
    if (message === null) return { outcome: status, request: JSON.stringify(args), answer, body: null };
    const outcome: Outcome = message.error
      ? message.error.code
      : message.result.isError
        ? 'tool error'
        : 'ok';
    return { outcome, request: JSON.stringify(args), answer, body: message.result?.structuredContent };
  };
}

/** One tools/call over streamable HTTP: the JSON-RPC answer, or null when refused before MCP. */
export async function streamableToolCall(
  baseUrl: string,
  path: string,
  credentials: Credentials,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; message: any; answer: string }> {
  const response = await rawRequest(baseUrl, {
    method: 'POST',
    path,
    headers: {
      ...keyHeaders(credentials),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const answer = response.body + JSON.stringify(response.headers);
  if (response.status !== 200) return { status: response.status, message: null, answer };
  const data = response.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .pop()!;
  return { status: response.status, message: JSON.parse(data.slice('data: '.length)), answer };
}

function legacySseCell(baseUrl: string, fx: MatrixFixture, row: GuidedMindRow) {
  return async (kind: KeyKind) => {
    const args = row.arguments(fx);
    const request = JSON.stringify(args);
    let session;
    try {
      session = await openLegacySession(
        baseUrl,
        fx.keys[kind],
        row.project ? `project_id=${row.project(fx)}` : '',
      );
    } catch (error) {
      // A kind refused the stream is refused before MCP (401), as the streamable request is.
      if (!(error instanceof LegacySessionRefused)) throw error;
      return { outcome: error.status, request, answer: error.body, body: null };
    }
    try {
      const message = await session.request('tools/call', { name: row.tool, arguments: args });
      const outcome: Outcome = message.error
        ? message.error.code
        : message.result.isError
          ? 'tool error'
          : 'ok';
      return { outcome, request, answer: JSON.stringify(message), body: message.result?.structuredContent };
    } finally {
      session.stream.close();
    }
  };
}
