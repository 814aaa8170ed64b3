/**
 * The response schemas of the Pipeshub Agents API document
 * (pipeshub-agents-openapi, OpenAPI 3.2), copied into zod so the tests validate
 * every body Trove answers against the contract without reading the spec files.
 *
 * `additionalProperties: false` becomes z.strictObject; schemas the document leaves
 * open (AgentConversation, Conversation, CreateAgentConversationResponse, the
 * cancel answer) become z.looseObject. Formats are checked: `objectId` (24 hex),
 * `date-time`, `int64`.
 */
import { z } from 'zod';

export const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'an ObjectId (24 hex)');
const dateTime = z.iso.datetime({ offset: true });
const int = z.number().int();
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

// ---- Errors and metas
export const ErrorResponse = z.strictObject({
  error: z.strictObject({
    requestId: z.string().optional(),
    code: z.string(),
    message: z.string(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
});
export const RequestMeta = z.strictObject({
  requestId: z.string().optional(),
  timestamp: dateTime,
  duration: int,
});

// ---- Agents
const ToolsetName = z.enum([
  'calendar',
  'clickup',
  'confluence',
  'confluencedatacenter',
  'drive',
  'github',
  'gmail',
  'jira',
  'jiradatacenter',
  'lumos',
  'mariadb',
  'onedrive',
  'outlook',
  'redshift',
  'salesforce',
  'sharepoint',
  'slack',
  'teams',
  'zoom',
]);
const ReasoningEffort = nullable(z.enum(['none', 'low', 'medium', 'high', 'max']));
const FiltersParsed = z.strictObject({
  recordGroups: z.array(z.string()).optional(),
  records: z.array(z.string()).optional(),
});
const AgentFilters = z.union([FiltersParsed, z.string()]);

export const Toolset = z.strictObject({
  _key: z.string().optional(),
  name: ToolsetName.optional(),
  displayName: z.string().optional(),
  type: z.string().optional(),
  instanceId: z.string().optional(),
  instanceName: z.string().optional(),
  selectedTools: nullable(z.array(z.string())).optional(),
  tools: z
    .array(
      z.strictObject({
        _key: z.string().optional(),
        name: z.string().optional(),
        fullName: z.string().optional(),
        toolsetName: z.string().optional(),
        description: z.string().optional(),
        deprecated: z.boolean().optional(),
      }),
    )
    .optional(),
});
export const McpServer = z.strictObject({
  _key: z.string().optional(),
  name: z.string().optional(),
  displayName: z.string().optional(),
  typeId: z.string().optional(),
  instanceId: z.string().optional(),
  tools: z
    .array(
      z.strictObject({
        _key: z.string().optional(),
        name: z.string().optional(),
        fullName: z.string().optional(),
        description: z.string().optional(),
      }),
    )
    .optional(),
});
export const Knowledge = z.strictObject({
  _key: z.string().optional(),
  connectorId: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
  displayName: z.string().optional(),
  filters: AgentFilters.optional(),
  filtersParsed: FiltersParsed.optional(),
});
const AgentSkill = z.strictObject({
  name: z.string(),
  description: nullable(z.string()).optional(),
  category: nullable(z.string()).optional(),
  subcategory: nullable(z.string()).optional(),
  version: nullable(z.string()).optional(),
  status: nullable(z.string()).optional(),
});
const WebSearch = nullable(
  z.strictObject({
    provider: z.string(),
    providerKey: z.string().optional(),
    providerLabel: z.string().optional(),
  }),
);
const accessFields = {
  can_view: z.boolean(),
  can_share: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  user_role: z.string(),
  access_type: z.string(),
};
const agentCommon = {
  _id: z.string(),
  _key: z.string(),
  _rev: z.string().optional(),
  createdAtTimestamp: int,
  updatedAtTimestamp: int,
  updatedBy: nullable(z.string()).optional(),
  instructions: nullable(z.string()).optional(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  isServiceAccount: z.boolean(),
  name: z.string(),
  tags: z.array(z.string()),
  usesOrgDefault: z.boolean().optional(),
  defaultReasoningEffort: ReasoningEffort.optional(),
  sendUserContext: z.boolean().optional(),
  shareWithOrg: z.boolean(),
  toolsets: z.array(Toolset),
  mcpServers: z.array(McpServer),
  knowledge: z.array(Knowledge),
  webSearch: WebSearch.optional(),
  ...accessFields,
};

export const Agent = z.strictObject({
  ...agentCommon,
  description: z.string().optional(),
  systemPrompt: z.string().optional(),
  startMessage: z.string().optional(),
  createdBy: objectId,
  models: z.array(
    z.union([
      z.string(),
      z.strictObject({
        modelKey: z.string().optional(),
        modelName: z.string().optional(),
        provider: z.string().optional(),
        isReasoning: z.boolean().optional(),
        isMultimodal: z.boolean().optional(),
        isDefault: z.boolean().optional(),
        modelType: z.string().optional(),
        modelFriendlyName: z.string().optional(),
      }),
    ]),
  ),
  skills: z.array(AgentSkill),
});
export const GetAgentResponse = z.strictObject({ status: z.string(), message: z.string(), agent: Agent });

export const AgentListItem = z.strictObject({
  ...agentCommon,
  createdBy: z.string(),
  description: nullable(z.string()).optional(),
  startMessage: nullable(z.string()).optional(),
  systemPrompt: nullable(z.string()).optional(),
  models: z.array(z.string()),
});
export const AgentListResponse = z.strictObject({
  success: z.boolean(),
  agents: z.array(AgentListItem),
  pagination: z.strictObject({
    currentPage: int,
    limit: int,
    totalItems: int,
    totalPages: int,
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});

const CreatedTool = z.strictObject({ name: z.string(), fullName: z.string(), key: z.string() });
export const AgentCreateResponse = z.strictObject({
  status: z.enum(['success', 'partial_success']),
  message: z.string(),
  agent: z.strictObject({
    _key: z.string(),
    name: z.string(),
    description: z.string(),
    startMessage: z.string(),
    systemPrompt: z.string(),
    instructions: nullable(z.string()),
    models: z.array(z.string()),
    tags: z.array(z.string()),
    webSearch: nullable(
      z.strictObject({
        provider: z.string().optional(),
        providerKey: z.string().optional(),
        providerLabel: z.string().optional(),
      }),
    ),
    defaultReasoningEffort: ReasoningEffort.optional(),
    sendUserContext: z.boolean().optional(),
    isActive: z.boolean(),
    isServiceAccount: z.boolean(),
    createdBy: z.string(),
    updatedBy: nullable(z.string()),
    createdAtTimestamp: int,
    updatedAtTimestamp: int,
    isDeleted: z.boolean(),
    toolsets: z.array(
      z.strictObject({
        name: ToolsetName,
        displayName: z.string(),
        key: z.string(),
        tools: z.array(CreatedTool),
      }),
    ),
    mcpServers: z.array(
      z.strictObject({
        name: z.string(),
        displayName: z.string(),
        key: z.string(),
        tools: z.array(CreatedTool),
      }),
    ),
    knowledge: z.array(
      z.strictObject({
        connectorId: z.string(),
        key: z.string(),
        filters: z.union([z.record(z.string(), z.unknown()), z.string(), z.array(z.unknown())]),
      }),
    ),
    skills: z.array(z.strictObject({ name: z.string() })),
  }),
  warnings: nullable(
    z.array(z.strictObject({ name: z.string().optional(), error: z.string().optional() })),
  ).optional(),
});
export const AgentUpdateResponse = z.strictObject({ status: z.literal('success'), message: z.string() });
export const AgentDeleteResponse = z.strictObject({
  status: z.literal('success'),
  message: z.string(),
  deleted: z.strictObject({
    agents: int.min(0),
    toolsets: int.min(0),
    tools: int.min(0),
    knowledge: int.min(0),
    edges: int.min(0),
  }),
});

// ---- Messages and citations
const Status = z.enum(['None', 'Inprogress', 'Complete', 'Failed', 'Stopped']);
export const ModelInfo = z.strictObject({
  modelKey: z.string().optional(),
  modelName: z.string().optional(),
  modelProvider: z.string().optional(),
  modelFriendlyName: z.string().optional(),
  chatMode: z.string().optional(),
});
const AppliedFilterNode = z.strictObject({
  id: z.string().optional(),
  name: z.string().optional(),
  nodeType: z.string().optional(),
  connector: z.string().optional(),
});
const AppliedFilters = z.strictObject({
  apps: z.array(AppliedFilterNode).optional(),
  kb: z.array(AppliedFilterNode).optional(),
});
export const Citation = z.strictObject({
  _id: objectId,
  content: z.string(),
  chunkIndex: int,
  citationType: z.string(),
  metadata: z.strictObject({
    orgId: z.string(),
    mimeType: z.string(),
    recordId: z.string(),
    recordName: z.string(),
    origin: z.string(),
    recordVersion: nullable(int).optional(),
    extension: nullable(z.string()).optional(),
    webUrl: nullable(z.string()).optional(),
    previewRenderable: nullable(z.boolean()).optional(),
    hideWeburl: nullable(z.boolean()).optional(),
    connector: nullable(z.string()).optional(),
    connectorId: nullable(z.string()).optional(),
    recordType: nullable(z.string()).optional(),
    blockNum: nullable(z.array(nullable(z.number()))).optional(),
    pageNum: nullable(z.array(nullable(z.number()))).optional(),
    sheetNum: nullable(z.number()).optional(),
    sheetName: nullable(z.string()).optional(),
    bounding_box: nullable(
      z.array(z.strictObject({ _id: objectId, x: z.number(), y: z.number() })),
    ).optional(),
    blockType: nullable(z.string()).optional(),
    blockText: nullable(z.string()).optional(),
    departments: nullable(z.array(z.string())).optional(),
    languages: nullable(z.array(z.string())).optional(),
    topics: nullable(z.array(z.string())).optional(),
  }),
  createdAt: dateTime,
  updatedAt: dateTime,
});
const citationReferenceFields = {
  citationId: objectId.optional(),
  relevanceScore: z.number().min(0).max(1).optional(),
  excerpt: z.string().optional(),
  context: z.string().optional(),
};
export const CitationReference = z.strictObject(citationReferenceFields);
export const PopulatedCitationReference = z.strictObject({
  ...citationReferenceFields,
  citationData: Citation.optional(),
});
const FollowUpQuestion = z.strictObject({
  question: z.string().optional(),
  confidence: z.string().optional(),
  reasoning: z.string().optional(),
});
const Categories = z.enum([
  'incorrect_information',
  'missing_information',
  'irrelevant_information',
  'unclear_explanation',
  'poor_citations',
  'excellent_answer',
  'helpful_citations',
  'well_explained',
  'other',
]);
const rating = int.min(1).max(5).optional();
export const MessageFeedback = z.strictObject({
  isHelpful: z.boolean().optional(),
  ratings: z
    .strictObject({ accuracy: rating, relevance: rating, completeness: rating, clarity: rating })
    .optional(),
  categories: z.array(Categories).optional(),
  comments: z
    .strictObject({
      positive: z.string().optional(),
      negative: z.string().optional(),
      suggestions: z.string().optional(),
    })
    .optional(),
  citationFeedback: z
    .array(
      z.strictObject({
        _id: objectId.optional(),
        citationId: objectId.optional(),
        isRelevant: z.boolean().optional(),
        relevanceScore: rating,
        comment: z.string().optional(),
      }),
    )
    .optional(),
  followUpQuestionsHelpful: z.boolean().optional(),
  unusedFollowUpQuestions: z.array(z.string()).optional(),
  source: z.enum(['user', 'system', 'admin', 'auto']).optional(),
  feedbackProvider: objectId.optional(),
  timestamp: int.optional(),
  revisions: z.array(z.looseObject({})).optional(),
  metrics: z
    .strictObject({
      timeToFeedback: z.number().optional(),
      userInteractionTime: z.number().optional(),
      feedbackSessionId: z.string().optional(),
      userAgent: z.string().optional(),
      platform: z.string().optional(),
    })
    .optional(),
});
const ChatAttachmentRef = z.strictObject({
  recordId: z.string().min(1),
  recordName: z.string().min(1).optional(),
  mimeType: z.string().min(1).optional(),
  extension: z.string().min(1).optional(),
  virtualRecordId: z.string().min(1).optional(),
});
const ReferenceData = z.strictObject({
  name: z.string().optional(),
  id: z.string().optional(),
  type: z.string().optional(),
  app: z.string().optional(),
  webUrl: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
const MessagePart: z.ZodType = z.lazy(() =>
  z.strictObject({
    type: z.enum(['text', 'reasoning', 'tool_call', 'sub_agent']).optional(),
    content: z.string().optional(),
    toolCallId: z.string().optional(),
    toolName: z.string().optional(),
    displayName: z.string().optional(),
    args: z.string().optional(),
    argsSummary: z.string().optional(),
    status: z.enum(['running', 'completed', 'failed', 'blocked']).optional(),
    resultPreview: z.string().optional(),
    resultSummary: z.string().optional(),
    artifactId: z.string().optional(),
    runId: z.string().optional(),
    roleName: z.string().optional(),
    isFinal: z.boolean().optional(),
    parts: z.array(MessagePart).optional(),
  }),
);
const messageCommon = {
  _id: objectId.optional(),
  messageType: z.enum(['user_query', 'bot_response', 'error', 'feedback', 'system', 'tool_call']).optional(),
  content: z.string().optional(),
  contentFormat: z.enum(['MARKDOWN', 'JSON', 'HTML']).optional(),
  followUpQuestions: z.array(FollowUpQuestion).optional(),
  feedback: z.array(MessageFeedback).optional(),
  modelInfo: ModelInfo.optional(),
  appliedFilters: AppliedFilters.optional(),
  referenceData: z.array(ReferenceData).optional(),
  attachments: z.array(ChatAttachmentRef).optional(),
  tools: z.array(z.strictObject({ toolName: z.string().optional(), toolResult: z.unknown() })).optional(),
  reasoning: z
    .array(
      z.strictObject({
        messageId: z.string().optional(),
        turnIndex: z.number().optional(),
        content: z.string(),
      }),
    )
    .optional(),
  parts: z.array(MessagePart).optional(),
  createdAt: dateTime.optional(),
  updatedAt: dateTime.optional(),
};
export const Message = z.strictObject({
  ...messageCommon,
  citations: z.array(z.union([CitationReference, PopulatedCitationReference])).optional(),
  confidence: nullable(z.string()).optional(),
  metadata: z
    .strictObject({
      processingTimeMs: z.number().optional(),
      modelVersion: z.string().optional(),
      aiTransactionId: z.string().optional(),
      reason: z.string().optional(),
    })
    .optional(),
});
export const DetailMessage = z.strictObject({
  ...messageCommon,
  citations: z
    .array(z.strictObject({ citationId: objectId.optional(), citationData: Citation.optional() }))
    .optional(),
  confidence: nullable(z.enum(['Very High', 'High', 'Medium', 'Low', 'Unknown'])).optional(),
  metadata: z
    .strictObject({
      processingTimeMs: z.number().optional(),
      modelVersion: z.string().optional(),
      aiTransactionId: z.string().optional(),
    })
    .optional(),
});

// ---- Conversations
const SharedWith = z.array(
  z.strictObject({ userId: objectId.optional(), accessLevel: z.enum(['read', 'write']).optional() }),
);
const ProjectVisibility = nullable(z.enum(['private', 'project']));
const errorEntry = {
  message: z.string().optional(),
  errorType: z.string().optional(),
  timestamp: dateTime.optional(),
  messageId: objectId.optional(),
  stack: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
};
export const AgentConversation = z.looseObject({
  _id: objectId.optional(),
  agentKey: z.string().optional(),
  userId: objectId.optional(),
  orgId: objectId.optional(),
  title: z.string().optional(),
  messages: z.array(Message).optional(),
  status: Status.optional(),
  isShared: z.boolean().optional(),
  sharedWith: z
    .array(
      z.looseObject({ userId: z.string().optional(), accessLevel: z.enum(['read', 'write']).optional() }),
    )
    .optional(),
  lastActivityAt: int.optional(),
  createdAt: dateTime.optional(),
  updatedAt: dateTime.optional(),
  projectId: nullable(objectId).optional(),
  projectVisibility: ProjectVisibility.optional(),
});
export const Conversation = z.looseObject({
  _id: objectId.optional(),
  userId: objectId.optional(),
  orgId: objectId.optional(),
  title: z.string().optional(),
  initiator: objectId.optional(),
  messages: z.array(Message).optional(),
  status: Status.optional(),
  failReason: z.string().optional(),
  modelInfo: z.looseObject({}).optional(),
  isShared: z.boolean().optional(),
  shareLink: z.string().optional(),
  sharedWith: z
    .array(z.looseObject({ userId: objectId.optional(), accessLevel: z.enum(['read', 'write']).optional() }))
    .optional(),
  isArchived: z.boolean().optional(),
  archivedBy: nullable(objectId).optional(),
  isDeleted: z.boolean().optional(),
  deletedBy: objectId.optional(),
  conversationErrors: z.array(z.looseObject({ ...errorEntry, message: z.string() })).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  lastActivityAt: int.optional(),
  createdAt: dateTime.optional(),
  updatedAt: dateTime.optional(),
  isOwner: z.boolean().optional(),
  accessLevel: z.enum(['read', 'write']).optional(),
  projectId: nullable(objectId).optional(),
  projectVisibility: ProjectVisibility.optional(),
  sharedBy: z.strictObject({ userId: objectId, name: z.string() }).optional(),
});
/** The fields StoredAgentConversation and AgentConversationListItem share. */
const storedConversationFields = {
  _id: objectId.optional(),
  agentKey: z.string().optional(),
  userId: objectId.optional(),
  orgId: objectId.optional(),
  title: z.string().optional(),
  initiator: objectId.optional(),
  status: Status.optional(),
  failReason: z.string().optional(),
  modelInfo: ModelInfo.optional(),
  isShared: z.boolean().optional(),
  shareLink: z.string().optional(),
  sharedWith: SharedWith.optional(),
  isArchived: z.boolean().optional(),
  archivedBy: nullable(objectId).optional(),
  isDeleted: z.boolean().optional(),
  deletedBy: nullable(objectId).optional(),
  conversationSource: z.literal('agent_chat').optional(),
  lastActivityAt: int.optional(),
  createdAt: dateTime.optional(),
  updatedAt: dateTime.optional(),
};
export const StoredAgentConversation = z.strictObject({
  ...storedConversationFields,
  messages: z.array(Message).optional(),
  conversationErrors: z.array(z.strictObject({ _id: objectId.optional(), ...errorEntry })).optional(),
  __v: int.optional(),
});
export const AgentConversationListItem = z.strictObject({
  ...storedConversationFields,
  archivedAt: dateTime.optional(),
  conversationErrors: z.array(z.strictObject(errorEntry)).optional(),
  isOwner: z.boolean().optional(),
  accessLevel: z.enum(['read', 'write']).optional(),
  projectId: nullable(objectId).optional(),
  projectVisibility: ProjectVisibility.optional(),
});

export const Pagination = z.strictObject({
  page: int,
  limit: int,
  totalCount: int,
  totalPages: int,
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
const Toggle = z
  .strictObject({
    type: z.string().optional(),
    values: z.array(z.string()).optional(),
    description: z.string(),
    current: nullable(z.string()),
    applied: z.boolean(),
  })
  .refine((t) => (t.type === undefined) !== (t.values === undefined), 'either type or values');
const PaginationField = z.strictObject({
  type: z.string(),
  current: int,
  min: int,
  max: int,
  default: int,
  description: z.string(),
  applied: z.boolean(),
});
const SortField = z.strictObject({
  values: z.array(z.string()),
  default: z.string(),
  description: z.string(),
  current: z.string(),
  applied: z.boolean().optional(),
});
const FilterNames = z.enum([
  'page',
  'limit',
  'search',
  'shared',
  'tags',
  'minMessages',
  'sortBy',
  'sortOrder',
  'startDate',
  'endDate',
  'messageType',
  'dateRange',
]);
export const SearchHistoryFilters = z.strictObject({
  applied: z.strictObject({
    filters: z.array(FilterNames),
    values: z.strictObject({
      page: int.optional(),
      limit: int.optional(),
      search: z.string().optional(),
      shared: z.string().optional(),
      tags: z.string().optional(),
      minMessages: z.string().optional(),
      sortBy: z.string().optional(),
      sortOrder: z.string().optional(),
      startDate: z.string().optional(),
      endDate: z.string().optional(),
      messageType: z.string().optional(),
      dateRange: z.strictObject({ start: dateTime.optional(), end: dateTime.optional() }).optional(),
    }),
  }),
  available: z.strictObject({
    shared: Toggle,
    tags: Toggle,
    minMessages: Toggle,
    search: Toggle,
    pagination: z.strictObject({ page: PaginationField, limit: PaginationField }),
    sorting: z.strictObject({ sortBy: SortField, sortOrder: SortField }),
    dateFilters: z.strictObject({
      dateRange: z.strictObject({
        type: z.string(),
        description: z.string(),
        format: z.string(),
        current: z.strictObject({ start: nullable(z.string()), end: nullable(z.string()) }),
        applied: z.boolean(),
      }),
    }),
    messageFilters: z.strictObject({ messageType: Toggle }),
    sortingMessages: z.strictObject({ sortBy: SortField, sortOrder: SortField }),
  }),
});

export const AgentConversationListResponse = z.strictObject({
  conversations: z.array(AgentConversationListItem),
  sharedWithMeConversations: z.array(AgentConversationListItem),
  pagination: Pagination,
  filters: SearchHistoryFilters,
  meta: RequestMeta,
});
export const AgentArchivedConversationListResponse = z.strictObject({
  conversations: z.array(AgentConversationListItem),
  pagination: Pagination,
  filters: SearchHistoryFilters,
  summary: z.strictObject({
    totalArchived: int.optional(),
    oldestArchive: dateTime.optional(),
    newestArchive: dateTime.optional(),
  }),
  meta: RequestMeta,
});
export const AgentArchivedGroupsResponse = z.strictObject({
  groups: z.array(
    z.strictObject({
      agentKey: z.string(),
      conversations: z.array(AgentConversationListItem),
      pagination: Pagination,
    }),
  ),
  agentPagination: Pagination,
  meta: RequestMeta,
});
export const AgentConversationDetailResponse = z.strictObject({
  conversation: z.strictObject({
    id: objectId,
    title: z.string().optional(),
    initiator: objectId.optional(),
    createdAt: dateTime,
    isShared: z.boolean(),
    sharedWith: SharedWith,
    status: Status.optional(),
    failReason: z.string().optional(),
    messages: z.array(DetailMessage),
    modelInfo: ModelInfo.optional(),
    pagination: Pagination.extend({ messageRange: z.strictObject({ start: int, end: int }) }),
    access: z.strictObject({
      isOwner: z.boolean().optional(),
      accessLevel: z.enum(['read', 'write']).optional(),
    }),
  }),
  filters: SearchHistoryFilters,
  meta: z.strictObject({
    requestId: z.string().optional(),
    timestamp: dateTime,
    duration: int,
    conversationId: objectId,
    messageCount: int,
  }),
});

// ---- Turn results and management answers
export const CreateAgentConversationResponse = z.looseObject({
  conversation: AgentConversation,
  meta: z.looseObject({ requestId: z.string().optional(), timestamp: dateTime, duration: int.min(0) }),
});
export const AddMessageResponse = z.strictObject({
  conversation: Conversation,
  recordsUsed: int.min(0),
  meta: z.strictObject({
    requestId: z.string().optional(),
    timestamp: dateTime,
    duration: int.min(0),
    recordsUsed: int.min(0).optional(),
  }),
});
export const MessageFeedbackUpdateResponse = z.strictObject({
  conversationId: objectId,
  messageId: objectId,
  feedback: z.strictObject({
    isHelpful: z.boolean().optional(),
    categories: z.array(Categories).optional(),
    comments: z.strictObject({ positive: z.string().optional(), negative: z.string().optional() }).optional(),
    feedbackProvider: objectId,
    timestamp: int,
    metrics: z.strictObject({ timeToFeedback: z.number(), userAgent: z.string().optional() }),
  }),
  meta: z.strictObject({ requestId: z.string(), timestamp: dateTime, duration: int }),
});
export const ArchiveResponse = z.strictObject({
  id: objectId,
  status: z.literal('archived'),
  archivedBy: objectId,
  archivedAt: dateTime,
  meta: RequestMeta,
});
export const UnarchiveResponse = z.strictObject({
  id: objectId,
  status: z.literal('unarchived'),
  unarchivedBy: objectId,
  unarchivedAt: dateTime,
  meta: RequestMeta,
});
export const TitleUpdateResponse = z.strictObject({
  conversation: StoredAgentConversation,
  meta: RequestMeta,
});
export const ProjectResponse = z.strictObject({
  conversationId: objectId,
  projectId: nullable(objectId).optional(),
  projectVisibility: ProjectVisibility.optional(),
});
export const ProjectVisibilityResponse = z.strictObject({
  conversationId: objectId,
  projectVisibility: z.enum(['private', 'project']),
});
export const DeleteConversationResponse = z.strictObject({
  message: z.literal('Conversation deleted successfully'),
  conversation: nullable(StoredAgentConversation),
});
export const CancelResponse = z.looseObject({ cancelled: z.boolean().optional() });

// ---- Attachments (ops 8 and 9)
const nonEmpty = z.string().min(1);
export const ChatAttachmentUploadRef = z.strictObject({
  recordId: nonEmpty,
  recordName: nonEmpty,
  mimeType: nonEmpty,
  extension: nonEmpty,
  virtualRecordId: nonEmpty,
  parseMode: nonEmpty.optional(),
  ocrMode: nonEmpty.optional(),
});
export const ChatAttachmentUploadResponse = z.strictObject({
  conversationId: nullable(z.string()),
  attachments: z.array(ChatAttachmentUploadRef).min(1),
});
/** Op 9's 400: "a small JSON error object", not an ErrorResponse. */
export const AttachmentDeleteError = z.strictObject({ error: z.string() });
/** The MIME types op 8 accepts, in the document's order. */
export const ATTACHMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/jpg',
  'image/png',
  'text/plain',
  'text/markdown',
  'text/mdx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/tab-separated-values',
];

/** The SSE event names every agents stream may carry (AgentStreamSSEEvent). */
export const SSE_EVENT_NAMES = [
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'STEP_STARTED',
  'STEP_FINISHED',
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'REASONING_START',
  'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_END',
  'REASONING_END',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_RESULT',
  'STATE_DELTA',
  'STATE_SNAPSHOT',
  'CUSTOM',
  'HEARTBEAT',
] as const;

/** Validates a body against a schema; on failure, the first issues name the path, for a readable test failure. */
export function expectSchema(schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(
      `response does not match the contract:\n  ${issues.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}
