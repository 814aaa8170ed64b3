/**
 * How conversations and messages look on the wire, in the document's projections:
 * `AgentConversation` (a created conversation), `Conversation` (after a follow-up),
 * `StoredAgentConversation` (title and delete answers), `AgentConversationListItem`
 * and the detail's reduced `AgentConversationDetail`.
 *
 * The messages come as the caller may read them now (conversation-presenter.ts):
 * grants can shrink after an answer was given.
 */
import { CitationRecord, ConversationRow, MessageRecord, StoredMessage } from './conversation-store';
import {
  AgentConversationView,
  CitationView,
  ConversationDetailView,
  ConversationListItemView,
  ConversationView,
  DetailMessageView,
  MessageView,
  StoredAgentConversationView,
} from './wire/conversation';

const iso = (date: Date) => date.toISOString();
const present = <T>(value: T | null | undefined) =>
  value === null || value === undefined ? undefined : value;

/**
 * The document's `Citation`. A fragment is a `vectordb` citation whose record is its
 * document and whose connector is its pipeline; a passage of an attached file is a
 * `document` citation whose record is the attachment (origin `UPLOAD`, no connector).
 */
function citationData(citation: CitationRecord, orgId: string): CitationView {
  const meta = citation.metadata;
  const common = {
    _id: citation.id,
    content: citation.content,
    chunkIndex: citation.chunk_index,
    createdAt: iso(citation.created_at),
    updatedAt: iso(citation.created_at),
  };
  if (citation.attachment_id !== null) {
    return {
      ...common,
      citationType: 'document',
      metadata: {
        orgId,
        mimeType: String(meta.mimeType),
        recordId: citation.attachment_id,
        recordName: String(meta.recordName),
        origin: 'UPLOAD',
        extension: String(meta.extension),
        connector: null,
        recordType: 'FILE',
        blockNum: [citation.chunk_index],
        ...(typeof meta.page === 'number' ? { pageNum: [meta.page] } : {}),
        ...(typeof meta.sheet === 'string' ? { sheetName: meta.sheet } : {}),
        blockType: 'text',
      },
    };
  }
  // A document made from a file carries the file's name and detected type (files.service.ts).
  const text = (v: unknown): v is string => typeof v === 'string' && v !== '';
  const filename = text(meta.filename) ? meta.filename : null;
  const named = [filename, meta.title, meta.name].find(text);
  const extension = filename?.includes('.')
    ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase()
    : null;
  return {
    ...common,
    citationType: 'vectordb',
    metadata: {
      orgId,
      mimeType: text(meta.mime_type) ? meta.mime_type : 'text/plain',
      recordId: citation.document_id!,
      recordName: named ?? citation.document_id!,
      origin: 'TROVE',
      recordVersion: citation.version,
      ...(extension ? { extension } : {}),
      connector: 'TROVE',
      connectorId: citation.pipeline_id!,
      recordType: 'DOCUMENT',
      blockNum: [citation.chunk_index],
      blockType: 'text',
    },
  };
}

/** Which searches found a cited fragment, as the citation's `context` says it. */
const SEARCH_NAMES: Record<string, string> = {
  similarity: 'similarity search',
  search: 'full-text search',
  rerank: 'the reranker',
};
function foundBy(searches: string[]): string {
  const found = searches.filter((s) => s !== 'rerank').map((s) => SEARCH_NAMES[s] ?? s);
  const by = found.length > 1 ? `${found.slice(0, -1).join(', ')} and ${found[found.length - 1]}` : found[0];
  return `Found by ${by ?? 'search'}${searches.includes('rerank') ? ', ranked by the reranker' : ''}.`;
}

const excerpt = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

function modelInfo(info: Record<string, string> | null) {
  if (!info) return undefined;
  const { modelKey, modelName, modelProvider, modelFriendlyName, chatMode } = info;
  return Object.fromEntries(
    Object.entries({ modelKey, modelName, modelProvider, modelFriendlyName, chatMode }).filter(
      ([, v]) => v !== undefined,
    ),
  );
}

function messageCommon(message: MessageRecord) {
  return {
    _id: message.id,
    messageType: message.message_type,
    content: message.content,
    contentFormat: message.content_format,
    followUpQuestions: message.follow_up_questions,
    feedback: message.feedback,
    modelInfo: modelInfo(message.model_info),
    appliedFilters: present(message.applied_filters),
    attachments: message.attachments,
    tools: message.tools,
    parts: message.parts,
    createdAt: iso(message.created_at),
    updatedAt: iso(message.updated_at),
  };
}

/** `Message`, citations populated (`{citationId, relevanceScore, excerpt, citationData}`). */
export function presentMessage({ message, citations }: StoredMessage, orgId: string): MessageView {
  return {
    ...messageCommon(message),
    citations: citations.map((c) => ({
      citationId: c.id,
      relevanceScore: Math.min(1, Math.max(0, c.relevance)),
      excerpt: excerpt(c.content),
      ...(c.found_by.length > 0 ? { context: foundBy(c.found_by) } : {}),
      citationData: citationData(c, orgId),
    })),
    ...(message.confidence !== null ? { confidence: message.confidence } : {}),
    metadata: message.metadata,
  };
}

/** The detail's message: `{citationId, citationData}` citations, metadata without `reason`. */
export function presentDetailMessage(
  { message, citations }: StoredMessage,
  orgId: string,
): DetailMessageView {
  const { processingTimeMs, modelVersion, aiTransactionId } = message.metadata as Record<string, unknown>;
  return {
    ...messageCommon(message),
    citations: citations.map((c) => ({ citationId: c.id, citationData: citationData(c, orgId) })),
    ...(message.confidence !== null ? { confidence: message.confidence } : {}),
    metadata: Object.fromEntries(
      Object.entries({ processingTimeMs, modelVersion, aiTransactionId }).filter(([, v]) => v !== undefined),
    ),
  };
}

/** Computed per request: the caller's entry in `sharedWith`, else `read`, as the document defines it. */
function accessOf(row: ConversationRow, userId: string) {
  return {
    isOwner: row.user_id === userId,
    accessLevel: row.shared_with.find((s) => s.userId === userId)?.accessLevel ?? ('read' as const),
  };
}

function stored(row: ConversationRow) {
  return {
    _id: row.id,
    agentKey: row.agent_key,
    userId: row.user_id,
    orgId: row.org_id,
    title: row.title,
    initiator: row.user_id,
    status: row.status,
    ...(row.status === 'Failed' && row.fail_reason ? { failReason: row.fail_reason } : {}),
    modelInfo: modelInfo(row.model_info),
    isShared: row.is_shared,
    sharedWith: row.shared_with,
    isArchived: row.is_archived,
    // Absent on a conversation never archived; null after an unarchive.
    ...(row.archived_at !== null ? { archivedBy: row.archived_by } : {}),
    isDeleted: row.is_deleted,
    deletedBy: row.deleted_by,
    conversationSource: 'agent_chat' as const,
    lastActivityAt: row.last_activity_at.getTime(),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** `AgentConversation`: the answer of a created conversation (op 24, RUN_FINISHED of op 10). */
export function presentAgentConversation(
  row: ConversationRow,
  messages: MessageView[],
): AgentConversationView {
  const {
    initiator,
    modelInfo: info,
    failReason,
    ...rest
  } = stored(row) as ReturnType<typeof stored> & {
    failReason?: string;
  };
  return {
    _id: rest._id,
    agentKey: rest.agentKey,
    userId: rest.userId,
    orgId: rest.orgId,
    title: rest.title,
    initiator,
    messages,
    status: rest.status,
    ...(failReason ? { failReason } : {}),
    ...(info ? { modelInfo: info } : {}),
    isShared: rest.isShared,
    sharedWith: rest.sharedWith,
    conversationSource: rest.conversationSource,
    lastActivityAt: rest.lastActivityAt,
    createdAt: rest.createdAt,
    updatedAt: rest.updatedAt,
    projectId: row.project_id,
    projectVisibility: row.project_visibility,
  };
}

/** `Conversation`: the answer of a follow-up (op 15, RUN_FINISHED of ops 11 and 12). */
export function presentConversation(
  row: ConversationRow,
  messages: MessageView[],
  userId: string,
): ConversationView {
  const { agentKey: _, conversationSource: __, deletedBy, ...rest } = stored(row);
  return {
    ...rest,
    ...(deletedBy !== null ? { deletedBy } : {}),
    messages,
    conversationErrors: row.conversation_errors.map(({ _id: ___, ...error }) => error),
    ...accessOf(row, userId),
    projectId: row.project_id,
    projectVisibility: row.project_visibility,
  };
}

/** `StoredAgentConversation`: the answer of the title change and of delete. */
export function presentStoredConversation(
  row: ConversationRow,
  messages: MessageView[],
): StoredAgentConversationView {
  return { ...stored(row), messages, conversationErrors: row.conversation_errors, __v: row.version };
}

/** `AgentConversationListItem`; `archivedAt` on the archive listings, `sharedWith` left out of shared rows. */
export function presentListItem(
  row: ConversationRow,
  userId: string,
  options: { archive?: boolean; shared?: boolean } = {},
): ConversationListItemView {
  const { sharedWith, ...rest } = stored(row);
  return {
    ...rest,
    ...(options.shared ? {} : { sharedWith }),
    ...(options.archive && row.archived_at !== null ? { archivedAt: iso(row.updated_at) } : {}),
    conversationErrors: row.conversation_errors.map(({ _id: _, ...error }) => error),
    ...accessOf(row, userId),
    projectId: row.project_id,
    projectVisibility: row.project_visibility,
  };
}

export function presentDetail(
  row: ConversationRow,
  messages: DetailMessageView[],
  pagination: ConversationDetailView['pagination'],
  userId: string,
): ConversationDetailView {
  return {
    id: row.id,
    title: row.title,
    initiator: row.user_id,
    createdAt: iso(row.created_at),
    isShared: row.is_shared,
    sharedWith: row.shared_with,
    status: row.status,
    ...(row.status === 'Failed' && row.fail_reason ? { failReason: row.fail_reason } : {}),
    messages,
    ...(row.model_info ? { modelInfo: modelInfo(row.model_info) } : {}),
    pagination,
    access: accessOf(row, userId),
  };
}
