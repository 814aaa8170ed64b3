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
    throw new FileRejected(`it is not valid ${kind.toUpperCase()}: ${(error as Error).message}`);
  }
  collector.add(recordsText(rows, (characters) => collector.ensureRoom(characters)));
}
