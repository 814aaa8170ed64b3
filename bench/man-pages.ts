/**
 * A known-item test collection built at run time from a real corpus: the Linux
 * man-pages of sections 2, 3, 5 and 7 (Debian's `manpages` and `manpages-dev`). Each
 * page's NAME line gives a query (its description, the words after `\-`: what someone
 * who does not know the function's name would ask), and the rest of the page is the one
 * relevant document. Pages that say the same thing twice (aliases, identical text) and
 * descriptions shared by several pages are left out, so every query has one answer.
 *
 * Pages are read from the packages' own file lists, in name order, so a collection is
 * the same on every machine with the same package versions.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface ManPage {
  /** The page's file name without `.gz`, e.g. `open.2`: the document's external id. */
  name: string;
  /** What the page is about, from its NAME line: the query. */
  query: string;
  /** The page as plain text, its NAME section left out. */
  content: string;
}

const PACKAGES = ['manpages', 'manpages-dev'];
const SECTIONS = /\/man[2357]\/[^/]+\.gz$/;

/** The collection, or an error saying how to install the pages. `limit`: the first pages by name. */
export function manPages(limit = Infinity): ManPage[] {
  let files: string[];
  try {
    files = execFileSync('dpkg', ['-L', ...PACKAGES], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')
      .filter((file) => SECTIONS.test(file))
      .sort();
  } catch {
    throw new Error(`The man pages are not installed: apt-get install ${PACKAGES.join(' ')}`);
  }
  const pages: ManPage[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    let source: string;
    try {
      source = gunzipSync(readFileSync(file)).toString('utf8');
    } catch {
      continue; // a link to a page of another package, or not a page
    }
    if (/^\.so /m.test(source)) continue; // an alias of another page
    const page = parsePage(file.split('/').pop()!.replace(/\.gz$/, ''), source);
    if (!page) continue;
    const digest = createHash('sha256').update(page.content).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    pages.push(page);
  }
  const perQuery = new Map<string, number>();
  for (const page of pages) perQuery.set(page.query, (perQuery.get(page.query) ?? 0) + 1);
  const unique = pages.filter((page) => perQuery.get(page.query) === 1);
  if (unique.length === 0) throw new Error(`No man pages found in ${PACKAGES.join(', ')}`);
  return unique.slice(0, limit);
}

/** A page's NAME description and its text without the NAME section; null for a page without one. */
export function parsePage(name: string, source: string): ManPage | null {
  const text = roffToText(source);
  const match = /(?:^|\n)NAME\n+([^\n]*?)\s+-\s+([^\n]+)\n/.exec(text);
  if (!match) return null;
  const query = match[2].trim();
  if (query.split(/\s+/).length < 2) return null;
  const content = (text.slice(0, match.index) + '\n' + text.slice(match.index + match[0].length)).trim();
  return { name, query, content };
}

/** Macros whose arguments are text (font changes); the others are layout and left out. */
const TEXT_MACROS = new Set(['B', 'I', 'BR', 'BI', 'IR', 'IB', 'RB', 'RI', 'SM', 'SB']);
const HEADINGS = new Set(['SH', 'SS']);

/**
 * roff (the man macros) to plain text, enough for retrieval: headings and paragraphs on
 * lines of their own, font changes and escapes dropped, layout requests ignored.
 */
export function roffToText(source: string): string {
  const out: string[] = [];
  for (const raw of source.split('\n')) {
    if (raw.startsWith('.\\"') || raw.startsWith('\'\\"')) continue;
    let line = raw;
    if (line.startsWith('.') || line.startsWith("'")) {
      const macro = /^[.'](\S+)\s*(.*)$/.exec(line);
      if (!macro) continue;
      const [, name, rest] = macro;
      if (HEADINGS.has(name)) {
        out.push('', rest.replace(/"/g, ''), '');
        continue;
      }
      if (name === 'IP' || name === 'TP' || name === 'PP' || name === 'LP' || name === 'P') out.push('');
      if (!TEXT_MACROS.has(name) && !(name === 'IP' && rest)) continue;
      line = rest.replace(/"/g, '');
    }
    out.push(unescape(line));
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function unescape(line: string): string {
  return line
    .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '') // font changes
    .replace(/\\\*(\[[^\]]*\]|\(..|.)/g, '') // strings
    .replace(/\\s[-+]?\d/g, '') // size changes
    .replace(/\\\(em|\\\(en/g, '-')
    .replace(/\\\(.{2}|\\\[[^\]]*\]/g, ' ') // special characters
    .replace(/\\-/g, '-')
    .replace(/\\e/g, '\\')
    .replace(/\\[&%:/|^]/g, '')
    .replace(/\\c$/, '')
    .replace(/\\(.)/g, '$1');
}
