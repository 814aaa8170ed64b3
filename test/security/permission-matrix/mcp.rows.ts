/** The matrix rows of /mcp: its endpoint answers and its three tools. */
import { HIDDEN, MatrixFixture, READS } from '../permission-matrix.fixture';
import { fail, McpOutcome, McpRow, onlyB, per, searchCheck } from './rows';

/** Requests /mcp answers before any tool runs: the same for every key that authenticates. */
export const MCP_ENDPOINTS: { route: string; method: 'tools/list' | 'initialize' }[] = [
  { route: 'POST /mcp', method: 'tools/list' },
];

const mcpSearch = (pipeline: 'A' | 'B', type: string) => (fx: MatrixFixture) => ({
  pipeline_id: pipeline === 'A' ? fx.a.id : fx.b.id,
  query: 'lighthouse keeper notes',
  classifications: [HIDDEN, 'public'],
  type,
  params: type === 'mmr' ? { k: 50, fetch_k: 100 } : { k: 50 },
});
const mcpSearchersOfA = per<McpOutcome>(
  -32002,
  { admin: 'ok', full: 'ok', 'read-execute-public': 'ok', 'all-public': 'ok' },
  401,
);

export const MCP_ROWS: McpRow[] = [
  {
    tool: 'get_pipelines',
    arguments: () => ({ limit: 1000 }),
    expect: per<McpOutcome>('ok', {}, 401),
    check: (body, fx, kind) => {
      const ids: string[] = body.results.map((p: any) => p.pipeline_id);
      if (!READS[kind].b && ids.includes(fx.b.id)) fail('lists pipeline B');
      if ((READS[kind].a === 'none') === ids.includes(fx.a.id)) fail('pipeline A');
    },
  },
  {
    tool: 'get_pipeline_classifications',
    case: 'A',
    arguments: (fx) => ({ pipeline_id: fx.a.id }),
    expect: per<McpOutcome>(
      -32002,
      { admin: 'ok', full: 'ok', 'read-only': 'ok', 'read-execute-public': -32603, 'all-public': -32603 },
      401,
    ),
  },
  {
    tool: 'get_pipeline_classifications',
    case: 'B',
    arguments: (fx) => ({ pipeline_id: fx.b.id }),
    expect: onlyB<McpOutcome>('ok', -32002),
  },
  ...['similarity', 'mmr', 'search'].map((type): McpRow => ({
    tool: 'search_knowledge',
    case: type,
    arguments: mcpSearch('A', type),
    expect: mcpSearchersOfA,
    check: searchCheck((body) => body.results),
  })),
  {
    tool: 'search_knowledge',
    case: 'B',
    arguments: mcpSearch('B', 'similarity'),
    expect: onlyB<McpOutcome>('ok', -32002),
  },
];
