/** The matrix rows of Trove's core REST routes: keys, catalogue, pipelines, documents, search, jobs. */
import { DEFAULT_MODEL_ID } from '../../search/helpers';
import { current, HIDDEN, MatrixFixture, READS, readsVersion, unique } from '../permission-matrix.fixture';
import {
  per,
  open,
  anyKey,
  adminOnly,
  readersOfA,
  readersOfHidden,
  searchersOfA,
  writersOfA,
  onlyB,
  fail,
  sameSet,
  listsExactly,
  searchCheck,
  versionsIfTouchable,
  namesOnlyReadable,
  onlyTheseFieldsWithoutRead,
  docsOf,
  docPath,
  get,
  versionOf,
  searchBody,
  MatrixRequest,
  RestRow,
} from './rows';

/** A token id no key minted. */
const NO_TOKEN = '0193a000-0000-7000-8000-00000000abcd';

// ---- Answers that change nothing

export const CORE_READ_ROWS: RestRow[] = [
  { route: 'GET /', request: get(() => '/'), expect: open(200) },
  { route: 'GET /healthz', request: get(() => '/healthz'), expect: open(200) },
  { route: 'GET /readyz', request: get(() => '/readyz'), expect: open(200) },
  { route: 'GET /metrics', request: get(() => '/metrics'), expect: open(200) },
  // The API's description is public: it describes the open-source API, nothing of this installation.
  { route: 'GET /openapi.json', request: get(() => '/openapi.json'), expect: open(200) },
  { route: 'GET /docs', request: get(() => '/docs'), expect: open(200) },
  { route: 'GET /docs/:asset', request: get(() => '/docs/init.js'), expect: open(200) },

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

  // Personal access tokens: a key lists and mints its own; an id it did not mint is not found.
  { route: 'GET /api_keys/me/tokens', request: get(() => '/api_keys/me/tokens'), expect: anyKey(200) },
  {
    route: 'POST /api_keys/me/tokens',
    request: () => ({
      method: 'POST',
      path: '/api_keys/me/tokens',
      body: { name: unique('pat'), grants: [] },
    }),
    expect: anyKey(201),
    check: (body) => {
      if (!String(body.token).startsWith('trove_pat_')) fail('answered no token');
    },
  },
  {
    route: 'DELETE /api_keys/me/tokens/:tokenId',
    request: () => ({ method: 'DELETE', path: `/api_keys/me/tokens/${NO_TOKEN}` }),
    expect: anyKey(404),
  },
  {
    route: 'GET /api_keys/:id/tokens',
    request: get((fx) => `/api_keys/${fx.scratch.key}/tokens`),
    expect: adminOnly(200),
  },

  // Machine clients: admin keys only, and no answer holds a secret.
  {
    route: 'GET /oauth_clients',
    request: get(() => '/oauth_clients?limit=1000'),
    expect: adminOnly(200),
    check: (body, fx) => {
      if (!body.data.some((c: any) => c.client_id === fx.scratch.oauthClient)) fail('lists no client');
      if (body.data.some((c: any) => 'client_secret' in c)) fail('lists a secret');
    },
  },
  {
    route: 'GET /oauth_clients/:id',
    request: get((fx) => `/oauth_clients/${fx.scratch.oauthClient}`),
    expect: adminOnly(200),
    check: (body) => {
      if ('client_secret' in body) fail('answered a secret');
    },
  },

  { route: 'GET /embedding_providers', request: get(() => '/embedding_providers'), expect: anyKey(200) },
  { route: 'GET /embedding_models', request: get(() => '/embedding_models'), expect: anyKey(200) },
  {
    route: 'GET /embedding_models/:id',
    request: get(() => `/embedding_models/${DEFAULT_MODEL_ID}`),
    expect: anyKey(200),
  },
  {
    route: 'POST /embedding_models/:id/test',
    request: () => ({ method: 'POST', path: `/embedding_models/${DEFAULT_MODEL_ID}/test` }),
    expect: adminOnly(200),
    check: (body) => {
      if (body.ok !== true || body.dimension !== 384) fail(`probe failed: ${JSON.stringify(body)}`);
    },
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
    route: 'GET /pipelines/:id/documents/:documentId/versions',
    case: 're-classified (confidential, public, confidential, public)',
    request: get((fx) => `${docPath(fx, 'reclassified')}/versions`),
    expect: readersOfA(200),
    // Only the versions the kind reads, and none of the others' times: a version ends
    // when the next one it reads began.
    check: (body, fx, kind) => {
      const expected = fx.docs['reclassified'].versions
        .filter((v) => readsVersion(kind, 'A', v.classification))
        .map((v) => `${v.version} ${v.classification}`);
      const listed = body.data.map((v: any) => `${v.version} ${v.classification}`);
      if (listed.join() !== expected.join()) fail(`versions ${listed.join(', ')}`);
      if (body.page_info.count !== expected.length) fail(`count ${body.page_info.count}`);
      body.data.forEach((v: any, i: number) => {
        const next = body.data[i + 1];
        if (v.expired_at !== (next?.created_at ?? null))
          fail(`version ${v.version} ended at ${v.expired_at}, not when the next one it reads began`);
        if (v.expired !== (next !== undefined)) fail(`version ${v.version} expired: ${v.expired}`);
      });
    },
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId/versions',
    case: 'now confidential',
    request: get((fx) => `${docPath(fx, 'now-confidential')}/versions`),
    expect: readersOfHidden(200),
  },
  {
    route: 'GET /pipelines/:id/documents/:documentId/versions',
    case: 'B',
    request: get((fx) => `${docPath(fx, 'b-document')}/versions`),
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
      // Evaluations' jobs have rows of their own (evaluations.rows.ts).
      const ingestion = body.data.filter((job: any) => job.kind !== 'evaluation');
      const ids: string[] = ingestion.map((job: any) => job.id);
      if (kind === 'admin') {
        if (!ids.includes(fx.jobs.admin) || !ids.includes(fx.jobs.allPublic)) fail('misses a job');
      } else if (kind === 'all-public') {
        sameSet(ids, [fx.jobs.allPublic], 'jobs');
        sameSet(
          ingestion[0].documents.map((d: any) => d.id),
          [fx.docs['public-job'].id],
          'job documents',
        );
      } else sameSet(ids, [], 'jobs');
    },
  },

  ...['similarity', 'mmr', 'search', 'hybrid'].map((type): RestRow => ({
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
    case: 'B',
    request: (fx) => ({
      method: 'POST',
      path: `/pipelines/${fx.b.id}/search`,
      body: searchBody('similarity'),
    }),
    expect: onlyB(200, 404),
  },
];

// ---- Writes (each kind on its own targets)

const newDocument = (classification: string, external_id = unique('matrix-new')) => ({
  content: `A new note ${unique('new')}.`,
  classification,
  external_id,
});

export const DOCUMENT_WRITE_ROWS: RestRow[] = [
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

export const ADMIN_WRITE_ROWS: RestRow[] = [
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
    'POST /api_keys/:id/tokens',
    (fx) => `/api_keys/${fx.scratch.key}/tokens`,
    201,
    () => ({ name: unique('pat'), grants: [] }),
  ),
  adminRow(
    'DELETE /api_keys/:id/tokens/:tokenId',
    (fx) => `/api_keys/${fx.scratch.key}/tokens/${NO_TOKEN}`,
    404,
  ),

  adminRow(
    'POST /oauth_clients',
    () => '/oauth_clients',
    201,
    () => ({ name: unique('client'), grants: [], scopes: ['agent:read'] }),
  ),
  adminRow(
    'PATCH /oauth_clients/:id',
    (fx) => `/oauth_clients/${fx.scratch.oauthClient}`,
    200,
    () => ({ name: unique('renamed') }),
  ),
  adminRow('POST /oauth_clients/:id/rotate', (fx) => `/oauth_clients/${fx.scratch.oauthClient}/rotate`, 201),
  adminRow('DELETE /oauth_clients/:id', (fx) => `/oauth_clients/${fx.scratch.doomedOAuthClient}`, 204),

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
  // Models and full text: the same admin-only edit (the scratch pipeline holds no
  // fragments, so it completes at once: 200, no reindex job).
  {
    ...adminRow(
      'PATCH /pipelines/:id',
      (fx) => `/pipelines/${fx.scratch.pipeline}`,
      200,
      () => ({ embedding_model_ids: [], full_text_search: true }),
    ),
    case: 'models and full text',
  },
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
