/**
 * File uploads over REST on each database: every format becomes a document whose
 * fragments carry where they came from and are found by search; several files are
 * stored all together or not at all; a changed file makes a new version; every
 * malformed file and every malformed request is refused and stores nothing.
 */
import { createHash } from 'node:crypto';
import { samplePdf } from '../../bench/sample-files';
import { createPipeline, search } from '../search/helpers';
import { describeEachDatabase } from '../support/suite';
import {
  documentCount,
  everyFormat,
  FILE_LIMITS_ENV,
  filesPath,
  malformedFiles,
  pendingCount,
} from './helpers';

const RESULT_KEYS = [
  'document_id',
  'file_id',
  'filename',
  'fragment_count',
  'job_id',
  'mime_type',
  'sha256',
  'size',
  'status',
  'type',
  'version',
];

describeEachDatabase(
  'file uploads',
  (fixture) => {
    const api = () => fixture().api;
    let pipeline: any;
    const files = () => filesPath(pipeline.id);
    const nothingStored = async (documentsBefore: number) => {
      expect(await documentCount(api(), pipeline.id)).toBe(documentsBefore);
      expect(await pendingCount(api(), pipeline.id)).toBe(0);
    };

    beforeAll(async () => {
      pipeline = await createPipeline(api(), {
        classifications: ['public', 'internal'],
        full_text_search: true,
      });
    });

    it('stores a file of every format as a document: file facts in its metadata, fragments that say where they came from, found by search', async () => {
      for (const { file, type, phrase, where } of await everyFormat()) {
        const response = await api().upload(files(), [file], {
          classification: 'public',
          metadata: '{"team":"ops"}',
        });
        expect({ name: file.name, status: response.status }).toEqual({ name: file.name, status: 201 });
        const [result] = response.body;
        expect(Object.keys(result)).toEqual(RESULT_KEYS);
        const sha256 = createHash('sha256').update(file.bytes).digest('hex');
        expect(result).toMatchObject({
          filename: file.name,
          type,
          size: file.bytes.length,
          sha256,
          status: 'processed',
          file_id: null,
          job_id: null,
        });
        expect(result.fragment_count).toBeGreaterThanOrEqual(1);

        const document = (await api().get(`/pipelines/${pipeline.id}/documents/${result.document_id}`)).body;
        expect(document).toMatchObject({
          external_id: file.name,
          version: result.version,
          metadata: {
            team: 'ops',
            filename: file.name,
            mime_type: result.mime_type,
            size: file.bytes.length,
            sha256,
          },
        });
        const fragments = (
          await api().get(`/pipelines/${pipeline.id}/documents/${result.document_id}/fragments`)
        ).body.data;
        const holder = fragments.find((f: any) => f.page_content.includes(phrase));
        expect({ file: file.name, found: holder !== undefined }).toEqual({ file: file.name, found: true });
        expect(holder.metadata).toEqual({ ...document.metadata, ...where });

        const found = await search(api(), pipeline.id, {
          type: 'similarity',
          query: phrase,
          classifications: ['public'],
          filters: { filename: file.name },
          params: { k: 1 },
        });
        expect(found.body[0].page_content).toContain(phrase);
        const words = await search(api(), pipeline.id, {
          type: 'search',
          query: phrase.split(/\W+/).filter((w) => w.length > 4)[0],
          classifications: ['public'],
          filters: { filename: file.name },
        });
        expect(words.body.map((f: any) => f.document_id)).toContain(result.document_id);
      }
    });

    it('keeps a PDF title, and splits with the chunk size and overlap asked for', async () => {
      const sentences = Array.from(
        { length: 30 },
        (_, i) => `Clause ${i} of the lease covers one more duty of the tenant.`,
      );
      const pdf = samplePdf({ title: 'Lease', pages: [sentences.slice(0, 15), sentences.slice(15)] });
      const response = await api().upload(files(), [{ name: 'lease.pdf', bytes: pdf }], {
        classification: 'internal',
        chunk_size: '200',
        chunk_overlap: '0',
      });
      expect(response.status).toBe(201);
      const fragments = (
        await api().get(`/pipelines/${pipeline.id}/documents/${response.body[0].document_id}/fragments`)
      ).body.data;
      expect(fragments.length).toBe(response.body[0].fragment_count);
      expect(fragments.length).toBeGreaterThanOrEqual(8);
      expect(fragments.every((f: any) => f.page_content.length <= 200)).toBe(true);
      expect(fragments[0].metadata).toMatchObject({ title: 'Lease', page: 1 });
      expect(fragments[fragments.length - 1].metadata).toMatchObject({ page: 2 });
      // No fragment straddles the two pages.
      expect(
        fragments.some(
          (f: any) => f.page_content.includes('Clause 14') && f.page_content.includes('Clause 15'),
        ),
      ).toBe(false);
    });

    it('makes an uploaded changed file a new version of the same document, and leaves the old text out of search', async () => {
      const first = await api().upload(
        files(),
        [{ name: 'menu.md', bytes: Buffer.from('# Menu\n\nMonday is lasagne day.\n') }],
        {
          classification: 'public',
        },
      );
      const second = await api().upload(
        files(),
        [{ name: 'menu.md', bytes: Buffer.from('# Menu\n\nMonday is risotto day.\n') }],
        {
          classification: 'public',
        },
      );
      expect(second.status).toBe(201);
      expect(second.body[0].document_id).toBe(first.body[0].document_id);
      expect(second.body[0].version).toBeGreaterThan(first.body[0].version);
      const found = async (word: string) =>
        (
          await search(api(), pipeline.id, { type: 'search', query: word, classifications: ['public'] })
        ).body.map((f: any) => f.page_content);
      expect(await found('risotto')).toEqual(['# Menu\n\nMonday is risotto day.']);
      expect(await found('lasagne')).toEqual([]);
      const explicit = await api().upload(
        files(),
        [{ name: 'menu-v3.md', bytes: Buffer.from('Monday is soup day.') }],
        {
          classification: 'public',
          external_id: 'menu.md',
        },
      );
      expect(explicit.body[0].document_id).toBe(first.body[0].document_id);
    });

    it('stores the files of one request together, in order, as one batch', async () => {
      const before = await documentCount(api(), pipeline.id);
      const batch = (await everyFormat())
        .slice(0, 4)
        .map((f) => ({ ...f.file, name: `batch-${f.file.name}` }));
      const response = await api().upload(files(), batch, { classification: 'internal' });
      expect(response.status).toBe(201);
      expect(response.body.map((r: any) => r.filename)).toEqual(batch.map((f) => f.name));
      expect(new Set(response.body.map((r: any) => r.document_id)).size).toBe(4);
      expect(await documentCount(api(), pipeline.id)).toBe(before + 4);
    });

    it('stores none of the files of a request when one of them is refused, and names every refused file', async () => {
      const before = await documentCount(api(), pipeline.id);
      const [good] = await everyFormat();
      const [locked, , blank] = malformedFiles();
      const response = await api().upload(
        files(),
        [{ ...good.file, name: 'fine.pdf' }, locked.file, blank.file],
        { classification: 'public' },
      );
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe(
        `File 'locked.pdf': ${locked.reason}; File 'blank.pdf': ${blank.reason}. Nothing was stored.`,
      );
      await nothingStored(before);
      const search404 = await search(api(), pipeline.id, {
        type: 'search',
        query: 'venue',
        classifications: ['public'],
        filters: { filename: 'fine.pdf' },
      });
      expect(search404.body).toEqual([]);
    });

    it('refuses every malformed file with a 422 that names it and says why, storing nothing, kept or not', async () => {
      const before = await documentCount(api(), pipeline.id);
      for (const { file, reason } of malformedFiles()) {
        for (const process of ['true', 'false']) {
          const response = await api().upload(files(), [file], { classification: 'public', process });
          expect({ file: file.name, status: response.status, detail: response.body.detail }).toEqual({
            file: file.name,
            status: 422,
            detail: `File '${file.name}': ${reason}. Nothing was stored.`,
          });
        }
      }
      await nothingStored(before);
    });

    it('answers malformed requests with a 4xx detail, never a 500, and stores nothing', async () => {
      const before = await documentCount(api(), pipeline.id);
      const note = { name: 'note.txt', bytes: Buffer.from('A short note.') };
      const cases: [Promise<any>, number, string | RegExp][] = [
        [api().upload(files(), [note], {}), 422, 'classification: is required'],
        [
          api().upload(files(), [note], { classification: 'secret' }),
          422,
          /^classification: 'secret' is not one of/,
        ],
        [
          api().upload(files(), [], { classification: 'public' }),
          422,
          "file: no file was sent; send one or more as 'file' parts",
        ],
        [
          api().upload(files(), [note], { classification: 'public', metadata: '{"a":' }),
          422,
          'metadata: must be a JSON object',
        ],
        [
          api().upload(files(), [note], { classification: 'public', colour: 'red' }),
          422,
          /^field colour: not a field of a file upload/,
        ],
        [
          api().upload(files(), [note, { ...note }], { classification: 'public' }),
          422,
          "Two files are named 'note.txt': a request may carry each name once",
        ],
        [
          api().upload(files(), [note, { ...note, name: 'other.txt' }], {
            classification: 'public',
            external_id: 'x',
          }),
          422,
          /^external_id: names one document, so it goes with a single file/,
        ],
        [
          api().upload(files(), [note], {
            classification: 'public',
            text_splitter_id: '0193a000-0000-7000-8000-000000000999',
          }),
          422,
          'text_splitter_id: text splitter 0193a000-0000-7000-8000-000000000999 does not exist',
        ],
        [
          api().upload(files(), [note], { classification: 'public', chunk_size: '50', chunk_overlap: '60' }),
          422,
          'chunk_overlap: must be less than chunk_size (50)',
        ],
        [
          api().upload(files(), [{ ...note, field: 'attachment' }], { classification: 'public' }),
          422,
          /^field attachment: a file was sent here/,
        ],
        [
          api().upload(
            files(),
            Array.from({ length: 5 }, (_, i) => ({ name: `n${i}.txt`, bytes: Buffer.from('x') })),
            { classification: 'public' },
          ),
          422,
          'Too many files: one request may carry at most 4',
        ],
        [
          api().upload(files(), [{ name: 'big.txt', bytes: Buffer.alloc(300_001, 'a') }], {
            classification: 'public',
          }),
          413,
          "Payload Too Large: file 'big.txt' has more than 300000 bytes, the most one file may have",
        ],
        [
          api().upload(
            files(),
            [0, 1].map((i) => ({ name: `half${i}.txt`, bytes: Buffer.alloc(250_000, 'a') })),
            { classification: 'public' },
          ),
          413,
          'Payload Too Large: the files of one request may have at most 400000 bytes together',
        ],
        [
          api().request(
            'POST',
            files(),
            '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
            {
              'content-type': 'multipart/form-data; boundary=x',
            },
          ),
          400,
          'Malformed multipart body: it is not well-formed multipart/form-data, or it ended early',
        ],
        [
          api().post(files(), { classification: 'public' }),
          415,
          'Unsupported Media Type: send multipart/form-data',
        ],
        [
          api().upload(files() + '?async=maybe', [note], { classification: 'public' }),
          422,
          "query parameter async: expected true or false, got 'maybe'",
        ],
        [
          api().upload(files() + '?force=1', [note], { classification: 'public' }),
          422,
          'query parameter force: not supported here; the only one is async',
        ],
      ];
      for (const [pending, status, detail] of cases) {
        const response = await pending;
        expect({ status: response.status, detail: response.body.detail }).toEqual({
          status,
          detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
        });
      }
      await nothingStored(before);
      expect(fixture().trove.output()).not.toMatch(/"status":500/);
    });

    it('keeps every other route JSON-only: a multipart body there is a 415', async () => {
      const response = await api().upload('/pipelines', [{ name: 'p.json', bytes: Buffer.from('{}') }], {
        name: 'x',
      });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ detail: 'Unsupported Media Type: send application/json' });
      const documents = await api().upload(`/pipelines/${pipeline.id}/documents`, [
        { name: 'a.txt', bytes: Buffer.from('a') },
      ]);
      expect(documents.status).toBe(415);
      // /mcp reads its own bodies and keeps its own words for this.
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('{}')]), 'a.json');
      const mcp = await api().request('POST', '/mcp', form, {
        accept: 'application/json, text/event-stream',
      });
      expect({ status: mcp.status, text: mcp.text }).toEqual({
        status: 415,
        text: 'Unsupported Media Type: Content-Type must be application/json',
      });
    });

    it('refuses a file over the limit before reading the whole upload', async () => {
      // Declares a 10 MB body and sends only the start: the answer comes without the rest.
      const boundary = 'limitboundary';
      const answer = await api().partial(
        'POST',
        files(),
        { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 10_000_000 },
        [
          `--${boundary}\r\nContent-Disposition: form-data; name="classification"\r\n\r\npublic\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.txt"\r\n\r\n`,
          Buffer.alloc(400_000, 'a'),
        ],
      );
      expect(answer.status).toBe(413);
      expect(answer.body.detail).toBe(
        "Payload Too Large: file 'huge.txt' has more than 300000 bytes, the most one file may have",
      );
    });

    it('exports files parsed by type and result, their bytes and parse time on /metrics', async () => {
      const metrics = (await api().as(null).get('/metrics')).text;
      expect(metrics).toMatch(/trove_files_parsed_total\{type="pdf",result="parsed"\} [1-9]/);
      expect(metrics).toMatch(/trove_files_parsed_total\{type="pdf",result="rejected"\} [1-9]/);
      expect(metrics).toMatch(/trove_files_parsed_total\{type="xlsx",result="parsed"\} [1-9]/);
      expect(metrics).toMatch(/trove_files_parsed_bytes_total\{type="docx",result="parsed"\} [1-9]/);
      expect(metrics).toMatch(/trove_file_parse_duration_seconds_count\{type="html"\} [1-9]/);
    });
  },
  { env: FILE_LIMITS_ENV },
);
