/**
 * What reading a file produces: its type, facts about its bytes, and its text as
 * ordered blocks (a PDF page, a sheet, the text under one heading), each with the
 * metadata that says where in the file it came from.
 */

export type FileKind = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'tsv' | 'html' | 'markdown' | 'json' | 'text';

export const MIME_TYPES: Readonly<Record<FileKind, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  markdown: 'text/markdown',
  json: 'application/json',
  text: 'text/plain',
};

/** Where a block sits in its file; becomes part of its fragments' metadata. */
export interface BlockMetadata {
  /** The heading path above the block, outermost first: `Expenses > Travel`. */
  section?: string;
  /** 1-based PDF page. */
  page?: number;
  /** Spreadsheet sheet name. */
  sheet?: string;
}

export interface TextBlock {
  text: string;
  metadata: BlockMetadata;
}

export interface ParsedFile {
  kind: FileKind;
  mimeType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  blocks: TextBlock[];
  /** Characters of text over all blocks. */
  characters: number;
  /** The title the file declares (HTML `<title>`, PDF Info), when it has one. */
  title?: string;
}

/**
 * The file itself is at fault (corrupt, encrypted, empty, too big once read, of a type
 * its name contradicts): the caller answers 422 with this reason, naming the file.
 */
export class FileRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FileRejected';
  }
}
