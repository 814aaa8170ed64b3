/**
 * Helpers for the /mcp tests: a client of /mcp over the raw HTTP client of
 * test/support/http.ts (exact control of Host, Content-Length and methods; bytes
 * back unchanged), an SSE splitter, the published pages as data (contract/), and
 * tool sessions over support-kb (test/support/records.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createSupportKb, SupportKb } from '../support/records';
import type { TroveFixture } from '../support/suite';
import {
  Credentials,
  keyHeaders,
  OpenStream,
  openStream,
  RawRequest,
  RawResponse,
  rawRequest,
} from '../support/http';

/** Parsed JSON of a response, navigated freely by the tests. */
export type Json = any;

export const STREAM_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

export interface SseEvent {
  data: string;
  id?: string;
  retry?: string;
}

/** Splits an SSE body into events; fails on anything the server should not send. */
export function parseSse(body: string): SseEvent[] {
  if (!body.endsWith('\n\n'))
    throw new Error(`SSE body does not end with a blank line: ${JSON.stringify(body)}`);
  return body
    .slice(0, -2)
    .split('\n\n')
    .map((block) => {
      const event: SseEvent = { data: '' };
      for (const line of block.split('\n')) {
        const match = /^(data|id|retry): (.*)$/.exec(line);
        if (!match) throw new Error(`unexpected SSE line ${JSON.stringify(line)}`);
        event[match[1] as keyof SseEvent] = match[2];
      }
      return event;
    });
}

/** The JSON-RPC message of a response stream (its last event). */
export function lastMessage(body: string): Json {
  const events = parseSse(body);
  return JSON.parse(events[events.length - 1].data);
}

/** The initialize request of a test client. */
export const initializeMessage = (protocolVersion = '2025-11-25') => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'trove-tests', version: '1.0' } },
});

/** search_knowledge's arguments that find support-kb's refunds document (test/support/records.ts). */
export const refundsSearch = (pipelineId: string) => ({
  pipeline_id: pipelineId,
  query: 'How do customers get their money back?',
  classifications: ['internal'],
  type: 'similarity',
  params: { k: 1 },
});

/** A client of /mcp that speaks raw HTTP with one key. */
export class RawMcp {
  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials | null,
  ) {}

  as(credentials: Credentials | null): RawMcp {
    return new RawMcp(this.baseUrl, credentials);
  }

  /** POST /mcp unless told otherwise, with the key's headers. */
  request(request: RawRequest): Promise<RawResponse> {
    return rawRequest(this.baseUrl, {
      method: 'POST',
      path: '/mcp',
      ...request,
      headers: { ...(this.credentials ? keyHeaders(this.credentials) : {}), ...request.headers },
    });
  }

  /** GET /mcp on a session: its event stream, kept open and read as it comes. */
  openStream(sessionId: string): Promise<OpenStream> {
    return openStream(this.baseUrl, '/mcp', {
      ...(this.credentials ? keyHeaders(this.credentials) : {}),
      accept: 'text/event-stream',
      'mcp-session-id': sessionId,
    });
  }

  /** POSTs one JSON-RPC message with the two required headers. */
  post(message: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
    return this.request({
      headers: { ...STREAM_HEADERS, ...headers },
      body: typeof message === 'string' ? message : JSON.stringify(message),
    });
  }

  /** initialize + notifications/initialized; returns the session id. */
  async openSession(protocolVersion = '2025-11-25'): Promise<string> {
    const init = await this.post(initializeMessage(protocolVersion));
    if (init.status !== 200) throw new Error(`initialize answered ${init.status}: ${init.body}`);
    const sessionId = init.headers['mcp-session-id'] as string;
    const initialized = await this.post(
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      this.sessionHeaders(sessionId),
    );
    if (initialized.status !== 202)
      throw new Error(`notifications/initialized answered ${initialized.status}`);
    return sessionId;
  }

  sessionHeaders(sessionId: string, protocolVersion = '2025-11-25'): Record<string, string> {
    return { 'mcp-session-id': sessionId, 'mcp-protocol-version': protocolVersion };
  }

  /** A request within a session; returns the JSON-RPC response message. */
  async call(sessionId: string, method: string, params?: unknown, id: number | string = 1): Promise<Json> {
    const response = await this.post(
      { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) },
      this.sessionHeaders(sessionId),
    );
    if (response.status !== 200) throw new Error(`${method} answered ${response.status}: ${response.body}`);
    return lastMessage(response.body);
  }

  callTool(sessionId: string, name: string, args?: unknown, id: number | string = 1): Promise<Json> {
    return this.call(
      sessionId,
      'tools/call',
      { name, ...(args === undefined ? {} : { arguments: args }) },
      id,
    );
  }

  /** A 2026-07-28 request: no session, the per-request headers and `_meta`. */
  async modern(
    method: string,
    params: Record<string, unknown> = {},
    id: number | string = 1,
  ): Promise<RawResponse> {
    const headers: Record<string, string> = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method };
    if (method === 'tools/call') headers['mcp-name'] = String(params.name);
    return this.post({ jsonrpc: '2.0', id, method, params: { ...params, _meta: MODERN_META } }, headers);
  }
}

export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

// ---- The published pages -------------------------------------------------

/** Verbatim copies of the pages the tests check against (contract/README.md says which parts). */
const CONTRACT_DIR = path.join(__dirname, 'contract');

export function specPage(name: 'foundation4-mcp-server.md' | 'foundation4-mcp-tools.md'): string {
  return fs.readFileSync(path.join(CONTRACT_DIR, name), 'utf8');
}

/** The JSON blocks of a page (lines starting a `{` block at column 0), by the text of the line introducing them. */
export function jsonBlocks(page: string): { intro: string; value: Json }[] {
  const lines = page.split('\n');
  const blocks: { intro: string; value: Json }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('{')) continue;
    let depth = 0;
    let j = i;
    const text: string[] = [];
    for (;;) {
      text.push(lines[j]);
      depth += (lines[j].match(/{/g) ?? []).length - (lines[j].match(/}/g) ?? []).length;
      if (depth === 0) break;
      j++;
    }
    let intro = '';
    for (let k = i - 1; k >= 0 && intro === ''; k--) intro = lines[k].trim();
    blocks.push({ intro, value: JSON.parse(text.join('\n')) });
    i = j;
  }
  return blocks;
}

/** The rows of a tab-separated table whose header row starts with `header`. */
export function tableRows(page: string, header: string): string[][] {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) throw new Error(`no table ${header}`);
  const rows: string[][] = [];
  for (let i = start + 1; i < lines.length && lines[i].includes('\t'); i++) rows.push(lines[i].split('\t'));
  return rows;
}

/** Removes the backticks the pages put around literal values. */
export const unquote = (cell: string) => cell.replace(/^`(.*)`$/, '$1');

const toolsPageBlocks = jsonBlocks(specPage('foundation4-mcp-tools.md'));

/** The `nth` JSON block of the MCP tools page whose introducing line starts with `intro`. */
export function toolsPageBlock(intro: string, nth = 0): Json {
  const found = toolsPageBlocks.filter((b) => b.intro.startsWith(intro));
  if (!found[nth]) throw new Error(`no JSON block after "${intro}" #${nth}`);
  return found[nth].value;
}

// ---- What the tool tests share ----------------------------------------------

export interface ToolSession {
  mcp: RawMcp;
  kb: SupportKb;
  /** A session of the admin key. */
  sessionId: string;
  /** The embedding model id of support-kb's default vector embedding. */
  modelId: string;
}

/** support-kb in the fixture's Trove and an admin session to call the tools in. */
export async function openToolSession({ api, trove }: TroveFixture): Promise<ToolSession> {
  const kb = await createSupportKb(api);
  const modelId = (Object.values(kb.pipeline.embedding_models)[0] as { id: string }).id;
  const mcp = new RawMcp(trove.url, api.credentials);
  return { mcp, kb, modelId, sessionId: await mcp.openSession() };
}

/** Tool calls in a session, by the answer the test expects. */
export function toolCalls(session: () => { mcp: RawMcp; sessionId: string }) {
  const tool = (name: string, args?: unknown) => session().mcp.callTool(session().sessionId, name, args);
  return {
    /** The JSON-RPC response message, whatever it holds. */
    tool,
    /** The structuredContent of a successful call. */
    output: async (name: string, args?: unknown) => {
      const message = await tool(name, args);
      if (!message.result || message.result.isError)
        throw new Error(`${name} failed: ${JSON.stringify(message)}`);
      return message.result.structuredContent;
    },
    /** The text of an argument error: a result with isError and one text block. */
    argumentError: async (name: string, args: unknown) => {
      const message = await tool(name, args);
      expect(message.result.isError).toBe(true);
      expect(Object.keys(message.result)).toEqual(['content', 'isError']);
      expect(message.result.content).toHaveLength(1);
      expect(message.result.content[0].type).toBe('text');
      return message.result.content[0].text as string;
    },
    /** The JSON-RPC error of a call answered without a result. */
    rpcError: async (name: string, args: unknown) => {
      const message = await tool(name, args);
      expect(message.result).toBeUndefined();
      return message.error;
    },
  };
}
