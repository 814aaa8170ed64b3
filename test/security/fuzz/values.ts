/**
 * The values the fuzz test builds its requests from: strings that have broken
 * servers before (NUL, lone surrogates, path tricks, SQL, operators, very long text),
 * JSON values made of them, and bodies that are not JSON at all.
 */
import fc from 'fast-check';

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀',
  'é',
  '%00',
  '../../etc/passwd',
  // Names every plain object answers to: a lookup by a client's name must find nothing.
  'constructor',
  '__proto__',
  "'; DROP TABLE pipelines; --",
  '$eq',
  '*',
  'x'.repeat(10_000),
  'word '.repeat(200),
  '\n\r\t',
  '01900000-0000-7000-8000-000000000001',
  '<b>markup</b> %s',
  '0123456789abcdef01234567',
];

export const weirdString = fc.oneof(
  { arbitrary: fc.constantFrom(...WEIRD_STRINGS), weight: 3 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);

export const { value: weirdValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { arbitrary: weirdString, weight: 4 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.constantFrom(null, true, false, 1e308, -1, 0, 65536, 2 ** 53 + 1, 0.5), weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(weirdString, tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
}));

/** JSON text `levels` arrays deep. */
export function nested(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

/** JSON texts that break a rule only once parsed: NUL, a lone surrogate, depth, size. */
export const JSON_TRAPS = [
  '{"k":"a\\u0000b"}',
  '{"a\\u0000b":1}',
  '{"k":"\\ud800"}',
  `{"k":${nested(70)}}`,
  `{"k":${nested(20)}}`,
  JSON.stringify({ big: 'm'.repeat(70_000) }),
  JSON.stringify({ wide: Array.from({ length: 5000 }, (_, i) => i) }),
];

export const MALFORMED_BODIES = [
  '{',
  '{"a":',
  '[1,]',
  'null',
  '""',
  '0',
  'NaN',
  '1e99999',
  '{"a":1}{"b":2}',
  nested(100_000),
];

export const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

/** Encodes for a URL; a lone surrogate (which encodeURIComponent refuses) becomes its raw, invalid UTF-8 escape. */
export const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** A 24-hex id of the agents API (conversations, messages, attachments): well-formed, naming nothing. */
export const objectId = fc
  .array(fc.constantFrom(...'0123456789abcdef'), { minLength: 24, maxLength: 24 })
  .map((digits) => digits.join(''));
