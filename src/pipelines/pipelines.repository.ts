/** SQL of the `pipelines` and `vector_embeddings` tables. */
import { Injectable } from '@nestjs/common';
import { DatabaseService, Queryable } from '../database/database.service';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { HierarchyPair } from './classification-hierarchy';
import { HeldPipeline, PipelineRecord, VectorEmbedding } from './pipeline';

/** A row of `pipelines`, as its columns are named. */
export interface PipelineRow {
  id: string;
  name: string;
  description: string | null;
  default_text_splitter_id: string;
  default_vector_embedding_id: string | null;
  full_text_search: boolean;
  full_text_ready: boolean;
  full_text_ranking: PipelineRecord['fullTextRanking'];
  full_text_k1: number;
  full_text_b: number;
  full_text_language: string;
  default_reranker_id: string | null;
  classifications: string[];
  hierarchy: HierarchyPair[];
  created_at: Date;
  updated_at: Date;
}

/** Which pipelines a key may list (see AuthContext.readablePipelines). */
export interface Readable {
  all: boolean;
  include: string[];
  exclude: string[];
}

const COLUMNS = `p.id, p.name, p.description, p.default_text_splitter_id, p.default_vector_embedding_id,
  p.full_text_search, p.full_text_ready, p.full_text_ranking, p.full_text_k1, p.full_text_b, p.full_text_language,
  p.default_reranker_id, p.classifications, p.hierarchy, p.created_at, p.updated_at`;

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

  /** One statement (every search starts here): the pipeline with its vector embeddings joined. */
  async find(id: string, db: Queryable = this.db): Promise<PipelineRecord | null> {
    const rows = await db.query<PipelineRow & { vector_embeddings: VectorEmbeddingRow[] }>(
      `SELECT ${COLUMNS}, COALESCE((
         SELECT json_agg(json_build_object(${VECTOR_EMBEDDING_FIELDS}) ORDER BY v.position)
         FROM vector_embeddings v JOIN embedding_models m ON m.id = v.embedding_model_id
         WHERE v.pipeline_id = p.id), '[]') AS vector_embeddings
       FROM pipelines p WHERE p.id = $1`,
      [id],
    );
    if (rows.length === 0) return null;
    const { vector_embeddings: vectorEmbeddings, ...row } = rows[0];
    return toPipeline(
      row,
      vectorEmbeddings.map((b) => toVectorEmbedding({ ...b, m_created_at: new Date(b.m_created_at) })),
    );
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

  async insert(
    row: Omit<PipelineRow, 'created_at' | 'updated_at' | 'full_text_ready'>,
    tx: Queryable,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO pipelines (id, name, description, default_text_splitter_id, default_vector_embedding_id,
         full_text_search, classifications, hierarchy, full_text_ranking, full_text_k1, full_text_b, full_text_language,
         default_reranker_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8::jsonb, $9, $10, $11, $12, $13)`,
      [
        row.id,
        row.name,
        row.description,
        row.default_text_splitter_id,
        row.default_vector_embedding_id,
        row.full_text_search,
        row.classifications,
        JSON.stringify(row.hierarchy),
        row.full_text_ranking,
        row.full_text_k1,
        row.full_text_b,
        row.full_text_language,
        row.default_reranker_id,
      ],
    );
  }

  async insertVectorEmbedding(
    v: { id: string; pipeline_id: string; embedding_model_id: string; position: number; ready: boolean },
    tx: Queryable,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO vector_embeddings (id, pipeline_id, embedding_model_id, position, ready) VALUES ($1, $2, $3, $4, $5)`,
      [v.id, v.pipeline_id, v.embedding_model_id, v.position, v.ready],
    );
  }

  async setVectorEmbeddingPositions(vs: { id: string; position: number }[], tx: Queryable): Promise<void> {
    if (vs.length === 0) return;
    await tx.query(
      `UPDATE vector_embeddings v SET position = u.position
       FROM unnest($1::uuid[], $2::int[]) AS u(id, position) WHERE v.id = u.id`,
      [vs.map((v) => v.id), vs.map((v) => v.position)],
    );
  }

  /** Deletes vector embeddings; their vectors go with them (ON DELETE CASCADE). */
  async deleteVectorEmbeddings(ids: string[], tx: Queryable): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(`DELETE FROM vector_embeddings WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Marks vector embeddings, and the full text when `fullText`, as complete. */
  async markReady(pipelineId: string, vectorEmbeddingIds: string[], fullText: boolean, tx: Queryable) {
    await tx.query(
      `UPDATE vector_embeddings SET ready = true WHERE pipeline_id = $1 AND id = ANY($2::uuid[])`,
      [pipelineId, vectorEmbeddingIds],
    );
    if (fullText) await tx.query(`UPDATE pipelines SET full_text_ready = true WHERE id = $1`, [pipelineId]);
  }

  async update(
    id: string,
    changes: Partial<
      Pick<
        PipelineRow,
        | 'name'
        | 'description'
        | 'default_text_splitter_id'
        | 'default_vector_embedding_id'
        | 'full_text_search'
        | 'full_text_ready'
        | 'full_text_ranking'
        | 'full_text_k1'
        | 'full_text_b'
        | 'full_text_language'
        | 'default_reranker_id'
      >
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
   * block each other, only an edit of the pipeline); returns what stored fragments
   * depend on, null when the pipeline is gone.
   */
  async hold(id: string, tx: Queryable): Promise<HeldPipeline | null> {
    const rows = await tx.query<{
      classifications: string[];
      full_text_search: boolean;
      full_text_language: string;
      vector_embedding_ids: string[];
    }>(
      `SELECT p.classifications, p.full_text_search, p.full_text_language,
         ARRAY(SELECT v.id FROM vector_embeddings v WHERE v.pipeline_id = p.id ORDER BY v.id)::text[] AS vector_embedding_ids
       FROM pipelines p WHERE p.id = $1 FOR SHARE OF p`,
      [id],
    );
    const [row] = rows;
    return row
      ? {
          classifications: row.classifications,
          fullTextSearch: row.full_text_search,
          fullTextLanguage: row.full_text_language,
          vectorEmbeddingIds: row.vector_embedding_ids,
        }
      : null;
  }

  /** Whether PostgreSQL has a text search configuration of this name (`english`, `simple`, ...). */
  async textSearchConfigExists(name: string, db: Queryable = this.db): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM pg_ts_config WHERE cfgname = $1`, [name]);
    return rows.length > 0;
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
    const vectorEmbeddings = await db.query<VectorEmbeddingRow>(
      `SELECT ${VECTOR_EMBEDDING_COLUMNS}
       FROM vector_embeddings v JOIN embedding_models m ON m.id = v.embedding_model_id
       WHERE v.pipeline_id = ANY($1::uuid[]) ORDER BY v.pipeline_id, v.position`,
      [rows.map((r) => r.id)],
    );
    return rows.map((row) =>
      toPipeline(row, vectorEmbeddings.filter((b) => b.pipeline_id === row.id).map(toVectorEmbedding)),
    );
  }
}

interface VectorEmbeddingRow {
  id: string;
  pipeline_id: string;
  position: number;
  ready: boolean;
  m_id: string;
  m_name: string;
  m_provider: string;
  m_size: number;
  m_parameters: Record<string, unknown>;
  m_description: string | null;
  m_created_at: Date;
}

const VECTOR_EMBEDDING_NAMES: [keyof VectorEmbeddingRow, string][] = [
  ['id', 'v.id'],
  ['pipeline_id', 'v.pipeline_id'],
  ['position', 'v.position'],
  ['ready', 'v.ready'],
  ['m_id', 'm.id'],
  ['m_name', 'm.name'],
  ['m_provider', 'm.provider'],
  ['m_size', 'm.size'],
  ['m_parameters', 'm.parameters'],
  ['m_description', 'm.description'],
  ['m_created_at', 'm.created_at'],
];
const VECTOR_EMBEDDING_COLUMNS = VECTOR_EMBEDDING_NAMES.map(([name, column]) => `${column} AS ${name}`).join(
  ', ',
);
const VECTOR_EMBEDDING_FIELDS = VECTOR_EMBEDDING_NAMES.map(([name, column]) => `'${name}', ${column}`).join(
  ', ',
);

function toPipeline(row: PipelineRow, vectorEmbeddings: VectorEmbedding[]): PipelineRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    defaultTextSplitterId: row.default_text_splitter_id,
    defaultVectorEmbeddingId: row.default_vector_embedding_id,
    fullTextSearch: row.full_text_search,
    fullTextReady: row.full_text_ready,
    fullTextRanking: row.full_text_ranking,
    fullTextK1: row.full_text_k1,
    fullTextB: row.full_text_b,
    fullTextLanguage: row.full_text_language,
    defaultRerankerId: row.default_reranker_id,
    classifications: row.classifications,
    hierarchy: row.hierarchy,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    vectorEmbeddings,
  };
}

function toVectorEmbedding(b: VectorEmbeddingRow): VectorEmbedding {
  return {
    id: b.id,
    pipelineId: b.pipeline_id,
    position: b.position,
    ready: b.ready,
    model: {
      id: b.m_id,
      name: b.m_name,
      provider: b.m_provider,
      size: b.m_size,
      parameters: b.m_parameters,
      description: b.m_description,
      created_at: b.m_created_at,
    },
  };
}
