/** SQL of the `pipelines` and `vector_embeddings` tables. */
import { Injectable } from '@nestjs/common';
import { DatabaseService, Queryable } from '../database/database.service';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { HierarchyPair } from './classification-hierarchy';
import { PipelineRecord } from './pipeline';

export type PipelineRow = Omit<PipelineRecord, 'vectorEmbeddings'>;

/** Which pipelines a key may list (see AuthContext.readablePipelines). */
export interface Readable {
  all: boolean;
  include: string[];
  exclude: string[];
}

const COLUMNS = `p.id, p.name, p.description, p.default_text_splitter_id, p.default_vector_embedding_id,
  p.full_text_search, p.classifications, p.hierarchy, p.created_at, p.updated_at`;

function readableSql(readable: Readable, params: unknown[]): string {
  params.push(readable.include);
  const include = `p.id = ANY($${params.length}::uuid[])`;
  if (!readable.all) return include;
  params.push(readable.exclude);
  return `(p.id <> ALL($${params.length}::uuid[]) OR ${include})`;
}

@Injectable()
export class PipelinesRepository {
  constructor(private readonly db: DatabaseService) {}

  async find(id: string, db: Queryable = this.db): Promise<PipelineRecord | null> {
    const rows = await db.query<PipelineRow>(`SELECT ${COLUMNS} FROM pipelines p WHERE p.id = $1`, [id]);
    if (rows.length === 0) return null;
    const [record] = await this.withEmbeddings(rows, db);
    return record;
  }

  async list(readable: Readable, query: ListQuery): Promise<PipelineRecord[]> {
    const params: unknown[] = [];
    const where = [
      readableSql(readable, params),
      ...query.filters.map((f) => filterToSql(`p.${f.field}`, f, params)),
    ];
    const page = keysetSql(query.page, params, 'p.id');
    if (page.where) where.push(page.where);
    const rows = await this.db.query<PipelineRow>(
      `SELECT ${COLUMNS} FROM pipelines p WHERE ${where.join(' AND ')} ORDER BY ${page.order} ${page.limit}`,
      params,
    );
    return this.withEmbeddings(rows);
  }

  /** Offset paging by id with a LIKE pattern on the name: the MCP listing. */
  async listByOffset(
    readable: Readable,
    namePattern: string | null,
    limit: number,
    offset: number,
  ): Promise<PipelineRecord[]> {
    const params: unknown[] = [];
    const where = [readableSql(readable, params)];
    if (namePattern !== null) {
      params.push(namePattern);
      where.push(`p.name LIKE $${params.length}`);
    }
    params.push(limit, offset);
    const rows = await this.db.query<PipelineRow>(
      `SELECT ${COLUMNS} FROM pipelines p WHERE ${where.join(' AND ')}
       ORDER BY p.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return this.withEmbeddings(rows);
  }

  async nameTaken(name: string, exceptId: string | null, db: Queryable = this.db): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM pipelines WHERE name = $1 AND id IS DISTINCT FROM $2::uuid`, [
      name,
      exceptId,
    ]);
    return rows.length > 0;
  }

  async insert(row: Omit<PipelineRow, 'created_at' | 'updated_at'>, tx: Queryable): Promise<void> {
    await tx.query(
      `INSERT INTO pipelines (id, name, description, default_text_splitter_id, default_vector_embedding_id,
         full_text_search, classifications, hierarchy)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8::jsonb)`,
      [
        row.id,
        row.name,
        row.description,
        row.default_text_splitter_id,
        row.default_vector_embedding_id,
        row.full_text_search,
        row.classifications,
        JSON.stringify(row.hierarchy),
      ],
    );
  }

  async insertVectorEmbedding(
    v: { id: string; pipeline_id: string; embedding_model_id: string; position: number },
    tx: Queryable,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO vector_embeddings (id, pipeline_id, embedding_model_id, position) VALUES ($1, $2, $3, $4)`,
      [v.id, v.pipeline_id, v.embedding_model_id, v.position],
    );
  }

  async update(
    id: string,
    changes: Partial<
      Pick<PipelineRow, 'name' | 'description' | 'default_text_splitter_id' | 'default_vector_embedding_id'>
    >,
    db: Queryable = this.db,
  ): Promise<void> {
    const sets: string[] = ['updated_at = now()'];
    const params: unknown[] = [id];
    for (const [column, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
    await db.query(`UPDATE pipelines SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  async updateClassifications(
    id: string,
    classifications: string[],
    hierarchy: HierarchyPair[],
    tx: Queryable,
  ): Promise<void> {
    await tx.query(
      `UPDATE pipelines SET classifications = $2::text[], hierarchy = $3::jsonb, updated_at = now() WHERE id = $1`,
      [id, classifications, JSON.stringify(hierarchy)],
    );
  }

  /** Locks the pipeline row so concurrent classification changes and ingestion serialise. */
  async lock(id: string, tx: Queryable): Promise<void> {
    await tx.query(`SELECT 1 FROM pipelines WHERE id = $1 FOR UPDATE`, [id]);
  }

  /**
   * Holds the pipeline row for the rest of the transaction (shared: ingestions do not
   * block each other, only a change of classifications); returns its classifications,
   * null when the pipeline is gone.
   */
  async lockShared(id: string, tx: Queryable): Promise<{ classifications: string[] } | null> {
    const rows = await tx.query<{ classifications: string[] }>(
      `SELECT classifications FROM pipelines WHERE id = $1 FOR SHARE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Live documents per classification, among the given names. */
  async documentsUsingClassifications(
    id: string,
    names: string[],
    tx: Queryable,
  ): Promise<{ classification: string; n: number }[]> {
    const rows = await tx.query<{ classification: string; n: string }>(
      `SELECT classification, count(*) AS n FROM documents
       WHERE pipeline_id = $1 AND expired_at IS NULL AND classification = ANY($2::text[])
       GROUP BY classification ORDER BY classification`,
      [id, names],
    );
    return rows.map((r) => ({ classification: r.classification, n: Number(r.n) }));
  }

  async delete(id: string, tx: Queryable): Promise<boolean> {
    const rows = await tx.query(`DELETE FROM pipelines WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }

  private async withEmbeddings(rows: PipelineRow[], db: Queryable = this.db): Promise<PipelineRecord[]> {
    if (rows.length === 0) return [];
    const vectorEmbeddings = await db.query<{
      id: string;
      pipeline_id: string;
      position: number;
      m_id: string;
      m_name: string;
      m_provider: string;
      m_size: number;
      m_parameters: Record<string, unknown>;
      m_description: string | null;
      m_created_at: Date;
    }>(
      `SELECT v.id, v.pipeline_id, v.position, m.id AS m_id, m.name AS m_name, m.provider AS m_provider,
              m.size AS m_size, m.parameters AS m_parameters, m.description AS m_description, m.created_at AS m_created_at
       FROM vector_embeddings v JOIN embedding_models m ON m.id = v.embedding_model_id
       WHERE v.pipeline_id = ANY($1::uuid[]) ORDER BY v.pipeline_id, v.position`,
      [rows.map((r) => r.id)],
    );
    return rows.map((row) => ({
      ...row,
      vectorEmbeddings: vectorEmbeddings
        .filter((v) => v.pipeline_id === row.id)
        .map((v) => ({
          id: v.id,
          pipeline_id: v.pipeline_id,
          position: v.position,
          model: {
            id: v.m_id,
            name: v.m_name,
            provider: v.m_provider,
            size: v.m_size,
            parameters: v.m_parameters,
            description: v.m_description,
            created_at: v.m_created_at,
          },
        })),
    }));
  }
}
