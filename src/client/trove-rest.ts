/**
 * A small client of Trove's REST API for the programs that run beside a Trove
 * rather than in it (the stdio bridge, the ingest command): the key from the
 * environment, JSON in and out, multipart file uploads, and the `{"detail"}`
 * errors as exceptions that say whether trying again can help.
 */
import type { FileResultView } from '../files/files.wire';

export interface TroveConnection {
  /** The Trove's base URL, without a trailing slash. */
  url: string;
  keyId: string;
  secret: string;
}

export class ConnectionError extends Error {}

/** TROVE_URL (default http://localhost:8080), TROVE_API_KEY and TROVE_API_SECRET. */
export function connectionFromEnv(env: Record<string, string | undefined> = process.env): TroveConnection {
  const keyId = env.TROVE_API_KEY?.trim();
  const secret = env.TROVE_API_SECRET?.trim();
  if (!keyId)
    throw new ConnectionError('TROVE_API_KEY is not set: the key id (x-api-key) to call Trove with');
  if (!secret)
    throw new ConnectionError('TROVE_API_SECRET is not set: the secret (x-api-key-secret) of TROVE_API_KEY');
  const url = (env.TROVE_URL?.trim() || 'http://localhost:8080').replace(/\/+$/, '');
  try {
    new URL(url);
  } catch {
    throw new ConnectionError(`TROVE_URL is not a URL: '${url}'`);
  }
  return { url, keyId, secret };
}

/** An answer of Trove other than 2xx, or no answer at all (status 0). */
export class TroveRequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(status === 0 ? detail : `${status}: ${detail}`);
    this.name = 'TroveRequestError';
  }

  /** Worth another try: no answer, rate limited, or the server (or a proxy) momentarily unable to answer. */
  get transient(): boolean {
    return [0, 408, 429, 502, 503, 504].includes(this.status);
  }
}

export interface UploadFields {
  classification: string;
  metadata?: Record<string, unknown>;
  externalId?: string;
  process?: boolean;
  chunkSize?: number;
  chunkOverlap?: number;
}

export interface ListedDocument {
  id: string;
  external_id: string | null;
  metadata: Record<string, unknown>;
}

export class TroveRest {
  constructor(readonly connection: TroveConnection) {}

  get headers(): Record<string, string> {
    return { 'x-api-key': this.connection.keyId, 'x-api-key-secret': this.connection.secret };
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return this.send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), {
      'content-type': 'application/json',
    });
  }

  /** POST /pipelines/{id}/files with one file: what became of it. */
  async uploadFile(
    pipelineId: string,
    file: { filename: string; bytes: Uint8Array },
    fields: UploadFields,
  ): Promise<FileResultView> {
    const form = new FormData();
    form.append('classification', fields.classification);
    if (fields.metadata) form.append('metadata', JSON.stringify(fields.metadata));
    if (fields.externalId !== undefined) form.append('external_id', fields.externalId);
    if (fields.process !== undefined) form.append('process', String(fields.process));
    if (fields.chunkSize !== undefined) form.append('chunk_size', String(fields.chunkSize));
    if (fields.chunkOverlap !== undefined) form.append('chunk_overlap', String(fields.chunkOverlap));
    form.append('file', new Blob([file.bytes]), file.filename);
    const [result] = await this.send<FileResultView[]>('POST', `/pipelines/${pipelineId}/files`, form, {});
    return result;
  }

  /** Every current document of a pipeline (all pages). */
  async listDocuments(pipelineId: string): Promise<ListedDocument[]> {
    const documents: ListedDocument[] = [];
    let after: string | null = null;
    do {
      const query: string = `expired=false&limit=1000${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const page: { data: ListedDocument[]; page_info: { after: string | null; has_next: boolean } } =
        await this.json('GET', `/pipelines/${pipelineId}/documents?${query}`);
      documents.push(...page.data);
      after = page.page_info.has_next ? page.page_info.after : null;
    } while (after);
    return documents;
  }

  private async send<T>(
    method: string,
    path: string,
    body: string | FormData | undefined,
    headers: Record<string, string>,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.connection.url}${path}`, {
        method,
        headers: { ...this.headers, ...(body === undefined ? {} : headers) },
        body,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new TroveRequestError(
        0,
        `Trove at ${this.connection.url} did not answer (${cause?.code ?? cause?.message ?? (error as Error).message})`,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new TroveRequestError(
        response.status,
        detailOf(text),
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }
}

/** The message of an error body: REST's `{"detail"}`, /api/v1's `{"error": {"message"}}`, or the text. */
function detailOf(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: { message?: unknown } };
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON
  }
  return text.slice(0, 500) || 'no detail';
}
