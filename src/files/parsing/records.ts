/**
 * Tables as text a search can match: each row becomes `header: value` lines, rows
 * apart by a blank line, so the row reads on its own and a splitter cuts between
 * rows before it cuts inside one.
 */

/** `Column C` for the third column, when the header row leaves it unnamed. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return `Column ${name}`;
}

/**
 * The rows after the first (the header) as records; a table with only a header row is
 * its header names. `room` is called with the text's length as it grows, so a limit
 * on characters stops a huge table early.
 */
export function recordsText(rows: string[][], room: (characters: number) => void): string {
  if (rows.length === 0) return '';
  const headers = rows[0].map((name, i) => name.replace(/\s+/g, ' ').trim() || columnName(i));
  if (rows.length === 1) return headers.join('\n');
  const records: string[] = [];
  let length = 0;
  for (const row of rows.slice(1)) {
    const lines: string[] = [];
    row.forEach((value, i) => {
      const text = value.trim();
      if (text !== '') lines.push(`${headers[i] ?? columnName(i)}: ${text}`);
    });
    if (lines.length === 0) continue;
    const record = lines.join('\n');
    records.push(record);
    length += record.length + 2;
    room(length);
  }
  return records.join('\n\n');
}
