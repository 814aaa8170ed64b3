/**
 * The benchmark's three ways into Trove: the REST API, MCP within one session
 * (2025-11-25, shared by every client of a run, as one assistant's connection is),
 * and MCP 2026-07-28 (no session, every request stands alone). Each answers a
 * search with the fragments it returned (id and score), in order.
 */

export interface SearchBody {
  type: 'similarity' | 'mmr' | 'search' | 'hybrid';
  query: string;
  classifications: string[];
  params: Record<string, number>;
  filters?: Record<string, unknown>;
}

export interface Transport {
  readonly name: string;
  /** Whether the transport can express the search (MCP's tool has no metadata filter). */
  supports(body: SearchBody): boolean;
  search(pipelineId: string, body: SearchBody): Promise<Hit[]>;
}

/** A returned fragment: its id and score (the distance for vector searches). */
export interface Hit {
  id: string;
  score: number;
}

export class RestClient implements Transport {
  readonly name = 'REST';

  constructor(
    private readonly base: string,
    private readonly key: string,
    private readonly secret: string,
  ) {}

  supports(): boolean {
    return true;
  }

  async search(pipelineId: string, body: SearchBody): Promise<Hit[]> {
    const results = (await this.call('POST', `/pipelines/${pipelineId}/search`, body)) as Hit[];
    return results.map((r) => ({ id: r.id, score: r.score }));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(method: string, route: string, body?: unknown): Promise<any> {
    const response = await fetch(this.base + route, {
      method,
      headers: { ...this.headers(), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return JSON.parse(text);
  }

  headers(): Record<string, string> {
    return { 'x-api-key': this.key, 'x-api-key-secret': this.secret };
  }
}

const MODERN = '2026-07-28';
const SESSION_PROTOCOL = '2025-11-25';

export class McpClient implements Transport {
  readonly name: string;
  private sessionId: string | null = null;
  private nextId = 1;

  private constructor(
    private readonly rest: RestClient,
    private readonly base: string,
    private readonly modern: boolean,
  ) {
    this.name = modern ? `MCP ${MODERN}` : 'MCP session';
  }

  static async session(rest: RestClient, base: string): Promise<McpClient> {
    const client = new McpClient(rest, base, false);
    await client.open();
    return client;
  }

  /** Opens a session; again when the server ended it (idle while other searches were measured): 404. */
  private async open(): Promise<void> {
    const init = await this.post(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: SESSION_PROTOCOL,
          capabilities: {},
          clientInfo: { name: 'trove-bench', version: '1' },
        },
      },
      {},
    );
    this.sessionId = init.headers.get('mcp-session-id');
    if (!this.sessionId) throw new Error('initialize gave no session id');
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, this.sessionHeaders());
  }

  static stateless(rest: RestClient, base: string): McpClient {
    return new McpClient(rest, base, true);
  }

  supports(body: SearchBody): boolean {
    return body.filters === undefined;
  }

  async search(pipelineId: string, body: SearchBody): Promise<Hit[]> {
    const args = {
      pipeline_id: pipelineId,
      query: body.query,
      classifications: body.classifications,
      type: body.type,
      params: body.params,
    };
    const params: Record<string, unknown> = { name: 'search_knowledge', arguments: args };
    const headers = this.modern
      ? { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'search_knowledge' }
      : this.sessionHeaders();
    if (this.modern)
      params._meta = {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
      };
    const call = () =>
      this.post(
        { jsonrpc: '2.0', id: this.nextId++, method: 'tools/call', params },
        this.modern ? headers : this.sessionHeaders(),
      );
    const response = await call().catch(async (error: Error) => {
      if (this.modern || !(error instanceof SessionGone)) throw error;
      await this.open();
      return call();
    });
    const message = lastMessage(await response.text());
    const result = message.result as {
      isError?: boolean;
      structuredContent?: { results: Hit[] };
    };
    if (!result || result.isError || !result.structuredContent)
      throw new Error(`search_knowledge failed: ${JSON.stringify(message)}`);
    return result.structuredContent.results.map((r) => ({ id: r.id, score: Number(r.score) }));
  }

  private sessionHeaders(): Record<string, string> {
    return { 'mcp-session-id': this.sessionId!, 'mcp-protocol-version': SESSION_PROTOCOL };
  }

  private async post(message: unknown, headers: Record<string, string>): Promise<Response> {
    const response = await fetch(`${this.base}/mcp`, {
      method: 'POST',
      headers: {
        ...this.rest.headers(),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(message),
    });
    if (response.status === 404 && this.sessionId) throw new SessionGone(await response.text());
    if (response.status >= 300) throw new Error(`/mcp answered ${response.status}: ${await response.text()}`);
    return response;
  }
}

class SessionGone extends Error {}

/** The JSON-RPC message of an answer: plain JSON, or the last event of an SSE stream. */
function lastMessage(body: string): { result?: unknown; error?: unknown } {
  if (body.trimStart().startsWith('{')) return JSON.parse(body);
  const events = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
  return JSON.parse(events[events.length - 1]);
}
