/**
 * Real files of every format Trove reads, written from scratch, for the tests and
 * the files benchmark: no binary fixtures, and every byte is known.
 *
 * PDFs are written by hand (a PDF is text with byte offsets), with Helvetica text
 * lines, image-only pages, a title, or a password; DOCX is the handful of XML parts
 * Word needs, zipped; XLSX comes from exceljs.
 */
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';

/** A page of text lines, an image without text (a scan), or nothing at all. */
export type SamplePdfPage = string[] | 'image' | 'blank';

export interface SamplePdfOptions {
  pages: SamplePdfPage[];
  title?: string;
  /** Protected by a user password: readers must refuse it without one. */
  encrypted?: boolean;
}

const escapePdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

export function samplePdf(options: SamplePdfOptions): Buffer {
  // Objects are numbered in the order they are added; 1 catalog, 2 page tree, 3 font.
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const stream = (dictionary: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the pages are known
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const page of options.pages) {
    let resources = '/Font << /F1 3 0 R >>';
    let content: string;
    if (page === 'image') {
      const image = add(
        stream(
          '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
          Buffer.from([0, 255, 255, 0]),
        ),
      );
      resources += ` /XObject << /Im1 ${image} 0 R >>`;
      content = 'q 200 0 0 200 100 400 cm /Im1 Do Q';
    } else if (page === 'blank') {
      content = '';
    } else {
      content = `BT /F1 12 Tf 72 720 Td 14 TL\n${page.map((line) => `(${escapePdfText(line)}) Tj T*`).join('\n')}\nET`;
    }
    const contents = add(stream('', Buffer.from(content, 'latin1')));
    pageIds.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${resources} >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    'latin1',
  );
  let trailerExtras = '';
  if (options.title !== undefined) {
    trailerExtras += ` /Info ${add(`<< /Title (${escapePdfText(options.title)}) >>`)} 0 R`;
  }
  if (options.encrypted) {
    // Standard security handler, revision 2, with a user password that is not empty:
    // the /U entry does not match the empty password, so a reader must ask for one.
    const hex = (n: number) => randomBytes(n).toString('hex');
    const encrypt = add(
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${hex(32)}> /U <${hex(32)}> >>`,
    );
    trailerExtras += ` /Encrypt ${encrypt} 0 R /ID [<${hex(16)}> <${hex(16)}>]`;
  }

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtras} >>`,
    'startxref',
    String(offset),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(`${xref}\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A paragraph of a DOCX, a heading when `heading` gives its level. */
export interface SampleDocxParagraph {
  text: string;
  heading?: 1 | 2 | 3;
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a DOCX, before zipping; tests that build broken ones change a part. */
export function sampleDocxParts(paragraphs: SampleDocxParagraph[]): Record<string, Uint8Array> {
  const headingStyles = [1, 2, 3]
    .map(
      (n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`,
    )
    .join('');
  const body = paragraphs
    .map(
      (p) =>
        `<w:p>${p.heading ? `<w:pPr><w:pStyle w:val="Heading${p.heading}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xmlEscape(p.text)}</w:t></w:r></w:p>`,
    )
    .join('');
  return {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ),
    'word/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${headingStyles}</w:styles>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
    ),
  };
}

export function zip(parts: Record<string, Uint8Array>): Buffer {
  return Buffer.from(zipSync(parts, { level: 9 }));
}

export function sampleDocx(paragraphs: SampleDocxParagraph[]): Buffer {
  return zip(sampleDocxParts(paragraphs));
}

/** A workbook with the given sheets; each row is an array of cell values. */
export async function sampleXlsx(sheets: { name: string; rows: ExcelJS.CellValue[][] }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) workbook.addWorksheet(sheet.name).addRows(sheet.rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
