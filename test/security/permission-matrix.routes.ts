/**
 * The permission matrix as data: every REST route and every MCP tool, the request
 * each key kind sends, and the answer each kind must get. The rows live per feature in
 * permission-matrix/ (core, files, llms, agents, mcp; what they share in rows.ts); this
 * file only puts them in the order the runner (permission-matrix.test.ts) plays them.
 *
 * To add a route (agents, files, console...): add a row to the feature's READ rows
 * (answers that change nothing) or WRITE rows (anything that changes state: give each
 * kind its own target in the fixture, so one kind's write cannot change another's
 * answer), with `route` spelled as the server logs it ("GET /pipelines/:id"). The
 * matrix fails while a route the server registers has no row. An MCP tool goes in
 * MCP_ROWS; a new MCP endpoint in MCP_ENDPOINTS. Every answer is also searched for the
 * fixture's secrets of the kind (permission-matrix.fixture.ts), so a new row is a leak
 * check for free. A multipart upload gives `form` instead of `body`. A secret the
 * request itself carries is no leak when echoed, so what an error text must not name
 * (another classification, whether a hidden thing exists) takes a `refusal` check.
 */
import { AGENT_READ_ROWS, AGENT_WRITE_ROWS } from './permission-matrix/agents.rows';
import { ADMIN_WRITE_ROWS, CORE_READ_ROWS, DOCUMENT_WRITE_ROWS } from './permission-matrix/core.rows';
import { EVALUATION_READ_ROWS, EVALUATION_WRITE_ROWS } from './permission-matrix/evaluations.rows';
import { FILE_READ_ROWS, FILE_WRITE_ROWS } from './permission-matrix/files.rows';
import { LLM_READ_ROWS, LLM_WRITE_ROWS } from './permission-matrix/llms.rows';
import { RERANKER_READ_ROWS, RERANKER_WRITE_ROWS } from './permission-matrix/rerankers.rows';
import { RestRow } from './permission-matrix/rows';

import { IDENTITY_READ_ROWS, IDENTITY_WRITE_ROWS } from './permission-matrix/identity.rows';
export { MCP_ENDPOINTS, MCP_ROWS } from './permission-matrix/mcp.rows';
export type {
  Check,
  MatrixRequest,
  McpOutcome,
  McpRow,
  RefusalCheck,
  RestRow,
} from './permission-matrix/rows';

export const READ_ROWS: RestRow[] = [
  ...CORE_READ_ROWS,
  ...IDENTITY_READ_ROWS,
  ...FILE_READ_ROWS,
  ...LLM_READ_ROWS,
  ...RERANKER_READ_ROWS,
  ...EVALUATION_READ_ROWS,
  ...AGENT_READ_ROWS,
];

/**
 * The agents' writes first: they change no pipeline, document or key, so they run on
 * the fixture's documents as they were read (a later write adds documents a turn
 * could cite, that the fixture knows nothing of).
 */
export const WRITE_ROWS: RestRow[] = [
  ...LLM_WRITE_ROWS,
  ...RERANKER_WRITE_ROWS,
  ...AGENT_WRITE_ROWS,
  ...EVALUATION_WRITE_ROWS,
  ...DOCUMENT_WRITE_ROWS,
  ...FILE_WRITE_ROWS,
  ...ADMIN_WRITE_ROWS,
  ...IDENTITY_WRITE_ROWS,
];
