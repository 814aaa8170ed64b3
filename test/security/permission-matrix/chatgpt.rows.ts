/**
 * The permission matrix rows of the ChatGPT connector endpoint (/mcp/chatgpt):
 * `search` over every pipeline a kind may search, and `fetch` of documents of each
 * kind of visibility. Outcomes: `ok`, `not found` (the tool error a missing document
 * gets), or the HTTP status of a request refused before MCP (401). The matrix's leak
 * check applies to every answer.
 */
import { KEY_KINDS, KeyKind, MatrixFixture, READS, readsVersion } from '../permission-matrix.fixture';
import { streamableToolCall } from './guided-mind.rows';
import type { Check } from './rows';

type Outcome = 'ok' | 'not found' | number;

export interface ChatGptRow {
  tool: 'search' | 'fetch';
  case: string;
  arguments: (fx: MatrixFixture) => Record<string, unknown>;
  expect: Record<KeyKind, Outcome>;
  check?: Check;
}

const outcomes = (ok: (kind: KeyKind) => boolean): Record<KeyKind, Outcome> =>
  Object.fromEntries(
    KEY_KINDS.map((kind) => [kind, kind === 'disabled' ? 401 : ok(kind) ? 'ok' : 'not found']),
  ) as Record<KeyKind, Outcome>;

/** Search takes read and execute; of the kinds that read A, read-only does not execute. */
const SEARCHES_A: KeyKind[] = ['admin', 'full', 'read-execute-public', 'all-public'];

/** Results only of documents the kind may search: in A those whose current version it may read. */
const onlySearchable: Check = (body, fx, kind) => {
  for (const { id } of (body.results ?? []) as { id: string }[]) {
    const [pipelineId, documentId] = id.split(':');
    const searchable =
      pipelineId === fx.a.id
        ? SEARCHES_A.includes(kind) && fx.visibleInA(kind).includes(documentId)
        : pipelineId === fx.b.id && READS[kind].b;
    if (!searchable) throw new Error(`a result the kind may not search: ${id}`);
  }
};

const fetchOf =
  (pick: (fx: MatrixFixture) => { pipeline: string; document: string }) => (fx: MatrixFixture) => {
    const { pipeline, document } = pick(fx);
    return { id: `${pipeline}:${document}` };
  };

export const CHATGPT_ROWS: ChatGptRow[] = [
  {
    tool: 'search',
    case: 'every pipeline the key may search',
    arguments: () => ({ query: 'policy handbook confidential public version' }),
    // Every kind that authenticates: nothing to search is no results, not an error.
    expect: outcomes(() => true),
    check: onlySearchable,
  },
  {
    tool: 'fetch',
    case: 'a public document of A',
    arguments: fetchOf((fx) => ({ pipeline: fx.a.id, document: fx.docs.public.id })),
    expect: outcomes((kind) => readsVersion(kind, 'A', 'public')),
  },
  {
    tool: 'fetch',
    case: 'a confidential document of A',
    arguments: fetchOf((fx) => ({ pipeline: fx.a.id, document: fx.docs.confidential.id })),
    expect: outcomes((kind) => READS[kind].a === 'all'),
  },
  {
    tool: 'fetch',
    case: 'a document of A whose current version is confidential',
    arguments: fetchOf((fx) => ({ pipeline: fx.a.id, document: fx.docs['now-confidential'].id })),
    expect: outcomes((kind) => READS[kind].a === 'all'),
  },
  {
    tool: 'fetch',
    case: 'a document of B',
    arguments: fetchOf((fx) => ({ pipeline: fx.b.id, document: fx.docs['b-document'].id })),
    expect: outcomes((kind) => READS[kind].b),
  },
];

/** One cell: the tool called by one kind over streamable HTTP, as the matrix's runCells takes it. */
export function chatGptCell(baseUrl: string, fx: MatrixFixture, row: ChatGptRow) {
  return async (kind: KeyKind) => {
    const args = row.arguments(fx);
    const request = JSON.stringify(args);
    const { status, message, answer } = await streamableToolCall(
      baseUrl,
      '/mcp/chatgpt',
      fx.keys[kind],
      row.tool,
      args,
    );
    if (message === null) return { outcome: status, request, answer, body: null };
    let outcome: Outcome | number = 'ok';
    if (message.error) outcome = message.error.code;
    else if (message.result.isError) {
      const text = message.result.content[0].text;
      outcome = text === `Document ${args.id} not found` ? 'not found' : text;
    }
    return { outcome, request, answer, body: message.result?.structuredContent };
  };
}
