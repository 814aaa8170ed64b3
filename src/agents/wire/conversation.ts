/**
 * Conversations, messages and citations as the agents API answers them, field for
 * field as src/agents/conversation-view.ts builds them, in the published contract's
 * projections and names: `AgentConversation` (a created conversation), `Conversation`
 * (after a follow-up), `StoredAgentConversation` (title and delete answers),
 * `AgentConversationListItem`, `AgentConversationDetail`; `Message`, `DetailMessage`
 * and `Citation` inside them.
 */
import { z } from 'zod';
import { AppliedFiltersSchema, AttachmentRefSchema, FEEDBACK_CATEGORIES } from '../conversations.dto';
import { MESSAGE_TYPES } from '../filters-metadata';
import { CONFIDENCE_LEVELS } from '../prompt';

export const objectId = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .describe('an ObjectId (24 hex digits)');
export const timestamp = z
  .string()
  .describe('ISO 8601')
  .meta({ examples: ['2026-12-01T09:30:00.000Z'] });
const epochMs = z.number().int().describe('epoch milliseconds');
const int = z.number().int();

const Status = z
  .enum(['None', 'Inprogress', 'Complete', 'Failed', 'Stopped'])
  .meta({ id: 'ConversationStatus' });
const AccessLevel = z.enum(['read', 'write']);
export const ProjectVisibility = z.enum(['private', 'project']);

export const ModelInfo = z
  .object({
    modelKey: z.string().optional().describe('the LLM id'),
    modelName: z.string().optional(),
    modelProvider: z.string().optional(),
    modelFriendlyName: z.string().optional(),
    chatMode: z.string().optional(),
  })
  .meta({ id: 'ModelInfo' });

/** A quoted source: a fragment of a pipeline's document (`vectordb`) or a passage of an attachment (`document`). */
export const Citation = z
  .object({
    _id: objectId,
    content: z.string(),
    chunkIndex: int,
    citationType: z.enum(['vectordb', 'document']),
    metadata: z.object({
      orgId: z.string(),
      mimeType: z.string(),
      recordId: z.string().describe('the document id, or the attachment id'),
      recordName: z.string(),
      origin: z.enum(['TROVE', 'UPLOAD']),
      recordVersion: int.nullable().optional().describe('the document version quoted'),
      extension: z.string().optional(),
      connector: z.literal('TROVE').nullable(),
      connectorId: z.string().optional().describe('the pipeline id'),
      recordType: z.enum(['DOCUMENT', 'FILE']),
      blockNum: z.array(int),
      pageNum: z.array(int).optional(),
      sheetName: z.string().optional(),
      blockType: z.literal('text'),
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Citation',
    examples: [
      {
        _id: '674c1f0a9b3e4d5f6a7b8c9d',
        content: 'Refunds are issued within fourteen days of the request.',
        chunkIndex: 0,
        citationType: 'vectordb',
        metadata: {
          orgId: 'trove',
          mimeType: 'text/plain',
          recordId: '0193b2c4-0000-7000-8000-0000000000d1',
          recordName: 'Refund policy',
          origin: 'TROVE',
          recordVersion: 1,
          connector: 'TROVE',
          connectorId: '0193b2c4-0000-7000-8000-0000000000aa',
          recordType: 'DOCUMENT',
          blockNum: [0],
          blockType: 'text',
        },
        createdAt: '2026-12-01T09:30:00.000Z',
        updatedAt: '2026-12-01T09:30:00.000Z',
      },
    ],
  });
export type CitationView = z.output<typeof Citation>;

const MessageFeedback = z
  .object({
    isHelpful: z.boolean().optional(),
    categories: z.array(z.enum(FEEDBACK_CATEGORIES)).optional(),
    comments: z.object({ positive: z.string().optional(), negative: z.string().optional() }).optional(),
    feedbackProvider: z.string().describe('the key that gave it'),
    source: z.literal('user'),
    timestamp: epochMs,
    metrics: z.object({
      timeToFeedback: int.describe('milliseconds since the answer'),
      userAgent: z.string().optional(),
    }),
  })
  .meta({ id: 'MessageFeedback' });

const MessagePart = z
  .object({
    type: z.enum(['text', 'tool_call']),
    content: z.string().optional(),
    isFinal: z.boolean().optional(),
    toolCallId: z.string().optional(),
    toolName: z.string().optional(),
    args: z.string().optional().describe('JSON'),
    status: z.enum(['completed', 'blocked']).optional(),
    resultSummary: z.string().optional(),
  })
  .meta({ id: 'MessagePart' });

const messageFields = {
  _id: objectId,
  messageType: z.enum(MESSAGE_TYPES),
  content: z.string(),
  contentFormat: z.literal('MARKDOWN'),
  followUpQuestions: z.array(z.object({ question: z.string() })),
  feedback: z.array(MessageFeedback),
  modelInfo: ModelInfo.optional().describe('answers only'),
  appliedFilters: AppliedFiltersSchema.optional().describe('as the question sent them'),
  attachments: z.array(AttachmentRefSchema),
  tools: z.array(
    z.object({
      toolName: z.string(),
      toolResult: z.object({ query: z.string(), sources: z.array(int) }),
    }),
  ),
  parts: z.array(MessagePart),
  confidence: z.enum(CONFIDENCE_LEVELS).optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
};
const messageMetadata = {
  processingTimeMs: int.optional(),
  modelVersion: z.string().optional(),
  aiTransactionId: z.string().optional().describe('the run id of the turn'),
};

export const Message = z
  .object({
    ...messageFields,
    citations: z.array(
      z.object({
        citationId: objectId,
        relevanceScore: z.number().min(0).max(1),
        excerpt: z.string().describe('the first 300 characters'),
        context: z
          .string()
          .optional()
          .describe(
            "which searches found a pipeline's fragment, e.g. 'Found by similarity search and full-text search.'",
          ),
        citationData: Citation,
      }),
    ),
    metadata: z.object({
      ...messageMetadata,
      reason: z.string().optional(),
    }),
  })
  .meta({ id: 'Message' });
export type MessageView = z.output<typeof Message>;

/** The detail's message: citations without scores, metadata without `reason`. */
export const DetailMessage = z
  .object({
    ...messageFields,
    citations: z.array(z.object({ citationId: objectId, citationData: Citation })),
    metadata: z.object(messageMetadata),
  })
  .meta({ id: 'DetailMessage' });
export type DetailMessageView = z.output<typeof DetailMessage>;

const SharedWith = z.array(z.object({ userId: z.string(), accessLevel: AccessLevel }));
const ConversationError = z.object({
  message: z.string(),
  errorType: z.string(),
  timestamp,
  messageId: objectId.optional(),
});
const access = { isOwner: z.boolean(), accessLevel: AccessLevel };
const project = { projectId: z.string().nullable(), projectVisibility: ProjectVisibility.nullable() };

/** What every projection of a stored conversation holds but the follow-up's `Conversation`. */
const conversationFields = {
  _id: objectId,
  userId: z.string().describe('the key that started it'),
  orgId: z.string(),
  title: z.string(),
  initiator: z.string(),
  status: Status,
  failReason: z.string().optional().describe('when Failed'),
  modelInfo: ModelInfo.optional(),
  isShared: z.boolean(),
  sharedWith: SharedWith,
  isArchived: z.boolean(),
  archivedBy: z.string().nullable().optional().describe('absent if never archived, null once unarchived'),
  isDeleted: z.boolean(),
  lastActivityAt: epochMs,
  createdAt: timestamp,
  updatedAt: timestamp,
};
const storedFields = {
  ...conversationFields,
  agentKey: z.string(),
  deletedBy: z.string().nullable(),
  conversationSource: z.literal('agent_chat'),
};

/** A created conversation (POST …/conversations, and RUN_FINISHED of its stream). */
export const AgentConversation = z
  .object({
    _id: objectId,
    agentKey: z.string(),
    userId: z.string(),
    orgId: z.string(),
    title: z.string(),
    initiator: z.string(),
    messages: z.array(Message),
    status: Status,
    failReason: storedFields.failReason,
    modelInfo: ModelInfo.optional(),
    isShared: z.boolean(),
    sharedWith: SharedWith,
    conversationSource: z.literal('agent_chat'),
    lastActivityAt: epochMs,
    createdAt: timestamp,
    updatedAt: timestamp,
    ...project,
  })
  .meta({ id: 'AgentConversation' });
export type AgentConversationView = z.output<typeof AgentConversation>;

/** The conversation after a follow-up (POST …/messages, and RUN_FINISHED of the follow-up and regenerate streams). */
export const Conversation = z
  .object({
    ...conversationFields,
    deletedBy: z.string().optional(),
    messages: z.array(Message),
    conversationErrors: z.array(ConversationError),
    ...access,
    ...project,
  })
  .meta({ id: 'Conversation' });
export type ConversationView = z.output<typeof Conversation>;

export const StoredAgentConversation = z
  .object({
    ...storedFields,
    messages: z.array(Message),
    conversationErrors: z.array(ConversationError.extend({ _id: objectId.optional() })),
    __v: int.describe('the row version'),
  })
  .meta({ id: 'StoredAgentConversation' });
export type StoredAgentConversationView = z.output<typeof StoredAgentConversation>;

export const AgentConversationListItem = z
  .object({
    ...storedFields,
    sharedWith: SharedWith.optional().describe('absent on conversations shared with the caller'),
    archivedAt: timestamp.optional().describe('archive listings only'),
    conversationErrors: z.array(ConversationError),
    ...access,
    ...project,
  })
  .meta({ id: 'AgentConversationListItem' });
export type ConversationListItemView = z.output<typeof AgentConversationListItem>;

export const Pagination = z
  .object({
    page: int,
    limit: int,
    totalCount: int,
    totalPages: int,
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  })
  .meta({ id: 'Pagination' });
export type PaginationView = z.output<typeof Pagination>;

export const AgentConversationDetail = z
  .object({
    id: objectId,
    title: z.string(),
    initiator: z.string(),
    createdAt: timestamp,
    isShared: z.boolean(),
    sharedWith: SharedWith,
    status: Status,
    failReason: storedFields.failReason,
    messages: z.array(DetailMessage),
    modelInfo: ModelInfo.optional(),
    pagination: Pagination.extend({ messageRange: z.object({ start: int, end: int }) }),
    access: z.object(access),
  })
  .meta({ id: 'AgentConversationDetail' });
export type ConversationDetailView = z.output<typeof AgentConversationDetail>;
