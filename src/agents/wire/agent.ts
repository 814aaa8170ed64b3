/**
 * The agent as the agents API (/api/v1) answers it, field for field as
 * src/agents/agent-view.ts builds it, in its three projections: `Agent` (the detail),
 * `AgentListItem` and `AgentCreateResponseAgent` (the creation echo). The component
 * names are the published Pipeshub contract's; the console generates its types from them.
 */
import { z } from 'zod';
import { REASONING_EFFORTS, TOOLSET_NAMES } from '../agents.dto';

const epochMs = z.number().int().describe('epoch milliseconds');
const KnowledgeFilters = z
  .object({
    recordGroups: z.array(z.string()).optional().describe('classifications'),
    records: z.array(z.string()).optional().describe('document ids'),
  })
  .meta({ id: 'KnowledgeFilters' });

const WebSearch = z
  .object({ provider: z.string(), providerKey: z.string().optional(), providerLabel: z.string().optional() })
  .nullable();
const ReasoningEffort = z.enum(REASONING_EFFORTS).nullable();

/** A pipeline the agent answers from; entries the caller cannot read are left out. */
const AgentKnowledge = z
  .object({
    _key: z.string(),
    connectorId: z.string().describe('the pipeline id'),
    name: z.string().describe('the pipeline name'),
    type: z.literal('KB'),
    displayName: z.string(),
    filters: z.union([KnowledgeFilters, z.string(), z.array(z.unknown())]).optional(),
    filtersParsed: KnowledgeFilters,
  })
  .meta({ id: 'AgentKnowledge' });

const toolsetOf = (detail: boolean) =>
  z.object({
    _key: z.string(),
    name: z.enum(TOOLSET_NAMES),
    displayName: z.string(),
    type: z.string().optional(),
    instanceId: z.string().optional(),
    instanceName: z.string().optional(),
    selectedTools: z.null(),
    tools: z.array(
      z.object({
        _key: z.string(),
        name: z.string(),
        fullName: z.string(),
        toolsetName: z.string(),
        description: z.string().optional(),
        ...(detail
          ? { deprecated: z.literal(true).describe('Trove runs no toolsets: kept, never called') }
          : {}),
      }),
    ),
  });

const access = {
  can_view: z.literal(true),
  can_share: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  user_role: z.enum(['OWNER', 'ADMIN', 'READER']),
  access_type: z.enum(['INDIVIDUAL', 'ADMIN', 'ORGANIZATION']),
};

const common = {
  _id: z.string().describe('agentInstances/<_key>'),
  _key: z.string().describe('the agent key, a UUID'),
  _rev: z.string(),
  name: z.string(),
  createdAtTimestamp: epochMs,
  updatedAtTimestamp: epochMs,
  createdBy: z.string().describe('the creating key'),
  updatedBy: z.string().nullable(),
  isActive: z.literal(true),
  isDeleted: z.boolean(),
  isServiceAccount: z.boolean(),
  tags: z.array(z.string()),
  shareWithOrg: z.boolean(),
  usesOrgDefault: z.boolean().describe('no models of its own: the default LLM answers'),
  webSearch: WebSearch,
  defaultReasoningEffort: ReasoningEffort,
  sendUserContext: z.boolean(),
  instructions: z.string().nullable(),
  mcpServers: z.array(z.never()).describe('always empty: Trove connects no MCP servers to agents'),
  description: z.string(),
  systemPrompt: z.string(),
  startMessage: z.string(),
  knowledge: z.array(AgentKnowledge),
  ...access,
};

const AgentModel = z
  .object({
    modelKey: z.string().describe('an LLM id (GET /llms)'),
    modelName: z.string(),
    provider: z.string(),
    isReasoning: z.boolean(),
    isMultimodal: z.literal(false),
    modelType: z.literal('llm'),
    isDefault: z.boolean().optional().describe('present while the LLM is registered'),
    modelFriendlyName: z.string().optional(),
  })
  .meta({ id: 'AgentModel' });

const AGENT_EXAMPLE = {
  _id: 'agentInstances/0193b2c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  _key: '0193b2c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  _rev: '1',
  name: 'Support',
  createdAtTimestamp: 1764547200000,
  updatedAtTimestamp: 1764547200000,
  createdBy: '0193a000-0000-7000-8000-00000000a0a0',
  updatedBy: null,
  isActive: true,
  isDeleted: false,
  isServiceAccount: false,
  tags: ['support'],
  shareWithOrg: false,
  usesOrgDefault: true,
  webSearch: null,
  defaultReasoningEffort: null,
  sendUserContext: false,
  instructions: null,
  mcpServers: [],
  description: 'Answers from the support FAQ',
  systemPrompt: '',
  startMessage: 'How can I help?',
  models: [],
  toolsets: [],
  knowledge: [
    {
      _key: '0193b2c4-0000-7000-8000-000000000001',
      connectorId: '0193b2c4-0000-7000-8000-0000000000aa',
      name: 'support-kb',
      type: 'KB',
      displayName: 'support-kb',
      filtersParsed: {},
    },
  ],
  skills: [],
  can_view: true,
  can_share: true,
  can_edit: true,
  can_delete: true,
  user_role: 'OWNER',
  access_type: 'INDIVIDUAL',
};

/** `Agent`: the detail (GET /api/v1/agents/{agentKey}). */
export const Agent = z
  .object({
    ...common,
    models: z.array(AgentModel),
    toolsets: z.array(toolsetOf(true)),
    skills: z.array(
      z.object({
        name: z.string(),
        description: z.null(),
        category: z.null(),
        subcategory: z.null(),
        version: z.null(),
        status: z.null(),
      }),
    ),
  })
  .meta({ id: 'Agent', examples: [AGENT_EXAMPLE] });
export type AgentView = z.output<typeof Agent>;

/** `AgentListItem`: models as `<modelKey>_<modelName>` strings, no skills. */
export const AgentListItem = z
  .object({
    ...common,
    models: z.array(z.string().describe('<modelKey>_<modelName>')),
    toolsets: z.array(toolsetOf(false)),
  })
  .meta({ id: 'AgentListItem' });
export type AgentListItemView = z.output<typeof AgentListItem>;

const CreatedTool = z.object({ name: z.string(), fullName: z.string(), key: z.string() });

/** `AgentCreateResponseAgent`: what creation echoes. */
export const AgentCreateResponseAgent = z
  .object({
    _key: common._key,
    name: z.string(),
    description: z.string(),
    startMessage: z.string(),
    systemPrompt: z.string(),
    instructions: z.string().nullable(),
    models: z.array(z.string().describe('<modelKey>_<modelName>')),
    tags: z.array(z.string()),
    webSearch: WebSearch,
    defaultReasoningEffort: ReasoningEffort,
    sendUserContext: z.boolean(),
    isActive: z.literal(true),
    isServiceAccount: z.boolean(),
    createdBy: z.string(),
    updatedBy: z.string().nullable(),
    createdAtTimestamp: epochMs,
    updatedAtTimestamp: epochMs,
    isDeleted: z.literal(false),
    toolsets: z.array(
      z.object({
        name: z.enum(TOOLSET_NAMES),
        displayName: z.string(),
        key: z.string(),
        tools: z.array(CreatedTool),
      }),
    ),
    mcpServers: z.array(z.never()),
    knowledge: z.array(
      z.object({
        connectorId: z.string(),
        key: z.string(),
        filters: z.union([KnowledgeFilters, z.string(), z.array(z.unknown())]),
      }),
    ),
    skills: z.array(z.object({ name: z.string() })),
  })
  .meta({ id: 'AgentCreateResponseAgent' });
export type CreatedAgentView = z.output<typeof AgentCreateResponseAgent>;
