/**
 * Every format but PDF read in-process (PDF.js loads itself as an ES module, which
 * Jest cannot; test/files/parser-pool.test.ts reads PDFs through the built parser process).
 */
import { createHash } from 'node:crypto';
import { sampleDocx, sampleDocxParts, sampleXlsx, zip } from '../../../bench/sample-files';
import { parseFile, ParseLimits } from './parse-file';
import { FileRejected, ParsedFile } from './parsed-file';

const LIMITS: ParseLimits = {
  maxBytes: 1024 * 1024,
  maxPages: 10,
  maxCharacters: 100_000,
  maxUnpackedBytes: 1024 * 1024,
};

async function refusal(bytes: Uint8Array, name: string, limits = LIMITS): Promise<string> {
  const error = await parseFile(bytes, name, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileRejected);
  return (error as FileRejected).reason;
}

const texts = (parsed: ParsedFile) => parsed.blocks.map((b) => b.text);

describe('parseFile', () => {
  it('states the facts of the bytes: kind, MIME type, size, SHA-256', async () => {
    const bytes = Buffer.from(
      'Plain words, a tab\there.\r\nSecond line, a bell\u0007 rings.\n\n\n\nLast words.  ',
    );
    expect(await parseFile(bytes, 'notes.txt', LIMITS)).toEqual({
      kind: 'text',
      mimeType: 'text/plain',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      blocks: [
        { text: 'Plain words, a tab\there.\nSecond line, a bell rings.\n\nLast words.', metadata: {} },
      ],
      characters: 64,
    });
  });

  it('reads DOCX headings into sections and drops images', async () => {
    const docx = sampleDocx([
      { text: 'Onboarding', heading: 1 },
      { text: 'Welcome to the team & the company.' },
      { text: 'First week', heading: 2 },
      { text: 'Meet your buddy on Monday.' },
    ]);
    const parsed = await parseFile(docx, 'onboarding.docx', LIMITS);
    expect(parsed.kind).toBe('docx');
    expect(parsed.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(parsed.blocks).toEqual([
      { text: '# Onboarding\n\nWelcome to the team & the company.', metadata: { section: 'Onboarding' } },
      {
        text: '## First week\n\nMeet your buddy on Monday.',
        metadata: { section: 'Onboarding > First week' },
      },
    ]);
  });

  it('refuses a DOCX without text, a corrupt one, and a zip bomb posing as one', async () => {
    expect(await refusal(sampleDocx([]), 'empty.docx')).toBe('it contains no text');
    const parts = sampleDocxParts([{ text: 'x' }]);
    delete (parts as Record<string, Uint8Array>)['word/document.xml'];
    expect(await refusal(zip(parts), 'broken.docx')).toMatch(/^it is not a readable DOCX document/);
    const bomb = zip({
      ...sampleDocxParts([{ text: 'x' }]),
      'word/media/padding.bin': new Uint8Array(2 * 1024 * 1024),
    });
    expect(await refusal(bomb, 'bomb.docx')).toMatch(/^it unpacks to more than 1048576 bytes/);
  });

  it('reads XLSX as one block per sheet, rows as header: value lines', async () => {
    const xlsx = await sampleXlsx([
      {
        name: 'Staff',
        rows: [
          ['Name', 'Team', 'Started', '', 'Bonus'],
          ['Ada', 'Finance', new Date(Date.UTC(2024, 0, 15)), null, { formula: 'B2*2', result: 300 }],
          ['Bob', null, null, 'note', { richText: [{ text: 'rich ' }, { text: 'text' }] }],
          [],
        ],
      },
      { name: 'Empty', rows: [] },
      { name: 'Titles', rows: [['Only', 'a header']] },
    ]);
    const parsed = await parseFile(xlsx, 'staff.xlsx', LIMITS);
    expect(parsed.kind).toBe('xlsx');
    expect(parsed.blocks).toEqual([
      {
        text: 'Name: Ada\nTeam: Finance\nStarted: 2024-01-15\nBonus: 300\n\nName: Bob\nColumn D: note\nBonus: rich text',
        metadata: { sheet: 'Staff' },
      },
      { text: 'Only\na header', metadata: { sheet: 'Titles' } },
    ]);
  });

  it('reads CSV and TSV into records, and names what is wrong with a broken CSV', async () => {
    const csv = await parseFile(
      Buffer.from('\ufeffcity,country\n"Paris, 75",France\n\nLyon,\n'),
      'c.csv',
      LIMITS,
    );
    expect(texts(csv)).toEqual(['city: Paris, 75\ncountry: France\n\ncity: Lyon']);
    const tsv = await parseFile(Buffer.from('term\tmeaning\n"quoted\tas is"\n'), 't.tsv', LIMITS);
    expect(texts(tsv)).toEqual(['term: "quoted\nmeaning: as is"']);
    expect(await refusal(Buffer.from('a,b\n"open,2\n'), 'bad.csv')).toBe(
      'it is not valid CSV: a quoted value is never closed (line 2)',
    );
    expect(await refusal(Buffer.from('a,b\n"secret" x,2\n'), 'bad.csv')).toBe(
      'it is not valid CSV: a closing quote is followed by something other than a delimiter or the end of the line (line 2); a quote inside a quoted value is written twice ("")',
    );
  });

  it('reads the main content of a web page, with its title, sections and tables', async () => {
    const page = `<!doctype html><html><head><title>Support | Returns</title><style>p{}</style></head><body>
      <nav><a href="/">Home</a><a href="/shop">Shop</a></nav>
      <article>
        <h1>Returns policy</h1>
        <p>Our return policy allows returns within 30 days of delivery, with the receipt, for a full refund to the original payment method.</p>
        <h2>Exceptions</h2>
        <p>Opened software, gift cards and perishable goods cannot be returned, except when they arrive damaged or defective.</p>
        <table><tr><th>Item</th><th>Days</th></tr><tr><td>Shoes</td><td>60</td></tr></table>
        <img src="data:image/png;base64,AAAA" alt="A parcel">
        <script>track()</script>
      </article>
      <footer>Copyright</footer></body></html>`;
    const parsed = await parseFile(Buffer.from(page), 'returns.html', LIMITS);
    expect(parsed.kind).toBe('html');
    expect(parsed.title).toBe('Support | Returns');
    const all = texts(parsed).join('\n');
    expect(all).toContain('allows returns within 30 days');
    expect(all).toContain('Item | Days\nShoes | 60');
    expect(all).toContain('A parcel');
    expect(all).not.toMatch(/Home|track\(\)|base64/);
    expect(parsed.blocks.find((b) => b.text.includes('gift cards'))?.metadata).toEqual({
      section: 'Returns policy > Exceptions',
    });
  });

  it('reads JSON as path: value lines, records apart', async () => {
    const json = Buffer.from(
      JSON.stringify([
        { sku: 'A1', price: { eur: 10 }, tags: ['new', ''] },
        { sku: 'B2', note: null },
      ]),
    );
    expect(texts(await parseFile(json, 'items.json', LIMITS))).toEqual([
      'sku: A1\nprice.eur: 10\ntags[0]: new\n\nsku: B2\nnote: null',
    ]);
    // The parser's own message would quote the file: only the place is told, when it is known.
    expect(await refusal(Buffer.from('{"a": '), 'broken.json')).toBe('it is not valid JSON');
    expect(await refusal(Buffer.from('{"a": secret}'), 'broken.json')).toBe('it is not valid JSON');
    expect(await refusal(Buffer.from('{"a": 1,\n "b": 2}}'), 'broken.json')).toBe(
      'it is not valid JSON (line 2, column 9)',
    );
    expect(await refusal(Buffer.from('{}'), 'empty.json')).toBe('it contains no text');
  });

  it('enforces the limits on bytes and characters', async () => {
    const big = Buffer.from('word '.repeat(30_000));
    expect(await refusal(big, 'big.txt', { ...LIMITS, maxBytes: 1000 })).toBe(
      `it has ${big.length} bytes, more than the 1000 one file may have`,
    );
    expect(await refusal(big, 'big.txt', { ...LIMITS, maxCharacters: 100 })).toBe(
      'it holds more than 100 characters of text, the most one file may hold',
    );
    const sheet = await sampleXlsx([
      { name: 'S', rows: [['k', 'v'], ...Array.from({ length: 200 }, (_, i) => [`key ${i}`, 'value'])] },
    ]);
    expect(await refusal(sheet, 's.xlsx', { ...LIMITS, maxCharacters: 500 })).toBe(
      'it holds more than 500 characters of text, the most one file may hold',
    );
  });

  it('refuses whitespace-only text', async () => {
    expect(await refusal(Buffer.from(' \n\t\n'), 'blank.md')).toBe('it contains no text');
  });
});
