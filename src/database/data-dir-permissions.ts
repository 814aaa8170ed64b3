import * as fs from 'node:fs';

/** Creates the data folder. */
export function makePrivate(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
}
