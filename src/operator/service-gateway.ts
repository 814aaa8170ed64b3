/**
 * The operator's view of Trove, implemented over Trove's own services: the
 * declared Pipeline and ApiKey resources become the same calls an admin makes
 * over REST, with the same validation and errors.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext, Grant } from '../auth/auth-context';
import { ApiKeysService } from '../auth/api-keys.service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { DomainError, ErrorCode } from '../common/errors';
import { ReindexService } from '../documents/reindex.service';
import { PipelinesService } from '../pipelines/pipelines.service';
import { PipelineView } from '../pipelines/pipelines.wire';
import { FULL_TEXT_DEFAULTS } from '../pipelines/pipelines.dto';
import { DesiredApiKey, DesiredPipeline, TroveGateway } from './trove-gateway';

/** The operator acts with admin rights, as the Helm chart's RBAC and the CRDs are the access control. */
const OPERATOR = new AuthContext('operator', true, []);

const isNotFound = (error: unknown) => error instanceof DomainError && error.code === ErrorCode.NotFound;

@Injectable()
export class ServiceGateway implements TroveGateway {
  constructor(
    private readonly pipelines: PipelinesService,
    private readonly catalogue: CatalogueService,
    private readonly apiKeys: ApiKeysService,
    private readonly reindex: ReindexService,
  ) {}

  async ensurePipeline(desired: DesiredPipeline, existingId?: string): Promise<{ id: string }> {
    const modelIds: string[] = [];
    for (const model of desired.embeddingModels)
      modelIds.push((await this.catalogue.ensureModel({ ...model, description: null })).id);
    const splitterId = desired.textSplitter
      ? (await this.catalogue.ensureSplitter({ ...desired.textSplitter, description: null })).id
      : undefined;

    const current = await this.findPipeline(existingId, desired.name);
    if (!current) {
      const created = await this.pipelines.create({
        name: desired.name,
        description: desired.description,
        embedding_model_ids: modelIds,
        text_splitter_id: splitterId,
        full_text_search: desired.fullTextSearch,
        ...FULL_TEXT_DEFAULTS,
        default_reranker_id: null,
        classifications: desired.classifications,
        hierarchy: desired.hierarchy,
      });
      return { id: created.id };
    }

    // Models and full text go through the same edit as PATCH /pipelines/{id}: a model
    // added, or full text turned on, queues the reindex job that fills them in.
    await this.reindex.update(OPERATOR, current.id, {
      name: desired.name,
      description: desired.description,
      default_text_splitter_id: splitterId ?? current.default_text_splitter_id,
      embedding_model_ids: modelIds,
      full_text_search: desired.fullTextSearch,
    });
    await this.pipelines.putClassifications(OPERATOR, current.id, {
      classifications: desired.classifications,
      hierarchy: desired.hierarchy,
    });
    return { id: current.id };
  }

  async deletePipeline(id: string): Promise<void> {
    await this.pipelines.delete(OPERATOR, id).catch((error) => {
      if (!isNotFound(error)) throw error;
    });
  }

  async createApiKey(desired: DesiredApiKey): Promise<{ id: string; secret: string }> {
    const created = await this.apiKeys.create({
      name: desired.name,
      admin: desired.admin,
      grants: desired.grants as Grant[],
    });
    return { id: created.id, secret: created.secret };
  }

  async updateApiKey(id: string, desired: DesiredApiKey): Promise<'updated' | 'not_found'> {
    try {
      await this.apiKeys.update(id, {
        name: desired.name,
        admin: desired.admin,
        grants: desired.grants as Grant[],
      });
      return 'updated';
    } catch (error) {
      if (isNotFound(error)) return 'not_found';
      throw error;
    }
  }

  async deleteApiKey(id: string): Promise<void> {
    await this.apiKeys.delete(id).catch((error) => {
      if (!isNotFound(error)) throw error;
    });
  }

  /** By id when known; otherwise by name, so a lost status write adopts rather than duplicates. */
  private async findPipeline(id: string | undefined, name: string): Promise<PipelineView | null> {
    if (id) {
      try {
        return await this.pipelines.get(OPERATOR, id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    const byName = await this.pipelines.list(OPERATOR, { name });
    return byName.data[0] ?? null;
  }
}
