/**
 * The pieces of serde's deserialization that the tool arguments need, with
 * serde_json's error texts: `missing field `pipeline_id``,
 * `invalid type: string "5", expected u16`, `invalid value: integer `-1`, expected usize`,
 * `unknown variant `vector`, expected one of `query`, `similarity`, ...`.
 *
 * Values come from serde-json.ts, whose number facts tell integers from floats
 * the way serde_json's Value does.
 */
import { formatF64 } from './rust-json';
import { numberFact, NumberFact } from './serde-json';
import { parseRustUuid } from './rust-uuid';

export class DeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeError';
  }
}

/** Where a value sits: its parent and key, so number facts can be found. */
export interface Slot {
  parent: unknown;
  key: string | number;
  value: unknown;
}

export const slotOf = (parent: Record<string, unknown> | unknown[], key: string | number): Slot => ({
  parent,
  key,
  value: (parent as Record<string, unknown>)[key as string],
});

function factOf(slot: Slot): NumberFact {
  return (
    numberFact(slot.parent, slot.key) ?? {
      kind: Number.isInteger(slot.value) ? (Number(slot.value) < 0 ? 'i64' : 'u64') : 'f64',
      text: String(slot.value),
    }
  );
}

/** Rust's `{:?}` of a str, as serde prints `string "..."`. */
export function rustDebugString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code === 0) out += '\\0';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}

/** serde_json's rendering of the value it did not expect. */
export function unexpected(slot: Slot): string {
  const value = slot.value;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  if (typeof value === 'string') return `string ${rustDebugString(value)}`;
  if (typeof value === 'number') {
    const fact = factOf(slot);
    return fact.kind === 'f64' ? `floating point \`${formatF64(value)}\`` : `integer \`${fact.text}\``;
  }
  return Array.isArray(value) ? 'sequence' : 'map';
}

export const invalidType = (slot: Slot, expected: string) =>
  new DeError(`invalid type: ${unexpected(slot)}, expected ${expected}`);
export const invalidValue = (slot: Slot, expected: string) =>
  new DeError(`invalid value: ${unexpected(slot)}, expected ${expected}`);
export const missingField = (name: string) => new DeError(`missing field \`${name}\``);

export function deString(slot: Slot): string {
  if (typeof slot.value !== 'string') throw invalidType(slot, 'a string');
  return slot.value;
}

export function deOption<T>(slot: Slot, inner: (slot: Slot) => T): T | null {
  return slot.value === null || slot.value === undefined ? null : inner(slot);
}

/** An unsigned integer type (`usize`, `u16`), as BigInt-free number when it fits. */
export function deUnsigned(slot: Slot, name: 'usize' | 'u16'): number {
  if (typeof slot.value !== 'number') throw invalidType(slot, name);
  const fact = factOf(slot);
  if (fact.kind === 'f64') throw invalidType(slot, name);
  if (fact.kind === 'i64') throw invalidValue(slot, name);
  if (name === 'u16' && BigInt(fact.text) > 65535n) throw invalidValue(slot, name);
  // usize is 64 bits: larger than 2^53 still deserializes; JavaScript clamps it, which changes nothing for a limit.
  return Math.min(Number(fact.text), Number.MAX_SAFE_INTEGER);
}

export function deF64(slot: Slot): number {
  if (typeof slot.value !== 'number') throw invalidType(slot, 'f64');
  return slot.value;
}

export function deVecOfStrings(slot: Slot): string[] {
  if (!Array.isArray(slot.value)) throw invalidType(slot, 'a sequence');
  const items = slot.value;
  return items.map((_, index) => deString(slotOf(items, index)));
}

/** The `uuid` crate's serde impl: a string it can parse, else `UUID parsing failed: <reason>`. */
export function deUuid(slot: Slot): string {
  if (typeof slot.value !== 'string') throw invalidType(slot, 'a UUID string');
  const parsed = parseRustUuid(slot.value);
  if (!parsed.ok) throw new DeError(`UUID parsing failed: ${parsed.error}`);
  return parsed.uuid;
}

/**
 * A derived enum identifier (a variant name, or its index as serde allows).
 * Returns the variant's name.
 */
export function deVariant(slot: Slot, variants: readonly string[]): string {
  const value = slot.value;
  if (typeof value === 'string') {
    if (variants.includes(value)) return value;
    throw new DeError(
      `unknown variant \`${value}\`, expected one of ${variants.map((v) => `\`${v}\``).join(', ')}`,
    );
  }
  if (typeof value === 'number' && factOf(slot).kind === 'u64') {
    const index = BigInt(factOf(slot).text);
    if (index < BigInt(variants.length)) return variants[Number(index)];
    throw invalidValue(slot, `variant index 0 <= i < ${variants.length}`);
  }
  throw invalidType(slot, 'variant identifier');
}

/** A map's entries in serde_json::Map (BTreeMap) order: sorted by key bytes. */
export function sortedEntries(map: Record<string, unknown>): string[] {
  return Object.keys(map).sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** A struct deserialized from a map: each known field as it comes, unknown fields ignored. */
export function deStruct<T extends object>(
  slot: Slot,
  name: string,
  fields: { [K in keyof T]: (slot: Slot) => T[K] },
): Partial<T> {
  const value = slot.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidType(slot, `struct ${name}`);
  const map = value as Record<string, unknown>;
  const out: Partial<T> = {};
  for (const key of sortedEntries(map)) {
    if (!Object.prototype.hasOwnProperty.call(fields, key)) continue;
    out[key as keyof T] = fields[key as keyof T](slotOf(map, key));
  }
  return out;
}
