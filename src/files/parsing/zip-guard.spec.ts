import { strToU8, zipSync } from 'fflate';
import { sampleDocx } from '../../../bench/sample-files';
import { FileRejected } from './parsed-file';
import { checkZipArchive } from './zip-guard';

const MiB = 1024 * 1024;

function reason(bytes: Uint8Array, limit = 4 * MiB): string {
  try {
    checkZipArchive(bytes, limit);
  } catch (error) {
    expect(error).toBeInstanceOf(FileRejected);
    return (error as FileRejected).reason;
  }
  throw new Error('expected the archive to be refused');
}

/** Offsets of the central directory entries of a zip fflate wrote. */
function centralEntries(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = bytes.length - 22;
  const entries: number[] = [];
  let at = view.getUint32(eocd + 16, true);
  for (let i = 0; i < view.getUint16(eocd + 10, true); i++) {
    entries.push(at);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

describe('checkZipArchive', () => {
  it('accepts a real DOCX', () => {
    expect(() => checkZipArchive(sampleDocx([{ text: 'hello' }]), MiB)).not.toThrow();
  });

  it('refuses an archive whose entries declare more than the limit (a deflate bomb)', () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(8 * MiB) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(reason(bomb)).toMatch(
      /^it unpacks to more than 4194304 bytes, the most a DOCX or XLSX may unpack to/,
    );
  });

  it('catches an entry that unpacks to more than its central directory declares', () => {
    const liar = zipSync({ 'word/document.xml': new Uint8Array(8 * MiB) }, { level: 9 });
    const view = new DataView(liar.buffer, liar.byteOffset, liar.byteLength);
    view.setUint32(centralEntries(liar)[0] + 24, 1000, true); // declares 1000 bytes
    expect(reason(liar)).toBe(
      'it is not a valid ZIP archive (word/document.xml unpacks to more than it declares)',
    );
    // It is stopped as soon as it passes what it declared, whatever room the limit leaves.
    expect(reason(liar, 64 * MiB)).toBe(
      'it is not a valid ZIP archive (word/document.xml unpacks to more than it declares)',
    );
  });

  it('refuses central directory entries that share compressed data (an overlapping bomb)', () => {
    const parts = zipSync({ a: strToU8('x'.repeat(1000)), b: strToU8('y'.repeat(1000)) });
    const view = new DataView(parts.buffer, parts.byteOffset, parts.byteLength);
    const [first, second] = centralEntries(parts);
    view.setUint32(second + 42, view.getUint32(first + 42, true), true);
    expect(reason(parts)).toBe('it is not a valid ZIP archive (entries overlap)');
  });

  it('refuses truncated archives, encrypted entries and unknown compression', () => {
    const docx = sampleDocx([{ text: 'hello' }]);
    expect(reason(docx.subarray(0, docx.length - 30))).toMatch(/^it is not a valid ZIP archive/);
    expect(reason(strToU8('not a zip at all'))).toMatch(
      /^it is not a valid ZIP archive \(no end of central directory/,
    );

    const encrypted = zipSync({ a: strToU8('secret') });
    new DataView(encrypted.buffer).setUint16(centralEntries(encrypted)[0] + 8, 1, true);
    expect(reason(encrypted)).toBe('it is encrypted');

    const bzip = zipSync({ a: strToU8('data') });
    new DataView(bzip.buffer).setUint16(centralEntries(bzip)[0] + 10, 12, true);
    expect(reason(bzip)).toBe('it uses ZIP compression method 12, which Trove does not read');
  });
});
