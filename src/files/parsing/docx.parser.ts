/**
 * DOCX through mammoth, which maps Word's heading styles to HTML headings; from there
 * the HTML reader makes Markdown blocks by heading. Images are dropped before they
 * become base64 (their description stays).
 */
import * as mammoth from 'mammoth';
import { BlockCollector } from './block-collector';
import { readHtmlFragment } from './html.parser';
import { FileRejected } from './parsed-file';

const noImage = mammoth.images.imgElement(async () => ({ src: '' }));

export async function readDocx(bytes: Uint8Array, collector: BlockCollector): Promise<void> {
  let html: string;
  try {
    html = (
      await mammoth.convertToHtml(
        { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
        { convertImage: noImage },
      )
    ).value;
  } catch {
    // mammoth's and its ZIP reader's messages name their internals, not what is wrong for the uploader.
    throw new FileRejected('it is not a readable DOCX document: it is damaged, or not a Word document');
  }
  readHtmlFragment(html, collector);
}
