/**
 * SQL of the `fragments` and `fragment_embeddings` tables, outside search
 * (vector-search/, full-text/): writes in the caller's transaction, so one
 * ingestion is one transaction however many documents it holds.
 */
import { Injectable } from '@nestjs/common';
import { toSql } from 'pgvector';
import { allowedSql } from '../common/classification-sql';
import { keysetSql, ListQuery, PageRequest } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';
import { VersionStart, VersionSummary } from './fragment';
import { COUNTED_COLUMNS, recordChange, tokenCount } from './full-text/full-text-sql';
import { vectorArrayBinary } from './vector-wire';

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

export const FRAGMENT_COLUMNS = `f.id, f.document_id, f.order_id, f.version, f.classification, f.metadata, f.content,
  f.content_key_id, f.expired_at`;

export interface FragmentInsert {
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

@Injectable()
export class FragmentsRepository {
  /** The `vector` type's oid: an extension's type, so it differs between databases; it stays while the extension does. */
  private vectorOid: number | null = null;

  constructor(private readonly db: DatabaseService) {}

  /**
   * Stores fragments; those with text get their lexemes in the pipeline's text search
   * configuration (`language`) and are counted in its full-text statistics.
   */
  async insert(
    pipelineId: string,
    fragments: FragmentInsert[],
    language: string,
    tx: Queryable,
  ): Promise<void> {
    if (fragments.length === 0) return;
    await tx.query(
      `WITH stored AS (
         INSERT INTO fragments (id, pipeline_id, document_id, order_id, version, classification, metadata,
                                content, content_key_id, search_vector, search_length)
         SELECT u.id, $1, u.document_id, u.order_id, u.version, u.classification, u.metadata, u.content, u.key_id,
                v.lexemes, ${tokenCount('v.lexemes')}
         FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::bigint[], $6::text[], $7::jsonb[], $8::bytea[], $9::text[], $10::text[])
           AS u(id, document_id, order_id, version, classification, metadata, content, key_id, text)
         CROSS JOIN LATERAL (SELECT to_tsvector($11::regconfig, u.text) AS lexemes) v
         RETURNING ${COUNTED_COLUMNS})${recordChange('stored', 1)}
       SELECT 1`,
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
        language,
      ],
    );
  }

  /**
   * Stores vectors of one vector embedding. `skipExisting` leaves fragments that already
   * have one alone, so a backfill that runs twice adds nothing.
   */
  async insertEmbeddings(
    vectorEmbeddingId: string,
    fragmentIds: string[],
    vectors: number[][],
    tx: Queryable,
    { skipExisting = false } = {},
  ): Promise<void> {
    if (fragmentIds.length === 0) return;
    // Binary, not pgvector's text form: see vector-wire.ts.
    const binary = vectorArrayBinary(vectors, await this.vectorTypeOid(tx));
    await tx.query(
      `INSERT INTO fragment_embeddings (vector_embedding_id, fragment_id, embedding)
       SELECT $1, u.id, u.embedding FROM unnest($2::uuid[], $3::vector[]) AS u(id, embedding)
       ${skipExisting ? 'ON CONFLICT (vector_embedding_id, fragment_id) DO NOTHING' : ''}`,
      [vectorEmbeddingId, fragmentIds, binary],
    );
  }

  /** Looked up in the caller's transaction: on the embedded database it holds the only connection. */
  private async vectorTypeOid(tx: Queryable): Promise<number> {
    if (this.vectorOid === null) {
      const [{ oid }] = await tx.query<{ oid: number }>(`SELECT 'vector'::regtype::oid::int AS oid`);
      this.vectorOid = oid;
    }
    return this.vectorOid;
  }

  async countLive(pipelineId: string, db: Queryable = this.db): Promise<number> {
    const rows = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM fragments WHERE pipeline_id = $1 AND expired_at IS NULL`,
      [pipelineId],
    );
    return Number(rows[0].n);
  }

  /**
   * Up to `limit` live fragments of the pipeline, by id after `after`, that lack a
   * vector of the vector embedding (`vectorEmbeddingId`) or, with null, their lexemes
   * and their count in the full-text statistics.
   */
  incomplete(
    pipelineId: string,
    vectorEmbeddingId: string | null,
    after: string | null,
    limit: number,
    db: Queryable = this.db,
  ): Promise<FragmentRow[]> {
    const params: unknown[] = [pipelineId, limit, after];
    let lacking = 'f.search_length IS NULL';
    if (vectorEmbeddingId !== null) {
      params.push(vectorEmbeddingId);
      lacking = `NOT EXISTS (SELECT 1 FROM fragment_embeddings fe WHERE fe.fragment_id = f.id AND fe.vector_embedding_id = $4)`;
    }
    return db.query<FragmentRow>(
      `SELECT ${FRAGMENT_COLUMNS} FROM fragments f
       WHERE f.pipeline_id = $1 AND f.expired_at IS NULL AND ($3::uuid IS NULL OR f.id > $3::uuid) AND ${lacking}
       ORDER BY f.id LIMIT $2`,
      params,
    );
  }

  /**
   * Gives live fragments not counted yet their lexemes, from their plaintext, in the
   * pipeline's text search configuration, and counts them in its statistics.
   */
  async setLexemes(fragmentIds: string[], texts: string[], language: string, tx: Queryable): Promise<void> {
    if (fragmentIds.length === 0) return;
    await tx.query(
      `WITH relexed AS (
         UPDATE fragments f SET search_vector = v.lexemes, search_length = ${tokenCount('v.lexemes')}
         FROM unnest($1::uuid[], $2::text[]) AS u(id, text)
         CROSS JOIN LATERAL (SELECT to_tsvector($3::regconfig, u.text) AS lexemes) v
         WHERE f.id = u.id AND f.expired_at IS NULL AND f.search_length IS NULL
         RETURNING ${COUNTED_COLUMNS})${recordChange('relexed', 1)}
       SELECT 1`,
      [fragmentIds, texts, language],
    );
  }

  /**
   * Drops every fragment's lexemes in the pipeline (full text turned off, or its text
   * search configuration changed); its statistics go with them
   * (FullTextStatisticsRepository.clear, in the same transaction).
   */
  async clearLexemes(pipelineId: string, tx: Queryable): Promise<void> {
    await tx.query(
      `UPDATE fragments SET search_vector = NULL, search_length = NULL
       WHERE pipeline_id = $1 AND (search_vector IS NOT NULL OR search_length IS NOT NULL)`,
      [pipelineId],
    );
  }

  /** Expires the fragments of each document's versions older than the given one. */
  async expireOlderVersions(
    versions: { documentId: string; version: number }[],
    tx: Queryable,
  ): Promise<void> {
    if (versions.length === 0) return;
    await tx.query(
      `WITH expired AS (
         UPDATE fragments f SET expired_at = now()
         FROM unnest($1::uuid[], $2::bigint[]) AS u(document_id, version)
         WHERE f.document_id = u.document_id AND f.version < u.version AND f.expired_at IS NULL
         RETURNING ${COUNTED_COLUMNS})${recordChange('expired', -1)}
       SELECT 1`,
      [versions.map((v) => v.documentId), versions.map((v) => String(v.version))],
    );
  }

  /** Expires every live fragment of these documents. */
  async expireDocuments(documentIds: string[], tx: Queryable): Promise<void> {
    if (documentIds.length === 0) return;
    await tx.query(
      `WITH expired AS (
         UPDATE fragments SET expired_at = now() WHERE document_id = ANY($1::uuid[]) AND expired_at IS NULL
         RETURNING ${COUNTED_COLUMNS})${recordChange('expired', -1)}
       SELECT 1`,
      [documentIds],
    );
  }

  /**
   * One version's fragments of a document, in order, keyset-paged on the (time-ordered)
   * id; none when the version's classification is not allowed, as for a version that
   * does not exist.
   */
  version(
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

  /**
   * A document's versions of allowed classifications, keyset-paged on the version
   * number: a version's fragments are written, and expired, together, so one group of
   * them is one version.
   */
  async versions(documentId: string, allowed: string[] | null, page: PageRequest): Promise<VersionSummary[]> {
    const params: unknown[] = [documentId];
    const where = ['f.document_id = $1', allowedSql('f.classification', allowed, params)];
    const keyset = keysetSql(page, params, 'v.version');
    const rows = await this.db.query<{
      version: string;
      classification: string;
      started_at: Date;
      expired_at: Date | null;
      fragment_count: number;
    }>(
      `SELECT v.* FROM (
         SELECT f.version, f.classification, min(f.created_at) AS started_at, max(f.expired_at) AS expired_at,
           count(*)::int AS fragment_count
         FROM fragments f WHERE ${where.join(' AND ')}
         GROUP BY f.version, f.classification
       ) v
       ${keyset.where ? `WHERE ${keyset.where}` : ''}
       ORDER BY ${keyset.order} ${keyset.limit}`,
      params,
    );
    return rows.map((row) => ({
      version: Number(row.version),
      classification: row.classification,
      startedAt: row.started_at,
      expiredAt: row.expired_at,
      fragmentCount: row.fragment_count,
    }));
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
   * Live fragments by id (content included), in no particular order, within a pipeline
   * and classifications: MMR's second query must not widen what the first one was
   * allowed to return.
   */
  liveByIds(pipelineId: string, classifications: string[], ids: string[]): Promise<FragmentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    // A search's second query: read where the first one was (a replica, if any).
    return this.db.reader.query<FragmentRow>(
      `SELECT ${FRAGMENT_COLUMNS} FROM fragments f
       WHERE f.id = ANY($1::uuid[]) AND f.pipeline_id = $2 AND f.classification = ANY($3::text[])
         AND f.expired_at IS NULL`,
      [ids, pipelineId, classifications],
    );
  }
}

/** A vector as pgvector's text literal, `[1,2,3]`. */
export function vectorLiteral(vector: ArrayLike<number>): string {
  return toSql(Array.from(vector));
}
