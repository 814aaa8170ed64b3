/**
 * Which kind of file this is, from its bytes first and its name second.
 *
 * `file-type` recognises binary formats by their signatures (and tells a DOCX from
 * an XLSX by the parts inside the ZIP); it does not recognise text, so text formats
 * are told apart by the name once the bytes are known to be text. A name that
 * promises one thing over bytes that are another is refused: it is either a
 * mistake the uploader wants to hear about or a disguise.
 */
import { fileTypeFromBuffer } from 'file-type';
import { FileKind, FileRejected } from './parsed-file';

const KIND_OF_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  mkd: 'markdown',
  json: 'json',
  txt: 'text',
  text: 'text',
};

/** The binary kinds, by the extension file-type reports. */
const SIGNATURE_KINDS: Readonly<Record<string, FileKind>> = { pdf: 'pdf', docx: 'docx', xlsx: 'xlsx' };

/** What a name claims, in messages. */
const NAMES: Readonly<Record<FileKind, string>> = {
  pdf: 'PDF',
  docx: 'DOCX',
  xlsx: 'XLSX',
  csv: 'CSV',
  tsv: 'TSV',
  html: 'HTML',
  markdown: 'Markdown',
  json: 'JSON',
  text: 'plain text',
};

/** What bytes were found to be, in messages. */
const LABELS: Readonly<Record<FileKind, string>> = {
  pdf: 'a PDF document',
  docx: 'a DOCX (Word) document',
  xlsx: 'an XLSX (Excel) workbook',
  csv: 'CSV',
  tsv: 'TSV',
  html: 'HTML',
  markdown: 'Markdown',
  json: 'JSON',
  text: 'plain text',
};

const SUPPORTED = 'PDF, DOCX, XLSX, CSV, TSV, HTML, Markdown, JSON or plain text';

export interface DetectedFile {
  kind: FileKind;
  /** The decoded text, for the text kinds. */
  text?: string;
}

/** The kind a file name claims, or null when its extension is not one Trove knows. */
export function kindOfName(filename: string): FileKind | null {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return null;
  return KIND_OF_EXTENSION[filename.slice(dot + 1).toLowerCase()] ?? null;
}

export async function detectFile(bytes: Uint8Array, filename: string): Promise<DetectedFile> {
  if (bytes.length === 0) throw new FileRejected('it is empty');
  const named = kindOfName(filename);
  const signature = await fileTypeFromBuffer(bytes);
  const signed = signature ? SIGNATURE_KINDS[signature.ext] : undefined;
  if (signed) {
    if (named !== null && named !== signed) throw contradiction(filename, named, LABELS[signed]);
    return { kind: signed };
  }
  // A ZIP whose parts file-type could not place: let the DOCX or XLSX reader judge it.
  if (signature?.ext === 'zip' && (named === 'docx' || named === 'xlsx')) return { kind: named };

  if (signature?.ext === 'cfb') {
    // Word and Excel keep password-protected documents in this container too.
    throw new FileRejected(
      'it is a Microsoft Office file in the legacy (.doc, .xls) or password-protected format; save it as .docx or .xlsx without a password',
    );
  }
  const text = decodeText(bytes);
  if (text === null) {
    const what = signature ? `${signature.mime} data` : 'binary data of an unknown type';
    if (named !== null) throw contradiction(filename, named, what);
    throw new FileRejected(`it is ${what}, not ${SUPPORTED}`);
  }
  if (named === 'pdf' || named === 'docx' || named === 'xlsx') throw contradiction(filename, named, 'text');
  return { kind: named ?? (/^\s*<(!doctype\s+html|html)[\s>]/i.test(text) ? 'html' : 'text'), text };
}

function contradiction(filename: string, named: FileKind, what: string): FileRejected {
  const extension = filename.slice(filename.lastIndexOf('.'));
  return new FileRejected(`its name (${extension}) says ${NAMES[named]}, but its bytes are ${what}`);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const WINDOWS_1252 = new TextDecoder('windows-1252');
const BINARY_CONTROL = /[\u0000-\u0008\u000E-\u001F]/g;
const SNIFF_CHARACTERS = 65_536;

/**
 * The bytes as text, or null when they are not text: UTF-8 (with or without a BOM),
 * UTF-16 with a BOM, or else Windows-1252, the encoding of most legacy CSV exports.
 * Text holds no NUL and hardly any other control character.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (body.includes(0)) return null;
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    text = WINDOWS_1252.decode(body);
  }
  const sample = text.slice(0, SNIFF_CHARACTERS);
  const controls = sample.match(BINARY_CONTROL)?.length ?? 0;
  return controls * 20 > sample.length ? null : text;
}
