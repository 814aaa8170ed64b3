import { sampleDocx, samplePdf, sampleXlsx } from '../../../bench/sample-files';
import { decodeText, detectFile, kindOfName } from './file-detection';
import { FileRejected } from './parsed-file';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function refusal(bytes: Uint8Array, name: string): Promise<string> {
  const error = await detectFile(bytes, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileRejected);
  return (error as FileRejected).reason;
}

describe('kindOfName', () => {
  it.each([
    ['report.PDF', 'pdf'],
    ['a.b.docx', 'docx'],
    ['sheet.xlsx', 'xlsx'],
    ['data.csv', 'csv'],
    ['data.tab', 'tsv'],
    ['page.htm', 'html'],
    ['README.markdown', 'markdown'],
    ['notes.txt', 'text'],
    ['x.json', 'json'],
    ['script.py', null],
    ['.bashrc', null],
    ['noextension', null],
    ['trailing.', null],
  ])('%s is %s', (name, kind) => {
    expect(kindOfName(name)).toBe(kind);
  });
});

describe('detectFile', () => {
  it('knows binary formats by their bytes, whatever the name lacks', async () => {
    expect(await detectFile(samplePdf({ pages: [['x']] }), 'scan')).toEqual({ kind: 'pdf' });
    expect(await detectFile(sampleDocx([{ text: 'x' }]), 'letter.docx')).toEqual({ kind: 'docx' });
    expect(await detectFile(await sampleXlsx([{ name: 'S', rows: [['a']] }]), 'upload')).toEqual({
      kind: 'xlsx',
    });
  });

  it('tells text formats apart by name once the bytes are text, and sniffs HTML without one', async () => {
    const text = Buffer.from('a,b\n1,2\n');
    expect(await detectFile(text, 'data.csv')).toEqual({ kind: 'csv', text: 'a,b\n1,2\n' });
    expect(await detectFile(text, 'data.md')).toMatchObject({ kind: 'markdown' });
    expect(await detectFile(text, 'data.py')).toMatchObject({ kind: 'text' });
    expect(await detectFile(Buffer.from('  <!DOCTYPE html><html><p>x'), 'page')).toMatchObject({
      kind: 'html',
    });
  });

  it('refuses bytes that contradict the name, saying both', async () => {
    expect(await refusal(Buffer.from('just some words'), 'report.pdf')).toBe(
      'its name (.pdf) says PDF, but its bytes are text',
    );
    expect(await refusal(samplePdf({ pages: [['x']] }), 'notes.txt')).toBe(
      'its name (.txt) says plain text, but its bytes are a PDF document',
    );
    expect(await refusal(sampleDocx([{ text: 'x' }]), 'sheet.xlsx')).toBe(
      'its name (.xlsx) says XLSX, but its bytes are a DOCX (Word) document',
    );
    expect(await refusal(PNG, 'photo.pdf')).toBe(
      'its name (.pdf) says PDF, but its bytes are image/png data',
    );
  });

  it('refuses empty files, unsupported types and legacy Office files', async () => {
    expect(await refusal(Buffer.alloc(0), 'a.txt')).toBe('it is empty');
    expect(await refusal(PNG, 'photo.png')).toBe(
      'it is image/png data, not PDF, DOCX, XLSX, CSV, TSV, HTML, Markdown, JSON or plain text',
    );
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    const office = 'it is a Microsoft Office file in the legacy (.doc, .xls) or password-protected format';
    expect(await refusal(cfb, 'old.doc')).toMatch(new RegExp(`^${office.replace(/[().]/g, '\\$&')}`));
    expect(await refusal(cfb, 'locked.docx')).toMatch(/^it is a Microsoft Office file in the legacy/);
    expect(await refusal(Buffer.from([1, 2, 3, 0, 4, 5]), 'blob.bin')).toMatch(
      /^it is binary data of an unknown type/,
    );
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with or without a BOM, UTF-16 with a BOM, and Windows-1252', () => {
    expect(decodeText(Buffer.from('\ufeffcafé', 'utf8'))).toBe('café');
    expect(decodeText(Buffer.from('café', 'utf8'))).toBe('café');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('café', 'utf16le')]))).toBe(
      'café',
    );
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]))).toBe('café €');
  });

  it('calls bytes with NULs or many control characters binary', () => {
    expect(decodeText(Buffer.from('text\u0000more'))).toBeNull();
    expect(decodeText(Buffer.from('\u0001\u0002\u0003abc'))).toBeNull();
    expect(decodeText(Buffer.from('tabs\tand\nnewlines\r\n'))).toBe('tabs\tand\nnewlines\r\n');
  });
});
