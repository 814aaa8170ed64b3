/**
 * The benchmark's synthetic corpus: deterministic pseudo-text over a Zipf-distributed
 * vocabulary, so that words repeat as in real prose (a few very common, a long tail
 * of rare ones) and full-text queries match a realistic share of fragments.
 *
 * Each document is about one of a few hundred topics (most of its words come from
 * that topic's own words) and so is each query. Without topics, every document would
 * be about equally far from every query, nearest neighbours would be an accident of
 * noise, and the recall of an approximate index would measure nothing real; with
 * them, the vectors cluster the way embeddings of real text do.
 */

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'su',
  'ta',
  'ri',
  'po',
  'da',
  'vi',
  'ge',
  'bu',
  'fe',
  'zo',
  'hi',
  'ju',
  'ce',
  'wa',
  'xo',
  'ny',
];
/** Metadata for filters: `category` matches 5 % of documents, `bucket` 1 %. */
export const CATEGORIES = 20;
export const BUCKETS = 100;
const TOPICS = 500;
const TOPIC_WORDS = 40;
/** Share of a text's words taken from its topic; the rest is common prose. */
const TOPICALITY = 0.6;

/** A small deterministic PRNG (mulberry32), so every run loads the same corpus. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Corpus {
  private readonly words: string[];
  private readonly cumulative: Float64Array;
  private readonly topics: string[][];

  constructor(vocabulary = 8000, seed = 42) {
    const rnd = random(seed);
    const seen = new Set<string>();
    this.words = [];
    while (this.words.length < vocabulary) {
      const syllables = 2 + Math.floor(rnd() * 3);
      let word = '';
      for (let i = 0; i < syllables; i++) word += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
      if (!seen.has(word)) {
        seen.add(word);
        this.words.push(word);
      }
    }
    // Zipf with exponent 1: the word of rank r has weight 1/r.
    this.cumulative = new Float64Array(vocabulary);
    let sum = 0;
    for (let r = 0; r < vocabulary; r++) this.cumulative[r] = sum += 1 / (r + 1);
    for (let r = 0; r < vocabulary; r++) this.cumulative[r] /= sum;
    // Topic words come from below the 200 most common words, as content words do.
    this.topics = Array.from({ length: TOPICS }, () =>
      Array.from({ length: TOPIC_WORDS }, () => this.words[200 + Math.floor(rnd() * (vocabulary - 200))]),
    );
  }

  word(rnd: () => number): string {
    const x = rnd();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo];
  }

  text(rnd: () => number, words: number, topic: number): string {
    const out: string[] = [];
    const own = this.topics[topic];
    for (let i = 0; i < words; i++)
      out.push(rnd() < TOPICALITY ? own[Math.floor(rnd() * own.length)] : this.word(rnd));
    const text = out.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + '.';
  }

  /** Document `i`: one fragment of 40-70 words (well under the default splitter's 1000 characters). */
  document(i: number): {
    content: string;
    classification: string;
    metadata: Record<string, unknown>;
    external_id: string;
  } {
    const rnd = random(1_000_003 * (i + 1));
    return {
      content: this.text(rnd, 40 + Math.floor(rnd() * 31), Math.floor(rnd() * TOPICS)),
      classification: rnd() < 0.8 ? 'public' : 'internal',
      metadata: {
        n: i,
        category: `c${Math.floor(rnd() * CATEGORIES)}`,
        year: 2015 + Math.floor(rnd() * 10),
        bucket: `b${Math.floor(rnd() * BUCKETS)}`,
      },
      external_id: `bench-${i}`,
    };
  }

  /** Query `i`: a few words, as a user would type them. */
  query(i: number, words: number): string {
    const rnd = random(7_777_777 + i);
    return this.text(rnd, words, Math.floor(rnd() * TOPICS)).replace(/\.$/, '');
  }
}
