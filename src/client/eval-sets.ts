/**
 * The labelled sets `trove eval` reads (their formats: eval-formats.ts): a JSONL file of
 * queries, or a folder in the BEIR layout, `queries.jsonl` and `qrels/<split>.tsv`; and a
 * BEIR `corpus.jsonl` (`{"_id", "title", "text", "metadata"}` per line), read in batches,
 * for `--corpus`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { FormatError, LabelledQuery, parseBeir, parseQueriesJsonl } from './eval-formats';
import { UsageError } from './pipeline-lookup';

export type { LabelledQuery };

export interface CorpusDocument {
  external_id: string;
  content: string;
  metadata: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The queries of every file or BEIR folder given, in order. */
export function readQuerySets(paths: string[], split: string): LabelledQuery[] {
  try {
    return paths.flatMap((given) => {
      const stat = fs.statSync(given, { throwIfNoEntry: false });
      if (!stat) throw new UsageError(`${given}: no such file or folder`);
      if (!stat.isDirectory()) return parseQueriesJsonl(fs.readFileSync(given, 'utf8'), given);
      const queries = path.join(given, 'queries.jsonl');
      const qrels = path.join(given, 'qrels', `${split}.tsv`);
      for (const file of [queries, qrels])
        if (!fs.existsSync(file))
          throw new UsageError(`${given}: no ${path.relative(given, file)} (the BEIR layout)`);
      return parseBeir(
        { text: fs.readFileSync(queries, 'utf8'), file: queries },
        { text: fs.readFileSync(qrels, 'utf8'), file: qrels },
      );
    });
  } catch (error) {
    throw error instanceof FormatError ? new UsageError(error.message) : error;
  }
}

/** The corpus, `size` documents at a time: content is the title and the text, the `_id` the external id. */
export async function* readCorpus(file: string, size: number): AsyncGenerator<CorpusDocument[]> {
  if (!fs.existsSync(file)) throw new UsageError(`--corpus ${file}: no such file`);
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: CorpusDocument[] = [];
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new UsageError(`${file}:${line}: not a JSON value`);
    }
    if (!isObject(value) || value._id === undefined || typeof value.text !== 'string')
      throw new UsageError(`${file}:${line}: expected {"_id", "title", "text"}`);
    const title = typeof value.title === 'string' ? value.title.trim() : '';
    batch.push({
      external_id: String(value._id),
      content: title === '' ? value.text : `${title}\n\n${value.text}`,
      metadata: isObject(value.metadata) ? value.metadata : {},
    });
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
