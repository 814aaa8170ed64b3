/**
 * A document's history as a key with a classification allow-list sees it.
 *
 * Versions the key may not read do not exist for it, and that includes their times:
 * otherwise the `expired_at` of a version that a hidden one replaced would tell the key
 * when the hidden version was written. For such a key, a version it may read ends when
 * the next version it may read began.
 *
 * (A document's id and `created_at` still date its first version, whatever its
 * classification: ids are UUIDv7 by contract, so they carry that time anyway.)
 */
import { VersionStart } from '../fragments/fragment';
import { mayAccess } from '../pipelines/classification-access';

const byVersion = (history: VersionStart[]) => [...history].sort((a, b) => a.version - b.version);

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
