/**
 * Documents over REST on each database: adding one or a batch, validation, the
 * all-or-nothing transaction, splitting, embedding with every bound model,
 * versions, expiry, listing, reading fragments, and permissions.
 */
import { startOpenAiEmbeddingsStub, OpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import {
  addDocuments,
  createPipeline,
  DEFAULT_MODEL_ID,
  FIRST_SEARCH_DOCUMENTS,
  search,
  unique,
} from '../search/helpers';
import { createKey } from '../support/records';

const DOCUMENT_KEYS = [
  'classification',
  'created_at',
  'expired_at',
  'external_id',
  'fragment_count',
  'id',
  'metadata',
  'pipeline_id',
  'text_splitter_id',
  'updated_at',
  'version',
];
const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachDatabase('documents', (fixture) => {
  const api = () => fixture().api;
  let pipeline: any;
  let stub: OpenAiEmbeddingsStub;
  const docs = (id = pipeline.id) => `/pipelines/${id}/documents`;
  const live = async (query: string, id = pipeline.id) =>
    (await search(api(), id, { type: 'search', query, classifications: ['internal'], params: { k: 50 } }))
      .body as any[];

  beforeAll(async () => {
    stub = await startOpenAiEmbeddingsStub({ size: 16 });
    pipeline = await createPipeline(api(), {
      classifications: ['public', 'internal'],
      hierarchy: [['internal', 'public']],
    });
  });
  afterAll(() => stub?.close());
  /** An embedding model served by the local OpenAI-compatible stub. */
  const createStubModel = () =>
    api().post('/embedding_models', {
      name: unique('remote'),
      provider: 'openai',
      size: 16,
      parameters: { base_url: stub.url, model: 'stub' },
    });

  describe('adding', () => {
    it('adds one document: 201 with the stored document, searchable at once', async () => {
      const before = Date.now() * 1000;
      const response = await api().post(docs(), {
        content: 'Quarterly audits review every expense report.',
        classification: 'internal',
        metadata: { team: 'finance', n: 1 },
      });
      expect(response.status).toBe(201);
      expect(Object.keys(response.body)).toEqual(DOCUMENT_KEYS);
      expect(response.body).toMatchObject({
        classification: 'internal',
        expired_at: null,
        external_id: null,
        fragment_count: 1,
        metadata: { n: 1, team: 'finance' },
        pipeline_id: pipeline.id,
        text_splitter_id: pipeline.default_text_splitter_id,
      });
      expect(response.body.id).toMatch(UUID7);
      expect(response.body.version).toBeGreaterThanOrEqual(before);
      expect(response.body.version).toBeLessThan(before + 60_000_000);
      const found = await live('audits');
      expect(found.map((f) => f.document_id)).toEqual([response.body.id]);
      expect(found[0].version).toBe(response.body.version);
    });

    it('adds a batch: 201 with an array in the same order', async () => {
      const batch = FIRST_SEARCH_DOCUMENTS.map((d) => ({ ...d, external_id: unique(d.external_id) }));
      const response = await api().post(docs(), batch);
      expect(response.status).toBe(201);
      expect(response.body.map((d: any) => d.external_id)).toEqual(batch.map((d) => d.external_id));
      expect(new Set(response.body.map((d: any) => d.id)).size).toBe(3);
      // Versions increase within a batch.
      const versions = response.body.map((d: any) => d.version);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    });

    it('splits long content with the pipeline splitter, or the one given, and returns the fragments decrypted in order', async () => {
      const sentence = (i: number) =>
        `Sentence number ${i} explains one more detail of the ledger closing procedure.`;
      const content = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');
      const stored = (await api().post(docs(), { content, classification: 'public' })).body;
      expect(stored.fragment_count).toBeGreaterThanOrEqual(3); // 1000 characters with 200 overlap
      const fragments = (await api().get(`${docs()}/${stored.id}/fragments`)).body;
      expect(fragments.data).toHaveLength(stored.fragment_count);
      expect(fragments.data.map((f: any) => f.order_id)).toEqual([...Array(stored.fragment_count).keys()]);
      expect(Object.keys(fragments.data[0])).toEqual([
        'classification',
        'document_id',
        'expired_at',
        'id',
        'metadata',
        'order_id',
        'page_content',
        'version',
      ]);
      expect(fragments.data[0].page_content.startsWith(sentence(0))).toBe(true);
      expect(
        fragments.data.every((f: any) => f.page_content.length <= 1000 && content.includes(f.page_content)),
      ).toBe(true);
      expect(fragments.data[fragments.data.length - 1].page_content.endsWith(sentence(39))).toBe(true);

      const splitter = (
        await api().post('/text_splitters', {
          provider: 'character',
          parameters: { separator: ' ', chunk_size: 100, chunk_overlap: 0 },
        })
      ).body;
      const custom = await api().post(docs(), {
        content,
        classification: 'public',
        text_splitter_id: splitter.id,
      });
      expect(custom.status).toBe(201);
      expect(custom.body.text_splitter_id).toBe(splitter.id);
      expect(custom.body.fragment_count).toBeGreaterThan(30);
      const paged = await api().get(`${docs()}/${custom.body.id}/fragments?limit=10`);
      expect(paged.body.data).toHaveLength(10);
      expect(paged.body.page_info.has_next).toBe(true);
      const next = await api().get(
        `${docs()}/${custom.body.id}/fragments?limit=10&after=${paged.body.page_info.after}`,
      );
      expect(next.body.data[0].order_id).toBe(10);
    });

    it('embeds with every model the pipeline binds', async () => {
      const second = (
        await api().post('/embedding_models', { name: unique('h32'), provider: 'hashing', size: 32 })
      ).body;
      const remote = (await createStubModel()).body;
      const multi = await createPipeline(api(), {
        classifications: ['public'],
        embedding_model_ids: [DEFAULT_MODEL_ID, second.id, remote.id],
      });
      stub.reset();
      const stored = await addDocuments(api(), multi.id, [
        { content: 'Refunds are prorated.', classification: 'public' },
        { content: 'Invoices are monthly.', classification: 'public' },
      ]);
      expect(stub.requests).toHaveLength(1); // the whole batch in one call
      expect((stub.requests[0].body as { input: string[] }).input).toEqual([
        'Refunds are prorated.',
        'Invoices are monthly.',
      ]);
      for (const embedding of [DEFAULT_MODEL_ID, second.id, remote.id]) {
        const found = await search(api(), multi.id, {
          type: 'similarity',
          query: 'refunds',
          classifications: ['public'],
          params: { k: 1, embedding },
        });
        expect(found.status).toBe(200);
        expect(found.body.map((f: any) => f.document_id)).toEqual([stored[0].id]);
      }
    });

    it('stores nothing when one document of a batch is refused, and says which', async () => {
      const marker = unique('atomic');
      const response = await api().post(docs(), [
        { content: `${marker} first`, classification: 'public' },
        { content: `${marker} second`, classification: 'confidential' },
      ]);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail:
          "[1].classification: 'confidential' is not one of the pipeline's classifications (internal, public)",
      });
      expect(await live(marker)).toEqual([]);
    });

    it('stores nothing when the embedding endpoint fails, and says why (502)', async () => {
      const remote = (await createStubModel()).body;
      const both = await createPipeline(api(), {
        classifications: ['public'],
        embedding_model_ids: [DEFAULT_MODEL_ID, remote.id],
      });
      stub.failNext(400, 1, { message: 'input too long' });
      const response = await api().post(docs(both.id), [
        { content: 'Refunds are prorated.', classification: 'public' },
      ]);
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        detail: `Embedding endpoint ${stub.url} answered 400: input too long`,
      });
      expect((await api().get(docs(both.id))).body.data).toEqual([]);
      expect(
        (await search(api(), both.id, { type: 'search', query: 'refunds', classifications: ['public'] }))
          .body,
      ).toEqual([]);
    });

    it.each([
      [{ classification: 'public' }, 'content: is required and must be a string'],
      [
        { content: '   ', classification: 'public' },
        'content: must contain text: a document without text has nothing to search',
      ],
      [{ content: 'x' }, 'classification: is required and must be a string'],
      [
        { content: 'x', classification: 'secret' },
        "classification: 'secret' is not one of the pipeline's classifications (internal, public)",
      ],
      [{ content: 'x', classification: 'public', metadata: [1] }, 'metadata: must be a JSON object'],
      [{ content: 'x', classification: 'public', external_id: '' }, 'external_id: must not be empty'],
      [
        { content: 'x', classification: 'public', text_splitter_id: 'abc' },
        'text_splitter_id: must be a text splitter UUID',
      ],
      [
        { content: 'x', classification: 'public', text_splitter_id: '0193a000-0000-7000-8000-0000000000aa' },
        'text_splitter_id: text splitter 0193a000-0000-7000-8000-0000000000aa does not exist',
      ],
      [[], 'body: must hold at least one document'],
      ['text', 'body: expected a document object or an array of documents'],
      [
        [
          { content: 'x', classification: 'public' },
          { content: 5, classification: 'public' },
        ],
        '[1].content: is required and must be a string',
      ],
    ])('refuses %j with 422 naming the field', async (body, detail) => {
      const response = await api().request('POST', docs(), JSON.stringify(body), {
        'content-type': 'application/json',
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail });
    });

    it('refuses an unknown field, more than 1000 documents, and a bad async flag', async () => {
      const unknown = await api().post(docs(), { content: 'x', classification: 'public', title: 't' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.detail).toMatch(/title/);
      const tooMany = await api().post(
        docs(),
        Array.from({ length: 1001 }, () => ({ content: 'x', classification: 'public' })),
      );
      expect(tooMany.status).toBe(422);
      expect(tooMany.body).toEqual({ detail: 'body: must hold at most 1000 documents' });
      const flag = await api().post(`${docs()}?async=maybe`, { content: 'x', classification: 'public' });
      expect(flag.body).toEqual({ detail: "query parameter async: expected true or false, got 'maybe'" });
      const other = await api().post(`${docs()}?sync=true`, { content: 'x', classification: 'public' });
      expect(other.status).toBe(422);
    });

    it('answers 404 for a pipeline that does not exist', async () => {
      const response = await api().post(docs('0193a000-0000-7000-8000-0000000000ff'), {
        content: 'x',
        classification: 'public',
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Pipeline not found' });
    });
  });

  describe('versions', () => {
    it('makes a new version when an external id is added again, and expires the old fragments', async () => {
      const externalId = unique('handbook');
      const first = (
        await api().post(docs(), {
          content: 'The travel policy allows economy flights.',
          classification: 'public',
          external_id: externalId,
        })
      ).body;
      const second = (
        await api().post(docs(), {
          content: 'The travel policy allows business flights over six hours.',
          classification: 'internal',
          external_id: externalId,
          metadata: { rev: 2 },
        })
      ).body;
      expect(second.id).toBe(first.id);
      expect(second.version).toBeGreaterThan(first.version);
      expect(second).toMatchObject({ classification: 'internal', metadata: { rev: 2 }, expired_at: null });
      expect(second.created_at).toBe(first.created_at);

      const found = await live('travel policy');
      expect(found.map((f) => [f.document_id, f.version])).toEqual([[first.id, second.version]]);
      expect(found[0].page_content).toContain('business');
      expect((await live('economy')).filter((f) => f.document_id === first.id)).toEqual([]);

      const listed = (await api().get(`${docs()}?external_id=${externalId}`)).body.data;
      expect(listed).toHaveLength(1);
      expect(listed[0].version).toBe(second.version);

      const current = (await api().get(`${docs()}/${first.id}/fragments`)).body.data;
      expect(current.map((f: any) => [f.version, f.expired_at])).toEqual([[second.version, null]]);
      const old = (await api().get(`${docs()}/${first.id}/fragments?version=${first.version}`)).body.data;
      expect(old).toHaveLength(1);
      expect(old[0].page_content).toBe('The travel policy allows economy flights.');
      expect(old[0].expired_at).not.toBeNull();
    });

    it('keeps the newest of repeated external ids within one batch', async () => {
      const externalId = unique('dup');
      const stored = (
        await api().post(docs(), [
          {
            content: 'Parking spaces are assigned yearly.',
            classification: 'public',
            external_id: externalId,
          },
          {
            content: 'Parking spaces are assigned monthly.',
            classification: 'public',
            external_id: externalId,
          },
        ])
      ).body;
      expect(stored[1].id).toBe(stored[0].id);
      expect(stored[1].version).toBeGreaterThan(stored[0].version);
      const found = await live('parking');
      expect(found.map((f) => f.page_content)).toEqual(['Parking spaces are assigned monthly.']);
    });
    // Batches of 16 external ids or more that name no document yet write before they
    // lock them, then check (ingestion.service.ts, storeNew): these go through that path.
    it('versions a large batch sent again, and merges two large batches of new external ids sent at once', async () => {
      const ids = Array.from({ length: 24 }, (_, i) => unique(`bulk-${i}`));
      const batch = (content: string, which: string[]) =>
        which.map((external_id) => ({
          content: `${content} ${external_id}`,
          classification: 'public',
          external_id,
        }));
      const first = (await api().post(docs(), batch('Canteen menu', ids))).body;
      const again = (await api().post(docs(), batch('Canteen menu revised', ids))).body;
      expect(again.map((d: any) => d.id)).toEqual(first.map((d: any) => d.id));
      again.forEach((d: any, i: number) => expect(d.version).toBeGreaterThan(first[i].version));

      for (let round = 0; round < 3; round++) {
        const fresh = Array.from({ length: 36 }, (_, i) => unique(`race-${round}-${i}`));
        const [a, b] = await Promise.all([
          api().post(docs(), batch('Shuttle timetable A', fresh.slice(0, 24))),
          api().post(docs(), batch('Shuttle timetable B', fresh.slice(12))),
        ]);
        expect([a.status, b.status]).toEqual([201, 201]);
        const shared = fresh.slice(12, 24);
        for (const externalId of shared) {
          const listed = (await api().get(`${docs()}?external_id=${externalId}`)).body.data;
          expect(listed).toHaveLength(1);
          const fragments = (await api().get(`${docs()}/${listed[0].id}/fragments`)).body.data;
          expect(fragments.map((f: any) => f.expired_at)).toEqual([null]);
        }
        const idOf = (rows: any[], externalId: string) => rows.find((d) => d.external_id === externalId).id;
        for (const externalId of shared) expect(idOf(a.body, externalId)).toBe(idOf(b.body, externalId));
      }
    });
  });

  describe('version list', () => {
    it('lists every version, oldest first, with its times and fragment count, in keyset pages', async () => {
      const externalId = unique('handbook');
      const write = async (content: string, classification = 'public') =>
        (await api().post(docs(), { content, classification, external_id: externalId })).body;
      const v1 = await write('The handbook has one chapter.');
      const v2 = await write(`The handbook grew. ${'Each chapter covers one policy in depth. '.repeat(80)}`);
      const v3 = await write('The handbook was rewritten.', 'internal');
      expect(v2.fragment_count).toBeGreaterThan(1);
      const versions = `${docs()}/${v1.id}/versions`;

      const all = await api().get(versions);
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual([
        {
          classification: 'public',
          created_at: v1.created_at,
          expired: true,
          expired_at: v2.updated_at,
          fragment_count: 1,
          version: v1.version,
        },
        {
          classification: 'public',
          created_at: v2.updated_at,
          expired: true,
          expired_at: v3.updated_at,
          fragment_count: v2.fragment_count,
          version: v2.version,
        },
        {
          classification: 'internal',
          created_at: v3.updated_at,
          expired: false,
          expired_at: null,
          fragment_count: 1,
          version: v3.version,
        },
      ]);
      expect(all.body.page_info).toEqual({
        after: String(v3.version),
        before: String(v1.version),
        count: 3,
        has_next: false,
        has_prev: false,
      });

      // The listed version is the one the fragments route opens.
      const old = await api().get(`${docs()}/${v1.id}/fragments?version=${all.body.data[1].version}`);
      expect(old.body.data).toHaveLength(v2.fragment_count);

      const first = await api().get(`${versions}?limit=2`);
      expect(first.body.data.map((v: any) => v.version)).toEqual([v1.version, v2.version]);
      expect(first.body.page_info).toMatchObject({ count: 2, has_next: true, has_prev: false });
      const next = await api().get(`${versions}?limit=2&after=${first.body.page_info.after}`);
      expect(next.body.data.map((v: any) => v.version)).toEqual([v3.version]);
      expect(next.body.page_info).toMatchObject({ count: 1, has_next: false, has_prev: true });
      const back = await api().get(`${versions}?limit=2&before=${next.body.page_info.before}`);
      expect(back.body.data.map((v: any) => v.version)).toEqual([v1.version, v2.version]);

      // A delete ends the current version at the time of the delete.
      const expired = (await api().delete(`${docs()}/${v1.id}`)).body;
      const last = (await api().get(versions)).body.data[2];
      expect(last).toMatchObject({ expired: true, expired_at: expired.expired_at, version: v3.version });
    });

    it('refuses bad parameters with a 422 naming them, and an unknown document with a 404', async () => {
      const doc = (await api().post(docs(), { content: 'Versioned note.', classification: 'public' })).body;
      const versions = `${docs()}/${doc.id}/versions`;
      const cases: [string, string][] = [
        ['?version=1', 'query parameter version: not supported here; use limit, after or before'],
        ['?after=abc', "query parameter after: expected a cursor from page_info, got 'abc'"],
        [`?after=${doc.id}`, `query parameter after: expected a cursor from page_info, got '${doc.id}'`],
        ['?limit=0', "query parameter limit: expected an integer from 1 to 1000, got '0'"],
      ];
      for (const [query, detail] of cases) {
        const response = await api().get(`${versions}${query}`);
        expect({ query, status: response.status, body: response.body }).toEqual({
          query,
          status: 422,
          body: { detail },
        });
      }
      const missing = await api().get(`${docs()}/0193a000-0000-7000-8000-0000000000ff/versions`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: 'Document not found' });
    });
  });

  describe('expiry', () => {
    it('takes the fragments out of search at once, keeps the rows, and is idempotent', async () => {
      const doc = (
        await api().post(docs(), {
          content: 'Lunch vouchers expire at the end of the year.',
          classification: 'public',
          external_id: unique('vouchers'),
        })
      ).body;
      expect(await live('vouchers')).toHaveLength(1);
      const expired = await api().delete(`${docs()}/${doc.id}`);
      expect(expired.status).toBe(200);
      expect(expired.body.id).toBe(doc.id);
      expect(expired.body.expired_at).not.toBeNull();
      expect(await live('vouchers')).toEqual([]);
      for (const type of ['similarity', 'mmr']) {
        const params = type === 'mmr' ? { k: 100, fetch_k: 100 } : { k: 100 };
        const vector = await search(api(), pipeline.id, {
          type,
          query: 'lunch vouchers',
          classifications: ['internal'],
          params,
        });
        expect(vector.body.map((f: any) => f.document_id)).not.toContain(doc.id);
      }

      const read = await api().get(`${docs()}/${doc.id}`);
      expect(read.status).toBe(200);
      expect(read.body.expired_at).toBe(expired.body.expired_at);
      const fragments = (await api().get(`${docs()}/${doc.id}/fragments`)).body.data;
      expect(fragments).toHaveLength(1);
      expect(fragments[0].expired_at).not.toBeNull();
      expect(fragments[0].page_content).toBe('Lunch vouchers expire at the end of the year.');

      const again = await api().delete(`${docs()}/${doc.id}`);
      expect(again.status).toBe(200);
      expect(again.body.expired_at).toBe(expired.body.expired_at);

      // Adding its external id again brings it back as a new version.
      const back = (
        await api().post(docs(), {
          content: 'Lunch vouchers now never expire.',
          classification: 'public',
          external_id: doc.external_id,
        })
      ).body;
      expect(back.id).toBe(doc.id);
      expect(back.expired_at).toBeNull();
      expect((await live('vouchers')).map((f) => f.page_content)).toEqual([
        'Lunch vouchers now never expire.',
      ]);
    });

    it('answers 404 for a document that does not exist', async () => {
      const response = await api().delete(`${docs()}/0193a000-0000-7000-8000-0000000000ff`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Document not found' });
    });
  });

  describe('listing and reading', () => {
    let listed: any;
    beforeAll(async () => {
      listed = await createPipeline(api(), {
        classifications: ['public', 'internal'],
        hierarchy: [['internal', 'public']],
      });
      await addDocuments(
        api(),
        listed.id,
        Array.from({ length: 7 }, (_, i) => ({
          content: `Note ${i}`,
          classification: i % 2 === 0 ? 'public' : 'internal',
          external_id: `note-${i}`,
        })),
      );
      const notes = (await api().get(docs(listed.id))).body.data;
      await api().delete(`${docs(listed.id)}/${notes[6].id}`);
    });

    it('lists in the envelope, oldest first, with keyset pages', async () => {
      const first = await api().get(`${docs(listed.id)}?limit=3`);
      expect(first.status).toBe(200);
      expect(first.body.data.map((d: any) => d.external_id)).toEqual(['note-0', 'note-1', 'note-2']);
      expect(first.body.page_info).toMatchObject({ count: 3, has_next: true, has_prev: false });
      const second = await api().get(`${docs(listed.id)}?limit=3&after=${first.body.page_info.after}`);
      expect(second.body.data.map((d: any) => d.external_id)).toEqual(['note-3', 'note-4', 'note-5']);
      const back = await api().get(`${docs(listed.id)}?limit=3&before=${second.body.page_info.before}`);
      expect(back.body.data.map((d: any) => d.external_id)).toEqual(['note-0', 'note-1', 'note-2']);
    });

    it('filters by external id, classification, version and expiry', async () => {
      const ids = async (query: string) =>
        (await api().get(`${docs(listed.id)}?${query}`)).body.data.map((d: any) => d.external_id);
      expect(await ids('external_id=note-3')).toEqual(['note-3']);
      expect(await ids('external_id$in=note-1,note-5')).toEqual(['note-1', 'note-5']);
      expect(await ids('external_id$startswith=note-')).toHaveLength(7);
      expect(await ids('classification=internal')).toEqual(['note-1', 'note-3', 'note-5']);
      expect(await ids('classification$ne=internal&expired=false')).toEqual(['note-0', 'note-2', 'note-4']);
      expect(await ids('expired=true')).toEqual(['note-6']);
      const all = (await api().get(docs(listed.id))).body.data;
      expect(await ids(`version$gt=${all[4].version}`)).toEqual(['note-5', 'note-6']);
      const bad = await api().get(`${docs(listed.id)}?expired=yes`);
      expect(bad.body).toEqual({ detail: "query parameter expired: expected true or false, got 'yes'" });
      const field = await api().get(`${docs(listed.id)}?content=x`);
      expect(field.status).toBe(422);
      const version = await api().get(`${docs(listed.id)}?version=abc`);
      expect(version.status).toBe(422);
    });

    it('reads one document, and 404s one of another pipeline', async () => {
      const all = (await api().get(docs(listed.id))).body.data;
      const one = await api().get(`${docs(listed.id)}/${all[0].id}`);
      expect(one.body).toEqual(all[0]);
      expect((await api().get(`${docs(pipeline.id)}/${all[0].id}`)).status).toBe(404);
      expect((await api().get(`${docs(listed.id)}/not-a-uuid`)).status).toBe(422);
    });
  });

  describe('permissions', () => {
    it('lets a write-only key add and expire, but not read or search', async () => {
      const writer = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 2 }]));
      const added = await writer.post(docs(), { content: 'Written blind.', classification: 'public' });
      expect(added.status).toBe(201);
      expect((await writer.get(docs())).status).toBe(404);
      expect((await writer.get(`${docs()}/${added.body.id}`)).body).toEqual({ detail: 'Pipeline not found' });
      expect(
        (await search(writer, pipeline.id, { type: 'search', query: 'blind', classifications: ['public'] }))
          .status,
      ).toBe(404);
      expect((await writer.delete(`${docs()}/${added.body.id}`)).status).toBe(200);
    });

    it('lets a read-only key list and read, but not add or expire (403)', async () => {
      const doc = (await api().post(docs(), { content: 'Read me.', classification: 'public' })).body;
      const reader = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 4 }]));
      expect((await reader.get(`${docs()}/${doc.id}`)).status).toBe(200);
      expect((await reader.get(`${docs()}/${doc.id}/fragments`)).status).toBe(200);
      const added = await reader.post(docs(), { content: 'x', classification: 'public' });
      expect(added.status).toBe(403);
      expect(added.body).toEqual({ detail: 'Forbidden: this key lacks write permission on the pipeline.' });
      expect((await reader.delete(`${docs()}/${doc.id}`)).status).toBe(403);
    });

    it('hides the pipeline from a key without any grant on it', async () => {
      const elsewhere = await createPipeline(api(), { classifications: ['public'] });
      const other = api().as(await createKey(api(), [{ pipeline_id: elsewhere.id, permissions: 7 }]));
      expect((await other.post(docs(), { content: 'x', classification: 'public' })).status).toBe(404);
      expect((await other.get(docs())).status).toBe(404);
    });

    it("narrows everything to the key's classification allow-list", async () => {
      const restricted = await createPipeline(api(), {
        classifications: ['public', 'internal', 'secret'],
        hierarchy: [['internal', 'public']],
      });
      const stored = await addDocuments(api(), restricted.id, [
        { content: 'Public note.', classification: 'public' },
        { content: 'Internal note.', classification: 'internal' },
        { content: 'Secret note.', classification: 'secret' },
      ]);
      const publicKey = api().as(
        await createKey(api(), [{ pipeline_id: restricted.id, permissions: 7, classifications: ['public'] }]),
      );
      expect((await publicKey.get(docs(restricted.id))).body.data.map((d: any) => d.classification)).toEqual([
        'public',
      ]);
      expect((await publicKey.get(`${docs(restricted.id)}/${stored[1].id}`)).status).toBe(404);
      expect((await publicKey.get(`${docs(restricted.id)}/${stored[1].id}/fragments`)).status).toBe(404);
      expect((await publicKey.delete(`${docs(restricted.id)}/${stored[1].id}`)).status).toBe(404);
      const refused = await publicKey.post(docs(restricted.id), [
        { content: 'ok', classification: 'public' },
        { content: 'no', classification: 'internal' },
      ]);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        detail: "Forbidden: this key may not write documents classified 'internal' ([1].classification)",
      });
      // A name the pipeline does not define is refused the same way: the key learns nothing.
      expect(
        (await publicKey.post(docs(restricted.id), { content: 'x', classification: 'nope' })).status,
      ).toBe(403);
      expect(
        (await publicKey.post(docs(restricted.id), { content: 'ok', classification: 'public' })).status,
      ).toBe(201);

      // An allow-list is read hierarchically: internal brings public, not secret.
      const internalKey = api().as(
        await createKey(api(), [
          { pipeline_id: restricted.id, permissions: 7, classifications: ['internal'] },
        ]),
      );
      const seen = (await internalKey.get(docs(restricted.id))).body.data.map((d: any) => d.classification);
      expect([...new Set(seen)].sort()).toEqual(['internal', 'public']);
    });
  });
});
