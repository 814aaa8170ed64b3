/**
 * The permission matrix as data: every REST route and every MCP tool, the request
 * each key kind sends, and the answer each kind must get.
 *
 * To add a route (agents, files, console...): add a row to READ_ROWS (answers that
 * change nothing) or WRITE_ROWS (anything that changes state: give each kind its own
 * target in the fixture, so one kind's write cannot change another's answer), with
 * `route` spelled as the server logs it ("GET /pipelines/:id"). The matrix fails while
 * a route the server registers has no row. An MCP tool goes in MCP_ROWS; a new MCP
 * endpoint in MCP_ENDPOINTS. Every answer is also searched for the fixture's secrets of
 * the kind (permission-matrix.fixture.ts), so a new row is a leak check for free. A
 * multipart upload gives `form` instead of `body`. A secret the request itself carries
 * is no leak when echoed, so what an error text must not name (another classification,
 * whether a hidden thing exists) takes a `refusal` check.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_MODEL_ID } from '../search/helpers';
import { UploadFile } from '../support/http';
import {
  current,
  FixtureDocument,
  FixturePendingFile,
  HIDDEN,
  KEY_KINDS,
  KeyKind,
  MatrixFixture,
  READS,
  readsVersion,
  unique,
} from './permission-matrix.fixture';

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** A multipart/form-data POST instead of a JSON body: its text fields and its files. */
  form?: { fields: Record<string, string>; files: UploadFile[] };
}

/** Extra assertions on an answer with the expected 2xx status; throw to fail. */
export type Check = (body: any, fx: MatrixFixture, kind: KeyKind) => void;

/** Extra assertions on an error answer (`{"detail"}`) with the expected 4xx status; throw to fail. */
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

function per<T>(otherwise: T, byKind: Partial<Record<KeyKind, T>>, disabled: T): Record<KeyKind, T> {
  return Object.fromEntries(
    KEY_KINDS.map((kind) => [kind, kind === 'disabled' ? disabled : (byKind[kind] ?? otherwise)]),
  ) as Record<KeyKind, T>;
}
/** A route without authentication. */
const open = (status: number) => per(status, {}, status);
const anyKey = (status: number) => per(status, {}, 401);
const adminOnly = (status: number) => per(403, { admin: status }, 401);
/** Readers of pipeline A (whatever their allow-list); no read: the pipeline does not exist. */
const readersOfA = (status: number, limited = status) =>
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
const readersOfHidden = (status: number) => readersOfA(status, 404);
/** Keys with read and execute on A. */
const searchersOfA = (status: number) =>
  per(404, { admin: status, full: status, 'read-execute-public': status, 'all-public': status }, 401);
/** Writers of A; readers without write get 403, others 404. `limited`: the public-only writer's answer. */
const writersOfA = (status: number, limited = status) =>
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
const onlyB = <T>(status: T, otherwise: T) => per(otherwise, { admin: status, full: status }, 401 as T);

// ---- Checks ------------------------------------------------------------------------

const fail = (message: string) => {
  throw new Error(message);
};
const sameSet = (actual: string[], expected: string[], what: string) => {
  const a = [...actual].sort();
  const e = [...expected].sort();
  if (JSON.stringify(a) !== JSON.stringify(e))
    fail(`${what}: got ${JSON.stringify(a)}, expected ${JSON.stringify(e)}`);
};
/** A list answers exactly these ids, and counts them. */
const listsExactly =
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
const searchCheck =
  (ids = (body: any) => body as any[]): Check =>
  (body, fx, kind) => {
    const fragments = ids(body);
    for (const f of fragments)
      if (!readsVersion(kind, 'A', f.classification)) fail(`found a ${f.classification} fragment`);
    if (fragments.length === 0) fail('found nothing: the check cannot tell anything');
  };

/** A write through the external id of `target` versions it exactly when the kind may replace it. */
const versionsIfTouchable =
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
const namesOnlyReadable =
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
const asForAMissingFile =
  (writes: boolean): RefusalCheck =>
  (detail, status, fx, kind) => {
    if (status !== 404) return;
    const seesA = READS[kind].a !== 'none' || (writes && kind === 'write-only');
    const expected = seesA ? 'File not found' : 'Pipeline not found';
    if (detail !== expected) fail(`"${detail}", expected "${expected}"`);
  };
/** What a key without read permission may learn from its answer: only the names of what it did. */
const onlyTheseFieldsWithoutRead =
  (fields: string[]): Check =>
  (body, fx, kind) => {
    const keys = Object.keys(body).join(',');
    if (kind === 'write-only' && keys !== fields.join(',')) fail(`a key without read got ${keys}`);
  };

// ---- Requests ------------------------------------------------------------------------

const docsOf = (fx: MatrixFixture, pipeline: 'A' | 'B' = 'A') =>
  `/pipelines/${pipeline === 'A' ? fx.a.id : fx.b.id}/documents`;
const docPath = (fx: MatrixFixture, name: string) => {
  const doc = fx.docs[name];
  return `${docsOf(fx, doc.pipeline)}/${doc.id}`;
};
const get = (path: (fx: MatrixFixture, kind: KeyKind) => string) => (fx: MatrixFixture, kind: KeyKind) => ({
  method: 'GET' as const,
  path: path(fx, kind),
});
const filesOf = (fx: MatrixFixture, pipeline: 'A' | 'B' = 'A') =>
  `/pipelines/${pipeline === 'A' ? fx.a.id : fx.b.id}/files`;
const pendingPath = (fx: MatrixFixture, file: FixturePendingFile) =>
  `${filesOf(fx, file.pipeline)}/${file.id}`;
/** The built-in extractive LLM every installation has. */
const EXTRACTIVE_LLM_ID = '01900000-0000-7000-8000-000000000003';
/** A file id no pipeline holds. */
const MISSING_FILE = randomUUID();
const versionOf = (fx: MatrixFixture, name: string, n: number) => fx.docs[name].versions[n - 1].version;
const searchBody = (type: string) => ({
  type,
  query: 'lighthouse keeper notes',
  classifications: [HIDDEN, 'public'],
  params: type === 'mmr' ? { k: 50, fetch_k: 100 } : { k: 50 },
});

// ---- REST: answers that change nothing --------------------------------------------------

export const READ_ROWS: RestRow[] = [
  { route: 'GET /', request: get(() => '/'), expect: open(200) },
  { route: 'GET /healthz', request: get(() => '/healthz'), expect: open(200) },
  { route: 'GET /readyz', request: get(() => '/readyz'), expect: open(200) },
  { route: 'GET /metrics', request: get(() => '/metrics'), expect: open(200) },

  { route: 'GET /api_keys', request: get(() => '/api_keys?limit=1000'), expect: adminOnly(200) },
  { route: 'GET /api_keys/:id', request: get((fx) => `/api_keys/${fx.scratch.key}`), expect: adminOnly(200) },
  {
    route: 'GET /api_keys/me',
    request: get(() => '/api_keys/me'),
    expect: anyKey(200),
    // A write-only key may not read pipeline A, yet its own grant names it: it writes there by that id.
    known: (fx, kind) => (kind === 'disabled' ? [] : [fx.a.id, fx.b.id]),
    check: (body, fx, kind) => {
      if (body.id !== fx.keys[kind].id) fail(`answered key ${body.id}, not the caller's`);
      if ('secret' in body) fail('answered a secret');
    },
  },
  {
    route: 'POST /embedding_models/:id/test',
    request: () => ({ method: 'POST', path: `/embedding_models/${DEFAULT_MODEL_ID}/test` }),
    expect: adminOnly(200),
    check: (body) => {
      if (body.ok !== true || body.dimension !== 384) fail(`probe failed: ${JSON.stringify(body)}`);
    },
  },
  {
    route: 'POST /llms/:id/test',
    request: () => ({ method: 'POST', path: `/llms/${EXTRACTIVE_LLM_ID}/test` }),
    expect: adminOnly(200),
    check: (body) => {
      if (body.ok !== true) fail(`probe failed: ${JSON.stringify(body)}`);
    },
  },

  { route: 'GET /embedding_providers', request: get(() => '/embedding_providers'), expect: anyKey(200) },
  { route: 'GET /embedding_models', request: get(() => '/embedding_models'), expect: anyKey(200) },
  {
    route: 'GET /embedding_models/:id',
    request: get(() => `/embedding_models/${DEFAULT_MODEL_ID}`),
    expect: anyKey(200),
  },
  { route: 'GET /text_splitters', request: get(() => '/text_splitters'), expect: anyKey(200) },
  {
    route: 'GET /text_splitters/:id',
    request: get((fx) => `/text_splitters/${fx.scratch.splitter}`),
    expect: anyKey(200),
  },

  {
    route: 'GET /pipelines',
    request: get(() => '/pipelines?limit=1000'),
    expect: anyKey(200),
    check: (body, fx, kind) => {
      const ids: string[] = body.data.map((p: any) => p.id);
      if (READS[kind].b) {
        if (!ids.includes(fx.a.id) || !ids.includes(fx.b.id)) fail('misses pipeline A or B');
      } else sameSet(ids, kind === 'write-only' || kind === 'no-grants' ? [] : [fx.a.id], 'pipelines');
    },
  },
  {
    route: 'GET /pipelines/:id',
    case: 'A',
    request: get((fx) => `/pipelines/${fx.a.id}`),
    expect: readersOfA(200),
  },
  {
    route: 'GET /pipelines/:id',
    case: 'B',
    request: get((fx) => `/pipelines/${fx.b.id}`),
    expect: onlyB(200, 404),
  },
  {
    route: 'GET /pipelines/:id/classifications',
    case: 'A',
    request: get((fx) => `/pipelines/${fx.a.id}/classifications`),
    expect: readersOfA(200, 403),
  },
  {
    route: 'GET /pipelines/:id/classifications',
    case: 'B',
    request: get((fx) => `/pipelines/${fx.b.id}/classifications`),
    expect: onlyB(200, 404),
  },

  {
    route: 'GET /pipelines/:id/documents',
    request: get((fx) => `${docsOf(fx)}?limit=1000`),
    expect: readersOfA(200),
    check: listsExactly('documents', (fx, kind) => fx.visibleInA(kind)),
  },
  {
    route: 'GET /pipelines/:id/documents',
    case: `classification$in=${HIDDEN},public&expired=false&version$gt=0`,
    request: get(
      (fx) => `${docsOf(fx)}?limit=1000&classification$in=${HIDDEN},public&expired=false&version$gt=0`,
    ),
    expect: readersOfA(200),
    check: listsExactly('documents', (fx, kind) => fx.visibleInA(kind)),
  },
  {
    route: 'GET /pipelines/:id/documents',
    case: `external_id of a confidential document, version$lt its version + 1`,
    request: get((fx) => {
      const doc = fx.docs['confidential'];
      return `${docsOf(fx)}?external_id=${doc.externalId}&version$lt=${current(doc).version + 1}`;
    }),
    expect: readersOfA(200),
    check: (body, fx, kind) =>
      sameSet(
        body.data.map((d: any) => d.id),
        readsVersion(kind, 'A', HIDDEN) ? [fx.docs['confidential'].id] : [],
        'documents',
      ),
  },
  {
    route: 'GET /pipelines/:id/documents',
    case: 'B',
    request: get((fx) => docsOf(fx, 'B')),
    expect: onlyB(200, 404),
  },

  {
    route: 'GET /pipelines/:id/documents/:documentId',
    case: 'public',
    request: get((fx) => docPath(fx, 'public')),
    expect: readersOfA(200),
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId',
    case: 'confidential',
    request: get((fx) => docPath(fx, 'confidential')),
    expect: readersOfHidden(200),
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId',
    case: 're-classified, now public',
    request: get((fx) => docPath(fx, 'reclassified')),
    expect: readersOfA(200),
    check: (body, fx) => {
      if (body.version !== current(fx.docs['reclassified']).version) fail(`version ${body.version}`);
      if (body.fragment_count !== 1)
        fail(`fragment_count ${body.fragment_count}, the current version's is 1`);
    },
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId',
    case: 'now confidential',
    request: get((fx) => docPath(fx, 'now-confidential')),
    expect: readersOfHidden(200),
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId',
    case: 'B',
    request: get((fx) => docPath(fx, 'b-document')),
    expect: onlyB(200, 404),
  },

  {
    route: 'GET /pipelines/:id/documents/:documentId/fragments',
    case: 're-classified, current version',
    request: get((fx) => `${docPath(fx, 'reclassified')}/fragments`),
    expect: readersOfA(200),
  },
  ...[1, 2, 3].map((n): RestRow => ({
    route: 'GET /pipelines/:id/documents/:documentId/fragments',
    case: `re-classified, version ${n} (${n % 2 === 1 ? HIDDEN : 'public'})`,
    request: get(
      (fx) => `${docPath(fx, 'reclassified')}/fragments?version=${versionOf(fx, 'reclassified', n)}`,
    ),
    expect: readersOfA(200),
    check: (body, fx, kind) => {
      const visible = readsVersion(kind, 'A', fx.docs['reclassified'].versions[n - 1].classification);
      if (visible ? body.data.length === 0 : body.data.length > 0) fail(`${body.data.length} fragments`);
      if (body.page_info.count !== body.data.length) fail(`count ${body.page_info.count}`);
      if (n === 3 && visible && body.data.length < 2) fail('the long version should have several fragments');
    },
  })),
  {
    route: 'GET /pipelines/:id/documents/:documentId/fragments',
    case: 'now confidential, its public version 1',
    request: get(
      (fx) => `${docPath(fx, 'now-confidential')}/fragments?version=${versionOf(fx, 'now-confidential', 1)}`,
    ),
    expect: readersOfHidden(200),
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId/fragments',
    case: 'confidential',
    request: get((fx) => `${docPath(fx, 'confidential')}/fragments`),
    expect: readersOfHidden(200),
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId/fragments',
    case: 'B',
    request: get((fx) => `${docPath(fx, 'b-document')}/fragments`),
    expect: onlyB(200, 404),
  },

  {
    route: 'GET /pipelines/:id/files',
    request: get((fx) => `${filesOf(fx)}?limit=1000`),
    expect: readersOfA(200),
    check: listsExactly('pending files', (fx, kind) => fx.pendingInA(kind)),
  },
  {
    route: 'GET /pipelines/:id/files',
    case: `classification$in, filename$in and sha256$in naming the ${HIDDEN} and the public file`,
    request: get((fx) => {
      const files = [fx.pending[HIDDEN], fx.pending['public']];
      const names = files.map((f) => f.filename).join(',');
      const hashes = files.map((f) => f.sha256).join(',');
      return `${filesOf(fx)}?classification$in=${HIDDEN},public&filename$in=${names}&sha256$in=${hashes}`;
    }),
    expect: readersOfA(200),
    check: listsExactly('pending files', (fx, kind) =>
      (['public', HIDDEN] as const).filter((c) => readsVersion(kind, 'A', c)).map((c) => fx.pending[c].id),
    ),
  },
  {
    route: 'GET /pipelines/:id/files',
    case: 'B',
    request: get((fx) => filesOf(fx, 'B')),
    expect: onlyB(200, 404),
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: 'public',
    request: get((fx) => pendingPath(fx, fx.pending['public'])),
    expect: readersOfA(200),
    check: (body, fx) => {
      if (body.sha256 !== fx.pending['public'].sha256) fail(`sha256 ${body.sha256}`);
    },
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: HIDDEN,
    request: get((fx) => pendingPath(fx, fx.pending[HIDDEN])),
    expect: readersOfHidden(200),
    refusal: asForAMissingFile(false),
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: 'a file that does not exist',
    request: get((fx) => `${filesOf(fx)}/${MISSING_FILE}`),
    expect: readersOfA(404),
    refusal: asForAMissingFile(false),
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: 'B',
    request: get((fx) => pendingPath(fx, fx.perKind.admin.files.deleteB)),
    expect: onlyB(200, 404),
  },

  {
    route: 'GET /jobs/:id',
    case: "the admin's job (confidential documents)",
    request: get((fx) => `/jobs/${fx.jobs.admin}`),
    expect: per(404, { admin: 200 }, 401),
  },
  {
    route: 'GET /jobs/:id',
    case: "the public key's job",
    request: get((fx) => `/jobs/${fx.jobs.allPublic}`),
    expect: per(404, { admin: 200, 'all-public': 200 }, 401),
    check: (body, fx) =>
      sameSet(
        body.documents.map((d: any) => d.id),
        [fx.docs['public-job'].id],
        'job documents',
      ),
  },

  {
    route: 'GET /jobs',
    request: get(() => '/jobs?limit=1000'),
    expect: anyKey(200),
    check: (body, fx, kind) => {
      const ids: string[] = body.data.map((job: any) => job.id);
      if (kind === 'admin') {
        if (!ids.includes(fx.jobs.admin) || !ids.includes(fx.jobs.allPublic)) fail('misses a job');
      } else if (kind === 'all-public') {
        sameSet(ids, [fx.jobs.allPublic], 'jobs');
        sameSet(
          body.data[0].documents.map((d: any) => d.id),
          [fx.docs['public-job'].id],
          'job documents',
        );
      } else sameSet(ids, [], 'jobs');
    },
  },

  ...['similarity', 'mmr', 'search'].map((type): RestRow => ({
    route: 'POST /pipelines/:id/search',
    case: type,
    request: (fx) => ({ method: 'POST', path: `/pipelines/${fx.a.id}/search`, body: searchBody(type) }),
    expect: searchersOfA(200),
    check: searchCheck(),
  })),
  {
    route: 'POST /pipelines/:id/search',
    case: `search with a metadata filter on a confidential version's marker`,
    request: (fx) => ({
      method: 'POST',
      path: `/pipelines/${fx.a.id}/search`,
      body: {
        ...searchBody('search'),
        filters: { $and: [{ marker: { $gte: 'META-CONF' } }, { marker: { $lt: 'META-CONG' } }] },
      },
    }),
    expect: searchersOfA(200),
    check: (body: any[], fx, kind) => {
      if (readsVersion(kind, 'A', HIDDEN) ? body.length === 0 : body.length > 0) fail(`found ${body.length}`);
    },
  },
  {
    route: 'POST /pipelines/:id/search',
    case: 'hybrid (a placeholder)',
    request: (fx) => ({ method: 'POST', path: `/pipelines/${fx.a.id}/search`, body: searchBody('hybrid') }),
    expect: searchersOfA(501),
  },
  {
    route: 'POST /pipelines/:id/search',
    case: 'B',
    request: (fx) => ({
      method: 'POST',
      path: `/pipelines/${fx.b.id}/search`,
      body: searchBody('similarity'),
    }),
    expect: onlyB(200, 404),
  },
];

// ---- REST: writes (each kind on its own targets) ------------------------------------------

const newDocument = (classification: string, external_id = unique('matrix-new')) => ({
  content: `A new note ${unique('new')}.`,
  classification,
  external_id,
});

/** One text file, named `name` (a new name by default). */
const note = (name = `${unique('matrix-upload')}.txt`): UploadFile => ({
  name,
  bytes: Buffer.from(`A new uploaded note ${unique('upload')}.`),
});
const upload = (path: string, fields: Record<string, string>, file = note()): MatrixRequest => ({
  method: 'POST',
  path,
  form: { fields, files: [file] },
});
const processPath = (fx: MatrixFixture, file: FixturePendingFile) => `${pendingPath(fx, file)}/process`;
/** What processing answers a key without read: the document it made, none of the file's facts. */
const PROCESSED_WITHOUT_READ = ['document_id', 'file_id', 'job_id', 'status', 'version'];

const FILE_WRITE_ROWS: RestRow[] = [
  {
    route: 'POST /pipelines/:id/files',
    case: 'public, kept for later (process=false)',
    request: (fx) => upload(filesOf(fx), { classification: 'public', process: 'false' }),
    expect: writersOfA(201),
    check: ([result]) => {
      if (result.status !== 'uploaded' || !result.file_id)
        fail(`${result.status}, file_id ${result.file_id}`);
    },
  },
  {
    route: 'POST /pipelines/:id/files',
    case: 'public, queued (?async=true)',
    request: (fx) => upload(`${filesOf(fx)}?async=true`, { classification: 'public' }),
    expect: writersOfA(202),
    check: ([result]) => {
      if (result.status !== 'queued' || !result.job_id) fail(`${result.status}, job_id ${result.job_id}`);
    },
  },
  {
    route: 'POST /pipelines/:id/files',
    case: `public, the external_id of a ${HIDDEN} document`,
    request: (fx, kind) =>
      upload(filesOf(fx), {
        classification: 'public',
        external_id: fx.perKind[kind].files.externalIdTarget.externalId,
      }),
    expect: writersOfA(201),
    check: versionsIfTouchable(
      (fx, kind) => fx.perKind[kind].files.externalIdTarget,
      ([result]) => result.document_id,
    ),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: `public, named as the external id of a ${HIDDEN} document (the default external_id)`,
    request: (fx, kind) =>
      upload(filesOf(fx), { classification: 'public' }, note(fx.perKind[kind].files.nameTarget.externalId)),
    expect: writersOfA(201),
    check: versionsIfTouchable(
      (fx, kind) => fx.perKind[kind].files.nameTarget,
      ([result]) => result.document_id,
    ),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: HIDDEN,
    request: (fx) => upload(filesOf(fx), { classification: HIDDEN }),
    expect: writersOfA(201, 403),
    refusal: namesOnlyReadable(HIDDEN),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: 'an undefined classification',
    request: (fx) => upload(filesOf(fx), { classification: 'nosuch' }),
    expect: writersOfA(422, 403),
    refusal: namesOnlyReadable('nosuch'),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: 'B',
    request: (fx) => upload(filesOf(fx, 'B'), { classification: 'public' }),
    expect: onlyB(201, 404),
  },

  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: `public, named as the external id of a ${HIDDEN} document`,
    request: (fx, kind) => ({
      method: 'POST',
      path: processPath(fx, fx.perKind[kind].files.process),
      body: {},
    }),
    expect: writersOfA(201),
    check: (body, fx, kind) => {
      versionsIfTouchable(
        (fx, kind) => fx.perKind[kind].files.processTarget,
        (result) => result.document_id,
      )(body, fx, kind);
      onlyTheseFieldsWithoutRead(PROCESSED_WITHOUT_READ)(body, fx, kind);
    },
  },
  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: HIDDEN,
    request: (fx, kind) => ({
      method: 'POST',
      path: processPath(fx, fx.perKind[kind].files.processHidden),
      body: {},
    }),
    expect: writersOfA(201, 404),
    check: onlyTheseFieldsWithoutRead(PROCESSED_WITHOUT_READ),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: 'a file that does not exist',
    request: (fx) => ({ method: 'POST', path: `${filesOf(fx)}/${MISSING_FILE}/process`, body: {} }),
    expect: writersOfA(404),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: 'B',
    request: (fx, kind) => ({
      method: 'POST',
      path: processPath(fx, fx.perKind[kind].files.processB),
      body: {},
    }),
    expect: onlyB(201, 404),
  },

  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: 'public',
    request: (fx, kind) => ({ method: 'DELETE', path: pendingPath(fx, fx.perKind[kind].files.delete) }),
    expect: writersOfA(200),
    check: (body, fx, kind) => {
      if (body.id !== fx.perKind[kind].files.delete.id) fail(`deleted ${body.id}`);
      onlyTheseFieldsWithoutRead(['id'])(body, fx, kind);
    },
  },
  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: HIDDEN,
    request: (fx, kind) => ({ method: 'DELETE', path: pendingPath(fx, fx.perKind[kind].files.deleteHidden) }),
    expect: writersOfA(200, 404),
    check: onlyTheseFieldsWithoutRead(['id']),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: 'a file that does not exist',
    request: (fx) => ({ method: 'DELETE', path: `${filesOf(fx)}/${MISSING_FILE}` }),
    expect: writersOfA(404),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: 'B',
    request: (fx, kind) => ({ method: 'DELETE', path: pendingPath(fx, fx.perKind[kind].files.deleteB) }),
    expect: onlyB(200, 404),
  },
];

/** An admin-only route that changes a throwaway target of the fixture; the method is the route's. */
function adminRow(
  route: string,
  path: (fx: MatrixFixture) => string,
  status: number,
  body?: () => unknown,
): RestRow {
  const method = route.split(' ')[0] as MatrixRequest['method'];
  return { route, request: (fx) => ({ method, path: path(fx), body: body?.() }), expect: adminOnly(status) };
}

export const WRITE_ROWS: RestRow[] = [
  {
    route: 'POST /pipelines/:id/documents',
    case: 'public, new external id',
    request: (fx) => ({ method: 'POST', path: docsOf(fx), body: newDocument('public') }),
    expect: writersOfA(201),
  },
  {
    route: 'POST /pipelines/:id/documents',
    case: `public, the external id of a ${HIDDEN} document`,
    request: (fx, kind) => ({
      method: 'POST',
      path: docsOf(fx),
      body: newDocument('public', fx.perKind[kind].target.externalId),
    }),
    expect: writersOfA(201),
    check: versionsIfTouchable(
      (fx, kind) => fx.perKind[kind].target,
      (body) => body.id,
    ),
  },
  {
    route: 'POST /pipelines/:id/documents',
    case: `queued, the external id of a ${HIDDEN} document`,
    request: (fx, kind) => ({
      method: 'POST',
      path: `${docsOf(fx)}?async=true`,
      body: [newDocument('public', fx.perKind[kind].asyncTarget.externalId)],
    }),
    expect: writersOfA(202),
  },
  {
    route: 'POST /pipelines/:id/documents',
    case: `${HIDDEN}`,
    request: (fx) => ({ method: 'POST', path: docsOf(fx), body: newDocument(HIDDEN) }),
    expect: writersOfA(201, 403),
    refusal: namesOnlyReadable(HIDDEN),
  },
  {
    route: 'POST /pipelines/:id/documents',
    case: 'an undefined classification',
    request: (fx) => ({ method: 'POST', path: docsOf(fx), body: newDocument('nosuch') }),
    expect: writersOfA(422, 403),
    refusal: namesOnlyReadable('nosuch'),
  },
  {
    route: 'POST /pipelines/:id/documents',
    case: 'B',
    request: (fx) => ({ method: 'POST', path: docsOf(fx, 'B'), body: newDocument('public') }),
    expect: onlyB(201, 404),
  },
  {
    route: 'DELETE /pipelines/:id/documents/:documentId',
    case: HIDDEN,
    request: (fx, kind) => ({ method: 'DELETE', path: `${docsOf(fx)}/${fx.perKind[kind].deleted.id}` }),
    expect: writersOfA(200, 404),
  },
  {
    route: 'DELETE /pipelines/:id/documents/:documentId',
    case: 'public',
    request: (fx, kind) => ({ method: 'DELETE', path: `${docsOf(fx)}/${fx.perKind[kind].deletedPublic.id}` }),
    expect: writersOfA(200),
    check: onlyTheseFieldsWithoutRead(['expired_at', 'id']),
  },
  {
    route: 'DELETE /pipelines/:id/documents/:documentId',
    case: 'B',
    request: (fx) => ({ method: 'DELETE', path: docPath(fx, 'b-deleted') }),
    expect: onlyB(200, 404),
  },

  ...FILE_WRITE_ROWS,

  adminRow(
    'POST /api_keys',
    () => '/api_keys',
    201,
    () => ({ name: unique('made') }),
  ),
  adminRow(
    'PATCH /api_keys/:id',
    (fx) => `/api_keys/${fx.scratch.key}`,
    200,
    () => ({ name: unique('renamed') }),
  ),
  adminRow(
    'POST /api_keys/:id/rotate',
    (fx) => `/api_keys/${fx.scratch.key}/rotate`,
    201,
    () => ({}),
  ),
  adminRow('DELETE /api_keys/:id', (fx) => `/api_keys/${fx.scratch.doomedKey}`, 204),
  adminRow(
    'POST /embedding_models',
    () => '/embedding_models',
    201,
    () => ({
      name: unique('made'),
      provider: 'hashing',
      size: 8,
    }),
  ),
  adminRow('DELETE /embedding_models/:id', (fx) => `/embedding_models/${fx.scratch.model}`, 204),
  adminRow(
    'POST /text_splitters',
    () => '/text_splitters',
    201,
    () => ({
      provider: 'character',
      parameters: { separator: '\n', chunk_size: 77, chunk_overlap: 0 },
    }),
  ),
  adminRow('DELETE /text_splitters/:id', (fx) => `/text_splitters/${fx.scratch.splitter}`, 204),
  adminRow(
    'POST /pipelines',
    () => '/pipelines',
    201,
    () => ({ name: unique('made'), classifications: ['public'] }),
  ),
  adminRow(
    'PATCH /pipelines/:id',
    (fx) => `/pipelines/${fx.scratch.pipeline}`,
    200,
    () => ({
      description: unique('d'),
    }),
  ),
  adminRow(
    'PUT /pipelines/:id/classifications',
    (fx) => `/pipelines/${fx.scratch.pipeline}/classifications`,
    200,
    () => ({
      classifications: ['public', 'staff'],
      hierarchy: [['staff', 'public']],
    }),
  ),
  adminRow('DELETE /pipelines/:id', (fx) => `/pipelines/${fx.scratch.doomedPipeline}`, 204),
];

// ---- MCP -----------------------------------------------------------------------------------

/** Requests /mcp answers before any tool runs: the same for every key that authenticates. */
export const MCP_ENDPOINTS: { route: string; method: 'tools/list' | 'initialize' }[] = [
  { route: 'POST /mcp', method: 'tools/list' },
];

const mcpSearch = (pipeline: 'A' | 'B', type: string) => (fx: MatrixFixture) => ({
  pipeline_id: pipeline === 'A' ? fx.a.id : fx.b.id,
  query: 'lighthouse keeper notes',
  classifications: [HIDDEN, 'public'],
  type,
  params: type === 'mmr' ? { k: 50, fetch_k: 100 } : { k: 50 },
});
const mcpSearchersOfA = per<McpOutcome>(
  -32002,
  { admin: 'ok', full: 'ok', 'read-execute-public': 'ok', 'all-public': 'ok' },
  401,
);

export const MCP_ROWS: McpRow[] = [
  {
    tool: 'get_pipelines',
    arguments: () => ({ limit: 1000 }),
    expect: per<McpOutcome>('ok', {}, 401),
    check: (body, fx, kind) => {
      const ids: string[] = body.results.map((p: any) => p.pipeline_id);
      if (!READS[kind].b && ids.includes(fx.b.id)) fail('lists pipeline B');
      if ((READS[kind].a === 'none') === ids.includes(fx.a.id)) fail('pipeline A');
    },
  },
  {
    tool: 'get_pipeline_classifications',
    case: 'A',
    arguments: (fx) => ({ pipeline_id: fx.a.id }),
    expect: per<McpOutcome>(
      -32002,
      { admin: 'ok', full: 'ok', 'read-only': 'ok', 'read-execute-public': -32603, 'all-public': -32603 },
      401,
    ),
  },
  {
    tool: 'get_pipeline_classifications',
    case: 'B',
    arguments: (fx) => ({ pipeline_id: fx.b.id }),
    expect: onlyB<McpOutcome>('ok', -32002),
  },
  ...['similarity', 'mmr', 'search'].map((type): McpRow => ({
    tool: 'search_knowledge',
    case: type,
    arguments: mcpSearch('A', type),
    expect: mcpSearchersOfA,
    check: searchCheck((body) => body.results),
  })),
  {
    tool: 'search_knowledge',
    case: 'B',
    arguments: mcpSearch('B', 'similarity'),
    expect: onlyB<McpOutcome>('ok', -32002),
  },
];
