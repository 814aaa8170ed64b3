/**
 * The baseline: Trove's own search (VectorSearch and its SQL, unchanged) run directly on
 * the database through node-postgres, without HTTP, keys, embedding, decryption or
 * JSON. Trove's overhead is what a request costs beyond this. The exact and
 * index-only answers of the recall measurement come from here too.
 */
import { Pool, PoolClient } from 'pg';
import { EXACT_BELOW, loadSettings } from '../src/config/settings';
import { DatabaseService, Queryable } from '../src/database/database.service';
import { holdSessionSettings } from '../src/database/session-settings';
import { DEFAULT_BM25 } from '../src/fragments/full-text/bm25';
import { FullTextSearch } from '../src/fragments/full-text/full-text-search';
import { FullTextRepository } from '../src/fragments/full-text/full-text.repository';
import { ScanMode } from '../src/fragments/vector-search/scan-plan';
import {
  ScanQuery,
  VectorHit,
  VectorScanRepository,
} from '../src/fragments/vector-search/vector-scan.repository';
import { VectorSearch } from '../src/fragments/vector-search/vector-search';
import { MetadataFilter } from '../src/fragments/metadata-filter';

/** The pipeline's classifications: a search of all of them is not selective. */
const CLASSIFICATIONS = ['internal', 'public'];

export class SqlBaseline {
  private readonly vectorSearch: VectorSearch;
  private readonly fullTextSearch: FullTextSearch;

  constructor(
    pool: Pool,
    private readonly pipelineId: string,
    private readonly vectorEmbeddingId: string,
    private readonly size: number,
  ) {
    // The same index settings as the Trove process, which inherits this environment.
    // Recall tuning too: the baseline learns its ef_search as Trove does (the warm-up teaches both).
    const pick = (names: string[]) =>
      Object.fromEntries(
        names.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]),
      );
    const db = poolAsDatabase(pool);
    this.fullTextSearch = new FullTextSearch(new FullTextRepository(db));
    this.vectorSearch = new VectorSearch(
      new VectorScanRepository(db),
      loadSettings({
        // (Without DATABASE_URL the settings would be the embedded database's.)
        TROVE_EXACT_SEARCH_BELOW: String(EXACT_BELOW.postgres),
        ...pick([
          'TROVE_HNSW_M',
          'TROVE_HNSW_EF_CONSTRUCTION',
          'TROVE_HNSW_EF_SEARCH',
          'TROVE_EXACT_SEARCH_BELOW',
          'TROVE_SEARCH_RECALL_TARGET',
          'TROVE_SEARCH_RECALL_SAMPLE_EVERY',
        ]),
      }),
    );
  }

  /**
   * What Trove's similarity search runs (index, then any fallback). `classifications` are
   * the ones searched once expanded by the hierarchy (the pipeline's all, by default).
   */
  nearest(
    vector: number[],
    filter: Record<string, string> | null,
    limit: number,
    withEmbeddings: boolean,
    classifications = CLASSIFICATIONS,
  ): Promise<VectorHit[]> {
    return this.vectorSearch.nearest(
      this.query(vector, filter, limit, withEmbeddings ? 'vectors' : 'fragments', classifications),
    );
  }

  /** One scan mode alone, as {id, score}. */
  async nearestWith(
    vector: number[],
    filter: Record<string, string> | null,
    limit: number,
    mode: ScanMode,
    classifications = CLASSIFICATIONS,
  ): Promise<{ id: string; score: number }[]> {
    const hits = await this.vectorSearch.nearestWith(
      this.query(vector, filter, limit, 'fragments', classifications),
      mode,
    );
    return hits.map((h) => ({ id: h.id, score: h.distance }));
  }

  fullText(text: string, limit: number, ranking: 'bm25' | 'ts_rank' = 'bm25'): Promise<unknown> {
    return this.fullTextSearch.search(
      { pipelineId: this.pipelineId, classifications: CLASSIFICATIONS, filter: null },
      text,
      { ranking, ...DEFAULT_BM25, language: 'english' },
      limit,
      null,
    );
  }

  private query(
    vector: number[],
    filter: Record<string, string> | null,
    limit: number,
    reads: ScanQuery['reads'],
    classifications: string[],
  ): ScanQuery {
    return {
      pipelineId: this.pipelineId,
      classifications,
      filter: filter === null ? null : equalities(filter),
      vectorEmbeddingId: this.vectorEmbeddingId,
      size: this.size,
      vector,
      strategy: 'cosine',
      limit,
      reads,
      selective: filter !== null || classifications.length < CLASSIFICATIONS.length,
    };
  }
}

function equalities(filter: Record<string, string>): MetadataFilter {
  const [path, value] = Object.entries(filter)[0];
  return { op: '$eq', path: [path], value };
}

/**
 * What the search repositories use of DatabaseService, over a pg pool (its own reader), with
 * the same session settings remembered per connection.
 */
function poolAsDatabase(pool: Pool): DatabaseService {
  const onClient = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  };
  const queryable = (client: PoolClient) => ({
    query: async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows,
  });
  const db = {
    get reader() {
      return db;
    },
    query: async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows,
    withSessionSettings: <T>(settings: Record<string, string>, work: (db: Queryable) => Promise<T>) =>
      onClient(async (client) => {
        await holdSessionSettings(client, settings, (sql, params) => client.query(sql, params));
        return work(queryable(client));
      }),
  };
  return db as unknown as DatabaseService;
}
