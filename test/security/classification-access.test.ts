/**
 * A key sees and changes only what its classification allow-list allows, version by
 * version: older versions of a re-classified document, writes through an external id
 * that names a document the key may not read (sync and queued), deletes, queued jobs
 * whose key changes before they are stored, and error texts that must not name what
 * the key may not read. Each case reproduces a defect of issue 8.
 */
import { Api } from '../support/http';
import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import { createPipeline, search, unique } from '../search/helpers';
import { createKey } from '../support/records';
import { waitForJob } from '../support/jobs';
import { waitFor } from '../support/wait';

const finished = (api: Api, id: string) => waitForJob(api, id);

describeEachDatabase(
  'classification access',
  (fixture) => {
    const api = () => fixture().api;
    let pipeline: any;
    let publicKey: Api;
    const docs = () => `/pipelines/${pipeline.id}/documents`;
    /** Adds (or re-adds) a document as the admin key. */
    const put = async (external_id: string, classification: string, content: string) => {
      const response = await api().post(docs(), { content, classification, external_id });
      expect(response.status).toBe(201);
      return response.body;
    };
    /** Adds (or re-adds) a public document as the public-only key. */
    const putPublic = (external_id: string, content: string) =>
      publicKey.post(docs(), { content, classification: 'public', external_id });
    const fullText = async (as: Api, query: string) =>
      (
        await search(as, pipeline.id, {
          type: 'search',
          query,
          classifications: ['internal', 'public'],
          params: { k: 50 },
        })
      ).body as any[];

    beforeAll(async () => {
      pipeline = await createPipeline(api(), {
        classifications: ['public', 'internal'],
        hierarchy: [['internal', 'public']],
        full_text_search: true,
      });
      publicKey = api().as(
        await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 7, classifications: ['public'] }]),
      );
    });

    describe('older versions', () => {
      it('hides an internal older version exactly like a version that does not exist', async () => {
        const externalId = unique('reclass');
        const v1 = await put(externalId, 'internal', 'Salary bands are confidential: band seven.');
        const v2 = await put(externalId, 'public', 'Salary bands are published yearly.');
        expect(v2.id).toBe(v1.id);
        const fragments = (version: number) =>
          publicKey.get(`${docs()}/${v1.id}/fragments?version=${version}`);
        const hidden = await fragments(v1.version);
        const missing = await fragments(v1.version + 1);
        expect(missing.status).toBe(200);
        expect(missing.body.data).toEqual([]);
        expect(hidden.status).toBe(missing.status);
        expect(hidden.text).toBe(missing.text);
        // The admin key still reads it.
        const admin = (await api().get(`${docs()}/${v1.id}/fragments?version=${v1.version}`)).body;
        expect(admin.data.map((f: any) => f.page_content)).toEqual([
          'Salary bands are confidential: band seven.',
        ]);
      });

      it('ends a visible version when the next visible version began, not when a hidden one did', async () => {
        const externalId = unique('timeline');
        const v1 = await put(externalId, 'public', 'Office opens at eight.');
        await put(externalId, 'internal', 'Office opens at seven for the board.');
        const v3 = await put(externalId, 'public', 'Office opens at nine.');
        const old = async (as: Api) =>
          (await as.get(`${docs()}/${v1.id}/fragments?version=${v1.version}`)).body.data[0];
        const byAdmin = await old(api());
        const byPublic = await old(publicKey);
        expect(byPublic.page_content).toBe('Office opens at eight.');
        expect(byAdmin.expired_at).not.toBeNull();
        expect(byPublic.expired_at).not.toBe(byAdmin.expired_at); // the internal version's time
        expect(byPublic.expired_at).toBe((await publicKey.get(`${docs()}/${v1.id}`)).body.updated_at);
        expect(byPublic.expired_at).toBe(v3.updated_at);
      });

      it('lists only the versions the key may read, each ended when the next one it reads began', async () => {
        const externalId = unique('listed');
        const v1 = await put(externalId, 'public', 'Canteen opens at noon.');
        const v2 = await put(externalId, 'internal', 'Canteen closes for the audit.');
        const v3 = await put(externalId, 'public', 'Canteen opens at one.');
        const versions = (as: Api) => as.get(`${docs()}/${v1.id}/versions`);
        const byAdmin = (await versions(api())).body;
        expect(byAdmin.data.map((v: any) => v.version)).toEqual([v1.version, v2.version, v3.version]);

        const byPublic = await versions(publicKey);
        expect(byPublic.status).toBe(200);
        expect(byPublic.body.data).toEqual([
          {
            classification: 'public',
            created_at: v1.created_at,
            expired: true,
            expired_at: v3.updated_at,
            fragment_count: 1,
            version: v1.version,
          },
          {
            classification: 'public',
            created_at: v3.updated_at,
            expired: false,
            expired_at: null,
            fragment_count: 1,
            version: v3.version,
          },
        ]);
        expect(byPublic.body.page_info).toMatchObject({ count: 2, has_next: false });
        // Nothing of the internal version: not its number, nor when it was written.
        expect(byPublic.text).not.toContain(String(v2.version));
        expect(byPublic.text).not.toContain(v2.updated_at);
        // Paging past it from the first visible version lands on the next visible one.
        const next = await publicKey.get(`${docs()}/${v1.id}/versions?limit=1&after=${v1.version}`);
        expect(next.body.data.map((v: any) => v.version)).toEqual([v3.version]);
        expect(next.body.page_info.count).toBe(1);

        // Once the current version is internal, the document and its versions are not found.
        await put(externalId, 'internal', 'Canteen closed.');
        const hidden = await versions(publicKey);
        expect(hidden.status).toBe(404);
        expect(hidden.body).toEqual({ detail: 'Document not found' });
      });

      it('hides every version of a document whose current version the key may not read', async () => {
        const externalId = unique('classified');
        const v1 = await put(externalId, 'public', 'The roadmap is public.');
        await put(externalId, 'internal', 'The roadmap is now internal.');
        const notFound = { detail: 'Document not found' };
        expect((await publicKey.get(`${docs()}/${v1.id}`)).body).toEqual(notFound);
        const old = await publicKey.get(`${docs()}/${v1.id}/fragments?version=${v1.version}`);
        expect(old.status).toBe(404);
        expect(old.body).toEqual(notFound);
        expect((await publicKey.get(`${docs()}?external_id=${externalId}`)).body.data).toEqual([]);
        expect(await fullText(publicKey, 'roadmap')).toEqual([]);
      });
    });

    describe('writes through an external id', () => {
      it('gives a public-only writer its own document instead of replacing an internal one', async () => {
        const externalId = unique('int-A');
        const internal = await put(externalId, 'internal', 'Layoffs planned for March.');
        const written = await putPublic(externalId, 'Nothing to see.');
        expect(written.status).toBe(201);
        expect(written.body.id).not.toBe(internal.id);
        expect(written.text).not.toContain(internal.id);
        expect(written.text).not.toContain(internal.created_at);
        expect(written.body).toMatchObject({
          classification: 'public',
          external_id: externalId,
          expired_at: null,
        });

        // The internal document is untouched and still searchable.
        const stillInternal = (await api().get(`${docs()}/${internal.id}`)).body;
        expect(stillInternal).toEqual(internal);
        expect((await fullText(api(), 'layoffs')).map((f) => f.document_id)).toEqual([internal.id]);

        // Writing again versions the writer's own document, never the hidden one.
        const again = (await putPublic(externalId, 'Still nothing.')).body;
        expect(again.id).toBe(written.body.id);
        expect(again.version).toBeGreaterThan(written.body.version);
        expect((await api().get(`${docs()}/${internal.id}`)).body).toEqual(internal);
        const listed = (await publicKey.get(`${docs()}?external_id=${externalId}`)).body.data;
        expect(listed.map((d: any) => d.id)).toEqual([written.body.id]);
      });

      it('answers the same whether or not a hidden document has the external id', async () => {
        const taken = unique('taken');
        await put(taken, 'internal', 'Hidden document.');
        const free = unique('free');
        const shape = (body: any) => ({
          keys: Object.keys(body),
          fresh: body.created_at === body.updated_at && body.expired_at === null,
          fragments: body.fragment_count,
        });
        const onTaken = await putPublic(taken, 'Mine.');
        const onFree = await putPublic(free, 'Mine.');
        expect(onTaken.status).toBe(onFree.status);
        expect(shape(onTaken.body)).toEqual(shape(onFree.body));
      });

      it('does the same for a queued write', async () => {
        const externalId = unique('int-async');
        const internal = await put(externalId, 'internal', 'Acquisition target: Globex.');
        const queued = await publicKey.post(`${docs()}?async=true`, {
          content: 'Public note.',
          classification: 'public',
          external_id: externalId,
        });
        expect(queued.status).toBe(202);
        const job = await finished(publicKey, queued.body.id);
        expect(job.state).toBe('succeeded');
        expect(job.documents[0].id).not.toBe(internal.id);
        expect((await api().get(`${docs()}/${internal.id}`)).body).toEqual(internal);
      });

      it('lets a key that reads both classifications re-classify, and merges the copies it sees', async () => {
        const externalId = unique('merge');
        const internal = await put(externalId, 'internal', 'Budget draft for review.');
        const theirs = (await putPublic(externalId, 'Budget overview.')).body;
        // The admin key sees both documents with the external id; its write keeps the first
        // and expires the other, so the external id names one live document again.
        const merged = await put(externalId, 'public', 'Budget approved.');
        expect(merged.id).toBe(internal.id);
        expect(merged.classification).toBe('public');
        const listed = (await api().get(`${docs()}?external_id=${externalId}`)).body.data;
        expect(listed.map((d: any) => [d.id, d.expired_at === null])).toEqual([
          [internal.id, true],
          [theirs.id, false],
        ]);
        expect((await fullText(api(), 'budget')).map((f) => f.page_content)).toEqual(['Budget approved.']);
      });

      it('serialises concurrent writers of one external id', async () => {
        const externalId = unique('race');
        const writes = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            api().post(docs(), {
              content: `Race entry ${i}.`,
              classification: 'public',
              external_id: externalId,
            }),
          ),
        );
        expect(writes.map((w) => w.status)).toEqual(Array(6).fill(201));
        expect(new Set(writes.map((w) => w.body.id)).size).toBe(1);
        expect(new Set(writes.map((w) => w.body.version)).size).toBe(6);
        const listed = (await api().get(`${docs()}?external_id=${externalId}`)).body.data;
        expect(listed).toHaveLength(1);
        expect(await fullText(api(), 'race entry')).toHaveLength(1);
      });

      it('versions a whole batch of external ids, concurrent batches included', async () => {
        const prefix = unique('bulk');
        const batch = (round: number, from: number) =>
          Array.from({ length: 150 }, (_, i) => ({
            content: `Bulk entry ${from + i}, round ${round}.`,
            classification: 'public',
            external_id: `${prefix}-${from + i}`,
          }));
        const first = await Promise.all([api().post(docs(), batch(1, 0)), api().post(docs(), batch(1, 150))]);
        expect(first.map((r) => r.status)).toEqual([201, 201]);
        const second = await api().post(docs(), [...batch(2, 0), ...batch(2, 150)]);
        expect(second.status).toBe(201);
        const ids = [...first[0].body, ...first[1].body].map((d: any) => d.id);
        expect(second.body.map((d: any) => d.id)).toEqual(ids);
        const listed = await api().get(
          `${docs()}?external_id$startswith=${prefix}-&limit=1000&expired=false`,
        );
        expect(listed.body.data).toHaveLength(300);
      });

      it('treats the delete of a document the key may not read like the delete of a random id', async () => {
        const internal = await put(unique('del'), 'internal', 'Board minutes.');
        const hidden = await publicKey.delete(`${docs()}/${internal.id}`);
        const random = await publicKey.delete(`${docs()}/0193a000-0000-7000-8000-0000000000ff`);
        expect(hidden.status).toBe(404);
        expect(hidden.text).toBe(random.text);
        expect((await api().get(`${docs()}/${internal.id}`)).body.expired_at).toBeNull();
      });
    });

    describe('keys without read permission', () => {
      it('expires a document without being shown what it holds', async () => {
        const doc = (
          await api().post(docs(), {
            content: 'Quarterly numbers.',
            classification: 'internal',
            metadata: { revenue: 'forty-two million' },
            external_id: unique('numbers'),
          })
        ).body;
        const writeOnly = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 2 }]));
        const expired = await writeOnly.delete(`${docs()}/${doc.id}`);
        expect(expired.status).toBe(200);
        expect(expired.body).toEqual({ expired_at: expect.any(String), id: doc.id });
        expect((await api().get(`${docs()}/${doc.id}`)).body.expired_at).toBe(expired.body.expired_at);
      });
    });

    describe('error texts', () => {
      it('lists only the classifications the key may read in the unknown-classification error', async () => {
        const writeOnly = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 2 }]));
        for (const path of [docs(), `${docs()}?async=true`]) {
          const refused = await writeOnly.post(path, { content: 'x', classification: 'nosuch' });
          expect(refused.status).toBe(422);
          expect(refused.body).toEqual({
            detail: "classification: 'nosuch' is not one of the pipeline's classifications",
          });
        }
        const readWrite = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 6 }]));
        expect((await readWrite.post(docs(), { content: 'x', classification: 'nosuch' })).body).toEqual({
          detail: "classification: 'nosuch' is not one of the pipeline's classifications (internal, public)",
        });
      });
    });
  },
  { env: { TROVE_JOBS_POLL_MS: '100' } },
);

/** Queued writes are stored with the grants the key holds when they are stored, not when queued. */
describeEachDatabase(
  'queued writes and key changes',
  (fixture) => {
    const api = () => fixture().api;
    let stub: OpenAiEmbeddingsStub;
    let pipeline: any;
    beforeAll(async () => {
      stub = await startOpenAiEmbeddingsStub({ size: 16 });
      const model = (
        await api().post('/embedding_models', {
          name: unique('held'),
          provider: 'openai',
          size: 16,
          parameters: { base_url: stub.url, model: 'stub' },
        })
      ).body;
      pipeline = await createPipeline(api(), {
        classifications: ['public', 'internal'],
        embedding_model_ids: [model.id],
      });
    });
    afterAll(() => stub?.close());

    /** Queues one document with a fresh key, runs `change` while its embedding is held, then lets it finish. */
    const queueAndChange = async (change: (keyId: string) => Promise<unknown>) => {
      const created = await api().post('/api_keys', {
        name: unique('queued'),
        grants: [{ pipeline_id: pipeline.id, permissions: 7, classifications: ['public'] }],
      });
      const key = api().as({ id: created.body.id, secret: created.body.secret });
      stub.reset();
      stub.holdNext();
      const queued = await key.post(`/pipelines/${pipeline.id}/documents?async=true`, {
        content: 'Queued while the key changes.',
        classification: 'public',
        external_id: unique('q'),
      });
      expect(queued.status).toBe(202);
      await waitFor('the worker to embed', () => stub.requests.length >= 1, { timeoutMs: 30_000 });
      await change(created.body.id);
      stub.releaseHeld();
      return finished(api(), queued.body.id);
    };

    it('fails the item when the key lost the classification meanwhile', async () => {
      const job = await queueAndChange((id) =>
        api().patch(`/api_keys/${id}`, {
          grants: [{ pipeline_id: pipeline.id, permissions: 7, classifications: ['internal'] }],
        }),
      );
      expect(job).toMatchObject({ state: 'failed', processed: 0, failed: 1, documents: [] });
      expect(job.errors[0].detail).toBe(
        "Forbidden: this key may not write documents classified 'public' (classification)",
      );
      expect((await api().get(`/pipelines/${pipeline.id}/documents`)).body.data).toEqual([]);
    });

    it('fails the item when the key lost write permission meanwhile', async () => {
      const job = await queueAndChange((id) =>
        api().patch(`/api_keys/${id}`, { grants: [{ pipeline_id: pipeline.id, permissions: 5 }] }),
      );
      expect(job).toMatchObject({ state: 'failed', processed: 0, failed: 1 });
      expect(job.errors[0].detail).toBe('Forbidden: this key lacks write permission on the pipeline.');
    });

    it('fails the items of a key disabled or deleted meanwhile', async () => {
      for (const change of [
        (id: string) => api().patch(`/api_keys/${id}`, { disabled: true }),
        (id: string) => api().delete(`/api_keys/${id}`),
      ]) {
        const job = await queueAndChange(change);
        expect(job).toMatchObject({ state: 'failed', processed: 0, failed: 1 });
        expect(job.errors[0].detail).toBe('The API key that queued this job is disabled or deleted');
      }
      expect((await api().get(`/pipelines/${pipeline.id}/documents`)).body.data).toEqual([]);
    });

    it("sends nothing of a disabled key's queued job to the embedding endpoint", async () => {
      // The worker runs one job at a time: a held job keeps it busy while the key is disabled.
      let laterJob = '';
      const busy = await queueAndChange(async () => {
        const created = await api().post('/api_keys', {
          name: unique('later'),
          grants: [{ pipeline_id: pipeline.id, permissions: 7, classifications: ['public'] }],
        });
        const later = api().as({ id: created.body.id, secret: created.body.secret });
        const queued = await later.post(`/pipelines/${pipeline.id}/documents?async=true`, [
          { content: 'Never embedded, first.', classification: 'public' },
          { content: 'Never embedded, second.', classification: 'public' },
        ]);
        expect(queued.status).toBe(202);
        await api().patch(`/api_keys/${created.body.id}`, { disabled: true });
        laterJob = queued.body.id;
      });
      expect(busy.state).toBe('succeeded');
      const job = await finished(api(), laterJob);
      expect(job).toMatchObject({ state: 'failed', processed: 0, failed: 2 });
      expect(job.errors.map((e: any) => e.detail)).toEqual(
        Array(2).fill('The API key that queued this job is disabled or deleted'),
      );
      expect(JSON.stringify(stub.requests.map((r) => r.body))).not.toContain('Never embedded');
    });

    it("shows a job's documents only while the key may still read their classification", async () => {
      const created = await api().post('/api_keys', {
        name: unique('narrowed'),
        grants: [{ pipeline_id: pipeline.id, permissions: 7, classifications: ['public'] }],
      });
      const key = api().as({ id: created.body.id, secret: created.body.secret });
      const queued = await key.post(`/pipelines/${pipeline.id}/documents?async=true`, {
        content: 'Stored, then out of reach.',
        classification: 'public',
      });
      const job = await finished(key, queued.body.id);
      expect(job.documents).toHaveLength(1);
      await api().patch(`/api_keys/${created.body.id}`, {
        grants: [{ pipeline_id: pipeline.id, permissions: 7, classifications: ['internal'] }],
      });
      const narrowed = await key.get(`/jobs/${queued.body.id}`);
      expect(narrowed.status).toBe(200);
      expect(narrowed.body.documents).toEqual([]);
      expect(narrowed.text).not.toContain(job.documents[0].id);
      expect((await api().get(`/jobs/${queued.body.id}`)).body.documents).toEqual(job.documents);
    });
  },
  { env: { TROVE_JOBS_POLL_MS: '100' } },
);
