import { invalidMessage } from '../../test/support/domain-errors';
import { normalizeSplitterParameters, splitText, TEXT_SPLITTER_PROVIDERS } from './text-splitting';

/** A deterministic text of paragraphs, lines and words of varied lengths. */
function sampleText(paragraphs: number): string {
  const words = [
    'vector',
    'search',
    'a',
    'fragment',
    'of',
    'knowledge',
    'pipeline',
    'embedding',
    'is',
    'retrieval',
  ];
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  return Array.from({ length: paragraphs }, () =>
    Array.from({ length: 1 + next(4) }, () =>
      Array.from({ length: 3 + next(25) }, () => words[next(words.length)]).join(' '),
    ).join('\n'),
  ).join('\n\n');
}

/**
 * Every chunk is a piece of the text, in order, and nothing but whitespace falls between
 * them: the chunks cover the text. Returns the chunks' [start, end) offsets.
 */
function expectCoverage(text: string, chunks: string[], overlap: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let searchFrom = 0;
  let coveredTo = 0;
  for (const chunk of chunks) {
    // A chunk starts after the previous one and at most `overlap` before its end; looking
    // only there keeps a short chunk ("is") from matching inside an earlier word.
    const start = text.indexOf(chunk, Math.max(searchFrom, coveredTo - overlap));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(text.slice(coveredTo, Math.max(coveredTo, start)).trim()).toBe('');
    spans.push([start, start + chunk.length]);
    searchFrom = start + 1;
    coveredTo = Math.max(coveredTo, start + chunk.length);
  }
  expect(text.slice(coveredTo).trim()).toBe('');
  return spans;
}

describe('TEXT_SPLITTER_PROVIDERS', () => {
  it('lists the providers by name, with fixed ids', () => {
    expect(TEXT_SPLITTER_PROVIDERS.map((p) => [p.provider, p.id])).toEqual([
      ['character', 'c655013e-a5d0-51fd-87dd-b19f1aa49059'],
      ['recursive_character', '1729b32b-aaf8-5a84-b255-d3a2c31bd4dc'],
    ]);
  });
});

describe('normalizeSplitterParameters', () => {
  it('fills in LangChain defaults', () => {
    expect(normalizeSplitterParameters('recursive_character', {})).toEqual({
      chunk_size: 1000,
      chunk_overlap: 200,
      separators: ['\n\n', '\n', ' ', ''],
      keep_separator: true,
      strip_whitespace: true,
    });
    expect(normalizeSplitterParameters('character', null)).toEqual({
      chunk_size: 1000,
      chunk_overlap: 200,
      separator: '\n\n',
      keep_separator: false,
      strip_whitespace: true,
    });
  });

  it('defaults the overlap to a fifth of small chunks rather than refusing', () => {
    expect(normalizeSplitterParameters('recursive_character', { chunk_size: 100 })).toMatchObject({
      chunk_overlap: 20,
    });
    expect(normalizeSplitterParameters('recursive_character', { chunk_size: 201 })).toMatchObject({
      chunk_overlap: 200,
    });
    expect(normalizeSplitterParameters('recursive_character', { chunk_size: 1 })).toMatchObject({
      chunk_overlap: 0,
    });
  });

  it.each([
    [{ chunk_size: 0 }, 'parameters.chunk_size must be an integer from 1 to 100000'],
    [{ chunk_size: 100001 }, 'parameters.chunk_size must be an integer from 1 to 100000'],
    [{ chunk_size: '500' }, 'parameters.chunk_size must be an integer from 1 to 100000'],
    [{ chunk_size: 10.5 }, 'parameters.chunk_size must be an integer from 1 to 100000'],
    [{ chunk_size: 100, chunk_overlap: 100 }, 'parameters.chunk_overlap must be an integer from 0 to 99'],
    [{ chunk_overlap: -1 }, 'parameters.chunk_overlap must be an integer from 0 to 999'],
    [{ separators: [] }, 'parameters.separators must be a list of 1 to 64 strings'],
    [{ separators: '\n' }, 'parameters.separators must be a list of 1 to 64 strings'],
    [{ separators: ['\n', 3] }, 'parameters.separators[1] must be a string of at most 256 characters'],
    [{ separators: ['\uD83D'] }, 'parameters.separators[0] must not contain unpaired surrogates'],
    [{ keep_separator: 'middle' }, "parameters.keep_separator must be true, false, 'start' or 'end'"],
    [{ strip_whitespace: 1 }, 'parameters.strip_whitespace must be true or false'],
    [
      { separator: '\n' },
      'parameters.separator is not a parameter of the recursive_character splitter; ' +
        'expected chunk_size, chunk_overlap, separators, keep_separator, strip_whitespace',
    ],
  ])('refuses %j', (parameters, message) => {
    expect(invalidMessage(() => normalizeSplitterParameters('recursive_character', parameters))).toBe(
      message,
    );
  });

  it('refuses unknown providers', () => {
    expect(invalidMessage(() => normalizeSplitterParameters('semantic', {}))).toBe(
      "Unknown text splitter provider 'semantic'; expected one of character, recursive_character",
    );
    expect(invalidMessage(() => splitText('semantic', {}, 'text'))).toMatch(
      /^Unknown text splitter provider/,
    );
  });
});

describe('splitText recursive_character', () => {
  const text = sampleText(60);

  it.each([
    [40, 0],
    [100, 20],
    [300, 50],
    [1000, 200],
  ])(
    'respects chunk_size %i (overlap %i), leaves no empty chunk and covers the text',
    (chunkSize, overlap) => {
      const chunks = splitText(
        'recursive_character',
        { chunk_size: chunkSize, chunk_overlap: overlap },
        text,
      );
      expect(chunks.length).toBeGreaterThan(text.length / chunkSize - 1);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(chunkSize);
        expect(chunk.trim()).toBe(chunk);
        expect(chunk).not.toBe('');
      }
      expectCoverage(text, chunks, overlap);
    },
  );

  it('overlaps neighbouring chunks when a paragraph has to be cut', () => {
    const paragraph = sampleText(1).replace(/\n/g, ' ') + ' ' + sampleText(1).replace(/\n/g, ' ');
    const chunks = splitText('recursive_character', { chunk_size: 60, chunk_overlap: 25 }, paragraph);
    expect(chunks.length).toBeGreaterThan(3);
    const spans = expectCoverage(paragraph, chunks, 25);
    for (let i = 1; i < spans.length; i++) {
      const shared = spans[i - 1][1] - spans[i][0];
      expect(shared).toBeGreaterThan(0);
      expect(shared).toBeLessThanOrEqual(25);
    }
    const withoutOverlap = splitText('recursive_character', { chunk_size: 60, chunk_overlap: 0 }, paragraph);
    const spansWithout = expectCoverage(paragraph, withoutOverlap, 0);
    for (let i = 1; i < spansWithout.length; i++)
      expect(spansWithout[i][0]).toBeGreaterThanOrEqual(spansWithout[i - 1][1]);
  });

  it('prefers paragraphs, then lines, then words, then characters', () => {
    const paragraphs = 'First paragraph, short.\n\nSecond paragraph, also short.\n\nThird one.';
    expect(splitText('recursive_character', { chunk_size: 40, chunk_overlap: 0 }, paragraphs)).toEqual([
      'First paragraph, short.',
      'Second paragraph, also short.',
      'Third one.',
    ]);
    const lines = 'line one is here\nline two is here\nline three';
    expect(splitText('recursive_character', { chunk_size: 35, chunk_overlap: 0 }, lines)).toEqual([
      'line one is here\nline two is here',
      'line three',
    ]);
    expect(splitText('recursive_character', { chunk_size: 7, chunk_overlap: 3 }, 'abc def ghi jkl')).toEqual([
      'abc def',
      'ghi',
      'jkl',
    ]);
    expect(splitText('recursive_character', { chunk_size: 4, chunk_overlap: 1 }, 'abcdefghij')).toEqual([
      'abcd',
      'defg',
      'ghij',
    ]);
  });

  it('follows custom separators and keeps or drops them as asked', () => {
    const text = 'alpha;beta;gamma;delta';
    expect(
      splitText('recursive_character', { chunk_size: 12, chunk_overlap: 0, separators: [';'] }, text),
    ).toEqual(['alpha;beta', ';gamma;delta']);
    expect(
      splitText(
        'recursive_character',
        { chunk_size: 12, chunk_overlap: 0, separators: [';'], keep_separator: 'end' },
        text,
      ),
    ).toEqual(['alpha;beta;', 'gamma;delta']);
    expect(
      splitText(
        'recursive_character',
        { chunk_size: 12, chunk_overlap: 0, separators: [';'], keep_separator: false },
        text,
      ),
    ).toEqual(['alpha;beta', 'gamma;delta']);
  });

  it('keeps a piece whole when no separator is left to cut it', () => {
    expect(
      splitText(
        'recursive_character',
        { chunk_size: 5, chunk_overlap: 0, separators: [' '] },
        'tiny enormousword',
      ),
    ).toEqual(['tiny', 'enormousword']);
  });

  it('never cuts a surrogate pair', () => {
    const chunks = splitText('recursive_character', { chunk_size: 3, chunk_overlap: 0 }, '😀😀😀a😀');
    expect(chunks.join('')).toBe('😀😀😀a😀');
    for (const chunk of chunks)
      expect(chunk).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('returns no chunks for text without content, and strips or keeps whitespace as asked', () => {
    expect(splitText('recursive_character', {}, '')).toEqual([]);
    expect(splitText('recursive_character', {}, ' \n\n \t ')).toEqual([]);
    expect(splitText('recursive_character', {}, '  hello  ')).toEqual(['hello']);
    expect(splitText('recursive_character', { strip_whitespace: false }, '  hello  ')).toEqual(['  hello  ']);
  });

  it('splits a megabyte quickly', () => {
    const big = sampleText(4000);
    const started = performance.now();
    const chunks = splitText('recursive_character', {}, big);
    expect(performance.now() - started).toBeLessThan(2000);
    expectCoverage(big, chunks, 200);
  });
});

describe('splitText character', () => {
  it('splits on its one separator and merges up to chunk_size', () => {
    const text = 'a\n\nb\n\nc';
    expect(splitText('character', { chunk_size: 3, chunk_overlap: 0 }, text)).toEqual(['a', 'b', 'c']);
    expect(splitText('character', { chunk_size: 10, chunk_overlap: 0 }, text)).toEqual(['a\n\nb\n\nc']);
    expect(splitText('character', { chunk_size: 4, chunk_overlap: 1, separator: ' ' }, 'aa bb cc')).toEqual([
      'aa',
      'bb',
      'cc',
    ]);
  });

  it('keeps pieces longer than chunk_size whole', () => {
    expect(
      splitText('character', { chunk_size: 5, chunk_overlap: 0, separator: '|' }, 'short|much too long|ok'),
    ).toEqual(['short', 'much too long', 'ok']);
  });
});
