/**
 * Agents API conversation routes with JSON answers (ops 6, 7, 14–24 but the
 * streams), through real HTTP against the extractive default LLM, every body
 * checked against the document's schemas, every status and error it names.
 */
import {
  AddMessageResponse,
  AgentArchivedConversationListResponse,
  AgentArchivedGroupsResponse,
  AgentConversationDetailResponse,
  AgentConversationListResponse,
  ArchiveResponse,
  CreateAgentConversationResponse,
  DeleteConversationResponse,
  expectSchema,
  MessageFeedbackUpdateResponse,
  ProjectResponse,
  ProjectVisibilityResponse,
  TitleUpdateResponse,
  UnarchiveResponse,
} from './contract/schemas';
import { Api } from '../support/http';
import { expectErrorResponse } from '../support/error-response';
import { describeEachDatabase } from '../support/suite';
import { buildWorld, World } from './support/world';

const OTHER_OBJECT_ID = '0123456789abcdef01234567';

describeEachDatabase('the agents API: conversations', (fixture) => {
  let world: World;
  let agent = '';
  let otherAgent = '';
  let conversation = '';
  let answerId = '';
  let orgId = '';
  const base = () => `/api/v1/agents/${agent}/conversations`;
  const ask = (api: Api, query: string, extra: Record<string, unknown> = {}) =>
    api.post(base(), { query, ...extra });

  beforeAll(async () => {
    world = await buildWorld(fixture().api);
    agent = (
      await world.internal.post('/api/v1/agents/create', {
        name: 'Support',
        knowledge: [{ connectorId: world.supportKb }],
        shareWithOrg: true,
      })
    ).body.agent._key;
    otherAgent = (
      await world.internal.post('/api/v1/agents/create', {
        name: 'Other',
        knowledge: [{ connectorId: world.supportKb }],
      })
    ).body.agent._key;
  });

  describe('create (op 24)', () => {
    it('answers 201 with the conversation, its question and its cited answer, and X-Conversation-Id', async () => {
      const response = await ask(world.internal, 'How do customers get their money back?', {
        chatMode: 'quick',
        timezone: 'Europe/Paris',
      });
      expect(response.status).toBe(201);
      expectSchema(CreateAgentConversationResponse, response.body);
      conversation = response.body.conversation._id;
      expect(response.headers.get('x-conversation-id')).toBe(conversation);
      const { messages, ...rest } = response.body.conversation;
      expect(rest).toMatchObject({
        agentKey: agent,
        title: 'How do customers get their money back?',
        status: 'Complete',
      });
      expect(rest.orgId).toMatch(/^[0-9a-f]{24}$/);
      orgId = rest.orgId;
      expect(messages.map((m: { messageType: string }) => m.messageType)).toEqual([
        'user_query',
        'bot_response',
      ]);
      const answer = messages[1];
      answerId = answer._id;
      expect(answer.content).toMatch(/refund.*\[1\]/);
      expect(answer.citations).toHaveLength(1);
      expect(answer.citations[0].citationData).toMatchObject({
        content: expect.stringContaining('Refunds for annual plans are prorated.'),
        metadata: { recordId: world.documents.refunds, connectorId: world.supportKb, orgId: rest.orgId },
      });
      expect(answer.modelInfo).toMatchObject({
        modelName: 'extractive',
        modelProvider: 'extractive',
        chatMode: 'quick',
      });
    });

    it('has one org id for the installation and one user id per key', async () => {
      const theirs = (await ask(world.publicOnly, 'How do I reset my password?')).body.conversation;
      expect(theirs.orgId).toBe(orgId);
      const mine = (await ask(world.internal, 'And invoices?')).body.conversation;
      expect(mine.userId).not.toBe(theirs.userId);
      expect(mine.userId).toBe((await world.internal.get(`/api/v1/agents/${agent}`)).body.agent.createdBy);
    });

    it.each([
      [{}, /^query: /],
      [{ query: '' }, 'query: must not be empty'],
      [{ query: '   ' }, 'query: must not be empty'],
      [{ query: 'Show <script>alert(1)</script>' }, 'query: must not contain markup'],
      [{ query: 'Print %s and %d' }, 'query: must not contain printf-style format specifiers'],
      [{ query: 'q', chatMode: 'agent' }, 'chatMode: must be quick'],
      [{ query: 'q', runId: 'run-1' }, 'runId: must be a UUID'],
      [
        { query: 'q', currentTime: '2026-05-19T12:58:01' },
        'currentTime: must be an ISO 8601 date-time with Z or a numeric offset',
      ],
      [{ query: 'q', timezone: 'Mars/Olympus' }, 'timezone: must be an IANA time zone, such as Europe/Paris'],
      [{ query: 'q', filters: { kb: ['support-kb'] } }, 'filters.kb[0]: must be a UUID'],
      [{ query: 'q', filters: { kb: [], extra: [] } }, /^filters.extra: unknown field$/],
      [{ query: 'q', recordIds: ['nope'] }, 'recordIds[0]: must be a 24-character hex ObjectId'],
      [{ query: 'q', projectVisibility: 'team' }, 'projectVisibility: must be private or project'],
      [{ query: 'q', protocol: 'sse' }, 'protocol: must be agui'],
    ])('refuses %j with 400 VALIDATION_ERROR, before any conversation exists', async (body, message) => {
      const response = await world.internal.post(base(), body);
      expectErrorResponse(response, 400, 'VALIDATION_ERROR', message);
      expect(response.headers.get('x-conversation-id')).toBeNull();
    });

    it('strips unknown top-level fields, as the document’s validator does', async () => {
      expect((await ask(world.internal, 'What are invoices?', { temperature: 0.3 })).status).toBe(201);
    });

    it('refuses attachments and records it has no file for', async () => {
      expectErrorResponse(
        await ask(world.internal, 'q', { attachments: [{ recordId: 'r1' }] }),
        400,
        'HTTP_BAD_REQUEST',
        'attachments[0].recordId: attachment r1 not found',
      );
      expectErrorResponse(
        await ask(world.internal, 'q', { recordIds: [OTHER_OBJECT_ID] }),
        400,
        'HTTP_BAD_REQUEST',
      );
    });

    it('needs agent:execute (403) and a visible agent (404)', async () => {
      expectErrorResponse(
        await ask(world.readOnly, 'q'),
        403,
        'HTTP_FORBIDDEN',
        'Forbidden — insufficient OAuth scope (agent:execute required)',
      );
      expectErrorResponse(
        await world.publicOnly.post(`/api/v1/agents/${otherAgent}/conversations`, { query: 'q' }),
        404,
        'HTTP_NOT_FOUND',
        'Agent not found',
      );
    });
  });

  describe('add (op 15)', () => {
    it('answers 200 AddMessageResponse with the whole conversation, recordsUsed and X-Conversation-Id', async () => {
      const response = await world.internal.post(`${base()}/${conversation}/messages`, {
        query: 'When are invoices generated?',
      });
      expect(response.status).toBe(200);
      expectSchema(AddMessageResponse, response.body);
      expect(response.headers.get('x-conversation-id')).toBe(conversation);
      expect(response.body.recordsUsed).toBe(1);
      expect(response.body.meta.recordsUsed).toBe(1);
      const { conversation: c } = response.body;
      expect(c).toMatchObject({
        _id: conversation,
        status: 'Complete',
        isOwner: true,
        accessLevel: 'read',
        isArchived: false,
      });
      expect(c.messages.map((m: { messageType: string }) => m.messageType)).toEqual([
        'user_query',
        'bot_response',
        'user_query',
        'bot_response',
      ]);
      expect(c.messages[3].content).toMatch(/^Invoices are generated on the first day of each month\. \[1\]/);
    });

    it('answers 404 for a conversation that is not the caller’s, of another agent, or unknown; 400 for a malformed id', async () => {
      const path = (a: string, c: string) => `/api/v1/agents/${a}/conversations/${c}/messages`;
      expectErrorResponse(
        await world.publicOnly.post(path(agent, conversation), { query: 'q' }),
        404,
        'HTTP_NOT_FOUND',
        'Conversation not found',
      );
      expectErrorResponse(
        await world.internal.post(path(otherAgent, conversation), { query: 'q' }),
        404,
        'HTTP_NOT_FOUND',
      );
      expectErrorResponse(
        await world.internal.post(path(agent, OTHER_OBJECT_ID), { query: 'q' }),
        404,
        'HTTP_NOT_FOUND',
      );
      expectErrorResponse(
        await world.internal.post(path(agent, 'not-an-id'), { query: 'q' }),
        400,
        'VALIDATION_ERROR',
        'conversationId: must be a 24-character hex ObjectId',
      );
    });
  });

  describe('detail (op 22)', () => {
    it('pages the messages from the newest backwards, sorting each page as asked', async () => {
      const first = await world.internal.get(`${base()}/${conversation}?limit=3`);
      expect(first.status).toBe(200);
      expectSchema(AgentConversationDetailResponse, first.body);
      const { conversation: c, meta } = first.body;
      expect(meta).toMatchObject({ conversationId: conversation, messageCount: 4 });
      expect(c.pagination).toEqual({
        page: 1,
        limit: 3,
        totalCount: 4,
        totalPages: 2,
        hasNextPage: true,
        hasPrevPage: false,
        messageRange: { start: 2, end: 4 },
      });
      // The last three messages, newest first (the default sort is createdAt desc).
      expect(c.messages.map((m: { messageType: string }) => m.messageType)).toEqual([
        'bot_response',
        'user_query',
        'bot_response',
      ]);
      expect(c.access).toEqual({ isOwner: true, accessLevel: 'read' });
      const older = await world.internal.get(`${base()}/${conversation}?limit=3&page=2`);
      expect(older.body.conversation.messages.map((m: { content: string }) => m.content)).toEqual([
        'How do customers get their money back?',
      ]);
      expect(older.body.conversation.pagination).toMatchObject({
        hasNextPage: false,
        hasPrevPage: true,
        messageRange: { start: 1, end: 1 },
      });
    });

    it('filters by message type and dates and echoes the filters it applied', async () => {
      const response = await world.internal.get(
        `${base()}/${conversation}?messageType=bot_response&sortOrder=asc&startDate=2000-01-01T00:00:00Z`,
      );
      expectSchema(AgentConversationDetailResponse, response.body);
      expect(response.body.conversation.messages.map((m: { messageType: string }) => m.messageType)).toEqual([
        'bot_response',
        'bot_response',
      ]);
      expect(response.body.conversation.messages[0].citations[0].citationData.content).toContain('Refunds');
      expect(response.body.filters.applied).toEqual({
        filters: ['page', 'limit', 'sortOrder', 'startDate', 'messageType', 'dateRange'],
        values: {
          page: 1,
          limit: 20,
          sortOrder: 'asc',
          startDate: '2000-01-01T00:00:00Z',
          messageType: 'bot_response',
          dateRange: { start: '2000-01-01T00:00:00.000Z' },
        },
      });
    });

    it.each([
      [
        'messageType=tool_call',
        'messageType: must be one of user_query, bot_response, error, feedback, system',
      ],
      ['limit=101', 'limit: must be an integer from 1 to 100'],
      ['startDate=yesterday', 'startDate: must be an ISO 8601 date-time'],
      ['sortBy=title', 'sortBy: must be one of createdAt, messageType, content'],
    ])('refuses %s with 400', async (query, message) => {
      expectErrorResponse(
        await world.internal.get(`${base()}/${conversation}?${query}`),
        400,
        'VALIDATION_ERROR',
        message,
      );
    });

    it('answers 404 to another user', async () => {
      expectErrorResponse(
        await world.publicOnly.get(`${base()}/${conversation}`),
        404,
        'HTTP_NOT_FOUND',
        'Conversation not found',
      );
    });
  });

  describe('feedback (op 14)', () => {
    it('appends feedback to an answer and echoes it with the server’s stamps', async () => {
      const response = await world.internal.post(`${base()}/${conversation}/message/${answerId}/feedback`, {
        isHelpful: true,
        categories: ['excellent_answer', 'helpful_citations'],
        comments: { positive: 'Cited the refunds policy' },
      });
      expect(response.status).toBe(200);
      expectSchema(MessageFeedbackUpdateResponse, response.body);
      expect(response.body).toMatchObject({
        conversationId: conversation,
        messageId: answerId,
        feedback: {
          isHelpful: true,
          categories: ['excellent_answer', 'helpful_citations'],
          feedbackProvider: expect.stringMatching(/^[0-9a-f]{24}$/),
        },
      });
      expect(response.body.meta.requestId).toBe(response.headers.get('x-request-id'));
      expect(
        (await world.internal.post(`${base()}/${conversation}/message/${answerId}/feedback`, {})).status,
      ).toBe(200);
      const detail = await world.internal.get(
        `${base()}/${conversation}?messageType=bot_response&sortOrder=asc`,
      );
      expect(detail.body.conversation.messages[0].feedback).toHaveLength(2);
      expect(detail.body.conversation.messages[0].feedback[0]).toMatchObject({
        isHelpful: true,
        source: 'user',
      });
    });

    it('refuses feedback on a question (400), a bad category (400), and an unknown message (404)', async () => {
      const questionId = (await world.internal.get(`${base()}/${conversation}?messageType=user_query`)).body
        .conversation.messages[0]._id;
      expectErrorResponse(
        await world.internal.post(`${base()}/${conversation}/message/${questionId}/feedback`, {}),
        400,
        'HTTP_BAD_REQUEST',
        'Feedback can only be submitted on bot_response messages',
      );
      expectErrorResponse(
        await world.internal.post(`${base()}/${conversation}/message/${answerId}/feedback`, {
          categories: ['great'],
        }),
        400,
        'VALIDATION_ERROR',
      );
      expectErrorResponse(
        await world.internal.post(`${base()}/${conversation}/message/${OTHER_OBJECT_ID}/feedback`, {}),
        404,
        'HTTP_NOT_FOUND',
        'Conversation or message not found',
      );
      expectErrorResponse(
        await world.internal.post(`${base()}/${conversation}/message/x/feedback`, {}),
        400,
        'VALIDATION_ERROR',
        'messageId: must be a 24-character hex ObjectId',
      );
    });
  });

  describe('list (op 23)', () => {
    let second = '';
    beforeAll(async () => {
      second = (await ask(world.internal, 'Reset password steps?')).body.conversation._id;
    });

    it('lists the caller’s conversations with the agent, most recent activity first', async () => {
      const response = await world.internal.get(base());
      expect(response.status).toBe(200);
      expectSchema(AgentConversationListResponse, response.body);
      const ids = response.body.conversations.map((c: { _id: string }) => c._id);
      expect(ids[0]).toBe(second);
      expect(ids).toContain(conversation);
      expect(response.body.sharedWithMeConversations).toEqual([]);
      expect(response.body.pagination).toMatchObject({
        page: 1,
        limit: 20,
        totalCount: ids.length,
        hasNextPage: false,
      });
      expect(response.body.conversations[0]).toMatchObject({
        conversationSource: 'agent_chat',
        isOwner: true,
        initiator: expect.any(String),
      });
      expect(response.body.conversations[0].messages).toBeUndefined();
    });

    it('searches titles and, case-insensitively, the messages', async () => {
      const byTitle = await world.internal.get(`${base()}?search=RESET%20password`);
      expect(byTitle.body.conversations.map((c: { _id: string }) => c._id)).toEqual([second]);
      // Only the follow-up question of the first conversation says this (its title does not).
      const byMessage = await world.internal.get(`${base()}?search=WHEN%20ARE%20INVOICES`);
      expect(byMessage.body.conversations.map((c: { _id: string }) => c._id)).toEqual([conversation]);
      expect(byMessage.body.filters.applied.values.search).toBe('WHEN ARE INVOICES');
      expect(byMessage.body.pagination.totalCount).toBe(1);
    });

    it('falls back to lastActivityAt and descending order for unsupported sorting, and sorts by title when asked', async () => {
      const fallback = await world.internal.get(`${base()}?sortBy=colour&sortOrder=sideways`);
      expect(fallback.status).toBe(200);
      expect(fallback.body.conversations[0]._id).toBe(second);
      const byTitle = await world.internal.get(`${base()}?sortBy=title&sortOrder=asc`);
      const titles = byTitle.body.conversations.map((c: { title: string }) => c.title);
      expect(titles).toEqual([...titles].sort());
    });

    it('pages, counting only the caller’s own conversations', async () => {
      const page = await world.internal.get(`${base()}?limit=1&page=2`);
      expectSchema(AgentConversationListResponse, page.body);
      expect(page.body.conversations).toHaveLength(1);
      expect(page.body.pagination).toMatchObject({ page: 2, limit: 1, hasPrevPage: true });
      expect(
        (await world.publicOnly.get(base())).body.conversations.every(
          (c: { userId: string }) => c.userId !== page.body.conversations[0].userId,
        ),
      ).toBe(true);
    });

    it.each([
      ['startDate=not-a-date', 'startDate: must be a date'],
      ['search=<b>x</b>', 'search: must not contain markup'],
      ['search=a&search=b', 'search: must be given once, as a single value'],
      ['isArchived=yes', 'isArchived: must be true or false'],
      ['limit=0', 'limit: must be an integer from 1 to 100'],
      ['projectId=nope', 'projectId: must be a project id or unassigned'],
    ])('refuses %s with 400', async (query, message) => {
      expectErrorResponse(await world.internal.get(`${base()}?${query}`), 400, 'VALIDATION_ERROR', message);
    });
  });

  describe('archive, unarchive and the archive listings (ops 16, 17, 7, 6)', () => {
    it('archives a conversation: it leaves the list and joins the archives', async () => {
      const response = await world.internal.post(`${base()}/${conversation}/archive`);
      expect(response.status).toBe(200);
      expectSchema(ArchiveResponse, response.body);
      expect(response.body).toMatchObject({ id: conversation, status: 'archived' });
      expectErrorResponse(
        await world.internal.post(`${base()}/${conversation}/archive`),
        400,
        'HTTP_BAD_REQUEST',
        'Conversation is already archived',
      );
      const listed = (await world.internal.get(base())).body.conversations.map((c: { _id: string }) => c._id);
      expect(listed).not.toContain(conversation);

      const archives = await world.internal.get(`${base()}/show/archives`);
      expect(archives.status).toBe(200);
      expectSchema(AgentArchivedConversationListResponse, archives.body);
      expect(archives.body.conversations.map((c: { _id: string }) => c._id)).toEqual([conversation]);
      expect(archives.body.conversations[0]).toMatchObject({
        isArchived: true,
        archivedBy: response.body.archivedBy,
        archivedAt: expect.any(String),
      });
      expect(archives.body.summary).toEqual({
        totalArchived: 1,
        oldestArchive: archives.body.conversations[0].archivedAt,
        newestArchive: archives.body.conversations[0].archivedAt,
      });

      const groups = await world.internal.get('/api/v1/agents/conversations/show/archives');
      expect(groups.status).toBe(200);
      expectSchema(AgentArchivedGroupsResponse, groups.body);
      expect(groups.body.groups).toEqual([
        expect.objectContaining({
          agentKey: agent,
          pagination: expect.objectContaining({ page: 1, limit: 5, totalCount: 1 }),
        }),
      ]);
      expect(groups.body.agentPagination).toMatchObject({ page: 1, limit: 5, totalCount: 1, totalPages: 1 });
    });

    it('validates the archive queries', async () => {
      expectErrorResponse(
        await world.internal.get(`${base()}/show/archives?sortBy=colour`),
        400,
        'VALIDATION_ERROR',
        'sortBy: must be one of createdAt, lastActivityAt, title',
      );
      expectErrorResponse(
        await world.internal.get(`${base()}/show/archives?startDate=2026-01-01`),
        400,
        'VALIDATION_ERROR',
      );
      expectErrorResponse(
        await world.internal.get('/api/v1/agents/conversations/show/archives?agentLimit=101'),
        400,
        'VALIDATION_ERROR',
        'agentLimit: must be an integer from 1 to 100',
      );
      const empty = await world.publicOnly.get(`${base()}/show/archives`);
      expectSchema(AgentArchivedConversationListResponse, empty.body);
      expect(empty.body.summary).toEqual({ totalArchived: 0 });
    });

    it('unarchives it: archivedBy becomes null and it is back in the list', async () => {
      const response = await world.internal.post(`${base()}/${conversation}/unarchive`);
      expect(response.status).toBe(200);
      expectSchema(UnarchiveResponse, response.body);
      expect(response.body).toMatchObject({
        id: conversation,
        status: 'unarchived',
        unarchivedBy: expect.any(String),
      });
      expectErrorResponse(
        await world.internal.post(`${base()}/${conversation}/unarchive`),
        400,
        'HTTP_BAD_REQUEST',
        'Conversation is not currently archived',
      );
      expect(
        (await world.internal.get(base())).body.conversations.map((c: { _id: string }) => c._id),
      ).toContain(conversation);
      expectErrorResponse(
        await world.publicOnly.post(`${base()}/${conversation}/archive`),
        404,
        'HTTP_NOT_FOUND',
      );
    });
  });

  describe('title (op 18)', () => {
    it('sets a trimmed title and answers the stored conversation', async () => {
      const response = await world.internal.patch(`${base()}/${conversation}/title`, {
        title: '  Refund questions  ',
      });
      expect(response.status).toBe(200);
      expectSchema(TitleUpdateResponse, response.body);
      expect(response.body.conversation).toMatchObject({
        _id: conversation,
        title: 'Refund questions',
        conversationSource: 'agent_chat',
      });
      expect(response.body.conversation.__v).toBeGreaterThan(0);
      expect(response.body.conversation.messages).toHaveLength(4);
    });

    it.each([
      [{ title: '   ' }, 'title: must not be blank'],
      [{ title: 'x'.repeat(201) }, 'title: must be at most 200 characters'],
      [{}, 'title: is required'],
    ])('refuses %j with 400', async (body, message) => {
      expectErrorResponse(
        await world.internal.patch(`${base()}/${conversation}/title`, body),
        400,
        'VALIDATION_ERROR',
        message,
      );
    });

    it('answers 404 out of the caller’s scope', async () => {
      expectErrorResponse(
        await world.publicOnly.patch(`${base()}/${conversation}/title`, { title: 'x' }),
        404,
        'HTTP_NOT_FOUND',
      );
    });
  });

  describe('project and project visibility (ops 19, 20)', () => {
    const project = 'aaaaaaaaaaaaaaaaaaaaaaaa';

    it('links a conversation to the caller’s project, changes its visibility, and unlinks it', async () => {
      const linked = await world.internal.put(`${base()}/${conversation}/project`, { projectId: project });
      expect(linked.status).toBe(200);
      expectSchema(ProjectResponse, linked.body);
      expect(linked.body).toEqual({
        conversationId: conversation,
        projectId: project,
        projectVisibility: 'private',
      });
      const visible = await world.internal.patch(`${base()}/${conversation}/project-visibility`, {
        visibility: 'project',
      });
      expectSchema(ProjectVisibilityResponse, visible.body);
      expect(visible.body).toEqual({ conversationId: conversation, projectVisibility: 'project' });
      expect(
        (await world.internal.get(`${base()}?projectId=${project}`)).body.conversations.map(
          (c: { _id: string }) => c._id,
        ),
      ).toEqual([conversation]);
      expect(
        (await world.internal.get(`${base()}?projectId=unassigned`)).body.conversations.map(
          (c: { _id: string }) => c._id,
        ),
      ).not.toContain(conversation);
      const unlinked = await world.internal.put(`${base()}/${conversation}/project`, { projectId: null });
      expect(unlinked.body).toEqual({
        conversationId: conversation,
        projectId: null,
        projectVisibility: null,
      });
    });

    it('refuses another user’s project (404), a bad id (400), and visibility without a project (400)', async () => {
      const theirs = (await ask(world.publicOnly, 'Password?')).body.conversation._id;
      await world.publicOnly.put(`${base()}/${theirs}/project`, { projectId: 'bbbbbbbbbbbbbbbbbbbbbbbb' });
      expectErrorResponse(
        await world.internal.put(`${base()}/${conversation}/project`, {
          projectId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        }),
        404,
        'HTTP_NOT_FOUND',
        'Project not found',
      );
      expectErrorResponse(
        await world.internal.put(`${base()}/${conversation}/project`, { projectId: 'nope' }),
        400,
        'VALIDATION_ERROR',
      );
      expectErrorResponse(
        await world.internal.put(`${base()}/${conversation}/project`, {}),
        400,
        'VALIDATION_ERROR',
      );
      expectErrorResponse(
        await world.internal.patch(`${base()}/${conversation}/project-visibility`, { visibility: 'project' }),
        400,
        'HTTP_BAD_REQUEST',
        'The conversation is not linked to a project',
      );
      expectErrorResponse(
        await world.internal.patch(`${base()}/${conversation}/project-visibility`, { visibility: 'team' }),
        400,
        'VALIDATION_ERROR',
      );
      expectErrorResponse(
        await world.publicOnly.put(`${base()}/${conversation}/project`, { projectId: null }),
        404,
        'HTTP_NOT_FOUND',
      );
    });

    it('links a new conversation to a project at creation', async () => {
      const created = await ask(world.internal, 'Invoices?', {
        projectId: 'cccccccccccccccccccccccc',
        projectVisibility: 'project',
      });
      expect(created.body.conversation).toMatchObject({
        projectId: 'cccccccccccccccccccccccc',
        projectVisibility: 'project',
      });
      expectErrorResponse(
        await ask(world.internal, 'q', { projectId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }),
        400,
        'HTTP_BAD_REQUEST',
      );
    });
  });

  describe('delete (op 21)', () => {
    it('soft-deletes idempotently: the stored conversation, then null', async () => {
      const doomed = (await ask(world.internal, 'Temporary question?')).body.conversation._id;
      expect(
        (await world.internal.delete(`/api/v1/agents/${otherAgent}/conversations/${doomed}`)).body,
      ).toEqual({
        message: 'Conversation deleted successfully',
        conversation: null,
      });
      const response = await world.internal.delete(`${base()}/${doomed}`);
      expect(response.status).toBe(200);
      expectSchema(DeleteConversationResponse, response.body);
      expect(response.body.conversation).toMatchObject({
        _id: doomed,
        isDeleted: true,
        deletedBy: expect.any(String),
      });
      const again = await world.internal.delete(`${base()}/${doomed}`);
      expectSchema(DeleteConversationResponse, again.body);
      expect(again.body.conversation).toBeNull();
      expectErrorResponse(await world.internal.get(`${base()}/${doomed}`), 404, 'HTTP_NOT_FOUND');
      expect((await world.internal.delete(`${base()}/${OTHER_OBJECT_ID}`)).body.conversation).toBeNull();
      expectErrorResponse(await world.internal.delete(`${base()}/nope`), 400, 'VALIDATION_ERROR');
    });

    it('needs agent:write', async () => {
      expectErrorResponse(
        await world.readOnly.delete(`${base()}/${conversation}`),
        403,
        'HTTP_FORBIDDEN',
        'Forbidden — insufficient OAuth scope (agent:write required)',
      );
    });
  });

  describe('a deleted agent', () => {
    it('makes its conversations unreachable and leaves the archive groups', async () => {
      const doomedAgent = (
        await world.internal.post('/api/v1/agents/create', {
          name: 'Doomed',
          knowledge: [{ connectorId: world.supportKb }],
        })
      ).body.agent._key;
      const path = `/api/v1/agents/${doomedAgent}/conversations`;
      const c = (await world.internal.post(path, { query: 'Refunds?' })).body.conversation._id;
      await world.internal.post(`${path}/${c}/archive`);
      const before = (await world.internal.get('/api/v1/agents/conversations/show/archives')).body.groups.map(
        (g: { agentKey: string }) => g.agentKey,
      );
      expect(before).toContain(doomedAgent);
      await world.internal.delete(`/api/v1/agents/${doomedAgent}`);
      expectErrorResponse(await world.internal.get(`${path}/${c}`), 404, 'HTTP_NOT_FOUND');
      const after = (await world.internal.get('/api/v1/agents/conversations/show/archives')).body.groups.map(
        (g: { agentKey: string }) => g.agentKey,
      );
      expect(after).not.toContain(doomedAgent);
    });
  });
});
