import { v7 as uuidv7 } from 'uuid';
import { CommonErrorReason, invalid } from './errors';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Time-ordered ids: rows sort by creation, and keyset pages follow that order. */
export const newId = (): string => uuidv7();

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);

/** Validates an id from a path or body; a malformed id is a 422 naming the field, never a 500. */
export function requireUuid(value: unknown, field: string): string {
  if (!isUuid(value))
    throw invalid(CommonErrorReason.InvalidInput, `${field} must be a UUID, got ${JSON.stringify(value)}`);
  return value.toLowerCase();
}

/** Microseconds since the Unix epoch, strictly increasing within this process. */
let lastVersion = 0;
export function newVersion(): number {
  const now = Date.now() * 1000 + Math.floor((performance.now() % 1) * 1000);
  lastVersion = Math.max(now, lastVersion + 1);
  return lastVersion;
}
