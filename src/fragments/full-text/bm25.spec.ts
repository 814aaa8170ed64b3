import { bm25Score, complete, DEFAULT_BM25, idf, roundOf, weighLexemes } from './bm25';

describe('BM25', () => {
  it('weighs a rarer lexeme more, never below 0, and leaves out lexemes nobody holds', () => {
    expect(idf(1, 100)).toBeCloseTo(Math.log(1 + 99.5 / 1.5), 12);
    expect(idf(100, 100)).toBeCloseTo(Math.log(1 + 0.5 / 100.5), 12);
    expect(idf(150, 100)).toBe(idf(100, 100));
    const weighed = weighLexemes(
      [
        { lexeme: 'file', fragments: 60 },
        { lexeme: 'socket', fragments: 3 },
        { lexeme: 'ghost', fragments: 0 },
        { lexeme: 'bind', fragments: 3 },
      ],
      100,
      DEFAULT_BM25,
    );
    expect(weighed.map((l) => l.lexeme)).toEqual(['bind', 'socket', 'file']);
    expect(weighed[2].bound).toBeCloseTo(weighed[2].idf * 2.2, 12);
  });

  it('scores a fragment as the textbook formula does', () => {
    // tf 2 of a lexeme of idf 1.5 in a fragment of average length: 1.5 · 2 · 2.2 / (2 + 1.2)
    expect(bm25Score(new Map([['a', 2]]), 10, [{ lexeme: 'a', idf: 1.5 }], 10, DEFAULT_BM25)).toBeCloseTo(
      (1.5 * 2 * 2.2) / 3.2,
      12,
    );
    // A longer fragment scores the same tf lower; b = 0 ignores length.
    const long = bm25Score(new Map([['a', 2]]), 20, [{ lexeme: 'a', idf: 1.5 }], 10, DEFAULT_BM25);
    expect(long).toBeLessThan((1.5 * 2 * 2.2) / 3.2);
    expect(
      bm25Score(new Map([['a', 2]]), 20, [{ lexeme: 'a', idf: 1.5 }], 10, { k1: 1.2, b: 0 }),
    ).toBeCloseTo((1.5 * 2 * 2.2) / 3.2, 12);
  });

  it('stops a round when nothing outside its candidates can beat its k-th score or reach the minimum', () => {
    const lexemes = weighLexemes(
      [
        { lexeme: 'rare', fragments: 1 },
        { lexeme: 'common', fragments: 90 },
      ],
      100,
      DEFAULT_BM25,
    );
    const first = roundOf(lexemes, 1);
    expect(first.candidates).toEqual(['rare']);
    expect(first.rest).toBeCloseTo(lexemes[1].bound, 12);
    expect(complete([9, 8], 2, first.rest, null)).toBe(true);
    expect(complete([9], 2, first.rest, null)).toBe(false); // fewer than k: the rest may fill
    expect(complete([9, first.rest], 2, first.rest, null)).toBe(false); // a tie could go either way
    expect(complete([], 2, first.rest, first.rest + 0.1)).toBe(true);
    expect(roundOf(lexemes, 2).rest).toBe(0);
    expect(complete([], 2, 0, null)).toBe(true);
  });
});
