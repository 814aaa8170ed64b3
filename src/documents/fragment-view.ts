/**
 * How fragments and documents look in answers. Keys are in alphabetical order, as
 * the published Fragment is (MCP serialises answers key by key), and so is every
 * key of a document's metadata: PostgreSQL's jsonb keeps its own order (shorter
 * keys first), which is not one a reader expects.
 */
import { ContentCipherCore } from './content-cipher';
import { DocumentRow, FragmentRow } from './documents.repository';

export interface FragmentView {
  classification: string;
  document_id: string;
  expired_at: string | null;
  id: string;
  metadata: Record<string, unknown>;
  order_id: number;
  page_content?: string;
  version: number;
}

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

/** The additional authenticated data that binds a fragment's ciphertext to its row. */
export const fragmentAad = (fragmentId: string) => `fragment:${fragmentId}`;

export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeysDeep) as T;
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted as T;
}

export function decryptFragment(
  cipher: ContentCipherCore,
  row: Pick<FragmentRow, 'id' | 'content' | 'content_key_id'>,
): string {
  return cipher.openText({ data: row.content, keyId: row.content_key_id }, fragmentAad(row.id));
}

export function presentFragment(row: FragmentRow, text: string): FragmentView {
  return {
    classification: row.classification,
    document_id: row.document_id,
    expired_at: row.expired_at ? row.expired_at.toISOString() : null,
    id: row.id,
    metadata: sortKeysDeep(row.metadata),
    order_id: row.order_id,
    ...(text === '' ? {} : { page_content: text }),
    version: Number(row.version),
  };
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
