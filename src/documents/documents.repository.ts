/**
 * SQL of the `documents` table (their fragments are the fragments module's). Writes
 * take the transaction of the caller, so one ingestion is one transaction however
 * many documents it holds.
 */
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { allowedSql } from '../common/classification-sql';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';

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

const DOCUMENT_COLUMNS = `d.id, d.pipeline_id, d.external_id, d.classification, d.metadata, d.version, d.text_splitter_id,
  d.fragment_count, d.created_at, d.updated_at, d.expired_at`;

/** The document list's filterable fields and their SQL. */
export const DOCUMENT_FILTERS = {
  external_id: ['eq', 'ne', 'contains', 'startswith', 'endswith', 'in'],
  classification: ['eq', 'ne', 'in'],
  version: ['eq', 'gt', 'gte', 'lt', 'lte'],
  expired: ['eq'],
} as const;

/** The list of documents pages newest first on request (`order=desc`) and counts them (`total=true`). */
export const DOCUMENT_LIST_OPTIONS = { orderable: true, countable: true } as const;

@Injectable()
export class DocumentsRepository {
  constructor(private readonly db: DatabaseService) {}

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

  /** Whether a document of the pipeline other than `except` has one of these external ids, whatever its classification. */
  async namedByOthers(
    pipelineId: string,
    externalIds: string[],
    except: string[],
    tx: Queryable,
  ): Promise<boolean> {
    const rows = await tx.query(
      `SELECT 1 FROM documents d
       WHERE d.pipeline_id = $1 AND d.external_id = ANY($2::text[]) AND NOT (d.id = ANY($3::uuid[]))
       LIMIT 1`,
      [pipelineId, externalIds, except],
    );
    return rows.length > 0;
  }

  /** Marks the transaction's state so that `rollbackToSavepoint` can return to it (and release the locks taken since). */
  async savepoint(tx: Queryable): Promise<void> {
    await tx.query('SAVEPOINT documents_write');
  }

  async rollbackToSavepoint(tx: Queryable): Promise<void> {
    await tx.query('ROLLBACK TO SAVEPOINT documents_write');
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
   * The documents among these ids and external ids whose current classification is
   * allowed (and, with `live`, that are not expired).
   */
  findNamed(
    pipelineId: string,
    ids: string[],
    externalIds: string[],
    allowed: string[] | null,
    live: boolean,
  ): Promise<{ id: string; external_id: string | null }[]> {
    if (ids.length === 0 && externalIds.length === 0) return Promise.resolve([]);
    const params: unknown[] = [pipelineId, ids, externalIds];
    return this.db.query(
      `SELECT d.id, d.external_id FROM documents d
       WHERE d.pipeline_id = $1 AND (d.id = ANY($2::uuid[]) OR d.external_id = ANY($3::text[]))
         AND ${allowedSql('d.classification', allowed, params)} ${live ? 'AND d.expired_at IS NULL' : ''}
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

  async list(pipelineId: string, allowed: string[] | null, query: ListQuery): Promise<DocumentRow[]> {
    const params: unknown[] = [];
    const where = listConditions(pipelineId, allowed, query, params);
    const page = keysetSql(query.page, params, 'd.id');
    if (page.where) where.push(page.where);
    return this.db.query<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents d WHERE ${where.join(' AND ')} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
  }

  /** How many documents `list` pages through under the same filters. */
  async count(pipelineId: string, allowed: string[] | null, query: ListQuery): Promise<number> {
    const params: unknown[] = [];
    const where = listConditions(pipelineId, allowed, query, params);
    const rows = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM documents d WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(rows[0].n);
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
   * Expires live documents among those whose current classification is allowed
   * (checked again here, under the row lock the update takes); returns their ids.
   */
  async expire(
    pipelineId: string,
    documentIds: string[],
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<string[]> {
    if (documentIds.length === 0) return [];
    const params: unknown[] = [pipelineId, documentIds];
    const rows = await tx.query<{ id: string }>(
      `WITH expired AS (
         UPDATE documents d SET expired_at = now(), updated_at = now()
         WHERE d.pipeline_id = $1 AND d.id = ANY($2::uuid[]) AND d.expired_at IS NULL
           AND ${allowedSql('d.classification', allowed, params)}
         RETURNING d.id
       )
       SELECT id FROM expired`,
      params,
    );
    return rows.map((row) => row.id);
  }
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

/** The conditions of a list of documents: the pipeline, the key's classifications, the filters. */
function listConditions(
  pipelineId: string,
  allowed: string[] | null,
  query: ListQuery,
  params: unknown[],
): string[] {
  params.push(pipelineId);
  const where = [`d.pipeline_id = $${params.length}`, allowedSql('d.classification', allowed, params)];
  for (const filter of query.filters) {
    if (filter.field === 'expired')
      where.push(filter.value === 'true' ? 'd.expired_at IS NOT NULL' : 'd.expired_at IS NULL');
    else where.push(filterToSql(`d.${filter.field}`, filter, params));
  }
  return where;
}
