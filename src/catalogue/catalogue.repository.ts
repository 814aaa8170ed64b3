/** SQL of the catalogue's tables, `embedding_models` and `text_splitters`: their rows are the records of catalogue.types.ts. */
import { Injectable } from '@nestjs/common';
import { DatabaseService, Queryable } from '../database/database.service';
import { filterToSql, keysetSql, ListQuery } from '../common/list';
import { EmbeddingModel, TextSplitter } from './catalogue.types';

const MODEL_COLUMNS = 'id, name, provider, size, parameters, description, created_at';
const SPLITTER_COLUMNS = 'id, provider, parameters, description, created_at';

function listSql(table: string, columns: string, query: ListQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = query.filters.map((f) => filterToSql(f.field === 'size' ? 'size::text' : f.field, f, params));
  const page = keysetSql(query.page, params);
  if (page.where) where.push(page.where);
  return {
    sql: `SELECT ${columns} FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${page.order} ${page.limit}`,
    params,
  };
}

@Injectable()
export class CatalogueRepository {
  constructor(private readonly db: DatabaseService) {}

  listModels(query: ListQuery): Promise<EmbeddingModel[]> {
    const { sql, params } = listSql('embedding_models', MODEL_COLUMNS, query);
    return this.db.query<EmbeddingModel>(sql, params);
  }

  async findModel(id: string, db: Queryable = this.db): Promise<EmbeddingModel | null> {
    const rows = await db.query<EmbeddingModel>(
      `SELECT ${MODEL_COLUMNS} FROM embedding_models WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  findModels(ids: string[], db: Queryable = this.db): Promise<EmbeddingModel[]> {
    return db.query<EmbeddingModel>(
      `SELECT ${MODEL_COLUMNS} FROM embedding_models WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  findModelsByName(name: string, provider: string, size: number): Promise<EmbeddingModel[]> {
    return this.db.query<EmbeddingModel>(
      `SELECT ${MODEL_COLUMNS} FROM embedding_models WHERE name = $1 AND provider = $2 AND size = $3 ORDER BY id`,
      [name, provider, size],
    );
  }

  findSplittersByProvider(provider: string): Promise<TextSplitter[]> {
    return this.db.query<TextSplitter>(
      `SELECT ${SPLITTER_COLUMNS} FROM text_splitters WHERE provider = $1 ORDER BY id`,
      [provider],
    );
  }

  async insertModel(row: Omit<EmbeddingModel, 'created_at'>): Promise<EmbeddingModel> {
    const rows = await this.db.query<EmbeddingModel>(
      `INSERT INTO embedding_models (id, name, provider, size, parameters, description)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${MODEL_COLUMNS}`,
      [row.id, row.name, row.provider, row.size, JSON.stringify(row.parameters), row.description],
    );
    return rows[0];
  }

  /** Names of the pipelines that bind the model (a model in use cannot be deleted). */
  async pipelinesUsingModel(id: string): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>(
      `SELECT p.name FROM vector_embeddings v JOIN pipelines p ON p.id = v.pipeline_id
       WHERE v.embedding_model_id = $1 ORDER BY p.name`,
      [id],
    );
    return rows.map((r) => r.name);
  }

  async deleteModel(id: string): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM embedding_models WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }

  listSplitters(query: ListQuery): Promise<TextSplitter[]> {
    const { sql, params } = listSql('text_splitters', SPLITTER_COLUMNS, query);
    return this.db.query<TextSplitter>(sql, params);
  }

  async findSplitter(id: string, db: Queryable = this.db): Promise<TextSplitter | null> {
    const rows = await db.query<TextSplitter>(
      `SELECT ${SPLITTER_COLUMNS} FROM text_splitters WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async insertSplitter(row: Omit<TextSplitter, 'created_at'>): Promise<TextSplitter> {
    const rows = await this.db.query<TextSplitter>(
      `INSERT INTO text_splitters (id, provider, parameters, description)
       VALUES ($1, $2, $3::jsonb, $4) RETURNING ${SPLITTER_COLUMNS}`,
      [row.id, row.provider, JSON.stringify(row.parameters), row.description],
    );
    return rows[0];
  }

  /** Whether any pipeline or document refers to the splitter. */
  async splitterInUse(id: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM pipelines WHERE default_text_splitter_id = $1
       UNION ALL SELECT 1 FROM documents WHERE text_splitter_id = $1 LIMIT 1`,
      [id],
    );
    return rows.length > 0;
  }

  async deleteSplitter(id: string): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM text_splitters WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }
}
