/**
 * Helpers for the /api/v1/mcp tests: the official MCP client over each transport
 * the endpoint serves, a raw JSON-RPC call (the page's bytes, which the official
 * client trims to MCP's fields), and an upload root with the files and traps the
 * `file_path` tests need.
 */
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Credentials, keyHeaders, OpenStream, openStream, RawResponse, rawRequest } from '../support/http';
import { waitFor } from '../support/wait';

export type Transport = '2025-11-25' | '2026-07-28' | 'sse';
export const TRANSPORTS: Transport[] = ['2025-11-25', '2026-07-28', 'sse'];

/** A connected official client of /api/v1/mcp; `query` is appended to the endpoint URL. */
export async function connect(
  baseUrl: string,
  credentials: Credentials,
  transport: Transport,
  query = '',
): Promise<Client> {
  const client = new Client(
    { name: 'trove-tests', version: '1.0.0' },
    transport === 'sse'
      ? {}
      : { versionNegotiation: { mode: transport === '2026-07-28' ? { pin: transport } : 'legacy' } },
  );
  if (transport === 'sse') {
    // Old SSE clients are often given a URL and nothing else: the key rides in it.
    const key = `api_key=${encodeURIComponent(`${credentials.id}.${credentials.secret}`)}`;
    const url = `${baseUrl}/api/v1/mcp/sse?${query ? `${query}&` : ''}${key}`;
    await client.connect(new SSEClientTransport(new URL(url)));
  } else {
    const url = `${baseUrl}/api/v1/mcp${query ? `?${query}` : ''}`;
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: keyHeaders(credentials) } }),
    );
  }
  return client;
}

/** One tools/call as raw JSON-RPC over streamable HTTP, without a handshake: its result, as sent. */
export async function rawCall(
  baseUrl: string,
  credentials: Credentials,
  name: string,
  args: unknown,
  query = '',
): Promise<any> {
  const response = await rawRequest(baseUrl, {
    method: 'POST',
    path: `/api/v1/mcp${query ? `?${query}` : ''}`,
    headers: {
      ...keyHeaders(credentials),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  if (response.status !== 200) throw new Error(`tools/call answered ${response.status}: ${response.body}`);
  const data = response.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .pop();
  const message = JSON.parse(data ? data.slice('data: '.length) : response.body);
  if (!message.result) throw new Error(`tools/call answered ${JSON.stringify(message)}`);
  return message.result;
}

/**
 * A legacy HTTP+SSE session driven by hand, as the old clients drive it: the key
 * rides in the stream's URL only, and every message is POSTed to the endpoint the
 * stream named, with no credentials at all (unless `headers` adds some).
 */
export interface LegacySession {
  stream: OpenStream;
  /** The path the `endpoint` event named. */
  endpoint: string;
  /** Whether the server has ended the stream. */
  ended(): boolean;
  post(message: unknown, headers?: Record<string, string>): Promise<RawResponse>;
  /** A request POSTed without credentials; its response, read from the stream. */
  request(method: string, params: unknown): Promise<any>;
}

/** The answer to a GET /api/v1/mcp/sse that opened no session. */
export class LegacySessionRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`GET /api/v1/mcp/sse answered ${status}: ${body}`);
  }
}

export async function openLegacySession(
  baseUrl: string,
  credentials: Credentials,
  query = '',
): Promise<LegacySession> {
  const key = `api_key=${encodeURIComponent(`${credentials.id}.${credentials.secret}`)}`;
  const stream = await openStream(baseUrl, `/api/v1/mcp/sse?${query ? `${query}&` : ''}${key}`, {
    accept: 'text/event-stream',
  });
  if (stream.status !== 200) {
    await stream.ended;
    throw new LegacySessionRefused(stream.status, stream.received());
  }
  let ended = false;
  void stream.ended.then(() => (ended = true));
  const endpoint = await waitFor(
    'the endpoint event',
    () => /^event: endpoint\ndata: (.*)$/m.exec(stream.received())?.[1],
  );
  let nextId = 0;
  const post = (message: unknown, headers: Record<string, string> = {}) =>
    rawRequest(baseUrl, {
      method: 'POST',
      path: endpoint,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(message),
    });
  const messages = () =>
    [...stream.received().matchAll(/^event: message\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]));
  const request = async (method: string, params: unknown) => {
    const id = ++nextId;
    const posted = await post({ jsonrpc: '2.0', id, method, params });
    if (posted.status !== 202) throw new Error(`${method} answered ${posted.status}: ${posted.body}`);
    return waitFor(`the response to ${method}`, () => messages().find((m) => m.id === id));
  };
  const session = { stream, endpoint, ended: () => ended, post, request };
  await request('initialize', {
    protocolVersion: '2024-11-05',
    capabilities: {},
    clientInfo: { name: 'trove-tests', version: '1.0' },
  });
  const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  if (initialized.status !== 202) throw new Error(`notifications/initialized answered ${initialized.status}`);
  return session;
}

/** Near enough to the page's example query to pass its default threshold (0.7) with the built-in embeddings. */
export const RETURN_POLICY = 'What is the return policy? Our return policy allows returns within 30 days.\n';

/**
 * TROVE_UPLOAD_ROOT for the tests: two real files, a link that stays inside, and the
 * ways out a hostile `file_path` would try (links out, a hard link, a FIFO, a directory).
 */
export function makeUploadRoot(): { root: string; outside: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-upload-root-'));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, 'policies.md'), RETURN_POLICY);
  fs.writeFileSync(path.join(root, 'sub', 'shipping.txt'), 'Parcels ship within two business days.\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'A file beside the upload root, never to be read.\n');
  fs.symlinkSync(path.join(root, 'policies.md'), path.join(root, 'inside-link.md'));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'escape.txt'));
  fs.symlinkSync(path.join(outside, 'no-such-file.txt'), path.join(root, 'dangling-escape.txt'));
  fs.symlinkSync(outside, path.join(root, 'outside-dir'));
  fs.linkSync(path.join(outside, 'secret.txt'), path.join(root, 'hard-link.txt'));
  fs.mkdirSync(path.join(root, 'folder.md'));
  fs.mkdirSync(path.join(root, '..notes.md'));
  execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
  return { root, outside };
}
