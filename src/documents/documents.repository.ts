/**
 * SQL of documents and their fragments and vectors. Writes take the transaction of
 * the caller, so one ingestion is one transaction however many documents it holds.
 */
import { Injectable } from '@nestjs/common';
import { toSql } from 'pgvector';
import { DatabaseService, Queryable } from '../database/database.service';
import { filterToSql, keysetSql, ListQuery } from '../common/list';

/** The text search configuration of fragments' `search_vector` and of full-text queries. */
export const TEXT_SEARCH_CONFIG = 'english';

export interface DocumentRow {
  id: string;
  pipeline_id: string;
  external_id: string | null;
  classification: string;
  metadata: Record<string, unknown>;
  version: string; // bigint
  text_splitter_id: string;
  fragment_count: number;
  created_at: Date;
  updated_at: Date;
  expired_at: Date | null;
}

export interface FragmentRow {
  id: string;
  document_id: string;
  order_id: number;
  version: string; // bigint
  classification: string;
  metadata: Record<string, unknown>;
  content: Buffer;
  content_key_id: string;
  expired_at: Date | null;
}

export interface NewDocument {
  id: string;
  pipelineId: string;
  externalId: string | null;
  classification: string;
  metadata: Record<string, unknown>;
  version: number;
  textSplitterId: string;
  fragmentCount: number;
}

export interface NewFragment {
  id: string;
  documentId: string;
  orderId: number;
  version: number;
  classification: string;
  metadata: Record<string, unknown>;
  content: Buffer;
  contentKeyId: string;
  /** The plaintext, only for pipelines with full-text search (it becomes lexemes, never stored as text). */
  text: string | null;
}

const DOCUMENT_COLUMNS = `d.id, d.pipeline_id, d.external_id, d.classification, d.metadata, d.version, d.text_splitter_id,
  d.fragment_count, d.created_at, d.updated_at, d.expired_at`;
export const FRAGMENT_COLUMNS = `f.id, f.document_id, f.order_id, f.version, f.classification, f.metadata, f.content,
  f.content_key_id, f.expired_at`;

/** The document list's filterable fields and their SQL. */
export const DOCUMENT_FILTERS = {
  external_id: ['eq', 'ne', 'contains', 'startswith', 'endswith', 'in'],
  classification: ['eq', 'ne', 'in'],
  version: ['eq', 'gt', 'gte', 'lt', 'lte'],
  expired: ['eq'],
} as const;

@Injectable()
export class DocumentsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Holds the pipeline row for the rest of the transaction (shared: ingestions do not
   * block each other) so its classifications cannot be removed under a document
   * being stored. Null when the pipeline is gone.
   */
  async lockPipeline(pipelineId: string, tx: Queryable): Promise<{ classifications: string[] } | null> {
    const rows = await tx.query<{ classifications: string[] }>(
      `SELECT classifications FROM pipelines WHERE id = $1 FOR SHARE`,
      [pipelineId],
    );
    return rows[0] ?? null;
  }

  /**
   * Inserts documents, or, for those whose external id exists in the pipeline, makes
   * the existing one a new version (live again if it was expired). A version never
   * goes backwards, even if another replica's clock is behind. Returns the stored
   * rows in input order.
   *
   * One statement per round: a statement may touch a row only once, so an external
   * id repeated in the batch goes to the next round, where it versions the row the
   * previous round wrote.
   */
  async upsertMany(docs: NewDocument[], tx: Queryable): Promise<DocumentRow[]> {
    const stored = new Array<DocumentRow>(docs.length);
    let pending = docs.map((doc, index) => ({ doc, index }));
    while (pending.length > 0) {
      const seen = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const item of pending) {
        const key = item.doc.externalId;
        if (key !== null && seen.has(key)) later.push(item);
        else {
          if (key !== null) seen.add(key);
          round.push(item);
        }
      }
      const rows = await this.upsertRound(
        round.map((item) => item.doc),
        tx,
      );
      const byKey = new Map(
        rows.map((row) => [row.external_id === null ? `id:${row.id}` : `ext:${row.external_id}`, row]),
      );
      for (const { doc, index } of round) {
        stored[index] = byKey.get(doc.externalId === null ? `id:${doc.id}` : `ext:${doc.externalId}`)!;
      }
      pending = later;
    }
    return stored;
  }

  private upsertRound(docs: NewDocument[], tx: Queryable): Promise<DocumentRow[]> {
    return tx.query<DocumentRow>(
      `INSERT INTO documents AS d (id, pipeline_id, external_id, classification, metadata, version, text_splitter_id, fragment_count)
       SELECT u.id, $1, u.external_id, u.classification, u.metadata, u.version, u.text_splitter_id, u.fragment_count
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::jsonb[], $6::bigint[], $7::uuid[], $8::int[])
         AS u(id, external_id, classification, metadata, version, text_splitter_id, fragment_count)
       ON CONFLICT (pipeline_id, external_id) WHERE external_id IS NOT NULL DO UPDATE SET
         classification = EXCLUDED.classification,
         metadata = EXCLUDED.metadata,
         version = GREATEST(EXCLUDED.version, d.version + 1),
         text_splitter_id = EXCLUDED.text_splitter_id,
         fragment_count = EXCLUDED.fragment_count,
         updated_at = now(),
         expired_at = NULL
       RETURNING ${DOCUMENT_COLUMNS}`,
      [
        docs[0].pipelineId,
        docs.map((d) => d.id),
        docs.map((d) => d.externalId),
        docs.map((d) => d.classification),
        docs.map((d) => JSON.stringify(d.metadata)),
        docs.map((d) => String(d.version)),
        docs.map((d) => d.textSplitterId),
        docs.map((d) => d.fragmentCount),
      ],
    );
  }

  async insertFragments(pipelineId: string, fragments: NewFragment[], tx: Queryable): Promise<void> {
    if (fragments.length === 0) return;
    await tx.query(
      `INSERT INTO fragments (id, pipeline_id, document_id, order_id, version, classification, metadata, content, content_key_id, search_vector)
       SELECT u.id, $1, u.document_id, u.order_id, u.version, u.classification, u.metadata, u.content, u.key_id,
              to_tsvector('${TEXT_SEARCH_CONFIG}', u.text)
       FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::bigint[], $6::text[], $7::jsonb[], $8::bytea[], $9::text[], $10::text[])
         AS u(id, document_id, order_id, version, classification, metadata, content, key_id, text)`,
      [
        pipelineId,
        fragments.map((f) => f.id),
        fragments.map((f) => f.documentId),
        fragments.map((f) => f.orderId),
        fragments.map((f) => String(f.version)),
        fragments.map((f) => f.classification),
        fragments.map((f) => JSON.stringify(f.metadata)),
        fragments.map((f) => f.content),
        fragments.map((f) => f.contentKeyId),
        fragments.map((f) => f.text),
      ],
    );
  }

  async insertEmbeddings(
    vectorEmbeddingId: string,
    fragmentIds: string[],
    vectors: number[][],
    tx: Queryable,
  ): Promise<void> {
    if (fragmentIds.length === 0) return;
    await tx.query(
      `INSERT INTO fragment_embeddings (vector_embedding_id, fragment_id, embedding)
       SELECT $1, u.id, u.embedding::vector FROM unnest($2::uuid[], $3::text[]) AS u(id, embedding)`,
      [vectorEmbeddingId, fragmentIds, vectors.map(vectorLiteral)],
    );
  }

  /** Expires the fragments of each document's versions older than the given one. */
  async expireOlderVersions(
    versions: { documentId: string; version: number }[],
    tx: Queryable,
  ): Promise<void> {
    if (versions.length === 0) return;
    await tx.query(
      `UPDATE fragments f SET expired_at = now()
       FROM unnest($1::uuid[], $2::bigint[]) AS u(document_id, version)
       WHERE f.document_id = u.document_id AND f.version < u.version AND f.expired_at IS NULL`,
      [versions.map((v) => v.documentId), versions.map((v) => String(v.version))],
    );
  }

  async list(pipelineId: string, allowed: string[] | null, query: ListQuery): Promise<DocumentRow[]> {
    const params: unknown[] = [pipelineId];
    const where = ['d.pipeline_id = $1'];
    if (allowed !== null) {
      params.push(allowed);
      where.push(`d.classification = ANY($${params.length}::text[])`);
    }
    for (const filter of query.filters) {
      if (filter.field === 'expired')
        where.push(filter.value === 'true' ? 'd.expired_at IS NOT NULL' : 'd.expired_at IS NULL');
      else where.push(filterToSql(`d.${filter.field}`, filter, params));
    }
    const page = keysetSql(query.page, params, 'd.id');
    if (page.where) where.push(page.where);
    return this.db.query<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents d WHERE ${where.join(' AND ')} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  async find(pipelineId: string, documentId: string, db: Queryable = this.db): Promise<DocumentRow | null> {
    const rows = await db.query<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents d WHERE d.pipeline_id = $1 AND d.id = $2`,
      [pipelineId, documentId],
    );
    return rows[0] ?? null;
  }

  /** One version's fragments of a document, in order, keyset-paged on the (time-ordered) id. */
  fragments(documentId: string, version: number, query: ListQuery): Promise<FragmentRow[]> {
    const params: unknown[] = [documentId, String(version)];
    const where = ['f.document_id = $1', 'f.version = $2::bigint'];
    const page = keysetSql(query.page, params, 'f.id');
    if (page.where) where.push(page.where);
    return this.db.query<FragmentRow>(
      `SELECT ${FRAGMENT_COLUMNS} FROM fragments f WHERE ${where.join(' AND ')} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  /** Expires a live document and its fragments; returns the row as it is now (null: no such document). */
  async expire(pipelineId: string, documentId: string, tx: Queryable): Promise<DocumentRow | null> {
    await tx.query(
      `WITH expired AS (
         UPDATE documents SET expired_at = now(), updated_at = now()
         WHERE pipeline_id = $1 AND id = $2 AND expired_at IS NULL
         RETURNING id
       ), fragments_expired AS (
         UPDATE fragments SET expired_at = now()
         WHERE document_id IN (SELECT id FROM expired) AND expired_at IS NULL
       )
       SELECT 1 FROM expired`,
      [pipelineId, documentId],
    );
    return this.find(pipelineId, documentId, tx);
  }
}

/** A vector as pgvector's text literal, `[1,2,3]`. */
export function vectorLiteral(vector: ArrayLike<number>): string {
  return toSql(Array.from(vector));
}
