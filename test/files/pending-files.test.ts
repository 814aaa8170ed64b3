/**
 * Files kept for later (`process=false`, the upload_document case) and the jobs
 * queue (`?async=true`) on each database: listing, processing, deleting, who may do
 * which, and that the bytes rest encrypted and go once processed.
 */
import { samplePdf } from '../../bench/sample-files';
import { queryRaw } from '../documents/raw-database';
import { createPipeline, search } from '../search/helpers';
import { createKey } from '../support/records';
import { waitForJob } from '../support/jobs';
import { describeEachDatabase } from '../support/suite';
import { documentCount, FILE_LIMITS_ENV, filesPath, pendingCount } from './helpers';

const PENDING_KEYS = [
  'chunk_overlap',
  'chunk_size',
  'classification',
  'created_at',
  'external_id',
  'filename',
  'id',
  'metadata',
  'mime_type',
  'pipeline_id',
  'sha256',
  'size',
  'text_splitter_id',
  'type',
];
const SECRET = 'Pelican lighthouse ledger: the safe code is 4417-MARIGOLD.';

describeEachDatabase(
  'pending files and queued uploads',
  (fixture) => {
    const api = () => fixture().api;
    let pipeline: any;
    const files = () => filesPath(pipeline.id);
    const text = (name: string, body: string) => ({ name, bytes: Buffer.from(body) });
    const keep = async (file: { name: string; bytes: Buffer }, classification = 'public', fields = {}) => {
      const response = await api().upload(files(), [file], { classification, process: 'false', ...fields });
      expect(response.status).toBe(201);
      return response.body[0];
    };
    const jobDone = (id: string) => waitForJob(api(), id);

    beforeAll(async () => {
      pipeline = await createPipeline(api(), {
        classifications: ['public', 'internal'],
        hierarchy: [['internal', 'public']],
        full_text_search: true,
      });
    });

    it('keeps files uploaded with process=false, without making documents, and lists and shows them', async () => {
      const before = await documentCount(api(), pipeline.id);
      const response = await api().upload(
        files(),
        [text('kept-a.md', '# Kept\n\nAlpha notes.'), text('kept-b.txt', 'Beta notes.')],
        { classification: 'internal', process: 'false', metadata: '{"batch": 7}', chunk_size: '300' },
      );
      expect(response.status).toBe(201);
      expect(response.body.map((r: any) => [r.filename, r.status, r.type, r.document_id])).toEqual([
        ['kept-a.md', 'uploaded', 'markdown', null],
        ['kept-b.txt', 'uploaded', 'text', null],
      ]);
      expect(await documentCount(api(), pipeline.id)).toBe(before);

      const list = (await api().get(`${files()}?filename$startswith=kept-`)).body;
      expect(list.data.map((f: any) => f.id)).toEqual(response.body.map((r: any) => r.file_id));
      expect(Object.keys(list.data[0])).toEqual(PENDING_KEYS);
      expect(list.data[0]).toMatchObject({
        classification: 'internal',
        metadata: { batch: 7 },
        chunk_size: 300,
        chunk_overlap: null,
        external_id: null,
        type: 'markdown',
        mime_type: 'text/markdown',
        size: Buffer.byteLength('# Kept\n\nAlpha notes.'),
        pipeline_id: pipeline.id,
      });
      expect(
        (await api().get(`${files()}?type=text&filename$startswith=kept-`)).body.data.map(
          (f: any) => f.filename,
        ),
      ).toEqual(['kept-b.txt']);
      const one = await api().get(`${files()}/${response.body[1].file_id}`);
      expect(one.body).toEqual(list.data[1]);
      expect((await api().get(`${files()}?colour=red`)).status).toBe(422);
    });

    it('processes a pending file into a document, with splitter settings given then, and forgets it', async () => {
      const kept = await keep(
        text('handbook.md', '# Handbook\n\n' + 'Every desk has a lamp and a plant. '.repeat(20)),
      );
      const processed = await api().post(`${files()}/${kept.file_id}/process`, {
        chunk_size: 120,
        chunk_overlap: 0,
      });
      expect(processed.status).toBe(201);
      expect(processed.body).toMatchObject({
        filename: 'handbook.md',
        status: 'processed',
        file_id: null,
        type: 'markdown',
      });
      const fragments = (
        await api().get(`/pipelines/${pipeline.id}/documents/${processed.body.document_id}/fragments`)
      ).body.data;
      expect(fragments.length).toBe(processed.body.fragment_count);
      expect(fragments.length).toBeGreaterThan(5);
      expect(fragments.every((f: any) => f.page_content.length <= 120)).toBe(true);
      expect(fragments[1].metadata).toMatchObject({
        filename: 'handbook.md',
        section: 'Handbook',
        sha256: kept.sha256,
      });

      expect((await api().get(`${files()}/${kept.file_id}`)).status).toBe(404);
      const again = await api().post(`${files()}/${kept.file_id}/process`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ detail: 'File not found' });
    });

    it('deletes a pending file, answering it as it was', async () => {
      const kept = await keep(text('draft.txt', 'A draft nobody wants.'));
      const deleted = await api().delete(`${files()}/${kept.file_id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: kept.file_id, filename: 'draft.txt' });
      expect((await api().delete(`${files()}/${kept.file_id}`)).status).toBe(404);
      expect((await api().get(`${files()}/not-a-uuid`)).status).toBe(422);
    });

    it('queues uploads and pending files as jobs with ?async=true: 202, then stored with their block metadata', async () => {
      const upload = await api().upload(
        `${files()}?async=true`,
        [
          {
            name: 'queued.pdf',
            bytes: samplePdf({ pages: [['Queued page one.'], ['Queued page two about ferries.']] }),
          },
          text('queued.md', '# Ferries\n\nThe ferry leaves at nine.'),
        ],
        { classification: 'public' },
      );
      expect(upload.status).toBe(202);
      expect(upload.body.map((r: any) => [r.status, r.document_id])).toEqual([
        ['queued', null],
        ['queued', null],
      ]);
      expect(upload.body[0].job_id).toBe(upload.body[1].job_id);
      const job = await jobDone(upload.body[0].job_id);
      expect(job).toMatchObject({ state: 'succeeded', processed: 2, failed: 0 });
      const found = await search(api(), pipeline.id, {
        type: 'search',
        query: 'ferries',
        classifications: ['public'],
      });
      expect(
        found.body.map((f: any) => [f.metadata.filename, f.metadata.page ?? f.metadata.section]),
      ).toEqual(
        expect.arrayContaining([
          ['queued.pdf', 2],
          ['queued.md', 'Ferries'],
        ]),
      );

      const kept = await keep(text('later.md', '# Later\n\nProcessed by the worker.'));
      const queued = await api().post(`${files()}/${kept.file_id}/process?async=true`);
      expect(queued.status).toBe(202);
      expect(queued.body.status).toBe('queued');
      expect((await api().get(`${files()}/${kept.file_id}`)).status).toBe(404);
      expect((await jobDone(queued.body.job_id)).documents).toHaveLength(1);
    });

    it('lets a key upload with write, list with read, and see only the pending files its classifications allow', async () => {
      const id = pipeline.id;
      const note = [text('perm.txt', 'Permission test note.')];
      const reader = api().as(await createKey(api(), [{ pipeline_id: id, permissions: 4 }]));
      const refused = await reader.upload(files(), note, { classification: 'public' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'Forbidden: this key lacks write permission on the pipeline.' });
      const stranger = api().as(await createKey(api(), []));
      expect((await stranger.upload(files(), note, { classification: 'public' })).status).toBe(404);
      expect((await stranger.get(files())).status).toBe(404);

      const writer = api().as(await createKey(api(), [{ pipeline_id: id, permissions: 2 }]));
      const written = await writer.upload(files(), [text('writer.txt', 'Written blind.')], {
        classification: 'public',
        process: 'false',
      });
      expect(written.status).toBe(201);
      expect((await writer.get(files())).status).toBe(404);
      expect((await writer.post(`${files()}/${written.body[0].file_id}/process`)).status).toBe(201);

      const internal = await keep(text('internal-only.txt', 'Internal eyes only.'), 'internal');
      const publicOne = await keep(text('public-one.txt', 'Anyone may read this.'), 'public');
      const limited = api().as(
        await createKey(api(), [{ pipeline_id: id, permissions: 7, classifications: ['public'] }]),
      );
      const listed = (await limited.get(`${files()}?limit=1000`)).body.data.map((f: any) => f.id);
      expect(listed).toContain(publicOne.file_id);
      expect(listed).not.toContain(internal.file_id);
      const unknown = '0193a000-0000-7000-8000-0000000000ff';
      for (const fileId of [internal.file_id, unknown]) {
        for (const response of [
          await limited.get(`${files()}/${fileId}`),
          await limited.post(`${files()}/${fileId}/process`),
          await limited.delete(`${files()}/${fileId}`),
        ]) {
          expect({ fileId, status: response.status, body: response.body }).toEqual({
            fileId,
            status: 404,
            body: { detail: 'File not found' },
          });
        }
      }
      const upward = await limited.upload(files(), note, { classification: 'internal' });
      expect(upward.status).toBe(403);
      expect(upward.body.detail).toMatch(
        /^Forbidden: this key may not write documents classified 'internal'/,
      );
      expect((await api().get(`${files()}/${internal.file_id}`)).status).toBe(200);
      expect((await limited.post(`${files()}/${publicOne.file_id}/process`)).status).toBe(201);
    });

    it('tells a key without read permission what it did to a pending file, never what the file holds', async () => {
      // Another key's upload: its name, hash, metadata and classification are not the writer's to read.
      const upload = () =>
        keep(text('payroll-2025.txt', 'Payroll of 2025: the ledger.'), 'internal', {
          metadata: '{"owner": "finance"}',
        });
      const writer = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 2 }]));

      const processed = await upload();
      const made = await writer.post(`${files()}/${processed.file_id}/process`);
      expect(made.status).toBe(201);
      expect(made.body).toEqual({
        document_id: expect.any(String),
        file_id: null,
        job_id: null,
        status: 'processed',
        version: expect.any(Number),
      });
      for (const fact of ['payroll-2025', processed.sha256, 'finance', 'internal'])
        expect(made.text).not.toContain(fact);
      const document = await api().get(`/pipelines/${pipeline.id}/documents/${made.body.document_id}`);
      expect(document.body).toMatchObject({
        classification: 'internal',
        metadata: { sha256: processed.sha256 },
      });

      const deleted = await upload();
      const gone = await writer.delete(`${files()}/${deleted.file_id}`);
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ id: deleted.file_id });
      expect((await api().get(`${files()}/${deleted.file_id}`)).status).toBe(404);
    });

    it('keeps pending bytes only as ciphertext, and removes them once processed', async () => {
      const secret = await keep({ name: 'secret.txt', bytes: Buffer.from(SECRET) });
      const processed = await keep(text('gone.txt', 'Soon processed.'));
      expect((await api().post(`${files()}/${processed.file_id}/process`)).status).toBe(201);
      const pending = await pendingCount(api(), pipeline.id);

      if (fixture().kind === 'pglite') await fixture().trove.stop(); // the embedded folder opens once
      const rows = await queryRaw<{ id: string; content_hex: string; content_key_id: string; row: string }>(
        fixture().database,
        `SELECT id::text, encode(content, 'hex') AS content_hex, content_key_id, p::text AS row FROM pending_files p`,
      );
      expect(rows.map((r) => r.id).sort()).toHaveLength(pending);
      const stored = rows.find((r) => r.id === secret.file_id)!;
      expect(stored.content_key_id).toBeTruthy();
      expect(stored.content_hex.length).toBeGreaterThan(Buffer.byteLength(SECRET) * 2);
      for (const word of ['Pelican', 'MARIGOLD', '4417']) {
        expect(stored.content_hex).not.toContain(Buffer.from(word).toString('hex'));
        expect(stored.row).not.toContain(word);
      }
      expect(rows.find((r) => r.id === processed.file_id)).toBeUndefined();
    });
  },
  { env: FILE_LIMITS_ENV },
);
