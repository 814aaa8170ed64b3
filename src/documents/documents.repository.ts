/**
 * SQL of documents and their fragments and vectors. Writes take the transaction of
 * the caller, so one ingestion is one transaction however many documents it holds.
 */
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { toSql } from 'pgvector';
import { DatabaseService, Queryable } from '../database/database.service';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { VersionStart } from './version-history';

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
   * Serialises, until the end of the transaction, the writers of these external ids in
   * the pipeline: the lookup of the documents an external id names and the write that
   * follows must not interleave with another writer's, or both could create one.
   * Locks are taken in one order (sorted), so two batches cannot deadlock.
   */
  async lockExternalIds(pipelineId: string, externalIds: string[], tx: Queryable): Promise<void> {
    if (externalIds.length === 0) return;
    const { space, stripes } = externalIdLocks(pipelineId, externalIds);
    await tx.query(
      `SELECT count(pg_advisory_xact_lock($1::int, u.stripe)) FROM unnest($2::int[]) AS u(stripe)`,
      [space, stripes],
    );
  }

  /** The documents with these external ids whose current classification is allowed, oldest first. */
  findByExternalIds(
    pipelineId: string,
    externalIds: string[],
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<{ id: string; external_id: string }[]> {
    if (externalIds.length === 0) return Promise.resolve([]);
    const params: unknown[] = [pipelineId, externalIds];
    return tx.query(
      `SELECT d.id, d.external_id FROM documents d
       WHERE d.pipeline_id = $1 AND d.external_id = ANY($2::text[]) AND ${allowedSql('d.classification', allowed, params)}
       ORDER BY d.id`,
      params,
    );
  }

  /**
   * Stores each document: inserted when its id is new, otherwise made a new version of
   * the existing row (live again if it was expired). A version never goes backwards,
   * even if another replica's clock is behind. Returns the stored rows in input order.
   *
   * One statement per round: a statement may touch a row only once, so a document
   * written twice in the batch goes to the next round, where it versions the row the
   * previous round wrote.
   */
  async storeVersions(docs: NewDocument[], tx: Queryable): Promise<DocumentRow[]> {
    const stored = new Array<DocumentRow>(docs.length);
    let pending = docs.map((doc, index) => ({ doc, index }));
    while (pending.length > 0) {
      const seen = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const item of pending) {
        if (seen.has(item.doc.id)) later.push(item);
        else {
          seen.add(item.doc.id);
          round.push(item);
        }
      }
      const rows = await this.storeRound(
        round.map((item) => item.doc),
        tx,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const { doc, index } of round) stored[index] = byId.get(doc.id)!;
      pending = later;
    }
    return stored;
  }

  private storeRound(docs: NewDocument[], tx: Queryable): Promise<DocumentRow[]> {
    return tx.query<DocumentRow>(
      `INSERT INTO documents AS d (id, pipeline_id, external_id, classification, metadata, version, text_splitter_id, fragment_count)
       SELECT u.id, $1, u.external_id, u.classification, u.metadata, u.version, u.text_splitter_id, u.fragment_count
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::jsonb[], $6::bigint[], $7::uuid[], $8::int[])
         AS u(id, external_id, classification, metadata, version, text_splitter_id, fragment_count)
       ON CONFLICT (id) DO UPDATE SET
         classification = EXCLUDED.classification,
         metadata = EXCLUDED.metadata,
         version = GREATEST(EXCLUDED.version, d.version + 1),
         text_splitter_id = EXCLUDED.text_splitter_id,
         fragment_count = EXCLUDED.fragment_count,
         updated_at = now(),
         expired_at = NULL
       WHERE d.pipeline_id = EXCLUDED.pipeline_id
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
    const where = ['d.pipeline_id = $1', allowedSql('d.classification', allowed, params)];
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

  /** The document, if its current classification is allowed (null: every classification). */
  async find(
    pipelineId: string,
    documentId: string,
    allowed: string[] | null,
    db: Queryable = this.db,
  ): Promise<DocumentRow | null> {
    const params: unknown[] = [pipelineId, documentId];
    const rows = await db.query<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents d
       WHERE d.pipeline_id = $1 AND d.id = $2 AND ${allowedSql('d.classification', allowed, params)}`,
      params,
    );
    return rows[0] ?? null;
  }

  /**
   * One version's fragments of a document, in order, keyset-paged on the (time-ordered)
   * id; none when the version's classification is not allowed, as for a version that
   * does not exist.
   */
  fragments(
    documentId: string,
    version: number,
    allowed: string[] | null,
    query: ListQuery,
  ): Promise<FragmentRow[]> {
    const params: unknown[] = [documentId, String(version)];
    const where = [
      'f.document_id = $1',
      'f.version = $2::bigint',
      allowedSql('f.classification', allowed, params),
    ];
    const page = keysetSql(query.page, params, 'f.id');
    if (page.where) where.push(page.where);
    return this.db.query<FragmentRow>(
      `SELECT ${FRAGMENT_COLUMNS} FROM fragments f WHERE ${where.join(' AND ')} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  /** When each version of these documents was stored, and its classification. */
  async versionHistory(documentIds: string[], db: Queryable = this.db): Promise<Map<string, VersionStart[]>> {
    const history = new Map<string, VersionStart[]>(documentIds.map((id) => [id, []]));
    if (documentIds.length === 0) return history;
    const rows = await db.query<{
      document_id: string;
      version: string;
      classification: string;
      started_at: Date;
    }>(
      `SELECT f.document_id, f.version, f.classification, min(f.created_at) AS started_at
       FROM fragments f WHERE f.document_id = ANY($1::uuid[])
       GROUP BY f.document_id, f.version, f.classification`,
      [documentIds],
    );
    for (const row of rows) {
      history.get(row.document_id)?.push({
        version: Number(row.version),
        classification: row.classification,
        startedAt: row.started_at,
      });
    }
    return history;
  }

  /**
   * Expires live documents and their fragments, among those whose current classification
   * is allowed (checked again here, under the row lock the update takes).
   */
  async expire(
    pipelineId: string,
    documentIds: string[],
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<void> {
    if (documentIds.length === 0) return;
    const params: unknown[] = [pipelineId, documentIds];
    await tx.query(
      `WITH expired AS (
         UPDATE documents d SET expired_at = now(), updated_at = now()
         WHERE d.pipeline_id = $1 AND d.id = ANY($2::uuid[]) AND d.expired_at IS NULL
           AND ${allowedSql('d.classification', allowed, params)}
         RETURNING d.id
       ), fragments_expired AS (
         UPDATE fragments SET expired_at = now()
         WHERE document_id IN (SELECT id FROM expired) AND expired_at IS NULL
       )
       SELECT 1 FROM expired`,
      params,
    );
  }
}

/**
 * The SQL of mayAccess (classification-access.ts): a condition on a classification
 * column that holds only for allowed classifications.
 */
export function allowedSql(column: string, allowed: string[] | null, params: unknown[]): string {
  if (allowed === null) return 'TRUE';
  params.push(allowed);
  return `${column} = ANY($${params.length}::text[])`;
}

/**
 * External-id locks are striped: each pipeline has this many advisory locks, and an
 * external id takes the one its hash names. Advisory locks live in PostgreSQL's shared
 * lock table (max_locks_per_transaction per connection, 64 by default), so one lock per
 * external id would let a few concurrent batches of 1,000 exhaust it; with stripes a
 * transaction holds at most this many. Two writers of different external ids on one
 * stripe only wait for each other.
 */
export const EXTERNAL_ID_LOCK_STRIPES = 64;

const hash32 = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest().readUInt32BE(0);

/** The advisory locks (pipeline key, sorted stripes) that serialise writers of these external ids. */
export function externalIdLocks(
  pipelineId: string,
  externalIds: string[],
): { space: number; stripes: number[] } {
  const stripes = new Set(externalIds.map((id) => hash32(pipelineId, id) % EXTERNAL_ID_LOCK_STRIPES));
  return { space: hash32(pipelineId) | 0, stripes: [...stripes].sort((a, b) => a - b) };
}

/** A vector as pgvector's text literal, `[1,2,3]`. */
export function vectorLiteral(vector: ArrayLike<number>): string {
  return toSql(Array.from(vector));
}
