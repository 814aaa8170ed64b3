/**
 * Okapi BM25, and how a search finds its best k without scoring every fragment that
 * holds a common word (MaxScore).
 *
 * A fragment's score is the sum, over the query's lexemes t it holds, of
 *   idf(t) · tf · (k1 + 1) / (tf + k1 · (1 − b + b · length / average length))
 * with idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)) (always positive), tf the lexeme's
 * occurrences in the fragment, N the live fragments of the scope and df those holding t.
 *
 * A lexeme's part of any score is below idf(t) · (k1 + 1). So once the fragments
 * holding the rarest lexemes are scored (on all the query's lexemes), a fragment
 * holding none of them scores at most the sum of the other lexemes' bounds: when the
 * k-th best score found exceeds that sum, the answer is complete without reading the
 * fragments that hold only common lexemes. Otherwise the next rarest lexemes join.
 */

export interface Bm25Parameters {
  k1: number;
  b: number;
}

export const DEFAULT_BM25: Bm25Parameters = { k1: 1.2, b: 0.75 };

/** A query lexeme with its weight and the most it can add to a score. */
export interface WeightedLexeme {
  lexeme: string;
  idf: number;
  bound: number;
}

export function idf(documentFrequency: number, fragments: number): number {
  // Statistics summed from rows of changes are never off by design; a clamp keeps a
  // damaged count from making a weight negative or infinite.
  const df = Math.min(Math.max(documentFrequency, 0), fragments);
  return Math.log(1 + (fragments - df + 0.5) / (df + 0.5));
}

/**
 * The lexemes that some fragment of the scope holds, rarest first (ties by lexeme, so
 * a search's rounds do not depend on the order statistics arrive in).
 */
export function weighLexemes(
  documentFrequencies: { lexeme: string; fragments: number }[],
  fragments: number,
  { k1 }: Bm25Parameters,
): WeightedLexeme[] {
  return documentFrequencies
    .filter((term) => term.fragments > 0)
    .map((term) => {
      const weight = idf(term.fragments, fragments);
      return { lexeme: term.lexeme, idf: weight, bound: weight * (k1 + 1) };
    })
    .sort((a, b) => b.idf - a.idf || (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
}

/**
 * Round `round` (from 1) scores the fragments holding any of the `round` rarest lexemes;
 * `rest` is the most that a fragment holding none of them can score.
 */
export function roundOf(lexemes: WeightedLexeme[], round: number): { candidates: string[]; rest: number } {
  return {
    candidates: lexemes.slice(0, round).map((l) => l.lexeme),
    rest: lexemes.slice(round).reduce((sum, l) => sum + l.bound, 0),
  };
}

/**
 * Whether a round's best `k` (scores descending) are the search's: no fragment outside
 * its candidates can score above the k-th, nor reach `minScore` when one is given.
 */
export function complete(scores: number[], k: number, rest: number, minScore: number | null): boolean {
  if (rest === 0) return true;
  if (minScore !== null && rest < minScore) return true;
  return scores.length >= k && scores[k - 1] > rest;
}

/** One fragment's score, computed the textbook way: for tests and the benchmark's baseline. */
export function bm25Score(
  termFrequencies: Map<string, number>,
  length: number,
  lexemes: { lexeme: string; idf: number }[],
  averageLength: number,
  { k1, b }: Bm25Parameters,
): number {
  let score = 0;
  for (const { lexeme, idf: weight } of lexemes) {
    const tf = termFrequencies.get(lexeme) ?? 0;
    if (tf === 0) continue;
    score += (weight * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / averageLength));
  }
  return score;
}
