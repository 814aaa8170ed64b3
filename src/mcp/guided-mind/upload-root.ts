/**
 * `file_path` on the server. The Guided Mind page means a file on the machine
 * that runs the tool; on a server that is whatever the Trove process can read
 * (its keys, /etc, other tenants' data), so it is off unless TROVE_UPLOAD_ROOT
 * names a directory, and then only regular files inside it are read:
 *  - no `..` segment, no NUL byte; a relative path is taken from the root;
 *  - the real path (every symlink resolved) must still be inside the root's real path;
 *  - the file is opened without following a last-component symlink (so a link
 *    swapped in after the check is refused), then checked on the open handle:
 *    a regular file (no device, FIFO, socket or directory), no larger than a file
 *    upload may be.
 * Every refusal is a 422 that says what to do instead: the stdio bridge reads
 * files on the user's own machine.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DomainError, ErrorCode, invalid } from '../../common/errors';
import { UploadedFile } from '../../files/files.dto';

const BRIDGE_HINT =
  'To upload a file from your own machine, run the stdio bridge (`npx trove-mcp`, see the README) or POST it to /pipelines/{id}/files';

export async function readFromUploadRoot(
  root: string | null,
  filePath: string,
  maxBytes: number,
): Promise<UploadedFile> {
  if (root === null) {
    throw invalid(
      `file_path: this server reads no files of its own (TROVE_UPLOAD_ROOT is not set). ${BRIDGE_HINT}.`,
    );
  }
  const refused = (reason: string) => invalid(`file_path '${filePath}': ${reason}. ${BRIDGE_HINT}.`);
  if (filePath.includes('\0')) throw refused('holds a NUL byte');
  if (filePath.split(/[\\/]/).includes('..')) throw refused("'..' is not allowed");

  const requested = path.resolve(root, filePath);
  let real: string;
  try {
    real = await fs.promises.realpath(requested);
  } catch {
    throw refused('no such file under the upload root');
  }
  if (!isInside(root, real)) throw refused('it is outside the upload root');

  let handle: fs.promises.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer before fstat can refuse it.
    handle = await fs.promises.open(
      real,
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK,
    );
  } catch {
    throw refused('it cannot be opened (a link swapped in, or no permission)');
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw refused('not a regular file');
    if (stat.size > maxBytes) {
      throw new DomainError(
        ErrorCode.PayloadTooLarge,
        `File '${path.basename(real)}' is larger than ${maxBytes} bytes (TROVE_FILES_MAX_BYTES)`,
      );
    }
    const bytes = await handle.readFile();
    if (bytes.length > maxBytes) throw refused('it grew beyond the size limit while read');
    return { filename: path.basename(real), bytes };
  } finally {
    await handle.close();
  }
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
