/**
 * Fragments: the searchable pieces of documents, with their vectors. This service is
 * the only way to them: documents write and list them through it, search reads
 * them through it, pipelines give each vector embedding its vector index through it.
 *
 * Fragment text is encrypted at rest: sealed here, bound to the fragment's row by
 * `fragment:<id>`, and opened only for what is returned.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ListEnvelope, ListQuery, PageRequest, toEnvelope } from '../common/list';
import { newId } from '../common/ids';
import { SETTINGS, Settings } from '../config/settings';
import { ContentCipher } from '../crypto/content-cipher';
import { DatabaseService, Queryable } from '../database/database.service';
import {
  Fragment,
  FullTextSettings,
  NewFragment,
  RankedFragment,
  ScoredFragment,
  SealedFragment,
  SearchScope,
  VectorCandidate,
  VectorQuery,
  VersionStart,
  VersionSummary,
} from './fragment';
import { FullTextSearch } from './full-text/full-text-search';
import { FullTextStatistics } from './full-text/full-text-statistics';
import { FullTextStatisticsRepository } from './full-text/full-text-statistics.repository';
import { FragmentRow, FragmentsRepository } from './fragments.repository';
import { dropVectorIndexes } from './vector-index/vector-index';
import { VectorEmbeddingRef, VectorIndexBuilds } from './vector-index/vector-index-builds';
import { VectorSearch } from './vector-search/vector-search';

/** The additional authenticated data that binds a fragment's ciphertext to its row. */
const fragmentAad = (fragmentId: string) => `fragment:${fragmentId}`;
/** Rows of one INSERT of fragments or vectors (see insert). */
const FRAGMENTS_PER_STATEMENT = 1000;

@Injectable()
export class FragmentsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly repository: FragmentsRepository,
    private readonly vectorSearch: VectorSearch,
    private readonly fullTextSearch: FullTextSearch,
    private readonly fullTextStatistics: FullTextStatistics,
    private readonly fullTextStatisticsRepository: FullTextStatisticsRepository,
    private readonly cipher: ContentCipher,
    private readonly indexBuilds: VectorIndexBuilds,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** A new fragment id and its text sealed to it: done before the storing transaction opens. */
  seal(text: string): SealedFragment {
    const id = newId();
    const sealed = this.cipher.seal(text, fragmentAad(id));
    return { id, content: sealed.data, keyId: sealed.keyId };
  }

  /**
   * Stores fragments and, per vector embedding, one vector per fragment (in the order
   * of `fragments`), in the caller's transaction. Fragments with text get their lexemes
   * in the pipeline's text search configuration (`language`) and are counted in its
   * full-text statistics.
   *
   * At most FRAGMENTS_PER_STATEMENT rows a statement: the driver encodes a statement's
   * parameters in one go, and a large file is one document of tens of thousands of
   * fragments. Between two statements the event loop answers other requests.
   *
   * Every fragment written is counted here for the embedded database's planner
   * statistics (DatabaseService.noteRowsWritten), so no write path can forget it. A
   * transaction that rolls back afterwards only brings the next ANALYZE a little early.
   */
  async insert(
    pipelineId: string,
    fragments: NewFragment[],
    embeddings: { vectorEmbeddingId: string; vectors: number[][] }[],
    language: string,
    tx: Queryable,
  ): Promise<void> {
    for (let start = 0; start < fragments.length; start += FRAGMENTS_PER_STATEMENT) {
      const end = start + FRAGMENTS_PER_STATEMENT;
      const batch = fragments.slice(start, end);
      await this.repository.insert(
        pipelineId,
        batch.map((f) => ({
          id: f.sealed.id,
          documentId: f.documentId,
          orderId: f.orderId,
          version: f.version,
          classification: f.classification,
          metadata: f.metadata,
          content: f.sealed.content,
          contentKeyId: f.sealed.keyId,
          text: f.text,
        })),
        language,
        tx,
      );
      const ids = batch.map((f) => f.sealed.id);
      for (const { vectorEmbeddingId, vectors } of embeddings) {
        await this.repository.insertEmbeddings(vectorEmbeddingId, ids, vectors.slice(start, end), tx);
      }
    }
    this.db.noteRowsWritten(fragments.length);
    if (fragments.some((f) => f.text !== null)) this.fullTextStatistics.written(pipelineId);
  }

  /**
   * Vectors were committed into these vector embeddings: the background builder looks at
   * them now rather than at its next pass (vector-index-builds.ts). The write itself is
   * searchable already: what no index covers is searched exactly.
   */
  vectorsWritten(vectorEmbeddings: VectorEmbeddingRef[]): void {
    this.indexBuilds.written(vectorEmbeddings);
  }

  /** Expires the pipeline's fragments of each document's versions older than the given one. */
  async expireOlderVersions(
    pipelineId: string,
    versions: { documentId: string; version: number }[],
    tx: Queryable,
  ): Promise<void> {
    await this.repository.expireOlderVersions(versions, tx);
    this.fullTextStatistics.written(pipelineId);
  }

  /** Expires every live fragment of these documents of the pipeline (they were expired themselves). */
  async expireDocuments(pipelineId: string, documentIds: string[], tx: Queryable): Promise<void> {
    await this.repository.expireDocuments(documentIds, tx);
    this.fullTextStatistics.written(pipelineId);
  }

  /** One page of a version's fragments, in order; none when its classification is not allowed. */
  async listVersion(
    documentId: string,
    version: number,
    allowed: string[] | null,
    query: ListQuery,
  ): Promise<ListEnvelope<Fragment>> {
    const rows = await this.repository.version(documentId, version, allowed, query);
    return toEnvelope(rows, query, (row) => this.open(row));
  }

  /** A document's versions of allowed classifications, oldest first, one page of them. */
  versions(documentId: string, allowed: string[] | null, page: PageRequest): Promise<VersionSummary[]> {
    return this.repository.versions(documentId, allowed, page);
  }

  /** When each version of these documents was stored, and its classification. */
  versionHistory(documentIds: string[], db?: Queryable): Promise<Map<string, VersionStart[]>> {
    return this.repository.versionHistory(documentIds, db);
  }

  /** The `limit` nearest live fragments in scope, nearest first, those farther than `maxDistance` left out. */
  async nearest(query: VectorQuery, maxDistance: number | null): Promise<ScoredFragment[]> {
    const hits = await this.vectorSearch.nearest({ ...query, reads: 'fragments' });
    // Ties keep the database order (distance, then id); a threshold drops what is too far.
    return hits
      .filter((hit) => maxDistance === null || hit.distance <= maxDistance)
      .map((hit) => ({ fragment: this.open(hit.row!), score: hit.distance }));
  }

  /** The `limit` nearest live fragments' ids and distances, nothing of them read (a hybrid search's leg). */
  async nearestIds(query: VectorQuery): Promise<{ id: string; distance: number }[]> {
    const hits = await this.vectorSearch.nearest({ ...query, reads: 'ids' });
    return hits.map(({ id, distance }) => ({ id, distance }));
  }

  /** The `limit` nearest live fragments in scope with their stored vectors, their text left unread (MMR). */
  async nearestVectors(query: VectorQuery): Promise<VectorCandidate[]> {
    const hits = await this.vectorSearch.nearest({ ...query, reads: 'vectors' });
    return hits.map((hit) => ({ id: hit.id, distance: hit.distance, embedding: hit.embedding! }));
  }

  /** Live fragments by id, in no particular order, within the scope's pipeline and classifications. */
  async liveByIds(scope: SearchScope, ids: string[]): Promise<Fragment[]> {
    const rows = await this.repository.liveByIds(scope.pipelineId, scope.classifications, ids);
    return rows.map((row) => this.open(row));
  }

  /**
   * Full-text search as the pipeline's settings say (BM25 by default: any of the query's
   * words matches, "quoted phrases" must, `-word` must not), best ranked first, those
   * ranked below `minRank` left out.
   */
  async fullText(
    scope: SearchScope,
    text: string,
    settings: FullTextSettings,
    limit: number,
    minRank: number | null,
  ): Promise<RankedFragment[]> {
    const hits = await this.fullTextSearch.search(scope, text, settings, limit, minRank);
    return hits.map((hit) => ({ fragment: this.open(hit.row!), score: hit.rank, relevance: hit.relevance }));
  }

  /** Full-text search's ids, ranks and relevances, nothing of the fragments read (a hybrid search's leg). */
  async fullTextIds(
    scope: SearchScope,
    text: string,
    settings: FullTextSettings,
    limit: number,
  ): Promise<{ id: string; rank: number; relevance: number }[]> {
    const hits = await this.fullTextSearch.search(scope, text, settings, limit, null, { rows: false });
    return hits.map(({ id, rank, relevance }) => ({ id, rank, relevance }));
  }

  /** How many live fragments the pipeline holds (what an index added to it must cover). */
  countLive(pipelineId: string, db?: Queryable): Promise<number> {
    return this.repository.countLive(pipelineId, db);
  }

  /**
   * Up to `limit` live fragments of the pipeline, text opened, that lack a vector of
   * `vectorEmbeddingId` or, with null, their lexemes: the next piece of a backfill,
   * by id after `after`.
   * The text is for the embedding endpoint and the lexemes only; never log it.
   */
  async incomplete(
    pipelineId: string,
    vectorEmbeddingId: string | null,
    after: string | null,
    limit: number,
    db?: Queryable,
  ): Promise<{ id: string; text: string }[]> {
    const rows = await this.repository.incomplete(pipelineId, vectorEmbeddingId, after, limit, db);
    return rows.map((row) => ({ id: row.id, text: this.open(row).text }));
  }

  /** Adds backfilled vectors (those a fragment has already are kept), in the caller's transaction. */
  addVectors(vectorEmbeddingId: string, fragmentIds: string[], vectors: number[][], tx: Queryable) {
    return this.repository.insertEmbeddings(vectorEmbeddingId, fragmentIds, vectors, tx, {
      skipExisting: true,
    });
  }

  /**
   * Gives the pipeline's fragments their full-text lexemes and their count in its
   * statistics (full text turned on, or its configuration changed), in the caller's
   * transaction.
   */
  async addLexemes(
    pipelineId: string,
    fragments: { id: string; text: string }[],
    language: string,
    tx: Queryable,
  ): Promise<void> {
    await this.repository.setLexemes(
      fragments.map((f) => f.id),
      fragments.map((f) => f.text),
      language,
      tx,
    );
    this.fullTextStatistics.written(pipelineId);
  }

  /** Drops the pipeline's lexemes and full-text statistics (full text turned off), in the caller's transaction. */
  async clearFullText(pipelineId: string, tx: Queryable): Promise<void> {
    await this.repository.clearLexemes(pipelineId, tx);
    await this.fullTextStatisticsRepository.clear(pipelineId, tx);
  }

  /**
   * Computes the pipeline's full-text statistics again from its fragments, in the
   * caller's transaction, which must hold the pipeline against writes: the repair
   * `trove full-text rebuild` runs.
   */
  rebuildFullTextStatistics(pipelineId: string, tx: Queryable): Promise<void> {
    return this.fullTextStatisticsRepository.rebuild(pipelineId, tx);
  }

  dropVectorIndexes(tx: Queryable, vectorEmbeddingId: string): Promise<void> {
    return dropVectorIndexes(tx, vectorEmbeddingId);
  }

  private open(row: FragmentRow): Fragment {
    return {
      id: row.id,
      documentId: row.document_id,
      orderId: row.order_id,
      version: Number(row.version),
      classification: row.classification,
      metadata: row.metadata,
      text: this.cipher.openText({ data: row.content, keyId: row.content_key_id }, fragmentAad(row.id)),
      expiredAt: row.expired_at,
    };
  }
}
