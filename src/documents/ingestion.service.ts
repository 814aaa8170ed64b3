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
import { splitText } from '../catalogue/text-splitting';
import { DomainError, ErrorCode, forbidden, invalid, pipelineNotFound } from '../common/errors';
import { newId, newVersion } from '../common/ids';
import { DatabaseService, Queryable } from '../database/database.service';
import { EmbeddingsService } from '../embeddings/embeddings.service';
import { ingestedDocuments, ingestedFragments } from '../observability/metrics';
import { PipelineRecord } from '../pipelines/pipelines.repository';
import { allowedClassifications } from './classification-access';
import { ContentCipher } from './content-cipher';
import { DocumentInput } from './documents.dto';
import { DocumentRow, DocumentsRepository, NewFragment } from './documents.repository';
import { fragmentAad } from './fragment-view';

export interface PreparedDocument {
  input: DocumentInput;
  textSplitterId: string;
  fragments: { id: string; text: string; content: Buffer; keyId: string }[];
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
   * Everything that can be refused before any embedding: classifications (defined by
   * the pipeline, and among `allowed` unless it is null) and text splitters. `indexes` are the items'
   * positions in the caller's request, for messages; null for a single document.
   */
  async check(
    allowed: string[] | null,
    pipeline: PipelineRecord,
    inputs: DocumentInput[],
    indexes: (number | null)[],
  ): Promise<Map<string, TextSplitterRow>> {
    const splitters = new Map<string, TextSplitterRow>();
    for (const [i, input] of inputs.entries()) {
      const at = indexes[i];
      // The allow-list first: a key limited to some classifications learns nothing about the others.
      if (allowed !== null && !allowed.includes(input.classification)) {
        throw forbidden(
          `Forbidden: this key may not write documents classified '${input.classification}' (${fieldOf(at, 'classification')})`,
        );
      }
      if (!pipeline.classifications.includes(input.classification)) {
        throw invalid(
          `${fieldOf(at, 'classification')}: '${input.classification}' is not one of the pipeline's classifications (${pipeline.classifications.join(', ')})`,
        );
      }
      const splitterId = input.text_splitter_id ?? pipeline.default_text_splitter_id;
      if (!splitters.has(splitterId)) {
        const splitter = await this.catalogue.findSplitter(splitterId);
        if (!splitter)
          throw invalid(`${fieldOf(at, 'text_splitter_id')}: text splitter ${splitterId} does not exist`);
        splitters.set(splitterId, splitter);
      }
    }
    return splitters;
  }

  /** Splits, embeds (every bound model, all texts of the batch at once) and encrypts. */
  async prepare(
    pipeline: PipelineRecord,
    inputs: DocumentInput[],
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
      const chunks = splitText(splitter.provider, splitter.parameters, input.content);
      if (chunks.length === 0) throw invalid(`${fieldOf(indexes[i], 'content')}: must contain text`);
      const fragments = chunks.map((text) => {
        const id = newId();
        const sealed = this.cipher.seal(text, fragmentAad(id));
        return { id, text, content: sealed.data, keyId: sealed.keyId };
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

  /** Stores prepared documents in the caller's transaction; returns the rows in input order. */
  async store(
    pipeline: PipelineRecord,
    prepared: PreparedDocument[],
    indexes: (number | null)[],
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
    const stored = await this.documents.upsertMany(
      prepared.map((doc) => ({
        id: newId(),
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
          metadata: doc.input.metadata,
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

  /** The synchronous path: all or nothing, searchable when it returns. */
  async ingest(
    auth: AuthContext,
    pipeline: PipelineRecord,
    inputs: DocumentInput[],
    batch: boolean,
  ): Promise<DocumentRow[]> {
    const indexes = inputs.map((_, i) => (batch ? i : null));
    const splitters = await this.check(allowedClassifications(auth, pipeline), pipeline, inputs, indexes);
    const prepared = await this.prepare(pipeline, inputs, splitters, indexes);
    const rows = await this.db.transaction((tx) => this.store(pipeline, prepared, indexes, tx));
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

/** Counts what was stored, for /metrics and for the embedded database's statistics. */
export function recordIngested(prepared: PreparedDocument[], db: DatabaseService): void {
  const fragments = prepared.reduce((n, doc) => n + doc.fragments.length, 0);
  ingestedDocuments.inc(prepared.length);
  ingestedFragments.inc(fragments);
  db.noteRowsWritten(fragments);
}
