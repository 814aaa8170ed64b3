/**
 * The world the permission matrix runs in, built once per Trove through the REST API
 * as the admin key: two pipelines, documents in two classifications (one re-classified
 * back and forth over four versions, one that ends confidential), queued jobs, the
 * throwaway targets of the writes each key kind makes, one key per kind, and, per kind,
 * the strings that must never appear in an answer to that kind.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN, Api, Credentials } from '../support/http';
import { waitFor } from '../search/helpers';

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
    }
  >;
  jobs: { admin: string; allPublic: string };
  scratch: {
    pipeline: string;
    doomedPipeline: string;
    key: string;
    doomedKey: string;
    model: string;
    splitter: string;
  };
  /** Times only a confidential version's existence explains (as the admin key sees them). */
  hiddenTimes: string[];
  secretsFor(kind: KeyKind): Secret[];
  /** Ids of the documents of A whose current version the kind may read. */
  visibleInA(kind: KeyKind): string[];
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
  ): Promise<FixtureDocument> => {
    const externalId = unique(name);
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

  const perKind = {} as MatrixFixture['perKind'];
  for (const kind of KEY_KINDS) {
    const own = WRITES_HIDDEN.includes(kind) ? [kind] : [];
    perKind[kind] = {
      target: await write(`target-${kind}`, 'A', [HIDDEN], own),
      asyncTarget: await write(`async-target-${kind}`, 'A', [HIDDEN], own),
      deleted: await write(`deleted-${kind}`, 'A', [HIDDEN], own),
      deletedPublic: await write(
        `deleted-public-${kind}`,
        'A',
        ['public'],
        WRITES_A.includes(kind) ? [kind] : [],
      ),
    };
  }

  const key = async (kind: KeyKind, grants: unknown[]) => {
    const created = await ok(admin.post('/api_keys', { name: unique(kind), grants }), `key ${kind}`);
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
    const done = await waitFor(
      async () => (await admin.get(`/jobs/${job.id}`)).body,
      (j) => j.state === 'succeeded',
      60_000,
      `job ${name}`,
    );
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

  const scratch = {
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
    return secrets;
  };

  return {
    api: admin,
    a: { id: a.id, name: a.name },
    b: { id: b.id, name: b.name },
    keys,
    docs,
    perKind,
    jobs,
    scratch,
    hiddenTimes,
    secretsFor,
    visibleInA,
  };
}
