/**
 * Text splitters: how a document becomes fragments, each embedded and searched on its own.
 *
 * They follow LangChain's splitters of the same names and parameters, so that settings
 * people already use carry over and produce the same chunks:
 *  - `recursive_character` tries its separators in order (paragraphs, then lines, then
 *    words, then characters) and only cuts finer where a piece is still too long, so
 *    chunks end at the most natural boundary that fits;
 *  - `character` cuts on one separator and merges the pieces up to `chunk_size`.
 * Neighbouring chunks share up to `chunk_overlap` characters, so a sentence cut at a
 * chunk boundary is still whole in one of the two.
 *
 * Sizes are in UTF-16 code units (JavaScript's `length`), where LangChain counts code
 * points: they differ only outside the Basic Multilingual Plane (emoji, rare CJK).
 * Splitting never separates the two halves of a surrogate pair.
 *
 * Separators are literal strings; LangChain's `is_separator_regex` is not offered,
 * because a client-supplied regular expression could stall ingestion (ReDoS).
 *
 * Deliberate differences from LangChain: chunks that are empty or only whitespace are
 * dropped, whatever `strip_whitespace` says (they cannot match any search), and a text
 * with no non-whitespace content yields no chunks at all. The caller decides whether
 * such a document is stored with zero fragments or refused.
 */
import { invalid } from '../common/errors';
import {
  booleanParameter,
  integerParameter,
  parameterObject,
  Parameters,
  stringParameter,
} from '../embeddings/parameters';
import { CatalogueErrorReason } from './catalogue-errors';

export type TextSplitterProviderName = 'character' | 'recursive_character';
export type KeepSeparator = boolean | 'start' | 'end';

export interface TextSplitterProviderInfo {
  /** UUID v5 of `trove:text-splitter-provider:<name>` (URL namespace); fixed forever. */
  id: string;
  provider: TextSplitterProviderName;
  description: string;
}

/** Ordered by provider name. */
export const TEXT_SPLITTER_PROVIDERS: readonly TextSplitterProviderInfo[] = [
  {
    id: 'c655013e-a5d0-51fd-87dd-b19f1aa49059',
    provider: 'character',
    description:
      'Splits on one separator (default "\\n\\n") and merges the pieces into chunks of up to chunk_size ' +
      'characters with chunk_overlap characters of overlap. Pieces longer than chunk_size stay whole.',
  },
  {
    id: '1729b32b-aaf8-5a84-b255-d3a2c31bd4dc',
    provider: 'recursive_character',
    description:
      'Splits on the first of its separators (default paragraphs, lines, words, characters) that occurs, ' +
      'recursing with the next ones into pieces still longer than chunk_size, then merges pieces into ' +
      'chunks of up to chunk_size characters with chunk_overlap characters of overlap.',
  },
];

// Type aliases rather than interfaces: they are assignable to Record<string, unknown>,
// the type a splitter's stored parameters have.
type MergeOptions = {
  chunk_size: number;
  chunk_overlap: number;
  keep_separator: KeepSeparator;
  strip_whitespace: boolean;
};
export type RecursiveCharacterParameters = MergeOptions & { separators: string[] };
export type CharacterParameters = MergeOptions & { separator: string };

const DEFAULT_SEPARATORS = ['\n\n', '\n', ' ', ''];
const MAX_CHUNK_SIZE = 100_000;
const DEFAULT_CHUNK_SIZE = 1000;
const DEFAULT_CHUNK_OVERLAP = 200;
const MAX_SEPARATORS = 64;
const MAX_SEPARATOR_LENGTH = 256;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Validates a splitter's parameters and fills in defaults; throws InvalidArgument naming the field. */
export function normalizeSplitterParameters(provider: string, parameters: unknown): Record<string, unknown> {
  switch (provider) {
    case 'recursive_character':
      return recursiveParameters(parameters);
    case 'character':
      return characterParameters(parameters);
    default:
      throw unknownProvider(provider);
  }
}

/** The chunks of `text`, in document order; [] when the text has no non-whitespace content. */
export function splitText(provider: string, parameters: unknown, text: string): string[] {
  if (text.trim() === '') return [];
  switch (provider) {
    case 'recursive_character': {
      const p = recursiveParameters(parameters);
      return recursiveSplit(text, p.separators, p);
    }
    case 'character': {
      const p = characterParameters(parameters);
      return merge(splitOn(text, p.separator, p.keep_separator), p.keep_separator ? '' : p.separator, p);
    }
    default:
      throw unknownProvider(provider);
  }
}

function unknownProvider(provider: string) {
  const names = TEXT_SPLITTER_PROVIDERS.map((p) => p.provider).join(', ');
  return invalid(
    CatalogueErrorReason.InvalidSplitter,
    `Unknown text splitter provider '${provider}'; expected one of ${names}`,
  );
}

function recursiveParameters(parameters: unknown): RecursiveCharacterParameters {
  const allowed = ['chunk_size', 'chunk_overlap', 'separators', 'keep_separator', 'strip_whitespace'];
  const params = parameterObject(parameters, allowed, 'the recursive_character splitter');
  return { ...mergeOptions(params, true), separators: separators(params) };
}

function characterParameters(parameters: unknown): CharacterParameters {
  const allowed = ['chunk_size', 'chunk_overlap', 'separator', 'keep_separator', 'strip_whitespace'];
  const params = parameterObject(parameters, allowed, 'the character splitter');
  const separator = stringParameter(params, 'separator', { maxLength: MAX_SEPARATOR_LENGTH }) ?? '\n\n';
  if (LONE_SURROGATE.test(separator))
    throw invalid(
      CatalogueErrorReason.InvalidSplitter,
      'parameters.separator must not contain unpaired surrogates',
    );
  // LangChain's CharacterTextSplitter drops its separator by default, the recursive one keeps it.
  return { ...mergeOptions(params, false), separator };
}

function mergeOptions(params: Parameters, keepByDefault: boolean): MergeOptions {
  const chunkSize = integerParameter(params, 'chunk_size', {
    min: 1,
    max: MAX_CHUNK_SIZE,
    fallback: DEFAULT_CHUNK_SIZE,
  });
  // 200 like LangChain; below chunk_size 201, where LangChain would refuse its own
  // default, a fifth of the chunk instead of an error about a value the client never gave.
  const overlapFallback =
    chunkSize > DEFAULT_CHUNK_OVERLAP ? DEFAULT_CHUNK_OVERLAP : Math.floor(chunkSize / 5);
  const chunkOverlap = integerParameter(params, 'chunk_overlap', {
    min: 0,
    max: chunkSize - 1,
    fallback: overlapFallback,
  });
  return {
    chunk_size: chunkSize,
    chunk_overlap: chunkOverlap,
    keep_separator: keepSeparator(params, keepByDefault),
    strip_whitespace: booleanParameter(params, 'strip_whitespace', true),
  };
}

function keepSeparator(params: Parameters, fallback: boolean): KeepSeparator {
  const value = params.keep_separator;
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean' || value === 'start' || value === 'end') return value;
  throw invalid(
    CatalogueErrorReason.InvalidSplitter,
    "parameters.keep_separator must be true, false, 'start' or 'end'",
  );
}

function separators(params: Parameters): string[] {
  const value = params.separators;
  if (value === undefined || value === null) return [...DEFAULT_SEPARATORS];
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_SEPARATORS) {
    throw invalid(
      CatalogueErrorReason.InvalidSplitter,
      `parameters.separators must be a list of 1 to ${MAX_SEPARATORS} strings`,
    );
  }
  value.forEach((separator, i) => {
    if (typeof separator !== 'string' || separator.length > MAX_SEPARATOR_LENGTH) {
      throw invalid(
        CatalogueErrorReason.InvalidSplitter,
        `parameters.separators[${i}] must be a string of at most ${MAX_SEPARATOR_LENGTH} characters`,
      );
    }
    if (LONE_SURROGATE.test(separator))
      throw invalid(
        CatalogueErrorReason.InvalidSplitter,
        `parameters.separators[${i}] must not contain unpaired surrogates`,
      );
  });
  return [...(value as string[])];
}

/**
 * LangChain's RecursiveCharacterTextSplitter._split_text: split on the first separator
 * present, keep the pieces that fit for merging, and recurse into the others with the
 * separators after it. With no separator left, an oversized piece is kept whole.
 */
function recursiveSplit(text: string, separatorList: string[], p: RecursiveCharacterParameters): string[] {
  let separator = separatorList[separatorList.length - 1];
  let finer: string[] = [];
  for (let i = 0; i < separatorList.length; i++) {
    const candidate = separatorList[i];
    if (candidate === '') {
      separator = '';
      break;
    }
    if (text.includes(candidate)) {
      separator = candidate;
      finer = separatorList.slice(i + 1);
      break;
    }
  }

  const joiner = p.keep_separator ? '' : separator;
  const chunks: string[] = [];
  let fitting: string[] = [];
  for (const piece of splitOn(text, separator, p.keep_separator)) {
    if (piece.length < p.chunk_size) {
      fitting.push(piece);
      continue;
    }
    if (fitting.length > 0) {
      append(chunks, merge(fitting, joiner, p));
      fitting = [];
    }
    if (finer.length > 0) append(chunks, recursiveSplit(piece, finer, p));
    else pushChunk(chunks, piece, p.strip_whitespace);
  }
  if (fitting.length > 0) append(chunks, merge(fitting, joiner, p));
  return chunks;
}

/**
 * Cuts `text` at every occurrence of `separator`, which goes to the start of the next
 * piece, the end of the previous one, or nowhere. The empty separator cuts between
 * code points, never inside a surrogate pair. Empty pieces are dropped.
 */
function splitOn(text: string, separator: string, keep: KeepSeparator): string[] {
  if (separator === '') return Array.from(text);
  const pieces: string[] = [];
  let pieceStart = 0;
  let searchFrom = 0;
  for (let at = text.indexOf(separator); at !== -1; at = text.indexOf(separator, searchFrom)) {
    searchFrom = at + separator.length;
    if (keep === 'end') {
      pieces.push(text.slice(pieceStart, searchFrom));
      pieceStart = searchFrom;
    } else if (keep) {
      pieces.push(text.slice(pieceStart, at));
      pieceStart = at;
    } else {
      pieces.push(text.slice(pieceStart, at));
      pieceStart = searchFrom;
    }
  }
  pieces.push(text.slice(pieceStart));
  return pieces.filter((piece) => piece !== '');
}

/**
 * LangChain's TextSplitter._merge_splits: append pieces while the chunk fits; when the
 * next one would not, emit the chunk and drop pieces from its front until what is left
 * is no longer than the overlap (and leaves room for the next piece). What remains
 * starts the next chunk: that is the overlap.
 */
function merge(pieces: string[], separator: string, p: MergeOptions): string[] {
  const chunks: string[] = [];
  // current[head..] is the chunk being built; `head` advances instead of shifting the array.
  let current: string[] = [];
  let head = 0;
  let total = 0;
  const separatorLength = separator.length;
  const separatorBefore = () => (current.length - head > 0 ? separatorLength : 0);

  for (const piece of pieces) {
    if (total + piece.length + separatorBefore() > p.chunk_size && current.length - head > 0) {
      pushChunk(chunks, current.slice(head).join(separator), p.strip_whitespace);
      while (
        total > p.chunk_overlap ||
        (total > 0 && total + piece.length + separatorBefore() > p.chunk_size)
      ) {
        total -= current[head].length + (current.length - head > 1 ? separatorLength : 0);
        head++;
      }
      if (head > 1024) {
        current = current.slice(head);
        head = 0;
      }
    }
    current.push(piece);
    total += piece.length + (current.length - head > 1 ? separatorLength : 0);
  }
  pushChunk(chunks, current.slice(head).join(separator), p.strip_whitespace);
  return chunks;
}

/** push(...source) would overflow the stack for a long text cut into very small chunks. */
function append(target: string[], source: string[]): void {
  for (const item of source) target.push(item);
}

function pushChunk(chunks: string[], chunk: string, strip: boolean): void {
  const trimmed = chunk.trim();
  if (trimmed !== '') chunks.push(strip ? trimmed : chunk);
}
