/** A tiny JSON client for the REST API, with a key's headers. */
import * as http from 'node:http';
import { ADMIN_KEY, ADMIN_SECRET } from './trove-process';

export interface Credentials {
  id: string;
  secret: string;
}

export const ADMIN: Credentials = { id: ADMIN_KEY, secret: ADMIN_SECRET };

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  field?: string;
  /** The part's Content-Type; none: application/octet-stream. */
  type?: string;
}

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
    const auth: Record<string, string> = this.credentials
      ? { 'x-api-key': this.credentials.id, 'x-api-key-secret': this.credentials.secret }
      : {};
    // FormData sets its own multipart content type, boundary included.
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { ...auth, ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
      body:
        body === undefined || body instanceof FormData || typeof body === 'string'
          ? (body as string | FormData | undefined)
          : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
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
    const auth = this.credentials
      ? { 'x-api-key': this.credentials.id, 'x-api-key-secret': this.credentials.secret }
      : {};
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
