/**
 * The tests' one HTTP client, on node:http. `rawRequest` sends exactly the given
 * method, path, headers and bytes and returns the status, headers and body unchanged
 * (what the /mcp tests check byte for byte); `openStream` keeps reading an answer that
 * does not end (event streams); `Api` is the JSON client of the REST API on top of
 * `rawRequest`, with a key's headers. It notes the document contents it sends and the
 * secrets it receives, which the Trove must never log (log-check.ts), and checks each
 * answer against the OpenAPI document (conformance.ts).
 */
import * as http from 'node:http';
import { checkConformance } from './conformance';
import { noteDocumentContents, noteSensitive } from './log-check';

/** The admin key every test Trove is bootstrapped with (see trove-process.ts). */
export const ADMIN_KEY = '0193a000-0000-7000-8000-00000000a0a0';
export const ADMIN_SECRET = 'integration-admin-secret-0001';

export interface Credentials {
  id: string;
  secret: string;
  /**
   * A bearer token Trove minted (a personal access token, a user session), sent as
   * `Authorization: Bearer` instead of the key headers; `id` is then its owner (the
   * token's key, the user), as AuthContext.keyId.
   */
  bearer?: string;
}

export const ADMIN: Credentials = { id: ADMIN_KEY, secret: ADMIN_SECRET };

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  field?: string;
  /** The part's Content-Type; none: application/octet-stream. */
  type?: string;
}

export function keyHeaders(credentials: Credentials): Record<string, string> {
  if (credentials.bearer !== undefined) return { authorization: `Bearer ${credentials.bearer}` };
  return { 'x-api-key': credentials.id, 'x-api-key-secret': credentials.secret };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The client port of the connection that carried it (to tell reused connections). */
  localPort?: number;
}

export interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string | number | string[]>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
  /**
   * Send the headers only, never the body their Content-Length announces: for answers
   * the server gives on the headers alone (413), without racing a large upload.
   */
  headersOnly?: boolean;
  /** A keep-alive agent to share a connection between requests; by default each request has its own. */
  agent?: http.Agent;
}

/** One HTTP request with exactly the given headers (node:http adds Host and, for bodies, Content-Length unless told). */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body =
    request.body === undefined
      ? undefined
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body, 'utf8');
  const headers: Record<string, string | number | string[]> = { ...request.headers };
  if (
    body !== undefined &&
    !request.chunked &&
    !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')
  ) {
    headers['content-length'] = body.length;
  }
  // Keep-alive, as ordinary clients are: with `Connection: close` the server may hang up
  // on an early answer (401, 413) while a large body is still being sent.
  const agent = request.agent ?? new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method ?? 'GET',
        path: request.path ?? '/',
        headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const localPort = res.socket.localPort;
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (request.headersOnly) req.destroy();
          if (!request.agent) agent.destroy();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            localPort,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (request.headersOnly) {
      req.flushHeaders();
      return;
    }
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** What arrived so far. */
  received(): string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
  /** Stops reading (a slow reader: what the server sends waits in its buffers), and reads again. */
  pause(): void;
  resume(): void;
}

/**
 * A request whose answer keeps coming (an event stream): resolves on the headers and
 * keeps reading. A GET unless `send` gives a method and a body (the agents API's
 * streams are POSTs).
 */
export function openStream(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
  send: { method?: string; body?: string | Buffer } = {},
): Promise<OpenStream> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: send.method ?? 'GET', path, agent: false, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        // A server that dies mid-stream (a test kills it) ends the stream; 'close' follows.
        res.on('error', () => undefined);
        const ended = new Promise<void>((done) => {
          res.on('end', done);
          res.on('close', done);
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          received: () => text,
          ended,
          close: () => req.destroy(),
          pause: () => res.pause(),
          resume: () => res.resume(),
        });
      },
    );
    req.on('error', reject);
    req.end(send.body);
  });
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A tiny JSON client for the REST API, with a key's headers. */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials | null = ADMIN,
  ) {}

  as(credentials: Credentials | null): Api {
    return new Api(this.baseUrl, credentials);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    if (method === 'POST' && typeof body === 'object') noteDocumentContents(this.baseUrl, path, body);
    const url = new URL(this.baseUrl + path);
    const encoded = await encodeBody(body);
    const response = await rawRequest(url.origin, {
      method,
      path: url.pathname + url.search,
      headers: {
        ...(this.credentials ? keyHeaders(this.credentials) : {}),
        ...(encoded ? { 'content-type': encoded.contentType } : {}),
        ...headers,
      },
      body: encoded?.bytes,
    });
    let parsed: unknown = response.body;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      // not JSON: keep the text
    }
    noteSensitive(this.baseUrl, (parsed as { secret?: unknown } | undefined)?.secret);
    noteSensitive(this.baseUrl, (parsed as { token?: unknown } | undefined)?.token);
    checkConformance(method, path, {
      status: response.status,
      contentType: response.headers['content-type'],
      body: parsed,
    });
    return {
      status: response.status,
      headers: toHeaders(response.headers),
      body: parsed as T,
      text: response.body,
    };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
  /**
   * Sends the headers and only the `start` of a body, then reads the answer without
   * sending the rest: for limits the server must enforce before a large body arrives
   * (a whole oversized body would race a socket reset against the upload).
   */
  partial(
    method: string,
    path: string,
    headers: Record<string, string | number>,
    start: (string | Buffer)[] = [],
  ): Promise<{ status: number; body: any }> {
    const auth = this.credentials ? keyHeaders(this.credentials) : {};
    return new Promise((resolve, reject) => {
      const request = http.request(this.baseUrl + path, { method, headers: { ...auth, ...headers } });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode!, body: JSON.parse(text) });
        });
      });
      request.on('error', reject);
      request.flushHeaders();
      for (const chunk of start) request.write(chunk);
    });
  }
  /** POST multipart/form-data: text fields, then files (each under `file` unless it names its field). */
  upload<T = any>(path: string, files: UploadFile[], fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files)
      form.append(
        file.field ?? 'file',
        new Blob([file.bytes], file.type ? { type: file.type } : {}),
        file.name,
      );
    return this.request<T>('POST', path, form);
  }
}

/** A request body as bytes: FormData as multipart (boundary included), anything else as JSON. */
async function encodeBody(
  body: unknown,
): Promise<{ bytes: Buffer | string; contentType: string } | undefined> {
  if (body === undefined) return undefined;
  if (body instanceof FormData) {
    const encoded = new Request('http://localhost/', { method: 'POST', body });
    return {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type')!,
    };
  }
  return { bytes: typeof body === 'string' ? body : JSON.stringify(body), contentType: 'application/json' };
}

/** node:http's header object as a fetch `Headers`, which Api has always answered. */
function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  return headers;
}
