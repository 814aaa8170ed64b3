/**
 * Agents (ops 1–5 of the agents API): configuration stored in PostgreSQL, visible to
 * their creator, to every key when shared with the organisation, and to admins;
 * changed and deleted only by their creator or an admin. Deletion is a tombstone.
 *
 * An agent's knowledge names pipelines the creator can read; its models name LLMs
 * of the registry (by id or name). Neither gives anyone more than their own key's
 * grants when the agent answers (see turn.service.ts).
 */
import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AuthContext, Permission } from '../auth/auth-context';
import { DomainError, forbidden, invalid, notFound } from '../common/errors';
import { isUuid, newId } from '../common/ids';
import { DatabaseService } from '../database/database.service';
import { LlmsService } from '../llms/llms.service';
import { Llm } from '../llms/llm';
import { allowedClassifications } from '../pipelines/classification-access';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import {
  KnowledgePipeline,
  presentAgent,
  presentAgentListItem,
  presentCreatedAgent,
  ViewContext,
} from './agent-view';
import {
  AgentChildren,
  AgentFields,
  AgentRecord,
  AgentsRepository,
  StoredModel,
  StoredWebSearch,
  ToolsetRow,
} from './agents.repository';
import {
  CreateAgentDto,
  KnowledgeDto,
  ListAgentsQuery,
  ModelEntryDto,
  ToolsetDto,
  UpdateAgentDto,
  WebSearchDto,
} from './agents.dto';
import { normalizeKnowledgeFilters } from './knowledge-scope';
import { AgentErrorReason } from './agent-errors';
import {
  AgentCreatedView,
  AgentDeletedView,
  AgentDetailView,
  AgentsPageView,
  AgentUpdatedView,
} from './wire/answers';

export const AGENT_NOT_FOUND = 'Agent not found';

const SORT_COLUMNS = {
  updatedAtTimestamp: 'updated_at',
  createdAtTimestamp: 'created_at',
  name: 'name',
} as const;

/** A new `_rev` on every write, in the graph store's style (`_lkNlcOm---`). */
const newRev = () => `_${randomBytes(6).toString('base64url')}---`;

@Injectable()
export class AgentsService {
  private readonly logger = new Logger(AgentsService.name);

  constructor(
    private readonly agents: AgentsRepository,
    private readonly db: DatabaseService,
    private readonly pipelines: PipelinesService,
    private readonly llms: LlmsService,
  ) {}

  async list(auth: AuthContext, query: ListAgentsQuery): Promise<AgentsPageView> {
    const pagination = (total: number) => {
      const totalPages = Math.ceil(total / query.limit);
      return {
        currentPage: query.page,
        limit: query.limit,
        totalItems: total,
        totalPages,
        hasNext: query.page < totalPages,
        hasPrev: query.page > 1 && total > 0,
      };
    };
    try {
      const { agents, total } = await this.agents.list({
        userId: auth.userId,
        admin: auth.admin,
        search: query.search ?? null,
        sortColumn: SORT_COLUMNS[query.sort_by],
        descending: query.sort_order === 'desc',
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const context = await this.viewContext(auth, agents);
      return {
        success: true,
        agents: agents.map((agent) => presentAgentListItem(agent, context)),
        pagination: pagination(total),
      };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The document's gateway answers a failed listing with an empty page, never an error.
      this.logger.error({ err: error }, 'Listing agents failed; answering an empty page');
      return { success: true, agents: [], pagination: { ...pagination(0), hasPrev: false } };
    }
  }

  async create(auth: AuthContext, dto: CreateAgentDto): Promise<AgentCreatedView> {
    const key = newId();
    const [models, children] = await Promise.all([
      this.normalizeModels(dto.models),
      this.normalizeChildren(auth, dto.knowledge, dto.toolsets, dto.skills),
    ]);
    const fields: AgentFields = {
      rev: newRev(),
      name: dto.name,
      description: dto.description ?? '',
      start_message: dto.startMessage ?? '',
      system_prompt: dto.systemPrompt ?? '',
      instructions: dto.instructions ?? null,
      models,
      tags: dto.tags,
      share_with_org: dto.shareWithOrg,
      is_service_account: dto.isServiceAccount,
      web_search: normalizeWebSearch(dto.webSearch),
      default_reasoning_effort: dto.defaultReasoningEffort ?? null,
      send_user_context: dto.sendUserContext,
      updated_by: null,
    };
    await this.db.transaction((tx) =>
      this.agents.insert({ ...fields, key, created_by: auth.userId }, children as AgentChildren, tx),
    );
    const agent = (await this.agents.find(key))!;
    return {
      status: 'success',
      message: 'Agent created successfully',
      agent: presentCreatedAgent(agent, await this.viewContext(auth, [agent])),
    };
  }

  async get(auth: AuthContext, key: string): Promise<AgentDetailView> {
    const agent = await this.requireVisible(auth, key);
    return {
      status: 'success',
      message: 'Agent retrieved successfully',
      agent: presentAgent(agent, await this.viewContext(auth, [agent])),
    };
  }

  /** A partial update: only the fields present change; knowledge, toolsets and skills are replaced when present. */
  async update(auth: AuthContext, key: string, dto: UpdateAgentDto): Promise<AgentUpdatedView> {
    const agent = await this.requireManaged(auth, key, 'edit');
    const changes: Partial<AgentFields> = { rev: newRev(), updated_by: auth.userId };
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.description !== undefined) changes.description = dto.description;
    if (dto.startMessage !== undefined) changes.start_message = dto.startMessage;
    if (dto.systemPrompt !== undefined) changes.system_prompt = dto.systemPrompt;
    if (dto.instructions !== undefined) changes.instructions = dto.instructions;
    if (dto.models !== undefined) changes.models = await this.normalizeModels(dto.models);
    if (dto.tags !== undefined) changes.tags = dto.tags;
    if (dto.shareWithOrg !== undefined) changes.share_with_org = dto.shareWithOrg;
    if (dto.isServiceAccount !== undefined) changes.is_service_account = dto.isServiceAccount;
    if (dto.webSearch !== undefined) changes.web_search = normalizeWebSearch(dto.webSearch);
    if (dto.defaultReasoningEffort !== undefined)
      changes.default_reasoning_effort = dto.defaultReasoningEffort;
    if (dto.sendUserContext !== undefined) changes.send_user_context = dto.sendUserContext;
    const children = await this.normalizeChildren(auth, dto.knowledge, dto.toolsets, dto.skills);
    await this.db.transaction(async (tx) => {
      await this.agents.lock(agent.key, tx);
      await this.agents.update(agent.key, changes, tx);
      await this.agents.replaceChildren(agent.key, children, tx);
    });
    return { status: 'success', message: 'Agent updated successfully' };
  }

  /** A tombstone; the agent's toolsets, knowledge and skills stay, so only the agent counts as deleted. */
  async delete(auth: AuthContext, key: string): Promise<AgentDeletedView> {
    const agent = await this.requireManaged(auth, key, 'delete');
    if (!(await this.agents.softDelete(agent.key, auth.userId)))
      throw notFound(AgentErrorReason.AgentNotFound, AGENT_NOT_FOUND, { key });
    return {
      status: 'success',
      message: 'Agent deleted successfully',
      deleted: { agents: 1, toolsets: 0, tools: 0, knowledge: 0, edges: 0 },
    };
  }

  /** A live agent the key may see (and so use); otherwise "not found", whether it exists or not. */
  async requireVisible(auth: AuthContext, key: string): Promise<AgentRecord> {
    const agent = isUuid(key) ? await this.agents.find(key.toLowerCase()) : null;
    if (!agent || agent.deleted_at !== null || !canSee(auth, agent))
      throw notFound(AgentErrorReason.AgentNotFound, AGENT_NOT_FOUND, { key });
    return agent;
  }

  /** The keys of these agents that are still live. */
  liveAgentKeys(keys: string[]): Promise<Set<string>> {
    return this.agents.liveKeys(keys);
  }

  private async requireManaged(
    auth: AuthContext,
    key: string,
    what: 'edit' | 'delete',
  ): Promise<AgentRecord> {
    const agent = await this.requireVisible(auth, key);
    if (agent.created_by !== auth.userId && !auth.admin) {
      throw forbidden(
        AgentErrorReason.NotOwner,
        `Forbidden: only the agent's owner or an admin can ${what} it`,
      );
    }
    return agent;
  }

  /**
   * The document's rule: an empty list means "the organisation's default LLM"; a
   * non-empty one needs an object entry with `isReasoning: true`. Every entry names a
   * registered LLM (by id or name; a `modelKey_modelName` string by its key).
   */
  private async normalizeModels(entries: ModelEntryDto[]): Promise<StoredModel[]> {
    if (entries.length > 0 && !entries.some((e) => typeof e === 'object' && e.isReasoning === true)) {
      throw invalid(
        AgentErrorReason.InvalidInput,
        'models: a non-empty list needs at least one object entry with isReasoning: true',
      );
    }
    const models: StoredModel[] = [];
    for (const [i, entry] of entries.entries()) {
      const reference = typeof entry === 'string' ? entry : entry.modelKey;
      const llm = await this.findLlm(reference);
      if (!llm)
        throw invalid(
          AgentErrorReason.InvalidInput,
          `models[${i}]: no LLM has the id or name '${reference}' (see GET /llms)`,
        );
      models.push({
        modelKey: llm.id,
        modelName: llm.model ?? llm.name,
        provider: llm.provider,
        isReasoning: typeof entry === 'object' && entry.isReasoning === true,
      });
    }
    return models;
  }

  private async findLlm(reference: string): Promise<Llm | null> {
    const found = await this.llms.find(reference);
    if (found) return found;
    const underscore = reference.indexOf('_');
    return underscore > 0 ? this.llms.find(reference.slice(0, underscore)) : null;
  }

  private async normalizeChildren(
    auth: AuthContext,
    knowledge: KnowledgeDto[] | undefined,
    toolsets: ToolsetDto[] | undefined,
    skills: { name: string }[] | undefined,
  ): Promise<Partial<AgentChildren>> {
    const children: Partial<AgentChildren> = {};
    if (knowledge) {
      children.knowledge = [];
      for (const [i, entry] of knowledge.entries()) {
        const where = `knowledge[${i}]`;
        const pipelineId = entry.connectorId.toLowerCase();
        if (!isUuid(pipelineId))
          throw invalid(
            AgentErrorReason.InvalidInput,
            `${where}.connectorId: must be a pipeline id (a UUID)`,
          );
        // The same words for a pipeline that does not exist and one the key cannot read.
        const readable = await this.pipelines.get(auth, pipelineId).then(
          () => true,
          () => false,
        );
        if (!readable)
          throw invalid(
            AgentErrorReason.InvalidInput,
            `${where}.connectorId: pipeline ${pipelineId} not found`,
          );
        children.knowledge.push({
          key: newId(),
          pipeline_id: pipelineId,
          filters: normalizeKnowledgeFilters(entry.filters, `${where}.filters`),
        });
      }
    }
    if (toolsets) children.toolsets = toolsets.map(toolsetRow);
    if (skills) {
      const names = skills.map((s) => s.name);
      const twice = names.findIndex((name, i) => names.indexOf(name) !== i);
      if (twice >= 0)
        throw invalid(
          AgentErrorReason.InvalidInput,
          `skills[${twice}].name: '${names[twice]}' is listed twice`,
        );
      children.skills = names;
    }
    return children;
  }

  private async viewContext(auth: AuthContext, agents: AgentRecord[]): Promise<ViewContext> {
    const pipelines = new Map<string, KnowledgePipeline | null>();
    for (const id of new Set(agents.flatMap((a) => a.knowledge.map((k) => k.pipeline_id)))) {
      const pipeline = auth.can(id, Permission.Read)
        ? await this.pipelines.access(auth, id, Permission.Read).catch(() => null)
        : null;
      pipelines.set(
        id,
        pipeline && { name: pipeline.name, showsNarrowing: seesEveryClassification(auth, pipeline) },
      );
    }
    const llms = new Map<string, Llm | null>();
    for (const id of new Set(agents.flatMap((a) => a.models.map((m) => m.modelKey)))) {
      llms.set(id, await this.llms.find(id));
    }
    return { auth, pipelines, llms };
  }
}

/** Whether the key's allow-list, read through the hierarchy, reaches every classification of the pipeline. */
function seesEveryClassification(auth: AuthContext, pipeline: PipelineRecord): boolean {
  const allowed = allowedClassifications(auth, pipeline);
  return allowed === null || pipeline.classifications.every((name) => allowed.includes(name));
}

export const canSee = (auth: AuthContext, agent: AgentRecord) =>
  auth.admin || agent.created_by === auth.userId || agent.share_with_org;

function toolsetRow(dto: ToolsetDto): ToolsetRow {
  return {
    key: newId(),
    name: dto.name,
    display_name: dto.displayName ?? null,
    type: dto.type ?? null,
    instance_id: dto.instanceId ?? null,
    instance_name: dto.instanceName ?? null,
    tools: (dto.tools ?? []).map((tool) => ({
      key: newId(),
      name: tool.name,
      fullName: tool.fullName ?? `${dto.name}.${tool.name}`,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
    })),
  };
}

function normalizeWebSearch(dto: WebSearchDto | undefined): StoredWebSearch | null {
  if (dto === undefined || dto === null) return null;
  if (typeof dto === 'string') return dto.trim() === '' ? null : { provider: dto };
  return dto;
}
