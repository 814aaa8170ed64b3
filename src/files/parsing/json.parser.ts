/**
 * JSON as `path: value` lines, which a search can match word for word: the elements
 * of a top-level array (records, usually) and the members of a top-level object
 * become paragraphs of their own, so a splitter keeps each one together.
 */
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../common/json-bounds';
import { BlockCollector } from './block-collector';
import { FileRejected } from './parsed-file';

/** Deeper values are written as JSON on one line rather than followed further. */
const MAX_DEPTH = 32;

export function readJson(text: string, collector: BlockCollector): void {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new FileRejected(`it is not valid JSON${whereInvalid(text, error)}`);
  }
  // JSON.parse reads any depth; writing the value out again (below) would overflow the stack.
  if (nestedDeeperThan(value, MAX_JSON_DEPTH))
    throw new FileRejected(
      `it is nested more than ${MAX_JSON_DEPTH} levels deep, the most a JSON file may be`,
    );
  collector.add(jsonText(value));
}

/**
 * Where JSON.parse stopped, as a line and column: its own message quotes the file, so it
 * is not shown, but the position it names (when it names one) is.
 */
function whereInvalid(text: string, error: unknown): string {
  const position = /at position (\d+)/.exec((error as Error).message)?.[1];
  if (position === undefined) return '';
  const before = text.replace(/^\uFEFF/, '').slice(0, Number(position));
  const line = before.split('\n').length;
  return ` (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

export function jsonText(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => lines(item, '', 0).join('\n')).join('\n\n');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, member]) => lines(member, key, 1).join('\n'))
      .join('\n\n');
  }
  return lines(value, '', 0).join('\n');
}

function lines(value: unknown, path: string, depth: number, out: string[] = []): string[] {
  const line = (text: string) => out.push(path === '' ? text : `${path}: ${text}`);
  if (value === null || typeof value !== 'object') {
    if (value !== '') line(String(value));
  } else if (depth >= MAX_DEPTH) {
    line(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => lines(item, `${path}[${i}]`, depth + 1, out));
  } else {
    for (const [key, member] of Object.entries(value)) {
      lines(member, path === '' ? key : `${path}.${key}`, depth + 1, out);
    }
  }
  return out;
}
