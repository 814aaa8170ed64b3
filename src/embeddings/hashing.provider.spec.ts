import { invalidMessage } from '../../test/support/domain-errors';
import { EmbeddingModelSpec } from './embedding-provider';
import { HashingEmbeddingProvider, HashingVectorizer } from './hashing.provider';

const provider = new HashingEmbeddingProvider();
const model = (size: number, parameters: Record<string, unknown> = {}): EmbeddingModelSpec => ({
  id: 'm1',
  name: 'hash',
  provider: 'hashing',
  size,
  parameters: provider.normalizeParameters(size, parameters),
});
const vectorize = (text: string, size = 256, options = { ngram: 3, lowercase: true }) =>
  new HashingVectorizer(size, options).vectorize(text);
const norm = (v: number[]) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i], 0) / (norm(a) * norm(b));

describe('HashingVectorizer', () => {
  it('is deterministic across calls and instances', () => {
    const text = 'Trove retrieves knowledge fragments with pgvector.';
    const first = new HashingVectorizer(128, { ngram: 3, lowercase: true });
    const a = first.vectorize(text);
    first.vectorize('something else entirely, to dirty the scratch buffer');
    expect(first.vectorize(text)).toEqual(a);
    expect(vectorize(text, 128)).toEqual(a);
  });

  // The vectors are stored: this pins the format, so that a change to the hash, the
  // tokeniser or the weights shows up here and not as silently worse search results.
  it('keeps the stored format', () => {
    const rounded = (text: string, size: number) =>
      vectorize(text, size).map((x) => Math.round(x * 1e6) / 1e6);
    expect(rounded('Hello, World! Hello again.', 8)).toEqual(PINNED.helloAt8);
    expect(rounded('Hello, World! Hello again.', 10)).toEqual(PINNED.helloAt10);
    expect(rounded('Ünïcödé 日本語 😀 ﬁle', 10)).toEqual(PINNED.unicodeAt10);
  });

  it.each([
    'short',
    'A longer sentence, with punctuation; and numbers 12345.',
    'Ünïcödé 日本語のテキスト emoji 😀 ok',
  ])('returns unit vectors (%s)', (text) => {
    expect(Math.abs(norm(vectorize(text)) - 1)).toBeLessThan(1e-9);
  });

  it.each([1, 7, 256, 2000])('returns exactly size dimensions (%i)', (size) => {
    const v = vectorize('some text to embed', size);
    expect(v).toHaveLength(size);
    expect(v.every(Number.isFinite)).toBe(true);
  });

  it('places similar texts closer than unrelated ones', () => {
    const query = vectorize('How do I rotate the encryption key?');
    const related = vectorize('Rotating encryption keys: prepend the new key and keep the old ones.');
    const unrelated = vectorize('The quarterly sales report shows growth in European markets.');
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.1);
  });

  it('matches inflections and typos through character n-grams, not without them', () => {
    const withNgrams = cosine(vectorize('retrieval indexes'), vectorize('retreival index'));
    const withoutNgrams = cosine(
      vectorize('retrieval indexes', 256, { ngram: 0, lowercase: true }),
      vectorize('retreival index', 256, { ngram: 0, lowercase: true }),
    );
    expect(withNgrams).toBeGreaterThan(0.3);
    expect(Math.abs(withoutNgrams)).toBeLessThan(0.2);
  });

  it('folds case unless told not to, and Unicode compatibility forms always', () => {
    expect(vectorize('Hello WORLD')).toEqual(vectorize('hello world'));
    const caseSensitive = { ngram: 3, lowercase: false };
    expect(vectorize('Hello', 256, caseSensitive)).not.toEqual(vectorize('hello', 256, caseSensitive));
    expect(vectorize('ﬁle')).toEqual(vectorize('file'));
    expect(vectorize('ｔｒｏｖｅ')).toEqual(vectorize('trove'));
    expect(vectorize('cafe\u0301')).toEqual(vectorize('café'));
  });

  it('tokenises on anything but letters, digits and marks', () => {
    expect(vectorize('alpha-beta/gamma')).toEqual(vectorize('alpha beta gamma'));
    expect(vectorize('naïve')).not.toEqual(vectorize('na ve'));
  });

  it('gives texts without words a fixed unit vector, not a zero vector', () => {
    const fallback = [1, ...new Array(15).fill(0)];
    expect(vectorize('', 16)).toEqual(fallback);
    expect(vectorize('  ... !!! — ', 16)).toEqual(fallback);
  });
});

describe('HashingEmbeddingProvider', () => {
  it('fills in defaults', () => {
    expect(provider.normalizeParameters(256, {})).toEqual({ ngram: 3, lowercase: true });
    expect(provider.normalizeParameters(256, null)).toEqual({ ngram: 3, lowercase: true });
    expect(provider.normalizeParameters(256, { ngram: 0, lowercase: false })).toEqual({
      ngram: 0,
      lowercase: false,
    });
  });

  it('refuses bad parameters, naming the field', () => {
    expect(invalidMessage(() => provider.normalizeParameters(256, { ngram: 9 }))).toBe(
      'parameters.ngram must be an integer from 0 to 8',
    );
    expect(invalidMessage(() => provider.normalizeParameters(256, { ngram: '3' }))).toBe(
      'parameters.ngram must be an integer from 0 to 8',
    );
    expect(invalidMessage(() => provider.normalizeParameters(256, { ngram: 2.5 }))).toMatch(
      /^parameters\.ngram/,
    );
    expect(invalidMessage(() => provider.normalizeParameters(256, { lowercase: 'yes' }))).toBe(
      'parameters.lowercase must be true or false',
    );
    expect(invalidMessage(() => provider.normalizeParameters(256, { ngrams: 3 }))).toBe(
      'parameters.ngrams is not a parameter of the hashing provider; expected ngram, lowercase',
    );
    expect(invalidMessage(() => provider.normalizeParameters(256, [1]))).toBe('parameters must be an object');
  });

  it.each([0, -1, 4001, 16000, 1.5, Number.NaN])('refuses size %p', (size) => {
    expect(invalidMessage(() => provider.normalizeParameters(size, {}))).toMatch(
      /^size must be an integer from 1 to 4000/,
    );
  });

  it('embeds in order, in slices, identically to the vectorizer', async () => {
    const texts = Array.from({ length: 600 }, (_, i) => `fragment number ${i} about topic ${i % 7}`);
    const vectors = await provider.create(model(32)).embed(texts);
    expect(vectors).toHaveLength(600);
    expect(vectors[599]).toEqual(vectorize(texts[599], 32));
    expect(vectors[0]).toEqual(vectorize(texts[0], 32));
  });

  it('applies the model parameters', async () => {
    const [caseSensitive] = await provider.create(model(32, { lowercase: false })).embed(['Hello']);
    expect(caseSensitive).toEqual(vectorize('Hello', 32, { ngram: 3, lowercase: false }));
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const texts = new Array(1000).fill('some text');
    const pending = provider.create(model(32)).embed(texts, controller.signal);
    controller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
  });
});

// Computed once from the implementation; see 'keeps the stored format'.
const PINNED = {
  helloAt8: [0.416025, 0.5547, -0.27735, -0.27735, 0.138675, 0.138675, -0.138675, -0.5547],
  helloAt10: [0, 0.262613, -0.525226, 0, 0.393919, 0.131306, 0.131306, -0.656532, 0.131306, 0.131306],
  unicodeAt10: [0.342997, 0.514496, 0, -0.171499, 0, 0.171499, -0.171499, -0.685994, 0.171499, -0.171499],
};
