import { formatPath, jsonInputProblem, queryInputProblem } from './input-guard';
import { MAX_JSON_DEPTH } from './json-bounds';

describe('input guard', () => {
  it('names fields as the validation messages do, quoting keys that are not names', () => {
    expect(formatPath(['grants', 0, 'classifications', 1])).toBe('grants[0].classifications[1]');
    expect(formatPath([3, 'content'])).toBe('[3].content');
    expect(formatPath(['metadata', 'a.b', 'x y'])).toBe('metadata["a.b"]["x y"]');
    expect(formatPath(['metadata', 'a\u0000'])).toBe('metadata["a\\u0000"]');
  });

  it('finds NUL characters and lone surrogates in values and keys, anywhere', () => {
    expect(jsonInputProblem({ a: [{ b: 'x\u0000' }] })).toBe(
      'a[0].b: must not contain NUL characters (\\u0000)',
    );
    expect(jsonInputProblem({ a: { 'k\u0000': 1 } })).toBe(
      'a["k\\u0000"]: must not contain NUL characters (\\u0000)',
    );
    expect(jsonInputProblem(['\udc00'])).toBe(
      '[0]: must be valid Unicode (it holds a lone UTF-16 surrogate)',
    );
    expect(jsonInputProblem({ s: '\ud800x' })).toBe(
      's: must be valid Unicode (it holds a lone UTF-16 surrogate)',
    );
    expect(jsonInputProblem('\u0000')).toBe('body: must not contain NUL characters (\\u0000)');
    expect(jsonInputProblem({ ok: 'emoji 😀 and ✓', n: 1, b: null, t: true })).toBeNull();
  });

  it('refuses nesting beyond the limit without overflowing its own stack', () => {
    const nest = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(jsonInputProblem(nest(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonInputProblem(nest(MAX_JSON_DEPTH + 1))).toBe(
      `[0][0][0][0][0][0][0][0]…: must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
    expect(jsonInputProblem(nest(200_000))).toMatch(/must not be nested/);
  });

  it('checks query parameters, repeated ones included', () => {
    expect(queryInputProblem({ name$eq: ['ok', 'a\u0000'] })).toBe(
      'query parameter name$eq: must not contain NUL characters (\\u0000)',
    );
    expect(queryInputProblem({ limit: '10' })).toBeNull();
  });
});
