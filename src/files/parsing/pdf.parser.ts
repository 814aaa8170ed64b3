/**
 * PDF text layer through unpdf (PDF.js built for servers): one block per page with
 * its `page` number. A PDF without a text layer is refused with the likely reason:
 * pages that paint images but hold no text are a scan, which needs OCR first.
 */
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { BlockCollector } from './block-collector';
import { FileRejected } from './parsed-file';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

export async function readPdf(
  bytes: Uint8Array,
  maxPages: number,
  collector: BlockCollector,
): Promise<{ title?: string; emptyReason: string }> {
  // PDF.js takes the buffer over; give it a copy so the caller's bytes stay usable.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { disableFontFace: true, verbosity: 0 }).catch(
    (error: unknown) => {
      throw pdfFailure(error);
    },
  );
  try {
    if (pdf.numPages > maxPages) {
      throw new FileRejected(`it has ${pdf.numPages} pages, more than the ${maxPages} one file may have`);
    }
    let scannedPages = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const text = pageText((await page.getTextContent()).items);
      if (text.trim() !== '') collector.add(text, { page: number });
      else if (await paintsImages(page)) scannedPages++;
      page.cleanup();
    }
    const info = (await pdf.getMetadata().catch(() => null))?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' && info.Title.trim() !== '' ? info.Title.trim() : undefined;
    const emptyReason =
      scannedPages > 0
        ? 'it is a scanned or image-only PDF: its pages hold images but no text layer (Trove does not run OCR)'
        : 'it is a PDF without any text';
    return { title, emptyReason };
  } catch (error) {
    throw pdfFailure(error);
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** PDF.js text items in reading order; an item that ends a line says so. */
export function pageText(items: readonly object[]): string {
  let text = '';
  for (const item of items) {
    if (!('str' in item)) continue;
    text += (item as { str: string }).str;
    if ((item as { hasEOL?: boolean }).hasEOL) text += '\n';
  }
  return text;
}

async function paintsImages(page: PdfPage): Promise<boolean> {
  const { OPS } = await getResolvedPDFJS();
  const imageOps = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
  ]);
  const operators = await page.getOperatorList();
  return operators.fnArray.some((op) => imageOps.has(op));
}

/** PDF.js names its failures; turn the ones about the file into reasons. */
export function pdfFailure(error: unknown): Error {
  if (error instanceof FileRejected) return error;
  const name = (error as { name?: string })?.name;
  const message = (error as { message?: string })?.message ?? String(error);
  switch (name) {
    case 'PasswordException':
      return new FileRejected('it is an encrypted PDF that needs a password; upload it without protection');
    case 'InvalidPDFException':
      return new FileRejected('it is not a valid PDF: it is corrupt or truncated');
    case 'FormatError':
    case 'UnknownErrorException':
    case 'MissingPDFException':
      return new FileRejected('it is a PDF that cannot be read: its structure is damaged');
    default:
      return error instanceof Error ? error : new Error(message);
  }
}
