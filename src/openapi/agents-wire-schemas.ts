/**
 * What the agents API (/api/v1) answers, for the OpenAPI document: the envelopes of
 * src/agents (agents.service.ts, conversations.service.ts, chat.service.ts) field for
 * field. The agent, conversation and message projections inside them follow the agents
 * contract (agent-view.ts, conversation-view.ts) and are checked against it by
 * test/agents/contract; here they are objects named by their ids, open to the rest.
 */
import { z } from 'zod';

const entity = (...keys: string[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.string()]))).catchall(z.unknown());
const record = z.record(z.string(), z.unknown());
const timestamp = z.string().describe('ISO 8601');
const success = (message: string) =>
  z.object({ status: z.literal('success'), message: z.string().describe(message) });

/** `meta` of most answers (request-info.ts metaOf). */
const Meta = z.object({ requestId: z.string(), timestamp, duration: z.number().int() });
/** Page counts of the conversation lists (conversations.service.ts). */
const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
const Conversation = entity('_id').describe('the conversation, as the agents contract projects it');

export const AgentDetail = success('Agent retrieved successfully').extend({
  agent: entity('_id', '_key', 'name').describe('`Agent` (agent-view.ts presentAgent)'),
});
export const AgentUpdated = success('Agent updated successfully');
export const AgentDeleted = success('Agent deleted successfully').extend({
  deleted: z.object({
    agents: z.number().int(),
    toolsets: z.number().int(),
    tools: z.number().int(),
    knowledge: z.number().int(),
    edges: z.number().int(),
  }),
});

/** `POST /{agentKey}/conversations` (201): the created conversation with its first turn. */
export const ConversationCreated = z.object({ conversation: Conversation, meta: Meta });
/** `POST /{agentKey}/conversations/{id}/messages`: the conversation after the follow-up. */
export const MessageAdded = z.object({
  conversation: Conversation,
  recordsUsed: z.number().int(),
  meta: Meta.extend({ recordsUsed: z.number().int() }),
});

export const ConversationsPage = z.object({
  conversations: z.array(Conversation),
  sharedWithMeConversations: z.array(Conversation),
  pagination: Pagination,
  filters: record,
  meta: Meta,
});
export const ConversationDetail = z.object({
  conversation: entity('id').describe('`AgentConversationDetail`, messages paged'),
  filters: record,
  meta: Meta.extend({ conversationId: z.string(), messageCount: z.number().int() }),
});

export const FeedbackGiven = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  feedback: z.object({
    isHelpful: z.boolean().optional(),
    categories: z.array(z.string()).optional(),
    comments: z.object({ positive: z.string().optional(), negative: z.string().optional() }).optional(),
    feedbackProvider: z.string(),
    timestamp: z.number().int().describe('epoch milliseconds'),
    metrics: z.object({ timeToFeedback: z.number().int(), userAgent: z.string().optional() }),
  }),
  meta: Meta,
});
export const Archived = z.object({
  id: z.string(),
  status: z.literal('archived'),
  archivedBy: z.string(),
  archivedAt: timestamp,
  meta: Meta,
});
export const Unarchived = z.object({
  id: z.string(),
  status: z.literal('unarchived'),
  unarchivedBy: z.string(),
  unarchivedAt: timestamp,
  meta: Meta,
});
export const TitleChanged = z.object({ conversation: Conversation, meta: Meta });
const visibility = z.enum(['private', 'project']);
export const ProjectChanged = z.object({
  conversationId: z.string(),
  projectId: z.string().nullable(),
  projectVisibility: visibility.nullable(),
});
export const ProjectVisibilityChanged = z.object({
  conversationId: z.string(),
  projectVisibility: visibility,
});
/** Idempotent: `conversation` is null when it was not the caller's live one. */
export const ConversationDeleted = z.object({ message: z.string(), conversation: Conversation.nullable() });
