/**
 * What the agents API (/api/v1) answers, for the OpenAPI document: the envelopes of
 * src/agents (agents.service.ts, conversations.service.ts, chat.service.ts,
 * attachments.service.ts) field for field, around the agent (agent.ts) and
 * conversation (conversation.ts) objects. Names of the published contract
 * where it names them.
 */
import { z } from 'zod';
import { FEEDBACK_CATEGORIES } from '../conversations.dto';
import { Agent, AgentCreateResponseAgent, AgentListItem } from './agent';
import {
  AgentConversation,
  AgentConversationDetail,
  AgentConversationListItem,
  Conversation,
  objectId,
  Pagination,
  ProjectVisibility,
  StoredAgentConversation,
  timestamp,
} from './conversation';

const int = z.number().int();
const success = (message: string) =>
  z.object({ status: z.literal('success'), message: z.string().describe(message) });

/** `meta` of most answers (request-info.ts metaOf). */
const Meta = z.object({ requestId: z.string(), timestamp, duration: int.describe('milliseconds') });

export const AgentsPage = z
  .object({
    success: z.literal(true),
    agents: z.array(AgentListItem),
    pagination: z.object({
      currentPage: int,
      limit: int,
      totalItems: int,
      totalPages: int,
      hasNext: z.boolean(),
      hasPrev: z.boolean(),
    }),
  })
  .meta({ id: 'AgentListResponse' });
export const AgentCreated = success('Agent created successfully')
  .extend({ agent: AgentCreateResponseAgent })
  .meta({ id: 'AgentCreateResponse' });
export const AgentDetail = success('Agent retrieved successfully')
  .extend({ agent: Agent })
  .meta({ id: 'GetAgentResponse' });
export const AgentUpdated = success('Agent updated successfully');
export const AgentDeleted = success('Agent deleted successfully').extend({
  deleted: z.object({ agents: int, toolsets: int, tools: int, knowledge: int, edges: int }),
});

/** `POST /{agentKey}/conversations` (201): the created conversation with its first turn. */
export const ConversationCreated = z
  .object({ conversation: AgentConversation, meta: Meta })
  .meta({ id: 'CreateAgentConversationResponse' });
/** `POST /{agentKey}/conversations/{id}/messages`: the conversation after the follow-up. */
export const MessageAdded = z
  .object({
    conversation: Conversation,
    recordsUsed: int.describe('distinct documents and attachments cited'),
    meta: Meta.extend({ recordsUsed: int }),
  })
  .meta({ id: 'AddMessageResponse' });
/** RUN_FINISHED's `result`: the JSON twin's answer, with `recordsUsed` (its conversation as the twin projects it). */
export const RunResult = z
  .object({
    conversation: z.union([AgentConversation, Conversation]),
    recordsUsed: int,
    meta: Meta.extend({ recordsUsed: int }),
  })
  .meta({ id: 'AgentRunResult' });

const toggle = (kind: 'type' | 'values') =>
  z.object({
    ...(kind === 'type' ? { type: z.string() } : { values: z.array(z.string()) }),
    description: z.string(),
    current: z.string().nullable(),
    applied: z.boolean(),
  });
const PageField = z.object({
  type: z.literal('number'),
  current: int,
  min: int,
  max: int,
  default: int,
  description: z.string(),
  applied: z.boolean(),
});
const sortField = (applied: boolean) =>
  z.object({
    values: z.array(z.string()),
    default: z.string(),
    description: z.string(),
    current: z.string(),
    ...(applied ? { applied: z.boolean() } : {}),
  });
/** The `filters` block of the listings and the detail (filters-metadata.ts): what was applied, and what may be. */
const SearchHistoryFilters = z
  .object({
    applied: z.object({
      filters: z.array(z.string()),
      values: z.object({
        page: int,
        limit: int,
        search: z.string().optional(),
        shared: z.string().optional(),
        tags: z.string().optional(),
        minMessages: z.string().optional(),
        sortBy: z.string().optional(),
        sortOrder: z.string().optional(),
        startDate: z.string().optional(),
        endDate: z.string().optional(),
        messageType: z.string().optional(),
        dateRange: z.object({ start: timestamp.optional(), end: timestamp.optional() }).optional(),
      }),
    }),
    available: z.object({
      shared: toggle('type'),
      tags: toggle('type'),
      minMessages: toggle('type'),
      search: toggle('type'),
      pagination: z.object({ page: PageField, limit: PageField }),
      sorting: z.object({ sortBy: sortField(true), sortOrder: sortField(true) }),
      dateFilters: z.object({
        dateRange: z.object({
          type: z.literal('dateRange'),
          description: z.string(),
          format: z.string(),
          current: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
          applied: z.boolean(),
        }),
      }),
      messageFilters: z.object({ messageType: toggle('values') }),
      sortingMessages: z.object({ sortBy: sortField(false), sortOrder: sortField(false) }),
    }),
  })
  .meta({ id: 'SearchHistoryFilters' });

export const ConversationsPage = z
  .object({
    conversations: z.array(AgentConversationListItem),
    sharedWithMeConversations: z.array(AgentConversationListItem),
    pagination: Pagination,
    filters: SearchHistoryFilters,
    meta: Meta,
  })
  .meta({ id: 'AgentConversationListResponse' });
/** `GET /{agentKey}/conversations/show/archives`: this agent's archived conversations. */
export const ArchivedConversationsPage = z
  .object({
    conversations: z.array(AgentConversationListItem),
    pagination: Pagination,
    filters: SearchHistoryFilters,
    summary: z.object({
      totalArchived: int,
      oldestArchive: timestamp.optional().describe('of this page; absent when it is empty'),
      newestArchive: timestamp.optional(),
    }),
    meta: Meta,
  })
  .meta({ id: 'AgentArchivedConversationListResponse' });
/** `GET /conversations/show/archives`: archived conversations grouped by agent, five per group. */
export const ArchivedGroups = z
  .object({
    groups: z.array(
      z.object({
        agentKey: z.string(),
        conversations: z.array(AgentConversationListItem),
        pagination: Pagination,
      }),
    ),
    agentPagination: Pagination,
    meta: Meta,
  })
  .meta({ id: 'AgentArchivedGroupsResponse' });
export const ConversationDetail = z
  .object({
    conversation: AgentConversationDetail,
    filters: SearchHistoryFilters,
    meta: Meta.extend({ conversationId: objectId, messageCount: int }),
  })
  .meta({ id: 'AgentConversationDetailResponse' });

export const FeedbackGiven = z.object({
  conversationId: objectId,
  messageId: objectId,
  feedback: z.object({
    isHelpful: z.boolean().optional(),
    categories: z.array(z.enum(FEEDBACK_CATEGORIES)).optional(),
    comments: z.object({ positive: z.string().optional(), negative: z.string().optional() }).optional(),
    feedbackProvider: z.string(),
    timestamp: int.describe('epoch milliseconds'),
    metrics: z.object({ timeToFeedback: int, userAgent: z.string().optional() }),
  }),
  meta: Meta,
});
export const Archived = z.object({
  id: objectId,
  status: z.literal('archived'),
  archivedBy: z.string(),
  archivedAt: timestamp,
  meta: Meta,
});
export const Unarchived = z.object({
  id: objectId,
  status: z.literal('unarchived'),
  unarchivedBy: z.string(),
  unarchivedAt: timestamp,
  meta: Meta,
});
export const TitleChanged = z.object({ conversation: StoredAgentConversation, meta: Meta });
export const ProjectChanged = z.object({
  conversationId: objectId,
  projectId: z.string().nullable(),
  projectVisibility: ProjectVisibility.nullable(),
});
export const ProjectVisibilityChanged = z.object({
  conversationId: objectId,
  projectVisibility: ProjectVisibility,
});
/** Idempotent: `conversation` is null when it was not the caller's live one. */
export const ConversationDeleted = z.object({
  message: z.literal('Conversation deleted successfully'),
  conversation: StoredAgentConversation.nullable(),
});
/** `cancelled` is false when the run had already ended or is not this caller's. */
export const CancelResult = z.object({ cancelled: z.boolean() });

const nonEmpty = z.string().min(1);
/** `POST …/conversations/attachments/upload`: the stored attachments, to send with a turn. */
export const AttachmentsUploaded = z
  .object({
    conversationId: z.string().nullable(),
    attachments: z
      .array(
        z.object({
          recordId: nonEmpty,
          recordName: nonEmpty,
          mimeType: nonEmpty,
          extension: nonEmpty,
          virtualRecordId: nonEmpty,
          parseMode: nonEmpty,
          ocrMode: nonEmpty,
        }),
      )
      .min(1),
  })
  .meta({ id: 'ChatAttachmentUploadResponse' });

// What the services build, derived from the schemas above: an envelope that forgets or
// mistypes a field fails to compile.
export type SearchHistoryFiltersView = z.output<typeof SearchHistoryFilters>;
export type AgentsPageView = z.output<typeof AgentsPage>;
export type AgentCreatedView = z.output<typeof AgentCreated>;
export type AgentDetailView = z.output<typeof AgentDetail>;
export type AgentUpdatedView = z.output<typeof AgentUpdated>;
export type AgentDeletedView = z.output<typeof AgentDeleted>;
export type ConversationCreatedView = z.output<typeof ConversationCreated>;
export type MessageAddedView = z.output<typeof MessageAdded>;
export type ConversationsPageView = z.output<typeof ConversationsPage>;
export type ArchivedConversationsPageView = z.output<typeof ArchivedConversationsPage>;
export type ArchivedGroupsView = z.output<typeof ArchivedGroups>;
export type ConversationDetailAnswerView = z.output<typeof ConversationDetail>;
export type FeedbackGivenView = z.output<typeof FeedbackGiven>;
export type ArchivedView = z.output<typeof Archived>;
export type UnarchivedView = z.output<typeof Unarchived>;
export type TitleChangedView = z.output<typeof TitleChanged>;
export type ProjectChangedView = z.output<typeof ProjectChanged>;
export type ProjectVisibilityChangedView = z.output<typeof ProjectVisibilityChanged>;
export type ConversationDeletedView = z.output<typeof ConversationDeleted>;
