/**
 * `npm run bench:files`: how long each format takes to read, how big a file the
 * parser processes cope with, and what reading costs the server's event loop when it
 * happens in the server (in-process) versus in a parser process, the way Trove does it.
 *
 *   --scale N   multiplies the size of every sample (default 1)
 *
 * No database: it measures parse-file.ts and the pool alone. The splitting that
 * follows (in the server, IngestionService) is measured too, on the largest text.
 */
import * as path from 'node:path';
import { splitText } from '../src/catalogue/text-splitting';
import { parseFile, ParseLimits } from '../src/files/parsing/parse-file';
import { ParserPool } from '../src/files/parsing/parser-pool';
import { sampleDocx, samplePdf, sampleXlsx } from './sample-files';

const LIMITS: ParseLimits = {
  maxBytes: 1 << 30,
  maxPages: 1_000_000,
  maxCharacters: 1_000_000_000,
  maxUnpackedBytes: 1 << 30,
};
const log = (message: string) => process.stderr.write(`[bench:files] ${message}\n`);
const sentence = (i: number) =>
  `Clause ${i} says the tenant keeps the hallway clear and the heating on in winter.`;

async function samples(scale: number): Promise<{ name: string; bytes: Buffer }[]> {
  const n = (count: number) => Math.round(count * scale);
  const paragraphs = Array.from({ length: n(4000) }, (_, i) => sentence(i));
  return [
    {
      name: 'contract.pdf',
      bytes: samplePdf({
        pages: Array.from({ length: n(500) }, (_, p) => paragraphs.slice(0, 40).map((s) => `${p}: ${s}`)),
      }),
    },
    {
      name: 'contract.docx',
      bytes: sampleDocx(
        paragraphs.map((text, i) => (i % 50 === 0 ? { text: `Part ${i}`, heading: 1 } : { text })),
      ),
    },
    {
      name: 'ledger.xlsx',
      bytes: await sampleXlsx([
        {
          name: 'Ledger',
          rows: [
            ['Date', 'Account', 'Description', 'Amount'],
            ...Array.from({ length: n(20_000) }, (_, i) => [
              new Date(Date.UTC(2024, 0, 1 + (i % 365))),
              `ACC-${i % 97}`,
              sentence(i),
              i * 1.5,
            ]),
          ],
        },
      ]),
    },
    {
      name: 'ledger.csv',
      bytes: Buffer.from(
        [
          'date,account,description,amount',
          ...Array.from({ length: n(50_000) }, (_, i) => `2024-01-01,ACC-${i % 97},"${sentence(i)}",${i}`),
        ].join('\n'),
      ),
    },
    {
      name: 'guide.html',
      bytes: Buffer.from(
        `<html><head><title>Guide</title></head><body><nav>menu</nav><article>${paragraphs
          .map((s, i) => (i % 50 === 0 ? `<h2>Part ${i}</h2>` : `<p>${s}</p>`))
          .join('')}</article></body></html>`,
      ),
    },
    {
      name: 'guide.md',
      bytes: Buffer.from(paragraphs.map((s, i) => (i % 50 === 0 ? `\n## Part ${i}\n` : s)).join('\n\n')),
    },
    {
      name: 'records.json',
      bytes: Buffer.from(
        JSON.stringify(
          Array.from({ length: n(20_000) }, (_, i) => ({ id: i, text: sentence(i), tags: ['a', 'b'] })),
        ),
      ),
    },
  ];
}

/**
 * Runs `work` while a 1 ms interval ticks; the longest gap between two ticks is the
 * longest the event loop was blocked (what every other request would have waited).
 */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; maxDelayMs: number }> {
  let last = performance.now();
  let worst = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  return { result, ms, maxDelayMs: worst };
}

async function main(): Promise<void> {
  const scaleAt = process.argv.indexOf('--scale');
  const scale = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;
  if (!(scale > 0)) throw new Error('--scale needs a positive number');
  const files = await samples(scale);
  const pool = new ParserPool({
    // The server's own build (`npm run bench:files` runs `npm run build` first, from the repository root).
    processFile: path.resolve('dist/files/parsing/parse-process.js'),
    workers: 1,
    heapMb: 1024,
    timeoutMs: 600_000,
    limits: LIMITS,
  });
  await pool.parse(Buffer.from('warm up'), 'warm.txt');

  const rows: string[] = [];
  let longest = '';
  for (const file of files) {
    log(`${file.name}: ${(file.bytes.length / 1e6).toFixed(1)} MB`);
    const inProcess = await measured(() => parseFile(file.bytes, file.name, LIMITS));
    const pooled = await measured(() => pool.parse(file.bytes, file.name));
    const text = pooled.result.blocks.map((b) => b.text).join('\n\n');
    if (text.length > longest.length) longest = text;
    rows.push(
      `| ${file.name} | ${(file.bytes.length / 1e6).toFixed(1)} MB | ${(pooled.result.characters / 1e6).toFixed(2)} M | ` +
        `${Math.round(inProcess.ms)} ms | ${Math.round(inProcess.maxDelayMs)} ms | ${Math.round(pooled.ms)} ms | ${Math.round(pooled.maxDelayMs)} ms |`,
    );
  }
  await pool.close();
  const split = await measured(async () =>
    splitText('recursive_character', { chunk_size: 1000, chunk_overlap: 200 }, longest),
  );

  process.stdout.write(
    [
      '| file | size | characters | in-process: time | in-process: worst event-loop delay | parser process: time | parser process: worst event-loop delay |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `Splitting ${(longest.length / 1e6).toFixed(2)} M characters (recursive_character 1000/200, in the server): ` +
        `${Math.round(split.ms)} ms, ${split.result.length} fragments.`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
