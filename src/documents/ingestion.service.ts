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
import { CatalogueRepository, TextSplitterRow } from '../catalogue/catalogue.repository';
import { normalizeSplitterParameters, splitText } from '../catalogue/text-splitting';
import { DomainError, ErrorCode, forbidden, invalid, pipelineNotFound } from '../common/errors';
import { newId, newVersion } from '../common/ids';
import { DatabaseService, Queryable } from '../database/database.service';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { ingestedDocuments, ingestedFragments } from '../observability/metrics';
import { PipelineRecord } from '../pipelines/pipelines.repository';
import { ClassificationAccess, classificationAccess, mayAccess } from './classification-access';
import { ContentCipher } from './content-cipher';
import { DocumentInput } from './documents.dto';
import { DocumentRow, DocumentsRepository, NewFragment } from './documents.repository';
import { resolveWriteTargets, WriteTargets } from './external-id-targets';
import { fragmentAad } from './fragment-view';

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
    id: string;
    text: string;
    metadata: Record<string, unknown>;
    content: Buffer;
    keyId: string;
  }[];
  /** Per vector embedding id, one vector per fragment. */
  vectors: Map<string, number[][]>;
}

/** Where an error about item `index` points: `[3].classification`, or `classification` for a single document. */
export const fieldOf = (index: number | null, field: string) =>
  index === null ? field : `[${index}].${field}`;

@Injectable()
export class IngestionService {
  constructor(
    private readonly db: DatabaseService,
    private readonly documents: DocumentsRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly embeddings: EmbeddingsService,
    private readonly cipher: ContentCipher,
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
  ): Promise<Map<string, TextSplitterRow>> {
    this.authorize(access, pipeline, inputs, indexes);
    const splitters = new Map<string, TextSplitterRow>();
    for (const [i, input] of inputs.entries()) {
      const splitterId = input.text_splitter_id ?? pipeline.default_text_splitter_id;
      if (!splitters.has(splitterId)) {
        const splitter = await this.catalogue.findSplitter(splitterId);
        if (!splitter)
          throw invalid(
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
          `Forbidden: this key may not write documents classified '${classification}' (${field})`,
        );
      }
      if (!pipeline.classifications.includes(classification)) {
        const names = access.nameable.length === 0 ? '' : ` (${access.nameable.join(', ')})`;
        throw invalid(`${field}: '${classification}' is not one of the pipeline's classifications${names}`);
      }
    }
  }

  /** Splits, embeds (every bound model, all texts of the batch at once) and encrypts. */
  async prepare(
    pipeline: PipelineRecord,
    inputs: IngestInput[],
    splitters: Map<string, TextSplitterRow>,
    indexes: (number | null)[],
    signal?: AbortSignal,
  ): Promise<PreparedDocument[]> {
    const prepared: PreparedDocument[] = [];
    for (const [i, input] of inputs.entries()) {
      // Splitting and sealing are synchronous: between documents, other requests get a turn.
      if (i > 0) await yieldToEventLoop();
      const textSplitterId = input.text_splitter_id ?? pipeline.default_text_splitter_id;
      const splitter = splitters.get(textSplitterId)!;
      const parameters = splitterParameters(splitter, input.splitter_overrides);
      const blocks = 'blocks' in input ? input.blocks : [{ text: input.content, metadata: {} }];
      const chunks = blocks.flatMap((block) => {
        const metadata = { ...input.metadata, ...block.metadata };
        return splitText(splitter.provider, parameters, block.text).map((text) => ({ text, metadata }));
      });
      if (chunks.length === 0) throw invalid(`${fieldOf(indexes[i], 'content')}: must contain text`);
      const fragments = chunks.map(({ text, metadata }) => {
        const id = newId();
        const sealed = this.cipher.seal(text, fragmentAad(id));
        return { id, text, metadata, content: sealed.data, keyId: sealed.keyId };
      });
      prepared.push({ input, textSplitterId, fragments, vectors: new Map() });
    }
    const texts = prepared.flatMap((doc) => doc.fragments.map((f) => f.text));
    for (const binding of pipeline.vectorEmbeddings) {
      const vectors = await this.embed(binding.model, texts, signal);
      let offset = 0;
      for (const doc of prepared) {
        doc.vectors.set(binding.id, vectors.slice(offset, offset + doc.fragments.length));
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
    const locked = await this.documents.lockPipeline(pipeline.id, tx);
    if (!locked) throw pipelineNotFound(pipeline.id);
    prepared.forEach((doc, i) => {
      if (!locked.classifications.includes(doc.input.classification)) {
        throw invalid(
          `${fieldOf(indexes[i], 'classification')}: '${doc.input.classification}' is no longer one of the pipeline's classifications`,
        );
      }
    });
    const targets = await this.writeTargets(pipeline.id, prepared, allowed, tx);
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
    await this.documents.expire(pipeline.id, targets.superseded, allowed, tx);
    const fragments: NewFragment[] = [];
    const newest = new Map<string, number>();
    for (const [i, doc] of prepared.entries()) {
      const row = stored[i];
      const version = Number(row.version);
      if (doc.input.external_id !== null) newest.set(row.id, Math.max(version, newest.get(row.id) ?? 0));
      doc.fragments.forEach((f, orderId) =>
        fragments.push({
          id: f.id,
          documentId: row.id,
          orderId,
          version,
          classification: doc.input.classification,
          metadata: f.metadata,
          content: f.content,
          contentKeyId: f.keyId,
          text: pipeline.full_text_search ? f.text : null,
        }),
      );
    }
    await this.documents.insertFragments(pipeline.id, fragments, tx);
    for (const binding of pipeline.vectorEmbeddings) {
      const vectors = prepared.flatMap((doc) => doc.vectors.get(binding.id) ?? []);
      await this.documents.insertEmbeddings(
        binding.id,
        fragments.map((f) => f.id),
        vectors,
        tx,
      );
    }
    await this.documents.expireOlderVersions(
      [...newest].map(([documentId, version]) => ({ documentId, version })),
      tx,
    );
    return stored;
  }

  /**
   * Which document each write versions, looked up under a lock of the batch's external
   * ids so that concurrent writers of one external id take turns.
   */
  private async writeTargets(
    pipelineId: string,
    prepared: PreparedDocument[],
    allowed: string[] | null,
    tx: Queryable,
  ): Promise<WriteTargets> {
    const externalIds = prepared.map((doc) => doc.input.external_id);
    const named = [...new Set(externalIds.filter((id): id is string => id !== null))];
    await this.documents.lockExternalIds(pipelineId, named, tx);
    const existing = await this.documents.findByExternalIds(pipelineId, named, allowed, tx);
    return resolveWriteTargets(externalIds, existing, newId);
  }

  /**
   * The synchronous path: all or nothing, searchable when it returns. `alsoInTransaction`
   * runs in the storing transaction, for a caller whose own rows must change with it.
   */
  async ingest(
    auth: AuthContext,
    pipeline: PipelineRecord,
    inputs: IngestInput[],
    batch: boolean,
    alsoInTransaction?: (tx: Queryable) => Promise<void>,
  ): Promise<DocumentRow[]> {
    const indexes = inputs.map((_, i) => (batch ? i : null));
    const access = classificationAccess(auth, pipeline);
    const splitters = await this.check(access, pipeline, inputs, indexes);
    const prepared = await this.prepare(pipeline, inputs, splitters, indexes);
    const rows = await this.db.transaction(async (tx) => {
      const stored = await this.store(pipeline, prepared, indexes, access.allowed, tx);
      await alsoInTransaction?.(tx);
      return stored;
    });
    recordIngested(prepared, this.db);
    return rows;
  }

  private async embed(
    model: PipelineRecord['vectorEmbeddings'][number]['model'],
    texts: string[],
    signal?: AbortSignal,
  ) {
    try {
      const vectors = await this.embeddings.embed(model, texts, signal);
      if (vectors.length !== texts.length || vectors.some((v) => v.length !== model.size)) {
        throw new DomainError(
          ErrorCode.Upstream,
          `Embedding model '${model.name}' returned vectors that do not match its size ${model.size}`,
        );
      }
      return vectors;
    } catch (error) {
      if (error instanceof DomainError || signal?.aborted) throw error;
      throw new DomainError(
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
  splitter: TextSplitterRow,
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
    throw invalid(`chunk_overlap: must be less than the chunk size (${chunkSize})`);
  }
  return normalizeSplitterParameters(splitter.provider, {
    ...splitter.parameters,
    chunk_size: chunkSize,
    chunk_overlap: chunkOverlap,
  });
}

/** Counts what was stored, for /metrics and for the embedded database's statistics. */
export function recordIngested(prepared: PreparedDocument[], db: DatabaseService): void {
  const fragments = prepared.reduce((n, doc) => n + doc.fragments.length, 0);
  ingestedDocuments.inc(prepared.length);
  ingestedFragments.inc(fragments);
  db.noteRowsWritten(fragments);
}
