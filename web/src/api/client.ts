/**
 * Calls to Trove with the signed-in key: JSON requests, multipart uploads with
 * progress, and AG-UI event streams. Every error becomes an ApiError carrying the
 * server's own message (`{"detail"}` of the REST API, `{"error": {"message"}}` of
 * /api/v1), which the pages show as is.
 */
import { loadCredentials } from '../session';
import type { AguiEvent, ListEnvelope } from './types';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Called when the key stops authenticating (disabled, rotated, deleted): the app signs out. */
let onUnauthorized: () => void = () => {};
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

function authHeaders(): Record<string, string> {
  const credentials = loadCredentials();
  return credentials ? { 'x-api-key': credentials.id, 'x-api-key-secret': credentials.secret } : {};
}

function errorMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: { message?: unknown } };
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // Not JSON: fall through to the status.
  }
  return text.trim() || `HTTP ${status}`;
}

async function failure(response: Response): Promise<ApiError> {
  const error = new ApiError(response.status, errorMessage(response.status, await response.text()));
  if (response.status === 401) onUnauthorized();
  return error;
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { ...authHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const patch = <T>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const del = <T = void>(path: string) => api<T>('DELETE', path);

/** Every item of a list, following `page_info.after` (bounded: the console lists, it does not export). */
export async function listAll<T>(path: string, maxPages = 10): Promise<T[]> {
  const items: T[] = [];
  let after: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=1000${after ? `&after=${after}` : ''}`;
    const envelope: ListEnvelope<T> = await get<ListEnvelope<T>>(url);
    items.push(...envelope.data);
    if (!envelope.page_info.has_next || !envelope.page_info.after) break;
    after = envelope.page_info.after;
  }
  return items;
}

/** A query string from the given entries, skipping empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/**
 * A multipart upload with upload progress (fetch reports none, hence XMLHttpRequest).
 * Resolves with the parsed answer; rejects with an ApiError.
 */
export function upload<T>(
  path: string,
  fields: Record<string, string>,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(JSON.parse(request.responseText) as T);
      } else {
        if (request.status === 401) onUnauthorized();
        reject(new ApiError(request.status, errorMessage(request.status, request.responseText)));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'The upload failed: Trove could not be reached'));
    request.send(form);
  });
}

/**
 * Posts to an AG-UI streaming route and calls `onEvent` for each event as it arrives.
 * A refusal before the stream opens (4xx JSON) rejects with an ApiError; aborting
 * `signal` closes the stream (the server stops the turn as for a cancel).
 */
export async function streamAgui(
  path: string,
  body: unknown,
  onEvent: (event: AguiEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { ...authHeaders(), 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = frame
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) onEvent(JSON.parse(data) as AguiEvent);
    }
  }
}
