/**
 * How documents become searchable fragments: check, split, embed with every model
 * the pipeline binds, encrypt, and store in one transaction.
 *
 * Embedding happens before the transaction opens: it can take seconds (a remote
 * endpoint, retries), and a transaction held that long would pin a connection — on
 * the embedded database, the only one. The transaction then re-checks under a share
 * lock of the pipeline what could have changed meanwhile (its classifications).
 */
import { Injectable } from '@nestjs/common';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { AuthContext } from '../auth/auth-context';
import { CatalogueService } from '../catalogue/catalogue.service';
import { TextSplitter } from '../catalogue/catalogue.types';
import { normalizeSplitterParameters, splitText } from '../catalogue/text-splitting';
import { conflict, DomainError, ErrorCode, forbidden, invalid } from '../common/errors';
import { newId, newVersion } from '../common/ids';
import { DatabaseService, Queryable } from '../database/database.service';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { NewFragment, SealedFragment } from '../fragments/fragment';
import { FragmentsService } from '../fragments/fragments.service';
import { ingestedDocuments, ingestedFragments } from '../observability/metrics';
import { ClassificationAccess, mayAccess } from '../pipelines/classification-access';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { DocumentInput } from './documents.dto';
import { DocumentRow, DocumentsRepository } from './documents.repository';
import { resolveWriteTargets, WriteTargets } from './external-id-targets';
import { DocumentErrorReason } from './document-errors';
import { pipelineNotFound } from '../pipelines/pipeline-errors';

/**
 * Batches with at least this many external ids try to write before taking their
 * locks (IngestionService.storeNew): below it, a batch takes few of the 64 stripes.
 */
const OPTIMISTIC_MIN_EXTERNAL_IDS = 16;

/** Fragments sealed between two turns of the event loop (AES-GCM of a fragment is microseconds; thousands are not). */
const FRAGMENTS_PER_SLICE = 256;

/** The 409 of a write that raced a pipeline edit; also the text the routes that embed documents document. */
export const MODELS_CHANGED =
  "The pipeline's embedding models or full-text search changed while these documents were being embedded; send them again";

/** A piece of a document's text that is split on its own and adds `metadata` to its fragments' metadata. */
export interface DocumentBlock {
  text: string;
  metadata: Record<string, unknown>;
}

/** Chunk size and overlap for one document, over its text splitter's parameters. */
export interface SplitterOverrides {
  chunk_size?: number;
  chunk_overlap?: number;
}

/**
 * What ingestion stores: a document of the REST API (`content`, split as a whole), or
 * one another module already divided into blocks (a file's pages, sheets or
 * sections), each split on its own so no fragment straddles two; either may set the
 * chunk size and overlap of its splitter.
 */
export type IngestInput = Omit<DocumentInput, 'content'> &
  ({ content: string } | { blocks: DocumentBlock[] }) & { splitter_overrides?: SplitterOverrides };

/** The fields `check` judges; the text is judged later, when split. */
export type IngestTarget = Pick<IngestInput, 'classification' | 'text_splitter_id' | 'splitter_overrides'>;

export interface PreparedDocument {
  input: IngestInput;
  textSplitterId: string;
  fragments: {
    text: string;
    metadata: Record<string, unknown>;
    sealed: SealedFragment;
  }[];
  /** Per vector embedding id, one vector per fragment. */
  vectors: Map<string, number[][]>;
}

/**
 * A write the key may make, checked once by the service that owns the rule
 * (DocumentsService) and passed on: the pipeline as it was read, what the key may
 * write in it, and the text splitters its documents name.
 */
export interface CheckedWrite {
  auth: AuthContext;
  pipeline: PipelineRecord;
  access: ClassificationAccess;
  splitters: Map<string, TextSplitter>;
}

/** Where an error about item `index` points: `[3].classification`, or `classification` for a single document. */
export const fieldOf = (index: number | null, field: string) =>
  index === null ? field : `[${index}].${field}`;

@Injectable()
export class IngestionService {
  constructor(
    private readonly db: DatabaseService,
    private readonly documents: DocumentsRepository,
    private readonly fragments: FragmentsService,
    private readonly pipelines: PipelinesService,
    private readonly catalogue: CatalogueService,
    private readonly embeddings: EmbeddingsService,
  ) {}

  /**
   * Everything that can be refused before any embedding: classifications (see
   * `authorize`) and text splitters. `indexes` are the items' positions in the
   * caller's request, for messages; null for a single document.
   */
  async check(
    access: ClassificationAccess,
    pipeline: PipelineRecord,
    inputs: IngestTarget[],
    indexes: (number | null)[],
  ): Promise<Map<string, TextSplitter>> {
    this.authorize(access, pipeline, inputs, indexes);
    const splitters = new Map<string, TextSplitter>();
    for (const [i, input] of inputs.entries()) {
      const splitterId = input.text_splitter_id ?? pipeline.defaultTextSplitterId;
      if (!splitters.has(splitterId)) {
        const splitter = await this.catalogue.findSplitter(splitterId);
        if (!splitter)
          throw invalid(
            DocumentErrorReason.UnknownSplitter,
            `${fieldOf(indexes[i], 'text_splitter_id')}: text splitter ${splitterId} does not exist`,
          );
        splitters.set(splitterId, splitter);
      }
      if (input.splitter_overrides) splitterParameters(splitters.get(splitterId)!, input.splitter_overrides);
    }
    return splitters;
  }

  /**
   * Each classification must be one the key may write and one the pipeline defines. The
   * allow-list is checked first, and the list of defined names holds only those the key
   * may read, so a key learns nothing about the classifications it may not read.
   */
  authorize(
    access: ClassificationAccess,
    pipeline: PipelineRecord,
    inputs: Pick<IngestTarget, 'classification'>[],
    indexes: (number | null)[],
  ): void {
    for (const [i, { classification }] of inputs.entries()) {
      const field = fieldOf(indexes[i], 'classification');
      if (!mayAccess(access.allowed, classification)) {
        throw forbidden(
          DocumentErrorReason.ClassificationDenied,
          `Forbidden: this key may not write documents classified '${classification}' (${field})`,
        );
      }
      if (!pipeline.classifications.includes(classification)) {
        const names = access.nameable.length === 0 ? '' : ` (${access.nameable.join(', ')})`;
        throw invalid(
          DocumentErrorReason.UnknownClassification,
          `${field}: '${classification}' is not one of the pipeline's classifications${names}`,
        );
      }
    }
  }

  /** Splits, embeds (every bound model, all texts of the batch at once) and encrypts. */
  async prepare(
    pipeline: PipelineRecord,
    inputs: IngestInput[],
    splitters: Map<string, TextSplitter>,
    indexes: (number | null)[],
    signal?: AbortSignal,
  ): Promise<PreparedDocument[]> {
    const prepared: PreparedDocument[] = [];
    for (const [i, input] of inputs.entries()) {
      // Splitting and sealing are synchronous: between documents, other requests get a turn.
      if (i > 0) await yieldToEventLoop();
      const textSplitterId = input.text_splitter_id ?? pipeline.defaultTextSplitterId;
      const splitter = splitters.get(textSplitterId);
      // `check` found every splitter the inputs name: one missing is a caller that skipped it.
      if (!splitter) throw new Error(`Text splitter ${textSplitterId} was not checked before preparing`);
      const parameters = splitterParameters(splitter, input.splitter_overrides);
      const blocks = 'blocks' in input ? input.blocks : [{ text: input.content, metadata: {} }];
      const chunks = blocks.flatMap((block) => {
        const metadata = { ...input.metadata, ...block.metadata };
        return splitText(splitter.provider, parameters, block.text).map((text) => ({ text, metadata }));
      });
      if (chunks.length === 0)
        throw invalid(DocumentErrorReason.NoText, `${fieldOf(indexes[i], 'content')}: must contain text`);
      const fragments: PreparedDocument['fragments'] = [];
      for (const [n, { text, metadata }] of chunks.entries()) {
        // A large file is one document of thousands of fragments: sealed a slice at a time.
        if (n > 0 && n % FRAGMENTS_PER_SLICE === 0) await yieldToEventLoop();
        fragments.push({ text, metadata, sealed: this.fragments.seal(text) });
      }
      prepared.push({ input, textSplitterId, fragments, vectors: new Map() });
    }
    const texts = prepared.flatMap((doc) => doc.fragments.map((f) => f.text));
    for (const vectorEmbedding of pipeline.vectorEmbeddings) {
      const vectors = await this.embed(vectorEmbedding.model, texts, signal);
      let offset = 0;
      for (const doc of prepared) {
        doc.vectors.set(vectorEmbedding.id, vectors.slice(offset, offset + doc.fragments.length));
        offset += doc.fragments.length;
      }
    }
    return prepared;
  }

  /**
   * Stores prepared documents in the caller's transaction; returns the rows in input
   * order. `allowed` is the writing key's allow-list: an external id versions only
   * documents it allows (see external-id-targets.ts).
   */
  async store(
    pipeline: PipelineRecord,
    prepared: PreparedDocument[],
    indexes: (number | null)[],
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<DocumentRow[]> {
    const held = await this.pipelines.hold(pipeline.id, tx);
    if (!held) throw pipelineNotFound(pipeline.id);
    // Embedded for the models of the moment `pipeline` was read: an edit committed since
    // would leave these fragments without the vectors or lexemes its backfill covered.
    const embeddedFor = pipeline.vectorEmbeddings.map((v) => v.id).sort();
    if (
      held.fullTextSearch !== pipeline.fullTextSearch ||
      held.fullTextLanguage !== pipeline.fullTextLanguage ||
      [...held.vectorEmbeddingIds].sort().join() !== embeddedFor.join()
    ) {
      throw conflict(DocumentErrorReason.ModelsChanged, MODELS_CHANGED);
    }
    const classifications = held.classifications;
    prepared.forEach((doc, i) => {
      if (!classifications.includes(doc.input.classification)) {
        throw invalid(
          DocumentErrorReason.UnknownClassification,
          `${fieldOf(indexes[i], 'classification')}: '${doc.input.classification}' is no longer one of the pipeline's classifications`,
        );
      }
    });
    const externalIds = prepared.map((doc) => doc.input.external_id);
    const named = [...new Set(externalIds.filter((id): id is string => id !== null))];
    // The embedded database runs one transaction at a time: nothing to gain there.
    if (named.length >= OPTIMISTIC_MIN_EXTERNAL_IDS && !this.db.isEmbedded) {
      const stored = await this.storeNew(pipeline, prepared, externalIds, named, allowed, tx);
      if (stored) return stored;
    }
    await this.documents.lockExternalIds(pipeline.id, named, tx);
    const existing = await this.documents.findByExternalIds(pipeline.id, named, allowed, tx);
    return this.write(pipeline, prepared, resolveWriteTargets(externalIds, existing, newId), allowed, tx);
  }

  /**
   * A batch whose external ids name no document yet (a first load) is written before
   * it takes their locks, and checked under them: a batch of 1,000 takes every lock
   * stripe, so two such batches would otherwise write one after the other. If another
   * writer's document with one of the external ids committed meanwhile, the write is
   * undone to a savepoint and null returned: the caller writes again under the locks.
   * Only new rows are written before the locks, so no writer that holds them can be
   * waiting for this one.
   */
  private async storeNew(
    pipeline: PipelineRecord,
    prepared: PreparedDocument[],
    externalIds: (string | null)[],
    named: string[],
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<DocumentRow[] | null> {
    if (await this.documents.namedByOthers(pipeline.id, named, [], tx)) return null;
    await this.documents.savepoint(tx);
    const stored = await this.write(
      pipeline,
      prepared,
      resolveWriteTargets(externalIds, [], newId),
      allowed,
      tx,
    );
    await this.documents.lockExternalIds(pipeline.id, named, tx);
    const own = [...new Set(stored.map((row) => row.id))];
    if (!(await this.documents.namedByOthers(pipeline.id, named, own, tx))) return stored;
    await this.documents.rollbackToSavepoint(tx);
    return null;
  }

  /** Writes the documents, their fragments and vectors to the targets (see external-id-targets.ts). */
  private async write(
    pipeline: PipelineRecord,
    prepared: PreparedDocument[],
    targets: WriteTargets,
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<DocumentRow[]> {
    const stored = await this.documents.storeVersions(
      prepared.map((doc, i) => ({
        id: targets.ids[i],
        pipelineId: pipeline.id,
        externalId: doc.input.external_id,
        classification: doc.input.classification,
        metadata: doc.input.metadata,
        version: newVersion(),
        textSplitterId: doc.textSplitterId,
        fragmentCount: doc.fragments.length,
      })),
      tx,
    );
    await this.expire(pipeline.id, targets.superseded, allowed, tx);
    const fragments: NewFragment[] = [];
    const newest = new Map<string, number>();
    for (const [i, doc] of prepared.entries()) {
      const row = stored[i];
      const version = Number(row.version);
      if (doc.input.external_id !== null) newest.set(row.id, Math.max(version, newest.get(row.id) ?? 0));
      doc.fragments.forEach((f, orderId) =>
        fragments.push({
          sealed: f.sealed,
          documentId: row.id,
          orderId,
          version,
          classification: doc.input.classification,
          metadata: f.metadata,
          text: pipeline.fullTextSearch ? f.text : null,
        }),
      );
    }
    await this.fragments.insert(
      pipeline.id,
      fragments,
      pipeline.vectorEmbeddings.map(({ id }) => ({
        vectorEmbeddingId: id,
        vectors: prepared.flatMap((doc) => doc.vectors.get(id) ?? []),
      })),
      pipeline.fullTextLanguage,
      tx,
    );
    await this.fragments.expireOlderVersions(
      pipeline.id,
      [...newest].map(([documentId, version]) => ({ documentId, version })),
      tx,
    );
    return stored;
  }

  /**
   * Expires live documents and their fragments, among those whose current
   * classification is allowed (checked again under the row locks the update takes).
   */
  async expire(
    pipelineId: string,
    documentIds: string[],
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<void> {
    const expired = await this.documents.expire(pipelineId, documentIds, allowed, tx);
    await this.fragments.expireDocuments(pipelineId, expired, tx);
  }

  /**
   * The synchronous path, for inputs `checked` has passed: all or nothing, searchable
   * when it returns. `alsoInTransaction` runs in the storing transaction, for a caller
   * whose own rows must change with it.
   */
  async ingest(
    checked: CheckedWrite,
    inputs: IngestInput[],
    batch: boolean,
    alsoInTransaction?: (tx: Queryable) => Promise<void>,
  ): Promise<DocumentRow[]> {
    const { pipeline, access, splitters } = checked;
    const indexes = inputs.map((_, i) => (batch ? i : null));
    const prepared = await this.prepare(pipeline, inputs, splitters, indexes);
    const rows = await this.db.transaction(async (tx) => {
      const stored = await this.store(pipeline, prepared, indexes, access.allowed, tx);
      await alsoInTransaction?.(tx);
      return stored;
    });
    recordIngested(prepared);
    // Searchable already (uncovered vectors are searched exactly); indexed in the background.
    this.fragments.vectorsWritten(vectorEmbeddingRefs(pipeline));
    return rows;
  }

  /** Embeds texts with a model; its failures and wrong-sized answers become Upstream errors. */
  async embed(
    model: PipelineRecord['vectorEmbeddings'][number]['model'],
    texts: string[],
    signal?: AbortSignal,
  ) {
    try {
      const vectors = await this.embeddings.embed(model, texts, signal);
      if (vectors.length !== texts.length || vectors.some((v) => v.length !== model.size)) {
        throw new DomainError(
          DocumentErrorReason.EmbeddingFailed,
          ErrorCode.Upstream,
          `Embedding model '${model.name}' returned vectors that do not match its size ${model.size}`,
        );
      }
      return vectors;
    } catch (error) {
      if (error instanceof DomainError || signal?.aborted) throw error;
      throw new DomainError(
        DocumentErrorReason.EmbeddingFailed,
        ErrorCode.Upstream,
        `Embedding model '${model.name}' failed: ${(error as Error).message}`,
      );
    }
  }
}

/**
 * A splitter's parameters with a document's overrides. A chunk size alone keeps the
 * splitter's overlap when it still fits, else takes a fifth of the chunk, the
 * splitters' own default for small chunks.
 */
export function splitterParameters(
  splitter: TextSplitter,
  overrides: SplitterOverrides | undefined,
): Record<string, unknown> {
  if (!overrides || (overrides.chunk_size === undefined && overrides.chunk_overlap === undefined)) {
    return splitter.parameters;
  }
  const chunkSize = overrides.chunk_size ?? Number(splitter.parameters.chunk_size ?? 1000);
  const storedOverlap = Number(splitter.parameters.chunk_overlap ?? 0);
  const chunkOverlap =
    overrides.chunk_overlap ?? (storedOverlap < chunkSize ? storedOverlap : Math.floor(chunkSize / 5));
  if (chunkOverlap >= chunkSize) {
    throw invalid(
      DocumentErrorReason.InvalidSplitterOverrides,
      `chunk_overlap: must be less than the chunk size (${chunkSize})`,
    );
  }
  return normalizeSplitterParameters(splitter.provider, {
    ...splitter.parameters,
    chunk_size: chunkSize,
    chunk_overlap: chunkOverlap,
  });
}

/** The vector embeddings a write into this pipeline stores vectors into. */
export function vectorEmbeddingRefs(pipeline: PipelineRecord): { id: string; size: number }[] {
  return pipeline.vectorEmbeddings.map(({ id, model }) => ({ id, size: model.size }));
}

/** Counts, for /metrics, what a committed transaction stored. */
export function recordIngested(prepared: PreparedDocument[]): void {
  ingestedDocuments.inc(prepared.length);
  ingestedFragments.inc(prepared.reduce((n, doc) => n + doc.fragments.length, 0));
}
