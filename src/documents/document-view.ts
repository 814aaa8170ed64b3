/**
 * How documents look in answers. Keys in alphabetical order, like every view, and so
 * is every key of a document's metadata.
 */
import { sortKeysDeep } from '../common/sort-keys';
import { VersionSummary } from '../fragments/fragment';
import { DocumentRow } from './documents.repository';

export interface DocumentView {
  classification: string;
  created_at: string;
  expired_at: string | null;
  external_id: string | null;
  fragment_count: number;
  id: string;
  metadata: Record<string, unknown>;
  pipeline_id: string;
  text_splitter_id: string;
  updated_at: string;
  version: number;
}

/** What a key without read permission learns of a document it expired. */
export interface ExpiryView {
  expired_at: string | null;
  id: string;
}

/** One version of a document, as a key sees it (`expired_at` from version-history.ts). */
export interface VersionView {
  classification: string;
  created_at: string;
  expired: boolean;
  expired_at: string | null;
  fragment_count: number;
  version: number;
}

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
