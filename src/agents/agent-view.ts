/**
 * How an agent looks on the wire, in the document's three projections: the detail
 * (`Agent`, GET /agents/{key}), the list item (`AgentListItem`) and the creation
 * echo (`AgentCreateResponseAgent`).
 *
 * Knowledge entries the caller cannot read are left out of every projection: an
 * agent shared with the organisation must not tell a key about pipelines its grants
 * hide (not even their ids). An entry's narrowing (`filters`: classification names,
 * document ids, metadata values) is shown only to keys that see every classification
 * of its pipeline; to the others the entry has no `filters` and `filtersParsed` is
 * `{}`, as for an entry without narrowing: its names and ids may be of documents the
 * key is not allowed to know of.
 */
import { AuthContext } from '../auth/auth-context';
import { Llm } from '../llms/llm';
import { AgentRecord, StoredModel, StoredWebSearch } from './agents.repository';
import { filtersParsed } from './knowledge-scope';
import { AgentListItemView, AgentView, CreatedAgentView } from './wire/agent';

/** What the caller may know of a knowledge entry's pipeline. */
export interface KnowledgePipeline {
  name: string;
  /** Whether the caller sees every classification of the pipeline, hence the entry's narrowing. */
  showsNarrowing: boolean;
}

export interface ViewContext {
  auth: AuthContext;
  /** The pipelines of the knowledge entries: null when the caller may not read one (its entry is hidden). */
  pipelines: ReadonlyMap<string, KnowledgePipeline | null>;
  llms: ReadonlyMap<string, Llm | null>;
}

export const agentId = (key: string) => `agentInstances/${key}`;

export function access(agent: AgentRecord, auth: AuthContext) {
  const owner = agent.created_by === auth.userId;
  const manage = owner || auth.admin;
  return {
    can_view: true as const,
    can_share: manage,
    can_edit: manage,
    can_delete: manage,
    user_role: owner ? ('OWNER' as const) : auth.admin ? ('ADMIN' as const) : ('READER' as const),
    access_type: owner
      ? ('INDIVIDUAL' as const)
      : auth.admin
        ? ('ADMIN' as const)
        : ('ORGANIZATION' as const),
  };
}

const modelString = (m: StoredModel) => `${m.modelKey}_${m.modelName}`;

function webSearch(stored: StoredWebSearch | null) {
  if (stored === null) return null;
  return {
    provider: stored.provider,
    ...(stored.providerKey !== undefined ? { providerKey: stored.providerKey } : {}),
    ...(stored.providerLabel !== undefined ? { providerLabel: stored.providerLabel } : {}),
  };
}

/** The entries the caller may know of, each with its narrowing, or null where it may not see it. */
function visibleKnowledge(agent: AgentRecord, context: ViewContext) {
  return agent.knowledge.flatMap((k) => {
    const pipeline = context.pipelines.get(k.pipeline_id);
    if (!pipeline) return [];
    return [{ ...k, name: pipeline.name, filters: pipeline.showsNarrowing ? k.filters : null }];
  });
}

function knowledge(agent: AgentRecord, context: ViewContext) {
  return visibleKnowledge(agent, context).map((k) => ({
    _key: k.key,
    connectorId: k.pipeline_id,
    name: k.name,
    type: 'KB' as const,
    displayName: k.name,
    ...(k.filters !== null ? { filters: k.filters } : {}),
    filtersParsed: filtersParsed(k.filters),
  }));
}

/** Trove runs none of these toolsets: on the detail every tool is flagged as not in the runtime registry. */
function toolsets(agent: AgentRecord, detail: boolean) {
  return agent.toolsets.map((t) => ({
    _key: t.key,
    name: t.name,
    displayName: t.display_name ?? t.name,
    ...(t.type !== null ? { type: t.type } : {}),
    ...(t.instance_id !== null ? { instanceId: t.instance_id } : {}),
    ...(t.instance_name !== null ? { instanceName: t.instance_name } : {}),
    selectedTools: null,
    tools: t.tools.map((tool) => ({
      _key: tool.key,
      name: tool.name,
      fullName: tool.fullName,
      toolsetName: t.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      ...(detail ? { deprecated: true } : {}),
    })),
  }));
}

function common(agent: AgentRecord) {
  return {
    _id: agentId(agent.key),
    _key: agent.key,
    _rev: agent.rev,
    name: agent.name,
    createdAtTimestamp: agent.created_at.getTime(),
    updatedAtTimestamp: agent.updated_at.getTime(),
    createdBy: agent.created_by,
    updatedBy: agent.updated_by,
    isActive: true as const,
    isDeleted: agent.deleted_at !== null,
    isServiceAccount: agent.is_service_account,
    tags: agent.tags,
    shareWithOrg: agent.share_with_org,
    usesOrgDefault: agent.models.length === 0,
    webSearch: webSearch(agent.web_search),
    defaultReasoningEffort: agent.default_reasoning_effort,
    sendUserContext: agent.send_user_context,
    instructions: agent.instructions,
    mcpServers: [],
  };
}

/** `Agent`: the detail, with model objects enriched from the LLM registry. */
export function presentAgent(agent: AgentRecord, context: ViewContext): AgentView {
  return {
    ...common(agent),
    description: agent.description,
    systemPrompt: agent.system_prompt,
    startMessage: agent.start_message,
    models: agent.models.map((m) => {
      const llm = context.llms.get(m.modelKey);
      return {
        modelKey: m.modelKey,
        modelName: m.modelName,
        provider: m.provider,
        isReasoning: m.isReasoning,
        isMultimodal: false,
        modelType: 'llm',
        ...(llm ? { isDefault: llm.isDefault, modelFriendlyName: llm.name } : {}),
      };
    }),
    toolsets: toolsets(agent, true),
    knowledge: knowledge(agent, context),
    skills: agent.skills.map((name) => ({
      name,
      description: null,
      category: null,
      subcategory: null,
      version: null,
      status: null,
    })),
    ...access(agent, context.auth),
  };
}

/** `AgentListItem`: models as `modelKey_modelName` strings, no skills. */
export function presentAgentListItem(agent: AgentRecord, context: ViewContext): AgentListItemView {
  return {
    ...common(agent),
    description: agent.description,
    systemPrompt: agent.system_prompt,
    startMessage: agent.start_message,
    models: agent.models.map(modelString),
    toolsets: toolsets(agent, false),
    knowledge: knowledge(agent, context),
    ...access(agent, context.auth),
  };
}

/** `AgentCreateResponseAgent`: the creation echo. */
export function presentCreatedAgent(agent: AgentRecord, context: ViewContext): CreatedAgentView {
  const base = common(agent);
  return {
    _key: base._key,
    name: agent.name,
    description: agent.description,
    startMessage: agent.start_message,
    systemPrompt: agent.system_prompt,
    instructions: agent.instructions,
    models: agent.models.map(modelString),
    tags: agent.tags,
    webSearch: base.webSearch,
    defaultReasoningEffort: agent.default_reasoning_effort,
    sendUserContext: agent.send_user_context,
    isActive: true,
    isServiceAccount: agent.is_service_account,
    createdBy: agent.created_by,
    updatedBy: agent.updated_by,
    createdAtTimestamp: base.createdAtTimestamp,
    updatedAtTimestamp: base.updatedAtTimestamp,
    isDeleted: false,
    toolsets: agent.toolsets.map((t) => ({
      name: t.name,
      displayName: t.display_name ?? t.name,
      key: t.key,
      tools: t.tools.map((tool) => ({ name: tool.name, fullName: tool.fullName, key: tool.key })),
    })),
    mcpServers: [],
    knowledge: visibleKnowledge(agent, context).map((k) => ({
      connectorId: k.pipeline_id,
      key: k.key,
      filters: k.filters ?? {},
    })),
    skills: agent.skills.map((name) => ({ name })),
  };
}
