/**
 * Reads one file into text blocks: what its bytes are, then the reader of that kind,
 * within the limits. Pure work on bytes (no I/O): it runs in a child process
 * (parse-process.ts) so a slow or hostile file cannot stall the server.
 */
import { createHash } from 'node:crypto';
import { FileLimits } from '../../config/settings';
import { BlockCollector } from './block-collector';
import { readDelimited } from './delimited.parser';
import { readDocx } from './docx.parser';
import { detectFile } from './file-detection';
import { readHtmlPage } from './html.parser';
import { readJson } from './json.parser';
import { readMarkdown } from './markdown.parser';
import { FileKind, FileRejected, MIME_TYPES, ParsedFile } from './parsed-file';
import { readPdf } from './pdf.parser';
import { readXlsx } from './xlsx.parser';
import { checkZipArchive } from './zip-guard';

export type ParseLimits = Omit<FileLimits, 'parseTimeoutMs'>;

/** A refusal that knows the kind of file it refused, for metrics. */
export class KindedRejection extends FileRejected {
  constructor(
    reason: string,
    readonly kind: FileKind,
  ) {
    super(reason);
  }
}

export async function parseFile(
  bytes: Uint8Array,
  filename: string,
  limits: ParseLimits,
): Promise<ParsedFile> {
  if (bytes.length > limits.maxBytes) {
    throw new FileRejected(
      `it has ${bytes.length} bytes, more than the ${limits.maxBytes} one file may have`,
    );
  }
  const detected = await detectFile(bytes, filename);
  const { kind } = detected;
  const collector = new BlockCollector(limits.maxCharacters);
  try {
    let title: string | undefined;
    let emptyReason: string | undefined;
    switch (kind) {
      case 'pdf':
        ({ title, emptyReason } = await readPdf(bytes, limits.maxPages, collector));
        break;
      case 'docx':
        checkZipArchive(bytes, limits.maxUnpackedBytes);
        await readDocx(bytes, collector);
        break;
      case 'xlsx':
        checkZipArchive(bytes, limits.maxUnpackedBytes);
        await readXlsx(bytes, collector);
        break;
      case 'csv':
      case 'tsv':
        readDelimited(detected.text!, kind, collector);
        break;
      case 'html':
        ({ title } = readHtmlPage(detected.text!, collector));
        break;
      case 'markdown':
        readMarkdown(detected.text!, collector);
        break;
      case 'json':
        readJson(detected.text!, collector);
        break;
      case 'text':
        collector.add(detected.text!);
        break;
    }
    const { blocks, characters } = collector.finish(emptyReason);
    return {
      kind,
      mimeType: MIME_TYPES[kind],
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      blocks,
      characters,
      ...(title === undefined ? {} : { title }),
    };
  } catch (error) {
    if (error instanceof FileRejected && !(error instanceof KindedRejection)) {
      throw new KindedRejection(error.reason, kind);
    }
    throw error;
  }
}
