/**
 * A DOCX or XLSX is a ZIP archive, and a ZIP can unpack to far more than it weighs: a
 * few kilobytes of deflate can hold gigabytes of zeros, and entries of the central
 * directory can share (overlap) the same compressed data so each one unpacks it
 * again. The readers (mammoth, exceljs, through JSZip) would unpack it all in memory.
 *
 * So before they see it, the archive is checked the way they will read it, by its
 * central directory: entries may not overlap, their declared sizes may not add up to
 * more than the limit, and each one is inflated as a stream, counting what it really
 * produces, so a size that lies is caught at the limit instead of in memory.
 */
import { Inflate } from 'fflate';
import { FileRejected } from './parsed-file';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const MAX_ENTRIES = 10_000;
const INFLATE_STEP = 16 * 1024;

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const corrupt = (why: string) => new FileRejected(`it is not a valid ZIP archive (${why})`);

export function checkZipArchive(bytes: Uint8Array, maxUnpackedBytes: number): void {
  const entries = centralDirectory(bytes);
  if (entries.length > MAX_ENTRIES) throw new FileRejected(`it holds more than ${MAX_ENTRIES} ZIP entries`);
  const tooBig = new FileRejected(
    `it unpacks to more than ${maxUnpackedBytes} bytes, the most a DOCX or XLSX may unpack to (a ZIP bomb?)`,
  );
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > maxUnpackedBytes) throw tooBig;

  const spans = entries
    .map((entry) => ({ entry, ...dataSpan(bytes, entry) }))
    .sort((a, b) => a.entry.localOffset - b.entry.localOffset);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].entry.localOffset < spans[i - 1].end) throw corrupt('entries overlap');
  }

  let total = 0;
  for (const { entry, start, end } of spans) {
    if (entry.flags & 1) throw new FileRejected('it is encrypted');
    const data = bytes.subarray(start, end);
    let produced = 0;
    if (entry.method === 0) {
      produced = data.length;
      total += produced;
    } else if (entry.method === 8) {
      const inflater = new Inflate((chunk) => {
        produced += chunk.length;
        total += chunk.length;
        if (produced > entry.size) throw corrupt(`${entry.name} unpacks to more than it declares`);
        if (total > maxUnpackedBytes) throw tooBig;
      });
      try {
        let at = 0;
        do {
          inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
          at += INFLATE_STEP;
        } while (at < data.length);
      } catch (error) {
        if (error instanceof FileRejected) throw error;
        throw corrupt(`${entry.name} cannot be inflated`);
      }
    } else {
      throw new FileRejected(`it uses ZIP compression method ${entry.method}, which Trove does not read`);
    }
    if (total > maxUnpackedBytes) throw tooBig;
    if (produced !== entry.size) throw corrupt(`${entry.name} does not unpack to the size it declares`);
  }
}

function centralDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw corrupt('no end of central directory: truncated or not a ZIP');
  const disk = view.getUint16(eocd + 4, true);
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (disk !== 0) throw corrupt('split across several disks');
  if (count === 0xffff || offset === 0xffffffff)
    throw new FileRejected('it is a ZIP64 archive, which Trove does not read');
  if (offset + size > eocd) throw corrupt('the central directory lies outside the file');

  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE)
      throw corrupt('bad central directory');
    const nameLength = view.getUint16(at + 28, true);
    const entry: Entry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    if ([entry.compressedSize, entry.size, entry.localOffset].includes(0xffffffff)) {
      throw new FileRejected('it is a ZIP64 archive, which Trove does not read');
    }
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** Where an entry's compressed data lies, from its local header. */
function dataSpan(bytes: Uint8Array, entry: Entry): { start: number; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw corrupt(`no local header for ${entry.name}`);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw corrupt(`${entry.name} runs past the end of the file`);
  return { start, end };
}
