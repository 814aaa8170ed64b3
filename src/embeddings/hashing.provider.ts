/**
 * The `hashing` provider: Trove's built-in embedder. Offline, deterministic and fast,
 * so that Trove works (and its tests and benchmarks run) without any model server.
 *
 * It is feature hashing ("the hashing trick"), not a language model: texts that share
 * words and word fragments get similar vectors, synonyms do not. Features are
 *  - word unigrams, weight 1: the words themselves carry most of the meaning;
 *  - character n-grams of each word padded with boundary markers (`<wo`, `wor`, `ord`,
 *    `rd>` for n = 3), weight 0.5 each: they make inflections and typos ("index",
 *    "indexes", "indxe") land near each other. A word of L characters yields L n-grams,
 *    so at 0.5 they weigh a little more than the unigram in total, which is what we
 *    want for short fragments with few words.
 * Each feature is hashed to a dimension and a sign (the sign makes collisions cancel
 * out on average instead of piling up), and the vector is L2-normalised so cosine
 * distance and inner product agree.
 *
 * The vectors are a stored format: the hash, the tokenisation, the weights and the
 * Unicode normalisation below must never change, or every stored hashing embedding
 * would silently stop matching the queries embedded after the change.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { embeddingDuration } from '../observability/metrics';
import { checkModelSize, Embedder, EmbeddingModelSpec, EmbeddingProvider } from './embedding-provider';
import { booleanParameter, integerParameter, parameterObject } from './parameters';

export interface HashingOptions {
  /** Character n-gram length; 0 disables n-grams. */
  ngram: number;
  /** Lower-case the text first, so "Index" and "index" are the same feature. */
  lowercase: boolean;
}

const UNIGRAM_WEIGHT = 1;
const NGRAM_WEIGHT = 0.5;

// FNV-1a's 32-bit offset basis and prime. Unigrams and n-grams start from different
// seeds so that a 3-letter word and the identical 3-gram are different features.
const FNV_PRIME = 0x01000193;
const UNIGRAM_SEED = 0x811c9dc5;
const NGRAM_SEED = 0x050c5d1f;
// Boundary markers: control characters, which the tokeniser never puts inside a word.
const WORD_START = 0x02;
const WORD_END = 0x03;

/**
 * murmur3's 32-bit finaliser. FNV-1a alone mixes its last input unit poorly into the
 * low bits, which pick the dimension; this spreads every input bit over all 32. The
 * result stays a signed 32-bit integer: V8 keeps those unboxed, where values above
 * 2^31 would become doubles and make the modulo below several times slower.
 */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

// Word characters: letters, digits and combining marks (without marks, decomposed
// accents and most Indic scripts would split words in the middle). Classification of
// the Basic Multilingual Plane is cached in a table, because a Unicode property regex
// per character would dominate the embedder's running time.
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
const UNKNOWN = 0;
const WORD = 1;
const SEPARATOR = 2;
const bmpClass = new Uint8Array(0x10000);

function isWordUnit(code: number): boolean {
  let cls = bmpClass[code];
  if (cls === UNKNOWN) {
    cls = WORD_CHAR.test(String.fromCharCode(code)) ? WORD : SEPARATOR;
    bmpClass[code] = cls;
  }
  return cls === WORD;
}

/** Length in code units of the word character at `i` (2 for a surrogate pair), or 0 if it is not one. */
function wordCharLength(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      const codePoint = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
      return WORD_CHAR.test(String.fromCodePoint(codePoint)) ? 2 : 0;
    }
  }
  return isWordUnit(code) ? 1 : 0;
}

/**
 * Turns texts into hashed feature vectors of one size. Reuses one accumulator across
 * calls: JavaScript runs one `vectorize` at a time, and the benchmark embeds 100k
 * fragments, where an allocation per text is measurable.
 */
export class HashingVectorizer {
  private readonly accumulator: Float64Array;

  constructor(
    readonly size: number,
    readonly options: HashingOptions,
  ) {
    this.accumulator = new Float64Array(size);
  }

  vectorize(input: string): number[] {
    const acc = this.accumulator;
    acc.fill(0);
    // NFKC folds compatibility forms (full-width letters, ligatures such as "ﬁ") and
    // composes accents, so visually identical words hash identically.
    let text = input.normalize('NFKC');
    if (this.options.lowercase) text = text.toLowerCase();

    const length = text.length;
    let i = 0;
    while (i < length) {
      let step = wordCharLength(text, i);
      if (step === 0) {
        i++;
        continue;
      }
      const start = i;
      do {
        i += step;
      } while (i < length && (step = wordCharLength(text, i)) > 0);
      this.addWord(text, start, i);
    }
    return this.normalised();
  }

  /** Adds the features of the word text[start, end). N-grams are over UTF-16 code units: the hash does not care. */
  private addWord(text: string, start: number, end: number): void {
    let h = UNIGRAM_SEED;
    for (let k = start; k < end; k++) h = Math.imul(h ^ text.charCodeAt(k), FNV_PRIME);
    this.addFeature(fmix32(h), UNIGRAM_WEIGHT);

    const n = this.options.ngram;
    const padded = end - start + 2;
    if (n === 0 || padded < n) return;
    for (let first = 0; first + n <= padded; first++) {
      h = NGRAM_SEED;
      for (let t = first; t < first + n; t++) {
        const code = t === 0 ? WORD_START : t === padded - 1 ? WORD_END : text.charCodeAt(start + t - 1);
        h = Math.imul(h ^ code, FNV_PRIME);
      }
      this.addFeature(fmix32(h), NGRAM_WEIGHT);
    }
  }

  private addFeature(hash: number, weight: number): void {
    // The low 31 bits choose the dimension, the sign bit the sign: independent after fmix32.
    this.accumulator[(hash & 0x7fffffff) % this.size] += hash < 0 ? -weight : weight;
  }

  private normalised(): number[] {
    const acc = this.accumulator;
    let sumOfSquares = 0;
    for (let k = 0; k < this.size; k++) sumOfSquares += acc[k] * acc[k];
    const out = new Array<number>(this.size).fill(0);
    if (sumOfSquares === 0) {
      // No word at all (empty, punctuation only), or features that cancelled exactly.
      // A zero vector would make pgvector's cosine distance NaN, so such texts get a
      // fixed unit vector instead: all alike, and equally far from everything else.
      out[0] = 1;
      return out;
    }
    const scale = 1 / Math.sqrt(sumOfSquares);
    for (let k = 0; k < this.size; k++) out[k] = acc[k] * scale;
    return out;
  }
}

// Embedding is synchronous CPU work; between slices this large the event loop gets to
// answer other requests, so a 100k-fragment ingestion does not freeze the server.
const TEXTS_PER_SLICE = 256;

class HashingEmbedder implements Embedder {
  readonly infallible = true;

  constructor(private readonly vectorizer: HashingVectorizer) {}

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const stopTimer = embeddingDuration.startTimer({ provider: 'hashing' });
    const vectors: number[][] = new Array(texts.length);
    for (let i = 0; i < texts.length; i++) {
      if (i > 0 && i % TEXTS_PER_SLICE === 0) {
        await yieldToEventLoop();
        signal?.throwIfAborted();
      }
      vectors[i] = this.vectorizer.vectorize(texts[i]);
    }
    stopTimer();
    return vectors;
  }
}

const PARAMETERS = ['ngram', 'lowercase'] as const;

export class HashingEmbeddingProvider implements EmbeddingProvider {
  readonly id = 'hashing';
  readonly description =
    'Built-in feature hashing of words and character n-grams: offline, deterministic and fast, ' +
    'matches shared words and word fragments, not meaning. Parameters: ngram (0-8, default 3), ' +
    'lowercase (default true).';
  readonly secretParameters: readonly string[] = [];
  readonly addressParameters: readonly string[] = [];

  normalizeParameters(size: number, parameters: unknown): HashingOptions & Record<string, unknown> {
    checkModelSize(size);
    const params = parameterObject(parameters, PARAMETERS, 'the hashing provider');
    return {
      ngram: integerParameter(params, 'ngram', { min: 0, max: 8, fallback: 3 }),
      lowercase: booleanParameter(params, 'lowercase', true),
    };
  }

  create(model: EmbeddingModelSpec): Embedder {
    // Normalised again so that a model stored before a parameter gained a default still works.
    const options = this.normalizeParameters(model.size, model.parameters);
    return new HashingEmbedder(new HashingVectorizer(model.size, options));
  }
}
