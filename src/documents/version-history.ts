/**
 * A document's history as a key with a classification allow-list sees it.
 *
 * Versions the key may not read do not exist for it, and that includes their times:
 * otherwise a document's `created_at`, or the `expired_at` of the version a hidden one
 * replaced, would tell the key when a hidden version was written (and versions are
 * timestamps, so it could then read them by guessing). For such a key a document
 * begins with the first version it may read, and a version it may read ends when the
 * next version it may read began.
 */
import { mayAccess } from './classification-access';

export interface VersionStart {
  version: number;
  classification: string;
  /** When the version was stored (its fragments' creation time). */
  startedAt: Date;
}

const byVersion = (history: VersionStart[]) => [...history].sort((a, b) => a.version - b.version);

/** The document's creation time for the key: when the first version it may read was stored. */
export function visibleCreation(history: VersionStart[], allowed: string[] | null, stored: Date): Date {
  if (allowed === null) return stored;
  return byVersion(history).find((v) => mayAccess(allowed, v.classification))?.startedAt ?? stored;
}

/**
 * When `version` (one the key may read) ended, for the key. A version replaced by a
 * hidden one ends, for the key, when the next version it may read began; a version
 * expired by a delete keeps the time of the delete.
 */
export function visibleExpiry(
  version: number,
  expiredAt: Date | null,
  history: VersionStart[],
  allowed: string[] | null,
): Date | null {
  if (expiredAt === null || allowed === null) return expiredAt;
  const later = byVersion(history).filter((v) => v.version > version);
  const next = later[0];
  const replacedByHidden =
    next !== undefined && !mayAccess(allowed, next.classification) && next.startedAt <= expiredAt;
  if (!replacedByHidden) return expiredAt;
  return later.find((v) => mayAccess(allowed, v.classification))?.startedAt ?? expiredAt;
}
