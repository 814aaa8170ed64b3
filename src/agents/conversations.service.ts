/**
 * Conversations with agents, outside of turns: the listings (ops 6, 7, 23), the
 * detail (22), feedback (14), and archive, title, project and delete (16–21).
 *
 * A conversation is its initiator's: every route finds it by id, user and agent,
 * and answers the same "not found" for one that does not exist, belongs to another
 * user or to another agent, or whose agent was deleted.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { badRequest, hasReason, notFound } from '../common/errors';
import { AgentsService } from './agents.service';
import { ConversationPresenter } from './conversation-presenter';
import {
  ConversationFilter,
  ConversationOrder,
  ConversationRow,
  ConversationStore,
  isAnswer,
} from './conversation-store';
import { presentDetail, presentListItem, presentStoredConversation } from './conversation-view';
import { DetailQuery, FeedbackDto, ListArchivesQuery, ListConversationsQuery } from './conversations.dto';
import { CONVERSATION_SORTS, filtersMetadata } from './filters-metadata';
import { metaOf, RequestInfo } from './request-info';
import { AgentErrorReason } from './agent-errors';
import {
  ArchivedConversationsPageView,
  ArchivedGroupsView,
  ArchivedView,
  ConversationDeletedView,
  ConversationDetailAnswerView,
  ConversationsPageView,
  FeedbackGivenView,
  ProjectChangedView,
  ProjectVisibilityChangedView,
  TitleChangedView,
  UnarchivedView,
} from './wire/answers';
import { StoredAgentConversationView } from './wire/conversation';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

const SORT_COLUMN = { createdAt: 'created_at', lastActivityAt: 'last_activity_at', title: 'title' } as const;

function pagination(page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return {
    page,
    limit,
    totalCount: total,
    totalPages,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

const dateOf = (value: string | undefined) => (value === undefined ? null : new Date(value));

const filtersOf = (
  raw: Record<string, unknown>,
  query: { page: number; limit: number },
  sortBy: string,
  sortOrder: string,
  from: Date | null,
  to: Date | null,
) =>
  filtersMetadata({
    query: raw,
    page: query.page,
    limit: query.limit,
    maxLimit: 100,
    sortBy,
    sortOrder,
    from,
    to,
  });

@Injectable()
export class ConversationsService {
  constructor(
    private readonly agents: AgentsService,
    private readonly store: ConversationStore,
    private readonly presenter: ConversationPresenter,
  ) {}

  /**
   * The caller's live conversation with this (visible, live) agent; anything else is
   * the same 404, so other users' conversations do not show through.
   */
  async requireConversation(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    message = CONVERSATION_NOT_FOUND,
  ) {
    const agent = await this.agents.requireVisible(auth, agentKey).catch((error) => {
      if (hasReason(error, AgentErrorReason.AgentNotFound))
        throw notFound(AgentErrorReason.ConversationNotFound, message);
      throw error;
    });
    const conversation = await this.store.find(conversationId.toLowerCase());
    if (
      !conversation ||
      conversation.is_deleted ||
      conversation.user_id !== auth.userId ||
      conversation.agent_key !== agent.key
    ) {
      throw notFound(AgentErrorReason.ConversationNotFound, message);
    }
    return { agent, conversation };
  }

  /**
   * Projects are the caller's own folders of conversations: an id nobody used yet
   * becomes the caller's; one another user uses is not visible to the caller.
   */
  async ownsProject(auth: AuthContext, projectId: string): Promise<boolean> {
    return this.store.claimProject(projectId, auth.userId);
  }

  /** Op 23: owned, not archived; `search` reads titles and (opened) messages; lenient sorting. */
  async list(
    auth: AuthContext,
    agentKey: string,
    query: ListConversationsQuery,
    raw: Record<string, unknown>,
    info: RequestInfo,
  ): Promise<ConversationsPageView> {
    const agent = await this.agents.requireVisible(auth, agentKey).catch(() => null);
    const sortBy = CONVERSATION_SORTS.includes(query.sortBy as never)
      ? (query.sortBy as keyof typeof SORT_COLUMN)
      : 'lastActivityAt';
    const sortOrder = query.sortOrder === 'asc' ? 'asc' : 'desc';
    const from = dateOf(query.startDate);
    const to = dateOf(query.endDate);
    const filter: ConversationFilter = {
      userId: auth.userId,
      agentKey: agent?.key ?? '00000000-0000-0000-0000-000000000000',
      archived: false,
      from,
      to,
      projectId: query.projectId?.toLowerCase() ?? null,
    };
    const { rows, total } = await this.page(
      auth,
      filter,
      { column: SORT_COLUMN[sortBy], descending: sortOrder === 'desc' },
      query,
      query.search,
    );
    const shared = agent
      ? await this.store.sharedWith(
          auth.userId,
          agent.key,
          query.status ?? null,
          query.isArchived === undefined ? null : query.isArchived === 'true',
        )
      : [];
    return {
      conversations: rows.map((row) => presentListItem(row, auth.userId)),
      sharedWithMeConversations: shared.map((row) => presentListItem(row, auth.userId, { shared: true })),
      pagination: pagination(query.page, query.limit, total),
      filters: filtersOf(raw, query, sortBy, sortOrder, from, to),
      meta: metaOf(info),
    };
  }

  /** Op 7: this agent's archived conversations, with the page's first and last archive dates. */
  async archives(
    auth: AuthContext,
    agentKey: string,
    query: ListArchivesQuery,
    raw: Record<string, unknown>,
    info: RequestInfo,
  ): Promise<ArchivedConversationsPageView> {
    const agent = await this.agents.requireVisible(auth, agentKey).catch(() => null);
    const sortBy = query.sortBy ?? 'lastActivityAt';
    const sortOrder = query.sortOrder ?? 'desc';
    const from = dateOf(query.startDate);
    const to = dateOf(query.endDate);
    const { rows, total } = await this.page(
      auth,
      {
        userId: auth.userId,
        agentKey: agent?.key ?? '00000000-0000-0000-0000-000000000000',
        archived: true,
        from,
        to,
        projectId: null,
      },
      { column: SORT_COLUMN[sortBy], descending: sortOrder === 'desc' },
      query,
      query.search,
    );
    const items = rows.map((row) => presentListItem(row, auth.userId, { archive: true }));
    return {
      conversations: items,
      pagination: pagination(query.page, query.limit, total),
      filters: filtersOf(raw, query, sortBy, sortOrder, from, to),
      summary: {
        totalArchived: total,
        ...(items.length > 0
          ? { oldestArchive: items[0].archivedAt, newestArchive: items[items.length - 1].archivedAt }
          : {}),
      },
      meta: metaOf(info),
    };
  }

  /** Op 6: archived conversations grouped by agent (live agents only), each group's first five, newest first. */
  async archiveGroups(
    auth: AuthContext,
    agentPage: number,
    agentLimit: number,
    info: RequestInfo,
  ): Promise<ArchivedGroupsView> {
    const { keys, total } = await this.store.archivedAgentKeys(
      auth.userId,
      agentLimit,
      (agentPage - 1) * agentLimit,
    );
    const groups = [];
    for (const agentKey of keys) {
      const { rows, total: count } = await this.store.list(
        { userId: auth.userId, agentKey, archived: true, from: null, to: null, projectId: null },
        { column: 'archived_at', descending: true },
        { limit: 5, offset: 0 },
      );
      groups.push({
        agentKey,
        conversations: rows.map((row) => presentListItem(row, auth.userId, { archive: true })),
        pagination: pagination(1, 5, count),
      });
    }
    return { groups, agentPagination: pagination(agentPage, agentLimit, total), meta: metaOf(info) };
  }

  /** Op 22: the messages paged from the newest backwards, each page then sorted as asked. */
  async detail(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    query: DetailQuery,
    raw: Record<string, unknown>,
    info: RequestInfo,
  ): Promise<ConversationDetailAnswerView> {
    const { conversation } = await this.requireConversation(auth, agentKey, conversationId);
    const from = dateOf(query.startDate);
    const to = dateOf(query.endDate);
    const {
      messages: stored,
      total,
      skip,
    } = await this.store.messagePage(
      conversation.id,
      { types: query.messageType ? [query.messageType] : null, from, to },
      query.page,
      query.limit,
    );
    const messages = await this.presenter.detailMessages(auth, stored, conversation.org_id);
    const key = (m: (typeof messages)[number]) =>
      query.sortBy === 'messageType' ? m.messageType : query.sortBy === 'content' ? m.content : m.createdAt;
    const direction = query.sortOrder === 'asc' ? 1 : -1;
    // A stable sort of the page in stored order: equal keys keep the order they were written in.
    const sorted = messages
      .map((m, i) => ({ m, i }))
      .sort((a, b) =>
        key(a.m) < key(b.m) ? -direction : key(a.m) > key(b.m) ? direction : direction * (a.i - b.i),
      )
      .map(({ m }) => m);
    const shown = stored.length;
    const page = {
      ...pagination(query.page, query.limit, total),
      hasNextPage: skip > 0,
      hasPrevPage: query.page > 1,
      messageRange: { start: shown > 0 ? skip + 1 : 0, end: skip + shown },
    };
    return {
      conversation: presentDetail(conversation, sorted, page, auth.userId),
      filters: filtersOf(raw, query, query.sortBy, query.sortOrder, from, to),
      meta: { ...metaOf(info), conversationId: conversation.id, messageCount: total },
    };
  }

  /** Op 14: appends a feedback entry to an answer. */
  async feedback(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    messageId: string,
    dto: FeedbackDto,
    info: RequestInfo,
  ): Promise<FeedbackGivenView> {
    const missing = 'Conversation or message not found';
    const { conversation } = await this.requireConversation(auth, agentKey, conversationId, missing);
    const message = await this.store.message(conversation.id, messageId.toLowerCase());
    if (!message) throw notFound(AgentErrorReason.MessageNotFound, missing);
    if (!isAnswer(message))
      throw badRequest(
        AgentErrorReason.InvalidState,
        'Feedback can only be submitted on bot_response messages',
      );
    const now = Date.now();
    const entry = {
      ...(dto.isHelpful !== undefined ? { isHelpful: dto.isHelpful } : {}),
      ...(dto.categories !== undefined ? { categories: dto.categories } : {}),
      ...(dto.comments !== undefined ? { comments: dto.comments } : {}),
      feedbackProvider: auth.userId,
      timestamp: now,
      metrics: {
        timeToFeedback: now - message.created_at.getTime(),
        ...(info.userAgent !== undefined ? { userAgent: info.userAgent } : {}),
      },
    };
    await this.store.addFeedback(message.id, { ...entry, source: 'user' });
    return { conversationId: conversation.id, messageId: message.id, feedback: entry, meta: metaOf(info) };
  }

  async archive(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    info: RequestInfo,
  ): Promise<ArchivedView> {
    const { conversation } = await this.requireConversation(auth, agentKey, conversationId);
    if (conversation.is_archived)
      throw badRequest(AgentErrorReason.InvalidState, 'Conversation is already archived');
    const now = new Date();
    const row = await this.store.update(conversation.id, {
      is_archived: true,
      archived_by: auth.userId,
      archived_at: now,
      updated_at: now,
    });
    return {
      id: row.id,
      status: 'archived',
      archivedBy: auth.userId,
      archivedAt: row.updated_at.toISOString(),
      meta: metaOf(info),
    };
  }

  async unarchive(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    info: RequestInfo,
  ): Promise<UnarchivedView> {
    const { conversation } = await this.requireConversation(auth, agentKey, conversationId);
    if (!conversation.is_archived)
      throw badRequest(AgentErrorReason.InvalidState, 'Conversation is not currently archived');
    const row = await this.store.update(conversation.id, { is_archived: false, archived_by: null });
    return {
      id: row.id,
      status: 'unarchived',
      unarchivedBy: auth.userId,
      unarchivedAt: row.updated_at.toISOString(),
      meta: metaOf(info),
    };
  }

  async setTitle(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    title: string,
    info: RequestInfo,
  ): Promise<TitleChangedView> {
    const { conversation } = await this.requireConversation(auth, agentKey, conversationId);
    const row = await this.store.update(conversation.id, { title });
    return { conversation: await this.stored(auth, row), meta: metaOf(info) };
  }

  async setProject(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    projectId: string | null,
  ): Promise<ProjectChangedView> {
    const { conversation } = await this.requireConversation(auth, agentKey, conversationId);
    const id = projectId?.toLowerCase() ?? null;
    if (id !== null && !(await this.ownsProject(auth, id)))
      throw notFound(AgentErrorReason.ProjectNotFound, 'Project not found');
    const row = await this.store.update(conversation.id, {
      project_id: id,
      project_visibility: id === null ? null : (conversation.project_visibility ?? 'private'),
    });
    return { conversationId: row.id, projectId: row.project_id, projectVisibility: row.project_visibility };
  }

  async setProjectVisibility(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    visibility: 'private' | 'project',
  ): Promise<ProjectVisibilityChangedView> {
    const { conversation } = await this.requireConversation(auth, agentKey, conversationId);
    if (conversation.project_id === null)
      throw badRequest(AgentErrorReason.InvalidState, 'The conversation is not linked to a project');
    const row = await this.store.update(conversation.id, { project_visibility: visibility });
    return { conversationId: row.id, projectVisibility: visibility };
  }

  /** Op 21: idempotent; a conversation that is not the caller's live one with this agent is answered with null. */
  async delete(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
  ): Promise<ConversationDeletedView> {
    const conversation = await this.store.find(conversationId.toLowerCase());
    const mine =
      conversation &&
      !conversation.is_deleted &&
      conversation.user_id === auth.userId &&
      conversation.agent_key === agentKey.toLowerCase();
    if (!mine) return { message: 'Conversation deleted successfully', conversation: null };
    const row = await this.store.update(conversation.id, { is_deleted: true, deleted_by: auth.userId });
    return { message: 'Conversation deleted successfully', conversation: await this.stored(auth, row) };
  }

  private async stored(auth: AuthContext, row: ConversationRow): Promise<StoredAgentConversationView> {
    return presentStoredConversation(row, await this.presenter.messages(auth, row.id, row.org_id));
  }

  /**
   * One page of the caller's conversations. With `search`, the titles and the opened
   * messages of every candidate are read here (message text is encrypted at rest,
   * so the database cannot match it), as the key may read them now (an answer it may
   * no longer read does not match), and the page is cut after matching.
   */
  private async page(
    auth: AuthContext,
    filter: ConversationFilter,
    order: ConversationOrder,
    query: { page: number; limit: number },
    search: string | undefined,
  ): Promise<{ rows: ConversationRow[]; total: number }> {
    const offset = (query.page - 1) * query.limit;
    if (search === undefined || search === '') {
      return this.store.list(filter, order, { limit: query.limit, offset });
    }
    const needle = search.toLowerCase();
    const { rows } = await this.store.list(filter, order, null);
    const untitled = rows.filter((row) => !row.title.toLowerCase().includes(needle)).map((row) => row.id);
    const byContent = new Set(
      (await this.presenter.readable(auth, await this.store.messages(untitled)))
        .filter(({ message }) => message.content.toLowerCase().includes(needle))
        .map(({ message }) => message.conversation_id),
    );
    const matches = rows.filter((row) => row.title.toLowerCase().includes(needle) || byContent.has(row.id));
    return { rows: matches.slice(offset, offset + query.limit), total: matches.length };
  }
}
