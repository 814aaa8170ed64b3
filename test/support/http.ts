/**
 * A tiny JSON client for the REST API, with a key's headers. It notes the document
 * contents it sends and the secrets it receives, which the Trove must never log
 * (log-check.ts).
 */
import { noteDocumentContents, noteSensitive } from './log-check';
import { ADMIN_KEY, ADMIN_SECRET } from './trove-process';

export interface Credentials {
  id: string;
  secret: string;
}

export const ADMIN: Credentials = { id: ADMIN_KEY, secret: ADMIN_SECRET };

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

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
    const auth: Record<string, string> = this.credentials
      ? { 'x-api-key': this.credentials.id, 'x-api-key-secret': this.credentials.secret }
      : {};
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    noteSensitive(this.baseUrl, (parsed as { secret?: unknown } | undefined)?.secret);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
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
}
