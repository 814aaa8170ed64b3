/**
 * `Uuid::parse_str` of the Rust `uuid` crate (1.23): the forms it accepts and,
 * for anything else, the parser message the MCP page publishes
 * (`invalid length: found 3`, `invalid character: found `z` at 0`,
 * `invalid group count: expected 5, found 2`,
 * `invalid group length in group 1: expected 4, found 3`).
 */

export type UuidParse = { ok: true; uuid: string } | { ok: false; error: string };

const HEX = /^[0-9a-fA-F]+$/;
const HYPHENATED = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Accepts simple, hyphenated, braced and URN forms; returns the canonical lowercase hyphenated form. */
export function parseRustUuid(input: string): UuidParse {
  let hyphenated: string | null = null;
  if (input.length === 32 && HEX.test(input)) {
    hyphenated = `${input.slice(0, 8)}-${input.slice(8, 12)}-${input.slice(12, 16)}-${input.slice(16, 20)}-${input.slice(20)}`;
  } else if (input.length === 36 && HYPHENATED.test(input)) {
    hyphenated = input;
  } else if (
    input.length === 38 &&
    input.startsWith('{') &&
    input.endsWith('}') &&
    HYPHENATED.test(input.slice(1, -1))
  ) {
    hyphenated = input.slice(1, -1);
  } else if (input.length === 45 && input.startsWith('urn:uuid:') && HYPHENATED.test(input.slice(9))) {
    hyphenated = input.slice(9);
  }
  if (hyphenated !== null) return { ok: true, uuid: hyphenated.toLowerCase() };
  return { ok: false, error: describeInvalid(input) };
}

/** `InvalidUuid::into_err` for `RequestedUuid::Any`; offsets and lengths are in UTF-8 bytes. */
function describeInvalid(input: string): string {
  const bytes = Buffer.from(input, 'utf8');
  if (bytes.length === 0 || bytes.length > 45) return `invalid length: found ${bytes.length}`;
  let start = 0;
  let end = bytes.length;
  let form: 'any' | 'hyphenated' | 'braced' | 'urn' = 'any';
  if (bytes.length >= 2 && bytes[0] === 0x7b && bytes[bytes.length - 1] === 0x7d) {
    start = 1;
    end = bytes.length - 1;
    form = 'braced';
  } else if (input.startsWith('urn:uuid:')) {
    start = 9;
    form = 'urn';
  }
  let hyphens = 0;
  const bounds = [0, 0, 0, 0];
  let offset = start;
  for (const character of bytes.subarray(start, end).toString('utf8')) {
    const index = offset - start;
    offset += Buffer.byteLength(character, 'utf8');
    // The crate looks at the low byte of each character.
    const low = String.fromCharCode(character.codePointAt(0)! & 0xff).toLowerCase();
    if (/[0-9a-f]/.test(low)) continue;
    if (low === '-') {
      if (form === 'any') form = 'hyphenated';
      if (hyphens < 4) bounds[hyphens] = index;
      hyphens += 1;
      continue;
    }
    return `invalid character: found \`${character}\` at ${index + start}`;
  }
  if (form === 'any') return `invalid length: found ${bytes.length}`;
  if (hyphens !== 4) return `invalid group count: expected 5, found ${hyphens + 1}`;
  const starts = [0, 9, 14, 19, 24];
  const expected = [8, 4, 4, 4, 12];
  for (let group = 0; group < 4; group++) {
    if (bounds[group] !== starts[group + 1] - 1) {
      return `invalid group length in group ${group}: expected ${expected[group]}, found ${bounds[group] - starts[group]}`;
    }
  }
  return `invalid group length in group 4: expected 12, found ${bytes.length - starts[4]}`;
}
