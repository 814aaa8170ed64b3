import { formatF64, F64, RawJson, toJson } from './rust-json';
import { parseRustUuid } from './rust-uuid';
import {
  deStruct,
  DeError,
  deUnsigned,
  deVariant,
  deUuid,
  slotOf,
  deString,
  deVecOfStrings,
} from './serde-de';
import { JsonSyntaxError, numberFact, parseJson } from './serde-json';

const syntaxError = (text: string): string => {
  try {
    const parsed = parseJson(Buffer.from(text, 'utf8'));
    parsed.end();
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error.message;
    throw error;
  }
  return 'ok';
};

describe('serde_json syntax errors (IoRead positions)', () => {
  it.each([
    ['', 'EOF while parsing a value at line 1 column 0'],
    ['   ', 'EOF while parsing a value at line 1 column 3'],
    ['{', 'EOF while parsing an object at line 1 column 1'],
    ['[', 'EOF while parsing a list at line 1 column 1'],
    ['x', 'expected value at line 1 column 1'],
    ['[1,]', 'trailing comma at line 1 column 4'],
    ['{"a":1,}', 'trailing comma at line 1 column 8'],
    ['{"a" 1}', 'expected `:` at line 1 column 6'],
    ['{"a"', 'EOF while parsing an object at line 1 column 4'],
    ['[1 2]', 'expected `,` or `]` at line 1 column 4'],
    ['{"a":1 "b":2}', 'expected `,` or `}` at line 1 column 8'],
    ['{a:1}', 'key must be a string at line 1 column 2'],
    ['tru', 'EOF while parsing a value at line 1 column 3'],
    ['trux', 'expected ident at line 1 column 4'],
    ['{}x', 'trailing characters at line 1 column 3'],
    ['{} \n x', 'trailing characters at line 2 column 2'],
    ['01', 'invalid number at line 1 column 2'],
    ['1.', 'EOF while parsing a value at line 1 column 2'],
    ['1.x', 'invalid number at line 1 column 3'],
    ['1e', 'EOF while parsing a value at line 1 column 2'],
    ['-', 'EOF while parsing a value at line 1 column 1'],
    ['-x', 'invalid number at line 1 column 2'],
    ['1e999', 'number out of range at line 1 column 5'],
    ['"abc', 'EOF while parsing a string at line 1 column 4'],
    ['"a\\qb"', 'invalid escape at line 1 column 4'],
    ['"a\u0001"', 'control character (\\u0000-\\u001F) found while parsing a string at line 1 column 3'],
    ['"\\udc00"', 'lone leading surrogate in hex escape at line 1 column 7'],
    ['"\\ud800x"', 'unexpected end of hex escape at line 1 column 8'],
    ['{\n"a" 1}', 'expected `:` at line 2 column 5'],
    ['['.repeat(128), 'recursion limit exceeded at line 1 column 128'],
    ['{"jsonrpc": "2.0"}', 'ok'],
    ['"\\ud83d\\ude00"', 'ok'],
  ])('%j', (text, message) => {
    expect(syntaxError(text)).toBe(message);
  });

  it('reports invalid UTF-8 inside a string at the closing quote', () => {
    const bytes = Buffer.concat([Buffer.from('"a'), Buffer.from([0xff]), Buffer.from('"')]);
    expect(() => parseJson(bytes)).toThrow('invalid unicode code point at line 1 column 4');
  });

  it('parses values and keeps the number kinds serde sees', () => {
    const { value } = parseJson(
      Buffer.from('{"a": 5, "b": 5.0, "c": -3, "d": 1e2, "e": 18446744073709551616, "s": "\\u00e9\\n"}'),
    );
    expect(value).toEqual({ a: 5, b: 5, c: -3, d: 100, e: 18446744073709551616, s: 'é\n' });
    expect(numberFact(value, 'a')).toEqual({ kind: 'u64', text: '5' });
    expect(numberFact(value, 'b')).toEqual({ kind: 'f64', text: '5.0' });
    expect(numberFact(value, 'c')).toEqual({ kind: 'i64', text: '-3' });
    expect(numberFact(value, 'd')?.kind).toBe('f64');
    expect(numberFact(value, 'e')?.kind).toBe('f64');
    expect(JSON.stringify(value)).toBe('{"a":5,"b":5,"c":-3,"d":100,"e":18446744073709552000,"s":"é\\n"}');
  });

  it('keeps the last value of a repeated key', () => {
    expect(parseJson(Buffer.from('{"k": "x", "k": 2}')).value).toEqual({ k: 2 });
  });
});

describe('f64 rendering (ryu, as serde_json writes it)', () => {
  it.each([
    [0.6444976753595035, '0.6444976753595035'],
    [1, '1.0'],
    [0, '0.0'],
    [-2.5, '-2.5'],
    [1e-7, '1e-7'],
    [1.5e-7, '1.5e-7'],
    [0.00001, '0.00001'],
    [0.000001, '1e-6'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e16'],
    [1.2345e20, '1.2345e20'],
    [123.456, '123.456'],
  ])('%p → %s', (value, text) => {
    expect(formatF64(value)).toBe(text);
  });

  it('serializes envelopes in order, tool outputs sorted, f64 marked', () => {
    const output = toJson({ b: { d: 1, c: [new F64(1)] }, a: null }, true);
    expect(output).toBe('{"a":null,"b":{"c":[1.0],"d":1}}');
    expect(toJson({ z: 1, a: new RawJson('{"x":1}') })).toBe('{"z":1,"a":{"x":1}}');
  });
});

describe('uuid crate parse errors', () => {
  it.each([
    ['abc', 'invalid length: found 3'],
    ['', 'invalid length: found 0'],
    ['zzz', 'invalid character: found `z` at 0'],
    ['c4a7e2d1-6b3f-4f8e-a2d9-7e1b5c3f9a0z', 'invalid character: found `z` at 35'],
    ['c4a7e2d1-6b3f', 'invalid group count: expected 5, found 2'],
    ['c4a7e2d1-6b3-4f8e-a2d9-7e1b5c3f9a06', 'invalid group length in group 1: expected 4, found 3'],
    ['c4a7e2d1-6b3f-4f8e-a2d9-7e1b5c3f9a0600', 'invalid group length in group 4: expected 12, found 14'],
    ['{c4a7e2d1-6b3f-4f8e-a2d9-7e1b5c3f9a0}', 'invalid group length in group 4: expected 12, found 13'],
    ['x'.repeat(46), 'invalid length: found 46'],
  ])('%j → %s', (input, message) => {
    expect(parseRustUuid(input)).toEqual({ ok: false, error: message });
  });

  it.each([
    ['C4A7E2D1-6B3F-4F8E-A2D9-7E1B5C3F9A06'],
    ['c4a7e2d16b3f4f8ea2d97e1b5c3f9a06'],
    ['{c4a7e2d1-6b3f-4f8e-a2d9-7e1b5c3f9a06}'],
    ['urn:uuid:c4a7e2d1-6b3f-4f8e-a2d9-7e1b5c3f9a06'],
  ])('accepts %s', (input) => {
    expect(parseRustUuid(input)).toEqual({ ok: true, uuid: 'c4a7e2d1-6b3f-4f8e-a2d9-7e1b5c3f9a06' });
  });
});

describe('serde deserialization errors', () => {
  const root = (text: string) => parseJson(Buffer.from(text)).value as Record<string, unknown>;
  const fail = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof DeError) return error.message;
      throw error;
    }
    return 'ok';
  };

  it('names the Rust types', () => {
    const map = root(
      '{"s": "5", "neg": -1, "f": 5.0, "big": 70000, "t": true, "n": null, "arr": [1], "obj": {}}',
    );
    expect(fail(() => deUnsigned(slotOf(map, 's'), 'u16'))).toBe('invalid type: string "5", expected u16');
    expect(fail(() => deUnsigned(slotOf(map, 'neg'), 'usize'))).toBe(
      'invalid value: integer `-1`, expected usize',
    );
    expect(fail(() => deUnsigned(slotOf(map, 'f'), 'usize'))).toBe(
      'invalid type: floating point `5.0`, expected usize',
    );
    expect(fail(() => deUnsigned(slotOf(map, 'big'), 'u16'))).toBe(
      'invalid value: integer `70000`, expected u16',
    );
    expect(fail(() => deString(slotOf(map, 't')))).toBe('invalid type: boolean `true`, expected a string');
    expect(fail(() => deString(slotOf(map, 'n')))).toBe('invalid type: null, expected a string');
    expect(fail(() => deString(slotOf(map, 'arr')))).toBe('invalid type: sequence, expected a string');
    expect(fail(() => deVecOfStrings(slotOf(map, 'obj')))).toBe('invalid type: map, expected a sequence');
    expect(fail(() => deVecOfStrings(slotOf(map, 'arr')))).toBe(
      'invalid type: integer `1`, expected a string',
    );
    expect(fail(() => deUuid(slotOf(map, 's')))).toBe('UUID parsing failed: invalid length: found 1');
    expect(fail(() => deStruct(slotOf(map, 's'), 'Params', {}))).toBe(
      'invalid type: string "5", expected struct Params',
    );
  });

  it('identifies enum variants by name or index', () => {
    const variants = ['query', 'similarity', 'search', 'hybrid', 'mmr', 'history'];
    const map = root('{"a": "vector", "b": 1, "c": 6, "d": false}');
    expect(fail(() => deVariant(slotOf(map, 'a'), variants))).toBe(
      'unknown variant `vector`, expected one of `query`, `similarity`, `search`, `hybrid`, `mmr`, `history`',
    );
    expect(deVariant(slotOf(map, 'b'), variants)).toBe('similarity');
    expect(fail(() => deVariant(slotOf(map, 'c'), variants))).toBe(
      'invalid value: integer `6`, expected variant index 0 <= i < 6',
    );
    expect(fail(() => deVariant(slotOf(map, 'd'), variants))).toBe(
      'invalid type: boolean `false`, expected variant identifier',
    );
  });
});
