/**
 * How documents look in answers. Keys in alphabetical order, like every view, and so
 * is every key of a document's metadata.
 */
import { sortKeysDeep } from '../common/sort-keys';
import { VersionSummary } from '../fragments/fragment';
import { DocumentRow } from './documents.repository';
import { DocumentView, ExpiryView, VersionView } from './documents.wire';

export function presentDocument(row: DocumentRow): DocumentView {
  return {
    classification: row.classification,
    created_at: row.created_at.toISOString(),
    expired_at: row.expired_at ? row.expired_at.toISOString() : null,
    external_id: row.external_id,
    fragment_count: row.fragment_count,
    id: row.id,
    metadata: sortKeysDeep(row.metadata),
    pipeline_id: row.pipeline_id,
    text_splitter_id: row.text_splitter_id,
    updated_at: row.updated_at.toISOString(),
    version: Number(row.version),
  };
}

export function presentExpiry(row: Pick<DocumentRow, 'id' | 'expired_at'>): ExpiryView {
  return { expired_at: row.expired_at ? row.expired_at.toISOString() : null, id: row.id };
}

/** `expiredAt`: when the version ended for the key (visibleExpiry), not necessarily the stored time. */
export function presentVersion(version: VersionSummary, expiredAt: Date | null): VersionView {
  return {
    classification: version.classification,
    created_at: version.startedAt.toISOString(),
    expired: expiredAt !== null,
    expired_at: expiredAt ? expiredAt.toISOString() : null,
    fragment_count: version.fragmentCount,
    version: version.version,
  };
}
