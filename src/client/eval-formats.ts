/**
 * The labelled-set formats `trove eval` and the console's Evaluations page read, from
 * their text: a JSONL file of queries (`{"id", "query", "relevant": [...]}` per line,
 * each relevant item as the API takes it), and BEIR's `queries.jsonl` (`{"_id", "text"}`)
 * with its qrels (`query-id corpus-id score` per tab-separated line, a header first),
 * of which only the judged queries count (BEIR's rule), each corpus id an external id
 * and its score the grade. Pure and free of imports, so that the console's bundle can
 * take it as the command does.
 */

export interface LabelledQuery {
  id: string;
  query: string;
  relevant: Record<string, unknown>[];
}

/** A line that is not what its format says, named by its file and line. */
export class FormatError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each non-blank line's JSON value, with its line number. */
export function* jsonLines(text: string, file: string): Generator<{ value: unknown; line: number }> {
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    try {
      yield { value: JSON.parse(line), line: i + 1 };
    } catch {
      throw new FormatError(`${file}:${i + 1}: not a JSON value`);
    }
  }
}

/** A JSONL file of queries; a line without an id is named after its file and line. */
export function parseQueriesJsonl(text: string, file: string): LabelledQuery[] {
  const queries: LabelledQuery[] = [];
  for (const { value, line } of jsonLines(text, file)) {
    if (!isObject(value) || typeof value.query !== 'string' || !Array.isArray(value.relevant))
      throw new FormatError(`${file}:${line}: expected {"id", "query", "relevant": [...]}`);
    queries.push({
      id: value.id === undefined ? `${file}:${line}` : String(value.id),
      query: value.query,
      relevant: value.relevant as Record<string, unknown>[],
    });
  }
  return queries;
}

/** BEIR's queries and qrels: the judged queries, in the order of queries.jsonl. */
export function parseBeir(
  queries: { text: string; file: string },
  qrels: { text: string; file: string },
): LabelledQuery[] {
  const judged = new Map<string, Record<string, unknown>[]>();
  for (const [i, line] of qrels.text.split('\n').entries()) {
    const fields = line.trim().split('\t');
    if (fields.length < 3 || (i === 0 && !/^-?\d+(\.\d+)?$/.test(fields[2]))) continue; // blank, or the header
    const [queryId, corpusId, score] = fields;
    const grade = Number(score);
    if (!Number.isFinite(grade)) throw new FormatError(`${qrels.file}:${i + 1}: the score is not a number`);
    judged.set(queryId, [...(judged.get(queryId) ?? []), { external_id: corpusId, grade }]);
  }
  const found: LabelledQuery[] = [];
  for (const { value, line } of jsonLines(queries.text, queries.file)) {
    if (!isObject(value) || value._id === undefined || typeof value.text !== 'string')
      throw new FormatError(`${queries.file}:${line}: expected {"_id", "text"}`);
    const relevant = judged.get(String(value._id));
    if (relevant) found.push({ id: String(value._id), query: value.text, relevant });
  }
  if (found.length === 0) throw new FormatError(`no query of ${queries.file} is judged in ${qrels.file}`);
  return found;
}
