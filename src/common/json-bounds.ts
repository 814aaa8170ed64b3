/**
 * Bounds on the free-form JSON a client stores: a document's metadata, and the
 * JSON parts of other definitions (an agent's models, toolsets and knowledge, what a
 * chat turn records). TROVE_METADATA_MAX_BYTES is the one size for all of them: it
 * is what an operator sets to say how much unstructured JSON one object may carry.
 * Metadata is copied onto every fragment of its document and read back with each
 * search result, so its depth is bounded too; no filter could reach further anyway.
 */
import { invalid } from './errors';

export const MAX_METADATA_DEPTH = 32;

/** The refusal of a value over TROVE_METADATA_MAX_BYTES, naming the field. */
export function checkJsonSize(field: string, value: unknown, maxBytes: number): void {
  if (value === undefined) return;
  if (Buffer.byteLength(JSON.stringify(value) ?? '') > maxBytes)
    throw invalid(`${field}: must be at most ${maxBytes} bytes as JSON (TROVE_METADATA_MAX_BYTES)`);
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
  if (depthOf(metadata) > MAX_METADATA_DEPTH)
    throw invalid(`${field}: must not be nested more than ${MAX_METADATA_DEPTH} levels deep`);
  checkJsonSize(field, metadata, maxBytes);
}

/** Levels of objects and arrays: `{}` is 1, `{"a": [1]}` is 2. The edge guard already stopped anything past 64. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}
