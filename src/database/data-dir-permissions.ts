/**
 * The embedded database's folder holds API keys, grants and documents: only
 * Trove's user may read or change it, as PostgreSQL itself insists for its
 * data directory. The folder is 0700, which alone keeps every other user out of
 * everything below it; and every folder inside is 0700 and every file 0600:
 *
 * - through the process umask (077), for the files PGlite creates as it goes
 *   (new relations, WAL segments), the lock and the generated key;
 * - by walking the folder, for the rest: what an earlier version left (at start),
 *   what PGlite's first initialisation writes with its own modes (0666, once it
 *   is ready), and the odd file it rewrites with them later (at stop).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Creates the data folder if needed and makes it, and everything in it, private to the owner. */
export function makePrivate(dataDir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true });
  tighten(dataDir);
}

/** Folders 0700, files 0600, from `file` down; symbolic links are left alone. */
export function tighten(file: string): void {
  const stat = fs.lstatSync(file);
  if (stat.isSymbolicLink()) return; // the link's target is not ours to change
  const wanted = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o777) !== wanted) fs.chmodSync(file, wanted);
  if (stat.isDirectory()) for (const entry of fs.readdirSync(file)) tighten(path.join(file, entry));
}
