/**
 * `npm run bench:man-pages -- FOLDER [--pages N]`: the man-pages collection (man-pages.ts)
 * written in the BEIR layout, for `trove eval` and the console's Evaluations page:
 * `corpus.jsonl` (each page, its file name the `_id`), `queries.jsonl` (each page's NAME
 * description) and `qrels/test.tsv` (the page that answers each query, grade 1).
 * docs/evaluation.md runs its worked example on it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { manPages } from './man-pages';
import { log, positiveOption } from './trove';

function main(argv: string[]): void {
  const folder = argv.find((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  if (!folder) throw new Error('usage: npm run bench:man-pages -- FOLDER [--pages N]');
  const pages = manPages(positiveOption(argv, 'pages', Number.MAX_SAFE_INTEGER));
  mkdirSync(path.join(folder, 'qrels'), { recursive: true });
  const lines = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
  writeFileSync(
    path.join(folder, 'corpus.jsonl'),
    lines(pages.map((p) => ({ _id: p.name, title: '', text: p.content }))),
  );
  writeFileSync(
    path.join(folder, 'queries.jsonl'),
    lines(pages.map((p) => ({ _id: p.name, text: p.query }))),
  );
  writeFileSync(
    path.join(folder, 'qrels', 'test.tsv'),
    ['query-id\tcorpus-id\tscore', ...pages.map((p) => `${p.name}\t${p.name}\t1`)].join('\n') + '\n',
  );
  log(`${pages.length} man pages written to ${folder} in the BEIR layout`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
