/**
 * The labelled sets `trove eval` reads, in the formats people already have:
 *
 *  - a JSONL file of queries, one `{"id", "query", "relevant": [...]}` per line, each
 *    relevant item as the API takes it (`{"external_id" | "document_id" | "fragment_id", "grade"}`);
 *  - a folder in the BEIR layout: `queries.jsonl` (`{"_id", "text"}` per line) and
 *    `qrels/<split>.tsv` (`query-id corpus-id score`, a header line first). Only the
 *    queries the qrels judge are evaluated (BEIR's rule); each corpus id is an external id,
 *    its score the grade.
 *
 * And a BEIR `corpus.jsonl` (`{"_id", "title", "text", "metadata"}` per line), read in
 * batches, for `--corpus`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { UsageError } from './pipeline-lookup';

export interface LabelledQuery {
  id: string;
  query: string;
  relevant: Record<string, unknown>[];
}

export interface CorpusDocument {
  external_id: string;
  content: string;
  metadata: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The queries of every file or BEIR folder given, in order. */
export function readQuerySets(paths: string[], split: string): LabelledQuery[] {
  return paths.flatMap((given) => {
    const stat = fs.statSync(given, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`${given}: no such file or folder`);
    return stat.isDirectory() ? readBeir(given, split) : readJsonl(given);
  });
}

function* jsonLines(file: string): Generator<{ value: unknown; line: number }> {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (const [i, text] of lines.entries()) {
    if (text.trim() === '') continue;
    try {
      yield { value: JSON.parse(text), line: i + 1 };
    } catch {
      throw new UsageError(`${file}:${i + 1}: not a JSON value`);
    }
  }
}

function readJsonl(file: string): LabelledQuery[] {
  const queries: LabelledQuery[] = [];
  for (const { value, line } of jsonLines(file)) {
    if (!isObject(value) || typeof value.query !== 'string' || !Array.isArray(value.relevant))
      throw new UsageError(`${file}:${line}: expected {"id", "query", "relevant": [...]}`);
    queries.push({
      id: value.id === undefined ? `${path.basename(file)}:${line}` : String(value.id),
      query: value.query,
      relevant: value.relevant as Record<string, unknown>[],
    });
  }
  return queries;
}

function readBeir(folder: string, split: string): LabelledQuery[] {
  const qrelsFile = path.join(folder, 'qrels', `${split}.tsv`);
  const queriesFile = path.join(folder, 'queries.jsonl');
  for (const file of [queriesFile, qrelsFile])
    if (!fs.existsSync(file))
      throw new UsageError(`${folder}: no ${path.relative(folder, file)} (the BEIR layout)`);
  const judged = new Map<string, Record<string, unknown>[]>();
  for (const [i, text] of fs.readFileSync(qrelsFile, 'utf8').split('\n').entries()) {
    const fields = text.trim().split('\t');
    if (fields.length < 3 || (i === 0 && !/^-?\d+(\.\d+)?$/.test(fields[2]))) continue; // blank, or the header
    const [queryId, corpusId, score] = fields;
    const grade = Number(score);
    if (!Number.isFinite(grade)) throw new UsageError(`${qrelsFile}:${i + 1}: the score is not a number`);
    judged.set(queryId, [...(judged.get(queryId) ?? []), { external_id: corpusId, grade }]);
  }
  const queries: LabelledQuery[] = [];
  for (const { value, line } of jsonLines(queriesFile)) {
    if (!isObject(value) || value._id === undefined || typeof value.text !== 'string')
      throw new UsageError(`${queriesFile}:${line}: expected {"_id", "text"}`);
    const relevant = judged.get(String(value._id));
    if (relevant) queries.push({ id: String(value._id), query: value.text, relevant });
  }
  if (queries.length === 0)
    throw new UsageError(`${folder}: no query of queries.jsonl is judged in ${qrelsFile}`);
  return queries;
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
