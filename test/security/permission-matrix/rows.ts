/**
 * What every part of the permission matrix shares: the shape of a row, the
 * expectations per key kind, the checks, and the requests' paths. The rows themselves
 * are per feature beside this file (core, files, llms, agents, mcp); the runner is
 * permission-matrix.test.ts, the whole table permission-matrix.routes.ts.
 */
import { randomUUID } from 'node:crypto';
import { UploadFile } from '../../support/http';
import {
  FixtureDocument,
  FixturePendingFile,
  HIDDEN,
  KEY_KINDS,
  KeyKind,
  MatrixFixture,
  READS,
  readsVersion,
} from '../permission-matrix.fixture';

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** A multipart/form-data POST instead of a JSON body: its text fields and its files. */
  form?: { fields: Record<string, string>; files: UploadFile[] };
}

/** Extra assertions on an answer with the expected 2xx status; throw to fail. */
export type Check = (body: any, fx: MatrixFixture, kind: KeyKind) => void;

/** Extra assertions on an error answer's message (`detail`, or ErrorResponse's `message`) with the expected 4xx status; throw to fail. */
export type RefusalCheck = (detail: string, status: number, fx: MatrixFixture, kind: KeyKind) => void;

export interface RestRow {
  /** As the server logs it: "METHOD /path/:param". */
  route: string;
  /** What the row tries, when one route has several rows. */
  case?: string;
  request: (fx: MatrixFixture, kind: KeyKind) => MatrixRequest;
  expect: Record<KeyKind, number>;
  check?: Check;
  /** For what an error text must (not) say beyond the fixture's secrets: a request's own words are no leak there. */
  refusal?: RefusalCheck;
  /**
   * What the key holds by its own configuration (the pipeline ids of its grants): no
   * leak when answered back to it, like a request's own words.
   */
  known?: (fx: MatrixFixture, kind: KeyKind) => string[];
}

/** `ok`: a tool result; a negative number: that JSON-RPC error code; 401: refused before MCP. */
export type McpOutcome = 'ok' | number;

export interface McpRow {
  tool: string;
  case?: string;
  arguments: (fx: MatrixFixture, kind: KeyKind) => Record<string, unknown>;
  expect: Record<KeyKind, McpOutcome>;
  check?: Check;
}

// ---- Expectations per key kind ---------------------------------------------------

export function per<T>(otherwise: T, byKind: Partial<Record<KeyKind, T>>, disabled: T): Record<KeyKind, T> {
  return Object.fromEntries(
    KEY_KINDS.map((kind) => [kind, kind === 'disabled' ? disabled : (byKind[kind] ?? otherwise)]),
  ) as Record<KeyKind, T>;
}
/** A route without authentication. */
export const open = (status: number) => per(status, {}, status);
export const anyKey = (status: number) => per(status, {}, 401);
export const adminOnly = (status: number) => per(403, { admin: status }, 401);
/** Readers of pipeline A (whatever their allow-list); no read: the pipeline does not exist. */
export const readersOfA = (status: number, limited = status) =>
  per(
    404,
    {
      admin: status,
      full: status,
      'read-only': status,
      'read-execute-public': limited,
      'all-public': limited,
    },
    401,
  );
/** A document of A whose current version is confidential: limited keys get "Document not found". */
export const readersOfHidden = (status: number) => readersOfA(status, 404);
/** Keys with read and execute on A. */
export const searchersOfA = (status: number) =>
  per(404, { admin: status, full: status, 'read-execute-public': status, 'all-public': status }, 401);
/** Writers of A; readers without write get 403, others 404. `limited`: the public-only writer's answer. */
export const writersOfA = (status: number, limited = status) =>
  per(
    404,
    {
      admin: status,
      full: status,
      'write-only': status,
      'all-public': limited,
      'read-only': 403,
      'read-execute-public': 403,
    },
    401,
  );
export const onlyB = <T>(status: T, otherwise: T) =>
  per(otherwise, { admin: status, full: status }, 401 as T);

// ---- Checks ------------------------------------------------------------------------

export const fail = (message: string) => {
  throw new Error(message);
};
export const sameSet = (actual: string[], expected: string[], what: string) => {
  const a = [...actual].sort();
  const e = [...expected].sort();
  if (JSON.stringify(a) !== JSON.stringify(e))
    fail(`${what}: got ${JSON.stringify(a)}, expected ${JSON.stringify(e)}`);
};
/** A list answers exactly these ids, and counts them. */
export const listsExactly =
  (what: string, ids: (fx: MatrixFixture, kind: KeyKind) => string[]): Check =>
  (body, fx, kind) => {
    const expected = ids(fx, kind);
    sameSet(
      body.data.map((item: any) => item.id),
      expected,
      what,
    );
    if (body.page_info.count !== expected.length) fail(`count ${body.page_info.count}`);
  };
/** Every fragment found is of a classification the kind may read, and the visible documents are found. */
export const searchCheck =
  (ids = (body: any) => body as any[]): Check =>
  (body, fx, kind) => {
    const fragments = ids(body);
    for (const f of fragments)
      if (!readsVersion(kind, 'A', f.classification)) fail(`found a ${f.classification} fragment`);
    if (fragments.length === 0) fail('found nothing: the check cannot tell anything');
  };

/** A write through the external id of `target` versions it exactly when the kind may replace it. */
export const versionsIfTouchable =
  (target: (fx: MatrixFixture, kind: KeyKind) => FixtureDocument, documentId: (body: any) => string): Check =>
  (body, fx, kind) => {
    const doc = target(fx, kind);
    const replaced = documentId(body) === doc.id;
    if (replaced !== doc.touchable.includes(kind))
      fail(replaced ? `replaced a ${HIDDEN} document` : 'did not version the document');
  };
/**
 * A refused classification: a 422 lists exactly the classifications the kind may read;
 * any other refusal names none of the pipeline's but the one asked for.
 */
export const namesOnlyReadable =
  (asked: string): RefusalCheck =>
  (detail, status, fx, kind) => {
    if (status === 422) {
      const listed = /\(([^)]*)\)$/.exec(detail)?.[1];
      const expected = { all: `${HIDDEN}, public`, public: 'public', none: undefined }[READS[kind].a];
      if (listed !== expected) fail(`lists ${listed}`);
      return;
    }
    const named = ['public', HIDDEN].filter((name) => name !== asked && detail.includes(name));
    if (named.length > 0) fail(`names ${named.join(', ')}`);
  };
/**
 * A file the kind may not see answers exactly as one that does not exist: "File not
 * found" once the kind is past the pipeline's check (read, or write for the routes that
 * write), else the pipeline's own 404.
 */
export const asForAMissingFile =
  (writes: boolean): RefusalCheck =>
  (detail, status, fx, kind) => {
    if (status !== 404) return;
    const seesA = READS[kind].a !== 'none' || (writes && kind === 'write-only');
    const expected = seesA ? 'File not found' : 'Pipeline not found';
    if (detail !== expected) fail(`"${detail}", expected "${expected}"`);
  };
/** What a key without read permission may learn from its answer: only the names of what it did. */
export const onlyTheseFieldsWithoutRead =
  (fields: string[]): Check =>
  (body, fx, kind) => {
    const keys = Object.keys(body).join(',');
    if (kind === 'write-only' && keys !== fields.join(',')) fail(`a key without read got ${keys}`);
  };

// ---- Requests ------------------------------------------------------------------------

export const docsOf = (fx: MatrixFixture, pipeline: 'A' | 'B' = 'A') =>
  `/pipelines/${pipeline === 'A' ? fx.a.id : fx.b.id}/documents`;
export const docPath = (fx: MatrixFixture, name: string) => {
  const doc = fx.docs[name];
  return `${docsOf(fx, doc.pipeline)}/${doc.id}`;
};
export const get =
  (path: (fx: MatrixFixture, kind: KeyKind) => string) => (fx: MatrixFixture, kind: KeyKind) => ({
    method: 'GET' as const,
    path: path(fx, kind),
  });
export const filesOf = (fx: MatrixFixture, pipeline: 'A' | 'B' = 'A') =>
  `/pipelines/${pipeline === 'A' ? fx.a.id : fx.b.id}/files`;
export const pendingPath = (fx: MatrixFixture, file: FixturePendingFile) =>
  `${filesOf(fx, file.pipeline)}/${file.id}`;
/** A file id no pipeline holds. */
export const MISSING_FILE = randomUUID();
export const versionOf = (fx: MatrixFixture, name: string, n: number) =>
  fx.docs[name].versions[n - 1].version;
export const searchBody = (type: string) => ({
  type,
  query: 'lighthouse keeper notes',
  classifications: [HIDDEN, 'public'],
  params: type === 'mmr' ? { k: 50, fetch_k: 100 } : { k: 50 },
});
