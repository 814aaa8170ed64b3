/**
 * JSON output as the published server writes it (serde_json over Rust types),
 * where JavaScript's JSON.stringify differs:
 *
 * - tool outputs go through serde_json::Value, whose maps are sorted, so every
 *   object of a tool output has its keys in alphabetical order;
 * - an f64 always shows a decimal point or an exponent (`1.0`, `1e-7`, `1e16`),
 *   in ryu's shortest form;
 * - envelopes (JSON-RPC, results) keep their field order, and parts already
 *   serialized are embedded verbatim (RawJson).
 */

/** A number that Rust holds as f64, whatever its value. */
export class F64 {
  constructor(readonly value: number) {}
}

/** JSON text to embed as is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** serde_json's (ryu's) rendering of a finite f64. */
export function formatF64(value: number): string {
  if (!Number.isFinite(value)) return 'null'; // serde_json writes NaN and infinities as null
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const length = digits.length;
  const kk = Number(exponentText) + 1; // position of the decimal point relative to the digits
  if (kk >= length && kk <= 16) return `${sign}${digits}${'0'.repeat(kk - length)}.0`;
  if (kk > 0 && kk <= 16) return `${sign}${digits.slice(0, kk)}.${digits.slice(kk)}`;
  if (kk > -5 && kk <= 0) return `${sign}0.${'0'.repeat(-kk)}${digits}`;
  const exponent = kk - 1;
  return length === 1 ? `${sign}${digits}e${exponent}` : `${sign}${digits[0]}.${digits.slice(1)}e${exponent}`;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? String(value) : formatF64(value);
}

/**
 * Serializes compactly. `sortKeys` sorts every plain object (tool outputs);
 * without it, objects keep their insertion order (envelopes).
 */
export function toJson(value: unknown, sortKeys = false): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof F64) return formatF64(value.value);
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return formatNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return 'null';
  }
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item, sortKeys)).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (sortKeys) entries.sort(([a], [b]) => compareUtf8(a, b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v, sortKeys)}`).join(',')}}`;
}

/** BTreeMap<String, _> order: by UTF-8 bytes. */
export function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
