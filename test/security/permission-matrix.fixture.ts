/**
 * The world the permission matrix runs in, built once per Trove through the REST API
 * as the admin key: two pipelines, documents in two classifications (one re-classified
 * back and forth over four versions, one that ends confidential), files kept for later
 * processing in both classifications, queued jobs, the throwaway targets of the writes
 * each key kind makes, one key per kind (with its agents API scopes), the agents,
 * conversations and attachments of permission-matrix/agents.fixture.ts, and, per kind,
 * the strings that must never appear in an answer to that kind.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ADMIN, Api, Credentials } from '../support/http';
import { waitForJob } from '../support/jobs';
import { AgentsFixture, buildAgentsFixture, SCOPES } from './permission-matrix/agents.fixture';
import { buildEvaluationsFixture, EvaluationsFixture } from './permission-matrix/evaluations.fixture';

export const KEY_KINDS = [
  'admin',
  'full',
  'read-only',
  'write-only',
  'read-execute-public',
  'all-public',
  'no-grants',
  'disabled',
] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** The classification every limited key is denied. */
export const HIDDEN = 'confidential';
export type Classification = 'public' | typeof HIDDEN;

/**
 * What each kind may read: of pipeline A all classifications, only public, or nothing;
 * of pipeline B everything or nothing. The grants below implement exactly this.
 */
export const READS: Record<KeyKind, { a: 'all' | 'public' | 'none'; b: boolean }> = {
  admin: { a: 'all', b: true },
  full: { a: 'all', b: true },
  'read-only': { a: 'all', b: false },
  'write-only': { a: 'none', b: false },
  'read-execute-public': { a: 'public', b: false },
  'all-public': { a: 'public', b: false },
  'no-grants': { a: 'none', b: false },
  disabled: { a: 'none', b: false },
};

export const readsVersion = (kind: KeyKind, pipeline: 'A' | 'B', classification: Classification) =>
  pipeline === 'B'
    ? READS[kind].b
    : READS[kind].a === 'all' || (READS[kind].a === 'public' && classification === 'public');

/** Kinds whose allow-list on A lets them write (and so replace or expire) confidential documents. */
const WRITES_HIDDEN: KeyKind[] = ['admin', 'full', 'write-only'];
/** Kinds that may write to A at all. */
const WRITES_A: KeyKind[] = [...WRITES_HIDDEN, 'all-public'];

export interface FixtureVersion {
  version: number;
  classification: Classification;
  text: string;
  marker: string;
}

export interface FixtureDocument {
  id: string;
  pipeline: 'A' | 'B';
  externalId: string;
  versions: FixtureVersion[];
  /** Kinds that wrote, or may replace or expire, this document: its id is theirs to see. */
  touchable: KeyKind[];
}

export const current = (doc: FixtureDocument) => doc.versions[doc.versions.length - 1];

/** A file uploaded with `process=false`, waiting to be processed. */
export interface FixturePendingFile {
  id: string;
  pipeline: 'A' | 'B';
  classification: Classification;
  filename: string;
  sha256: string;
  /** A word only the file's bytes hold. */
  marker: string;
  /** Kinds that may process or delete it: its id is theirs to see. */
  touchable: KeyKind[];
}

/** Per kind, the targets of its file writes (uploads, processing, deleting). */
export interface FileTargets {
  /** A confidential document, uploaded over through the `external_id` field. */
  externalIdTarget: FixtureDocument;
  /** A confidential document whose external id is the name of a file the kind uploads. */
  nameTarget: FixtureDocument;
  /** A confidential document whose external id is the name of `process`, the file the kind processes. */
  processTarget: FixtureDocument;
  process: FixturePendingFile;
  processHidden: FixturePendingFile;
  delete: FixturePendingFile;
  deleteHidden: FixturePendingFile;
  processB: FixturePendingFile;
  deleteB: FixturePendingFile;
}

export interface Secret {
  label: string;
  value: string;
}

export interface MatrixFixture {
  api: Api;
  a: { id: string; name: string };
  b: { id: string; name: string };
  keys: Record<KeyKind, Credentials>;
  docs: Record<string, FixtureDocument>;
  /** Per-kind documents: `target` (confidential, written through its external id), `deleted` and `deletedPublic`. */
  perKind: Record<
    KeyKind,
    {
      target: FixtureDocument;
      asyncTarget: FixtureDocument;
      deleted: FixtureDocument;
      deletedPublic: FixtureDocument;
      files: FileTargets;
    }
  >;
  /** Pending files: `public` and `confidential` (read by every read row), and the kinds' targets. */
  pending: Record<string, FixturePendingFile>;
  jobs: { admin: string; allPublic: string };
  scratch: {
    pipeline: string;
    doomedPipeline: string;
    key: string;
    doomedKey: string;
    /** A machine client (/oauth_clients) and one to delete. */
    oauthClient: string;
    doomedOAuthClient: string;
    model: string;
    splitter: string;
  };
  /** Times only a confidential version's existence explains (as the admin key sees them). */
  hiddenTimes: string[];
  secretsFor(kind: KeyKind): Secret[];
  /** Ids of the documents of A whose current version the kind may read. */
  visibleInA(kind: KeyKind): string[];
  /** Ids of the pending files of A the kind may read. */
  pendingInA(kind: KeyKind): string[];
  agents: AgentsFixture;
  /** A reranker with an API key at an address only admin keys may see, and one to delete. */
  rerankers: { id: string; apiKey: string; address: string; doomed: string };
  evaluations: EvaluationsFixture;
}

const tag = randomBytes(3).toString('hex');
export const unique = (prefix: string) => `${prefix}-${tag}-${randomBytes(3).toString('hex')}`;

async function ok<T = any>(
  response: Promise<{ status: number; body: T; text: string }>,
  what: string,
): Promise<T> {
  const r = await response;
  if (r.status >= 300) throw new Error(`fixture: ${what} answered ${r.status} ${r.text}`);
  return r.body;
}

export async function buildMatrixFixture(admin: Api): Promise<MatrixFixture> {
  const pipeline = (name: string, classifications: string[], hierarchy: string[][] = []) =>
    ok(
      admin.post('/pipelines', { name: unique(name), classifications, hierarchy, full_text_search: true }),
      name,
    );
  const a = await pipeline('matrix-a', ['public', HIDDEN], [[HIDDEN, 'public']]);
  const b = await pipeline('matrix-b', ['public']);

  const docs: Record<string, FixtureDocument> = {};
  /**
   * Writes a document as the admin key, one version per classification given; the
   * versions numbered in `long` (from 1) are long enough to make several fragments.
   */
  const write = async (
    name: string,
    where: 'A' | 'B',
    classifications: Classification[],
    touchable: KeyKind[] = [],
    long: number[] = [],
    externalId = unique(name),
  ): Promise<FixtureDocument> => {
    const doc: FixtureDocument = { id: '', pipeline: where, externalId, versions: [], touchable };
    for (const [n, classification] of classifications.entries()) {
      const marker = unique(`${classification === HIDDEN ? 'CONF' : 'PUB'}-${name}-v${n + 1}`);
      const filler = long.includes(n + 1) ? ' The lamp was trimmed and the log kept.'.repeat(60) : '';
      const text = `${marker} lighthouse keeper notes number ${n + 1}.${filler}`;
      const stored = await ok(
        admin.post(`/pipelines/${where === 'A' ? a.id : b.id}/documents`, {
          content: text,
          classification,
          external_id: externalId,
          metadata: { marker: `META-${marker}` },
        }),
        `document ${name}`,
      );
      doc.id = stored.id;
      doc.versions.push({ version: stored.version, classification, text, marker });
    }
    docs[name] = doc;
    return doc;
  };

  await write('public', 'A', ['public']);
  await write('confidential', 'A', [HIDDEN]);
  // Its confidential third version has several fragments, its public versions one each.
  await write('reclassified', 'A', [HIDDEN, 'public', HIDDEN, 'public'], [], [3]);
  await write('now-confidential', 'A', ['public', HIDDEN]);
  await write('b-document', 'B', ['public']);
  await write('b-deleted', 'B', ['public']);

  /** `[kind]` if the kind is one of `writers`: the touchable of a target only it writes. */
  const own = (writers: KeyKind[], kind: KeyKind) => (writers.includes(kind) ? [kind] : []);

  // The confidential documents each kind's file writes name by external id; two of
  // those are file names, for the uploads that default to them.
  const fileDocs = {} as Record<
    KeyKind,
    Pick<FileTargets, 'externalIdTarget' | 'nameTarget' | 'processTarget'>
  >;
  for (const kind of KEY_KINDS) {
    const named = (name: string) =>
      write(name, 'A', [HIDDEN], own(WRITES_HIDDEN, kind), [], `${unique(name)}.txt`);
    fileDocs[kind] = {
      externalIdTarget: await write(`file-target-${kind}`, 'A', [HIDDEN], own(WRITES_HIDDEN, kind)),
      nameTarget: await named(`file-name-target-${kind}`),
      processTarget: await named(`file-process-target-${kind}`),
    };
  }

  // Files kept for later, one upload per pipeline and classification: the read rows'
  // `public` and `confidential`, and each kind's targets.
  const pending: Record<string, FixturePendingFile> = {};
  const keep = async (
    where: 'A' | 'B',
    classification: Classification,
    files: { name: string; touchable: KeyKind[]; filename?: string }[],
  ) => {
    const made = files.map((file) => {
      const marker = unique(`${classification === HIDDEN ? 'CONF' : 'PUB'}-file-${file.name}`);
      return { ...file, marker, filename: file.filename ?? `${marker}.txt`, text: `${marker}: a kept file.` };
    });
    const kept = await ok(
      admin.upload(
        `/pipelines/${where === 'A' ? a.id : b.id}/files`,
        made.map((file) => ({ name: file.filename, bytes: Buffer.from(file.text) })),
        { classification, process: 'false' },
      ),
      `pending files of ${where}`,
    );
    for (const [i, file] of made.entries()) {
      const sha256 = createHash('sha256').update(file.text).digest('hex');
      if (kept[i].sha256 !== sha256) throw new Error(`fixture: the sha256 of ${file.filename}`);
      pending[file.name] = {
        id: kept[i].file_id,
        pipeline: where,
        classification,
        filename: file.filename,
        sha256,
        marker: file.marker,
        touchable: file.touchable,
      };
    }
  };
  await keep('A', 'public', [
    { name: 'public', touchable: [] },
    ...KEY_KINDS.flatMap((kind) => [
      {
        name: `process-${kind}`,
        touchable: own(WRITES_A, kind),
        filename: fileDocs[kind].processTarget.externalId,
      },
      { name: `delete-${kind}`, touchable: own(WRITES_A, kind) },
    ]),
  ]);
  await keep('A', HIDDEN, [
    { name: HIDDEN, touchable: [] },
    ...KEY_KINDS.flatMap((kind) => [
      { name: `process-hidden-${kind}`, touchable: own(WRITES_HIDDEN, kind) },
      { name: `delete-hidden-${kind}`, touchable: own(WRITES_HIDDEN, kind) },
    ]),
  ]);
  await keep(
    'B',
    'public',
    KEY_KINDS.flatMap((kind) => [
      { name: `process-b-${kind}`, touchable: [] },
      { name: `delete-b-${kind}`, touchable: [] },
    ]),
  );

  const perKind = {} as MatrixFixture['perKind'];
  for (const kind of KEY_KINDS) {
    perKind[kind] = {
      target: await write(`target-${kind}`, 'A', [HIDDEN], own(WRITES_HIDDEN, kind)),
      asyncTarget: await write(`async-target-${kind}`, 'A', [HIDDEN], own(WRITES_HIDDEN, kind)),
      deleted: await write(`deleted-${kind}`, 'A', [HIDDEN], own(WRITES_HIDDEN, kind)),
      deletedPublic: await write(`deleted-public-${kind}`, 'A', ['public'], own(WRITES_A, kind)),
      files: {
        ...fileDocs[kind],
        process: pending[`process-${kind}`],
        processHidden: pending[`process-hidden-${kind}`],
        delete: pending[`delete-${kind}`],
        deleteHidden: pending[`delete-hidden-${kind}`],
        processB: pending[`process-b-${kind}`],
        deleteB: pending[`delete-b-${kind}`],
      },
    };
  }

  const key = async (kind: KeyKind, grants: unknown[]) => {
    const created = await ok(
      admin.post('/api_keys', { name: unique(kind), grants, scopes: SCOPES[kind] }),
      `key ${kind}`,
    );
    return { id: created.id as string, secret: created.secret as string };
  };
  const everything = [{ pipeline_id: '*', permissions: 7, classifications: '*' }];
  const keys: Record<KeyKind, Credentials> = {
    admin: ADMIN,
    full: await key('full', everything),
    'read-only': await key('read-only', [{ pipeline_id: a.id, permissions: 4 }]),
    'write-only': await key('write-only', [{ pipeline_id: a.id, permissions: 2 }]),
    'read-execute-public': await key('read-execute-public', [
      { pipeline_id: a.id, permissions: 5, classifications: ['public'] },
    ]),
    'all-public': await key('all-public', [
      { pipeline_id: a.id, permissions: 7, classifications: ['public'] },
    ]),
    'no-grants': await key('no-grants', []),
    disabled: await key('disabled', everything),
  };
  await ok(admin.patch(`/api_keys/${keys.disabled.id}`, { disabled: true }), 'disabling a key');

  // Queued jobs: the admin's stores confidential documents, the public key's a public one.
  const queue = async (as: Api, classification: Classification, name: string) => {
    const marker = unique(`${classification === HIDDEN ? 'CONF' : 'PUB'}-${name}`);
    const text = `${marker} lighthouse keeper queued notes`;
    const job = await ok(
      as.post(`/pipelines/${a.id}/documents?async=true`, [
        { content: text, classification, metadata: { marker: `META-${marker}` } },
      ]),
      `job ${name}`,
    );
    const done = await waitForJob(admin, job.id);
    if (done.state !== 'succeeded') throw new Error(`job ${name} failed: ${JSON.stringify(done.errors)}`);
    const [stored] = done.documents;
    docs[name] = {
      id: stored.id,
      pipeline: 'A',
      externalId: '',
      versions: [{ version: stored.version, classification, text, marker }],
      touchable: [],
    };
    return job.id as string;
  };
  const jobs = {
    admin: await queue(admin, HIDDEN, 'admin-job'),
    allPublic: await queue(admin.as(keys['all-public']), 'public', 'public-job'),
  };
  docs['public-job'].touchable = ['all-public'];

  const oauthClient = await ok(
    admin.post('/oauth_clients', { name: unique('matrix-client'), grants: [] }),
    'OAuth client',
  );
  const scratch = {
    oauthClient: oauthClient.client_id as string,
    doomedOAuthClient: (
      await ok(admin.post('/oauth_clients', { name: unique('doomed-client'), grants: [] }), 'OAuth client')
    ).client_id as string,
    pipeline: (await pipeline('matrix-scratch', ['public'])).id,
    doomedPipeline: (await pipeline('matrix-doomed', ['public'])).id,
    key: (await key('no-grants', [])).id,
    doomedKey: (await key('no-grants', [])).id,
    model: (
      await ok(
        admin.post('/embedding_models', { name: unique('doomed'), provider: 'hashing', size: 8 }),
        'model',
      )
    ).id,
    splitter: (
      await ok(
        admin.post('/text_splitters', {
          provider: 'character',
          parameters: { separator: ' ', chunk_size: 50, chunk_overlap: 0 },
        }),
        'splitter',
      )
    ).id,
  };

  // The admin key sees when each confidential version replaced a public one: in the
  // expired_at of the public version before it.
  const hiddenTimes: string[] = [];
  for (const doc of Object.values(docs)) {
    for (const [i, v] of doc.versions.entries()) {
      const next = doc.versions[i + 1];
      if (v.classification !== 'public' || next?.classification !== HIDDEN) continue;
      const fragments = await ok(
        admin.get(`/pipelines/${a.id}/documents/${doc.id}/fragments?version=${v.version}`),
        'fragments',
      );
      hiddenTimes.push(fragments.data[0].expired_at);
    }
  }

  const agents = await buildAgentsFixture(admin, keys, KEY_KINDS, { a: a.id, b: b.id }, unique, ok);
  const rerankerKey = unique('sk-reranker-secret');
  // A name that never resolves: the probe fails fast, and the address is the fixture's own.
  const rerankerAddress = `http://${unique('matrix-reranker')}.invalid`;
  const reranker = await ok(
    admin.post('/rerankers', {
      name: unique('matrix-reranker'),
      provider: 'cohere',
      endpoint: rerankerAddress,
      model: 'never-called',
      api_key: rerankerKey,
      parameters: { timeout_ms: 500 },
    }),
    'reranker',
  );
  const doomedReranker = await ok(
    admin.post('/rerankers', {
      name: unique('doomed-reranker'),
      provider: 'tei',
      endpoint: 'http://127.0.0.1:9',
    }),
    'reranker',
  );

  const evaluations = await buildEvaluationsFixture(admin, keys, a.id, docs, HIDDEN, unique);

  const visibleInA = (kind: KeyKind) =>
    Object.values(docs)
      .filter((doc) => doc.pipeline === 'A' && readsVersion(kind, 'A', current(doc).classification))
      .map((doc) => doc.id);

  const secretsFor = (kind: KeyKind): Secret[] => {
    const secrets: Secret[] = [];
    const add = (label: string, value: string) => secrets.push({ label, value });
    for (const [name, doc] of Object.entries(docs)) {
      for (const [i, v] of doc.versions.entries()) {
        if (readsVersion(kind, doc.pipeline, v.classification)) continue;
        add(`text of ${name} v${i + 1}`, v.marker);
        add(`version number of ${name} v${i + 1}`, String(v.version));
      }
      if (!readsVersion(kind, doc.pipeline, current(doc).classification) && !doc.touchable.includes(kind)) {
        add(`id of ${name}`, doc.id);
      }
    }
    for (const [name, file] of Object.entries(pending)) {
      if (readsVersion(kind, file.pipeline, file.classification)) continue;
      add(`text of the pending file ${name}`, file.marker);
      add(`name of the pending file ${name}`, file.filename);
      add(`sha256 of the pending file ${name}`, file.sha256);
      if (!file.touchable.includes(kind)) add(`id of the pending file ${name}`, file.id);
    }
    if (READS[kind].a !== 'all') add(`the classification name ${HIDDEN}`, HIDDEN);
    if (READS[kind].a === 'none') {
      add('the id of pipeline A', a.id);
      add('the name of pipeline A', a.name);
    }
    if (READS[kind].a === 'public') hiddenTimes.forEach((time, i) => add(`hidden version time ${i}`, time));
    if (!READS[kind].b) {
      add('the id of pipeline B', b.id);
      add('the name of pipeline B', b.name);
    }
    // Write-only: a secret for every kind.
    add("an LLM's api_key", agents.llm.apiKey);
    add("a reranker's api_key", rerankerKey);
    // Shown once, at its creation: no answer shows it again, not even to an admin.
    add("an OAuth client's secret", oauthClient.client_secret);
    if (kind !== 'admin') add("a reranker's address", rerankerAddress);
    if (kind !== 'admin') add("the name of the admin's private agent", agents.privateAgent.name);
    for (const other of KEY_KINDS) {
      if (other === kind) continue;
      for (const marker of agents.markers[other]) add(`a question or file of ${other}`, marker);
      const evaluation = evaluations[other];
      if (evaluation && kind !== 'admin') {
        add(`an evaluation query of ${other}`, evaluation.marker);
        add(`an evaluation of ${other}`, evaluation.id);
        add(`an evaluation of ${other} to delete`, evaluation.doomed);
      }
    }
    return secrets;
  };

  const pendingInA = (kind: KeyKind) =>
    Object.values(pending)
      .filter((file) => file.pipeline === 'A' && readsVersion(kind, 'A', file.classification))
      .map((file) => file.id);

  return {
    api: admin,
    a: { id: a.id, name: a.name },
    b: { id: b.id, name: b.name },
    keys,
    docs,
    perKind,
    pending,
    jobs,
    scratch,
    hiddenTimes,
    secretsFor,
    visibleInA,
    pendingInA,
    agents,
    rerankers: { id: reranker.id, apiKey: rerankerKey, address: rerankerAddress, doomed: doomedReranker.id },
    evaluations,
  };
}
