/**
 * `file_path` on the server. The Guided Mind page means a file on the machine
 * that runs the tool; on a server that is whatever the Trove process can read
 * (its keys, /etc, other tenants' data), so it is off unless TROVE_UPLOAD_ROOT
 * names a directory, and then only regular files inside it are read:
 *  - no `..` segment, no NUL byte; a relative path is taken from the root;
 *  - the real path (every symlink resolved) must still be inside the root's real path;
 *  - the file is opened without following a last-component symlink, then what was
 *    opened is checked, since a folder of the path may have been swapped for a link
 *    out between the check and the open: the path the kernel gives the descriptor
 *    must be inside the root and name the same device and inode as the descriptor;
 *  - then, on the open handle: a regular file (no device, FIFO, socket or directory),
 *    with no other hard link (one cannot be told from the file it links to, which
 *    may be anywhere), no larger than a file upload may be.
 * Every refusal is a 422 that says what to do instead: the stdio bridge reads
 * files on the user's own machine. What the refusals say tells nothing of the
 * server's files outside the root: a path that leads out of it, whether something
 * is there or not, is refused as a missing file is, and a file that changed while
 * it was opened as one that could not be opened.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DomainError, ErrorCode, invalid } from '../../common/errors';
import { UploadedFile } from '../../files/files.dto';
import { McpErrorReason } from '../mcp-error-reasons';

const NOT_UNDER_ROOT = 'no such file inside the upload root (links out of it are not followed)';
const NOT_OPENED = 'it cannot be opened (no permission, or it changed while it was opened)';
const BRIDGE_HINT =
  'To upload a file from your own machine, run the stdio bridge (`npx trove-mcp`, see the README) or POST it to /pipelines/{id}/files';

export async function readFromUploadRoot(
  root: string | null,
  filePath: string,
  maxBytes: number,
): Promise<UploadedFile> {
  if (root === null) {
    throw invalid(
      McpErrorReason.FileRefused,
      `file_path: this server reads no files of its own (TROVE_UPLOAD_ROOT is not set). ${BRIDGE_HINT}.`,
    );
  }
  const refused = (reason: string) =>
    invalid(McpErrorReason.FileRefused, `file_path '${filePath}': ${reason}. ${BRIDGE_HINT}.`);
  if (filePath.includes('\0')) throw refused('holds a NUL byte');
  if (filePath.split(/[\\/]/).includes('..')) throw refused("'..' is not allowed");

  const requested = path.resolve(root, filePath);
  if (!isInside(root, requested)) throw refused(NOT_UNDER_ROOT);
  let real: string;
  try {
    real = await fs.promises.realpath(requested);
  } catch {
    throw refused(NOT_UNDER_ROOT);
  }
  if (!isInside(root, real)) throw refused(NOT_UNDER_ROOT);

  let handle: fs.promises.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer before fstat can refuse it.
    // O_NOCTTY: a terminal swapped in must not become the process's own.
    handle = await fs.promises.open(
      real,
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY,
    );
  } catch {
    throw refused(NOT_OPENED);
  }
  try {
    const stat = await handle.stat();
    if (!(await openedInside(root, real, handle.fd, stat))) throw refused(NOT_OPENED);
    if (!stat.isFile()) throw refused('not a regular file');
    if (stat.nlink > 1) {
      throw refused('it has other hard links, which may lead out of the upload root; upload a copy instead');
    }
    if (stat.size > maxBytes) {
      throw new DomainError(
        McpErrorReason.FileTooLarge,
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

/**
 * Whether the open descriptor is a file inside the root, whatever was swapped
 * meanwhile. On Linux the kernel names the descriptor's file (/proc/self/fd),
 * which no later swap changes. Where there is no /proc (macOS, the BSDs; Node has
 * no openat to walk the path one folder at a time), the path is resolved again and
 * must lead to the same inode: a swapper then has to undo its swap between the open
 * and this check and redo it before the lstat, which narrows the race but does not
 * close it (docs/security.md).
 */
async function openedInside(root: string, real: string, fd: number, opened: fs.Stats): Promise<boolean> {
  let where: string;
  try {
    where = await fs.promises.readlink(`/proc/self/fd/${fd}`);
  } catch {
    try {
      where = await fs.promises.realpath(real);
    } catch {
      return false;
    }
  }
  if (!isInside(root, where)) return false;
  // A file deleted since it was opened is named "<path> (deleted)": no such path, refused.
  const named = await fs.promises.lstat(where).catch(() => null);
  return named !== null && named.dev === opened.dev && named.ino === opened.ino;
}

/** The root itself counts as inside (it is then refused as a folder); so does a file named `..x`. */
function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
