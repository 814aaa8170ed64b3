/**
 * On the embedded default, the bootstrap admin key Trove generates is also written to
 * `<data folder>/bootstrap-admin-key.env` (mode 0600, like the folder's encryption key),
 * so a first run's key survives a terminal that scrolled it away. It is never logged
 * again; the file is the person's to delete once the key is kept elsewhere. With
 * PostgreSQL there is no such file: a replica's disk is not where a shared key belongs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const BOOTSTRAP_KEY_FILE_NAME = 'bootstrap-admin-key.env';

/** Writes the key as `TROVE_API_KEY=` / `TROVE_API_SECRET=` lines a shell can source; returns the path. */
export function writeBootstrapKeyFile(dataDir: string, key: { id: string; secret: string }): string {
  const file = path.join(dataDir, BOOTSTRAP_KEY_FILE_NAME);
  const partial = `${file}.${process.pid}.tmp`;
  const text = [
    `# The bootstrap admin API key Trove created on its first start, ${new Date().toISOString()}.`,
    '# Readable by this user only. Delete this file once the key is kept somewhere safe.',
    `TROVE_API_KEY=${key.id}`,
    `TROVE_API_SECRET=${key.secret}`,
    '',
  ].join('\n');
  // Written whole under another name, then renamed: never seen half-written.
  fs.writeFileSync(partial, text, { mode: 0o600, flag: 'wx' });
  fs.renameSync(partial, file);
  return file;
}
