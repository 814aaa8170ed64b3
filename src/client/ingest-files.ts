/**
 * Which files an ingest takes: the paths given, folders walked (their top level,
 * or every level with --recursive), hidden files and folders left out, then the
 * --include / --exclude globs (picomatch) on each file's path relative to the
 * folder given, which is also its external id. Without --include, the files whose
 * names Trove reads (PDF, DOCX, XLSX, CSV, TSV, HTML, Markdown, JSON, text).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { kindOfName } from '../files/parsing/file-detection';

export interface IngestFile {
  /** Where it is on this machine. */
  absolute: string;
  /** Its path from the folder given (forward slashes), or its name when a file was given: its external id. */
  relative: string;
}

export interface Selection {
  recursive: boolean;
  include: string[];
  exclude: string[];
}

export function selectFiles(paths: string[], selection: Selection): IngestFile[] {
  const included = selection.include.length > 0 ? picomatch(selection.include, { dot: true }) : null;
  const excluded = selection.exclude.length > 0 ? picomatch(selection.exclude, { dot: true }) : null;
  const wanted = (relative: string) =>
    (included ? included(relative) : kindOfName(relative) !== null) && !(excluded && excluded(relative));

  const found = new Map<string, IngestFile>();
  for (const given of paths) {
    const absolute = path.resolve(given);
    const stat = fs.statSync(absolute, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${given}: no such file or folder`);
    if (stat.isFile()) {
      const relative = path.basename(absolute);
      if (!excluded?.(relative)) found.set(absolute, { absolute, relative });
      continue;
    }
    if (!stat.isDirectory()) throw new Error(`${given}: neither a file nor a folder`);
    for (const relative of walk(absolute, selection.recursive)) {
      if (wanted(relative))
        found.set(path.join(absolute, relative), { absolute: path.join(absolute, relative), relative });
    }
  }
  return [...found.values()].sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
}

/** Regular files under `folder` (relative, `/`-separated), skipping hidden entries; symlinks are not followed. */
function walk(folder: string, recursive: boolean, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile()) files.push(relative);
    else if (entry.isDirectory() && recursive) files.push(...walk(folder, true, relative));
  }
  return files;
}
