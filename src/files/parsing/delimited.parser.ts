/**
 * CSV and TSV through csv-parse: the first row names the columns, each other row
 * becomes a `header: value` record. TSV has no quoting (a quote is just a character
 * there, as spreadsheets export it).
 */
import { parse } from 'csv-parse/sync';
import { BlockCollector } from './block-collector';
import { FileRejected } from './parsed-file';
import { recordsText } from './records';

export function readDelimited(text: string, kind: 'csv' | 'tsv', collector: BlockCollector): void {
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: kind === 'csv' ? ',' : '\t',
      quote: kind === 'csv' ? '"' : false,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new FileRejected(`it is not valid ${kind.toUpperCase()}: ${delimitedProblem(error)}`);
  }
  collector.add(recordsText(rows, (characters) => collector.ensureRoom(characters)));
}

/** What csv-parse found, in Trove's words, by its error code (its own text quotes the file). */
function delimitedProblem(error: unknown): string {
  const { code, lines } = error as { code?: string; lines?: number };
  const line = typeof lines === 'number' ? ` (line ${lines})` : '';
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted value is never closed${line}`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `a closing quote is followed by something other than a delimiter or the end of the line${line}; a quote inside a quoted value is written twice ("")`;
    default:
      return `its rows cannot be read${line}`;
  }
}
