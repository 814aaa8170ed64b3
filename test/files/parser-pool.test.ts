/**
 * The parser processes of the built server (dist/files/parsing/parse-process.js):
 * PDFs (which PDF.js, an ES module, lets only real Node read), and what happens to
 * the pool when a file runs out of time or memory.
 */
import * as path from 'node:path';
import { samplePdf } from '../../bench/sample-files';
import { FileRejected } from '../../src/files/parsing/parsed-file';
import { ParserPool, ParserPoolOptions } from '../../src/files/parsing/parser-pool';

const PROCESS_FILE = path.resolve(__dirname, '../../dist/files/parsing/parse-process.js');

function pool(options: Partial<ParserPoolOptions> = {}): ParserPool {
  return new ParserPool({
    processFile: PROCESS_FILE,
    workers: 1,
    heapMb: 256,
    timeoutMs: 60_000,
    limits: {
      maxBytes: 64 * 1024 * 1024,
      maxPages: 50,
      maxCharacters: 1_000_000,
      maxUnpackedBytes: 64 * 1024 * 1024,
    },
    ...options,
  });
}

async function refusal(parser: ParserPool, bytes: Uint8Array, name: string): Promise<string> {
  const error = await parser.parse(bytes, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileRejected);
  return (error as FileRejected).reason;
}

describe('PDFs in the parser process', () => {
  const parser = pool();
  afterAll(() => parser.close());

  it('reads the text layer page by page, with page numbers and the title', async () => {
    const pdf = samplePdf({
      title: 'Travel handbook',
      pages: [
        ['Trains are booked through the portal.', 'Second line (with parentheses).'],
        'blank',
        ['Hotels: three stars at most.'],
      ],
    });
    const parsed = await parser.parse(pdf, 'handbook.pdf');
    expect(parsed).toMatchObject({
      kind: 'pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
      title: 'Travel handbook',
    });
    expect(parsed.blocks).toEqual([
      {
        text: 'Trains are booked through the portal.\nSecond line (with parentheses).',
        metadata: { page: 1 },
      },
      { text: 'Hotels: three stars at most.', metadata: { page: 3 } },
    ]);
  });

  it('refuses encrypted, corrupt, empty and image-only PDFs, and PDFs with too many pages', async () => {
    expect(await refusal(parser, samplePdf({ pages: [['secret']], encrypted: true }), 'locked.pdf')).toBe(
      'it is an encrypted PDF that needs a password; upload it without protection',
    );
    const whole = samplePdf({ pages: [['text']] });
    expect(await refusal(parser, whole.subarray(0, 100), 'cut.pdf')).toBe(
      'it is not a valid PDF: it is corrupt or truncated',
    );
    expect(await refusal(parser, samplePdf({ pages: ['blank', 'blank'] }), 'empty.pdf')).toBe(
      'it is a PDF without any text',
    );
    expect(await refusal(parser, samplePdf({ pages: ['image', 'blank', 'image'] }), 'scan.pdf')).toBe(
      'it is a scanned or image-only PDF: its pages hold images but no text layer (Trove does not run OCR)',
    );
    const long = samplePdf({ pages: Array.from({ length: 51 }, (_, i) => [`page ${i}`]) });
    expect(await refusal(parser, long, 'long.pdf')).toBe(
      'it has 51 pages, more than the 50 one file may have',
    );
  });

  it('stops reading a PDF once it holds more characters than allowed', async () => {
    const small = pool({
      limits: { maxBytes: 1 << 20, maxPages: 50, maxCharacters: 100, maxUnpackedBytes: 1 << 20 },
    });
    try {
      const pdf = samplePdf({ pages: Array.from({ length: 10 }, () => ['twenty characters...']) });
      expect(await refusal(small, pdf, 'wordy.pdf')).toBe(
        'it holds more than 100 characters of text, the most one file may hold',
      );
    } finally {
      await small.close();
    }
  });
});

describe('the parser pool', () => {
  it('kills a read that takes too long, refuses the file, and reads the next one in a fresh process', async () => {
    const parser = pool({
      timeoutMs: 3000,
      limits: { maxBytes: 1 << 30, maxPages: 1_000_000, maxCharacters: 1e9, maxUnpackedBytes: 1 << 30 },
    });
    try {
      // Far more pages than PDF.js reads in the deadline.
      const huge = samplePdf({ pages: Array.from({ length: 40_000 }, (_, i) => [`page ${i}`]) });
      expect(await refusal(parser, huge, 'huge.pdf')).toBe(
        'reading it took longer than 3000 ms, the most one file may take',
      );
      expect((await parser.parse(Buffer.from('still here'), 'after.txt')).blocks).toEqual([
        { text: 'still here', metadata: {} },
      ]);
    } finally {
      await parser.close();
    }
  });

  it('refuses a file that needs more memory than a parser may use, and lives on', async () => {
    const parser = pool({
      heapMb: 64,
      limits: { maxBytes: 1 << 30, maxPages: 10, maxCharacters: 1e9, maxUnpackedBytes: 1 << 30 },
    });
    try {
      const records = Array.from({ length: 400_000 }, (_, i) => ({
        id: i,
        name: `item ${i}`,
        tags: ['a', 'b'],
      }));
      expect(await refusal(parser, Buffer.from(JSON.stringify(records)), 'huge.json')).toBe(
        'reading it needs more than the 64 MiB of memory one file may use',
      );
      expect((await parser.parse(Buffer.from('{"ok": true}'), 'after.json')).blocks[0].text).toBe('ok: true');
    } finally {
      await parser.close();
    }
  });

  it('answers every file of a burst with its own result, and refuses work once closed', async () => {
    const parser = pool({ workers: 2 });
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}.txt`);
    const parsed = await Promise.all(names.map((name) => parser.parse(Buffer.from(`text of ${name}`), name)));
    expect(parsed.map((p) => p.blocks[0].text)).toEqual(names.map((name) => `text of ${name}`));
    await parser.close();
    await expect(parser.parse(Buffer.from('late'), 'late.txt')).rejects.toThrow(
      'The file parser is shut down',
    );
  });
});
