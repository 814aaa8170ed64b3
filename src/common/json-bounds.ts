/**
 * Bounds on the free-form JSON a client stores: a document's metadata, and the
 * JSON parts of other definitions (an agent's models, toolsets and knowledge, what a
 * chat turn records). TROVE_METADATA_MAX_BYTES is the one size for all of them: it
 * is what an operator sets to say how much unstructured JSON one object may carry.
 * Metadata is copied onto every fragment of its document and read back with each
 * search result, so its depth is bounded too; no filter could reach further anyway.
 *
 * MAX_JSON_DEPTH bounds everything JSON Trove reads, request bodies (input-guard.ts)
 * and JSON files (files/parsing/json.parser.ts) alike: no request or document needs
 * more, and deeper values exhaust the stack of whatever walks them next (jsonb's
 * parser, JSON.stringify).
 */
import { CommonErrorReason, invalid } from './errors';

export const MAX_JSON_DEPTH = 64;
export const MAX_METADATA_DEPTH = 32;

/** The refusal of a value over TROVE_METADATA_MAX_BYTES, naming the field. */
export function checkJsonSize(field: string, value: unknown, maxBytes: number): void {
  if (value === undefined) return;
  if (Buffer.byteLength(JSON.stringify(value) ?? '') > maxBytes)
    throw invalid(
      CommonErrorReason.InvalidInput,
      `${field}: must be at most ${maxBytes} bytes as JSON (TROVE_METADATA_MAX_BYTES)`,
    );
}

/** checkJsonSize for each field of `values` that is present. */
export function checkJsonSizes(
  values: Record<string, unknown>,
  fields: readonly string[],
  maxBytes: number,
): void {
  for (const field of fields) checkJsonSize(field, values[field], maxBytes);
}

/** A document's metadata: at most MAX_METADATA_DEPTH levels, at most TROVE_METADATA_MAX_BYTES. */
export function checkMetadata(field: string, metadata: unknown, maxBytes: number): void {
  if (nestedDeeperThan(metadata, MAX_METADATA_DEPTH))
    throw invalid(
      CommonErrorReason.InvalidInput,
      `${field}: must not be nested more than ${MAX_METADATA_DEPTH} levels deep`,
    );
  checkJsonSize(field, metadata, maxBytes);
}

/**
 * Whether `value` has more than `levels` levels of objects and arrays (`{}` is 1,
 * `{"a": [1]}` is 2). Iterative, so that a value of any depth can be measured.
 */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > levels) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current))
      pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}
