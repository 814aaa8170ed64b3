/** XLSX through exceljs: one block per sheet, rows as `header: value` records. */
import ExcelJS from 'exceljs';
import { BlockCollector } from './block-collector';
import { FileRejected } from './parsed-file';
import { recordsText } from './records';

export async function readXlsx(bytes: Uint8Array, collector: BlockCollector): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    // exceljs's and its ZIP reader's messages name their internals, not what is wrong for the uploader.
    throw new FileRejected('it is not a readable XLSX workbook: it is damaged, or not an Excel workbook');
  }
  for (const sheet of workbook.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        values[column - 1] = cellText(cell.value);
      });
      rows.push(Array.from(values, (v) => v ?? ''));
    });
    collector.add(
      recordsText(rows, (characters) => collector.ensureRoom(characters)),
      { sheet: sheet.name },
    );
  }
}

/** A cell's value as a person reads it: the result of a formula, the text of a link, dates as ISO. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return String(value.error);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}
