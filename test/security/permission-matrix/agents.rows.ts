/**
 * The matrix rows of the agents API under /api/v1: agents, conversations, turns (JSON
 * and streamed), cancel and attachments, for every key kind.
 *
 * Scopes open routes (a missing one is a 403 before anything is looked up), grants
 * open data. The admin's agent knows pipelines A and B and is shared with the
 * organisation: each kind sees it, and of its knowledge only the pipelines it may
 * read; a turn cites only fragments the kind may search (read and execute, its
 * allow-list), never a confidential one for the public-limited kinds, nothing of B
 * for the kinds without B (no id, name, text, citation, or count: `recordsUsed`
 * counts what is cited). Conversations and attachments are their initiator's alone:
 * another key's (even for the admin) is not found, and its markers never show (the
 * fixture's secrets).
 */
import { randomUUID } from 'node:crypto';
import {
  FixtureDocument,
  KEY_KINDS,
  KeyKind,
  MatrixFixture,
  READS,
  unique,
} from '../permission-matrix.fixture';
import { hasScope, KindAgentTargets, TURN_QUERY } from './agents.fixture';
import { fail, get, MatrixRequest, per, RefusalCheck, RestRow, sameSet } from './rows';

// ---- Expectations

type Scope = 'agent:read' | 'agent:write' | 'agent:execute';

/** A route that needs `scope`: 403 without it; else `status`, or the kind's own in `byKind`. */
const scoped = (scope: Scope, status: number, byKind: Partial<Record<KeyKind, number>> = {}) =>
  per(
    status,
    Object.fromEntries(
      KEY_KINDS.map((kind) => [kind, hasScope(kind, scope) ? (byKind[kind] ?? status) : 403]),
    ),
    401,
  );
/** Kinds with the scope and a target of their own answer `status`; write-only, which runs no turn, has none. */
const onOwn = (scope: Scope, status: number) => scoped(scope, status, { 'write-only': 404 });

/** What each kind may search in a turn: A (all, public, none) and B; read without execute finds nothing. */
const SEARCHES: Record<KeyKind, { a: 'all' | 'public' | 'none'; b: boolean }> = {
  admin: { a: 'all', b: true },
  full: { a: 'all', b: true },
  'read-only': { a: 'none', b: false },
  'write-only': { a: 'none', b: false },
  'read-execute-public': { a: 'public', b: false },
  'all-public': { a: 'public', b: false },
  'no-grants': { a: 'none', b: false },
  disabled: { a: 'none', b: false },
};

// ---- Paths

const agentPath = (fx: MatrixFixture, key = fx.agents.shared) => `/api/v1/agents/${key}`;
const conversations = (fx: MatrixFixture, key = fx.agents.shared) => `${agentPath(fx, key)}/conversations`;
const targets = (fx: MatrixFixture, kind: KeyKind): KindAgentTargets => fx.agents.perKind[kind];
/** The kind's own conversation of `which`, or (a kind with none) another key's. */
const ownOr = (fx: MatrixFixture, kind: KeyKind, which: 'archive' | 'archived' | 'linked' | 'doomed') =>
  `${conversations(fx)}/${targets(fx, kind)[which] ?? targets(fx, kind).foreign.id}`;
const own = (fx: MatrixFixture, kind: KeyKind) => targets(fx, kind).own ?? targets(fx, kind).foreign;
const foreign = (fx: MatrixFixture, kind: KeyKind) => `${conversations(fx)}/${targets(fx, kind).foreign.id}`;
const post = (path: string, body: unknown = {}): MatrixRequest => ({ method: 'POST', path, body });
const turn = (extra: Record<string, unknown> = {}) => ({ query: TURN_QUERY, ...extra });
const stream = (extra: Record<string, unknown> = {}) => turn({ chatMode: 'quick', ...extra });

// ---- Checks

/** The fixture document a citation quotes, and the classification of the version it quotes. */
function quoted(fx: MatrixFixture, citation: any): { doc: FixtureDocument; classification: string } {
  const doc = Object.values(fx.docs).find((d) => d.id === citation.metadata.recordId);
  const version = doc?.versions.find((v) => v.version === citation.metadata.recordVersion);
  if (!doc || !version) return fail(`cites ${citation.metadata.recordId}, which the fixture does not know`);
  return { doc, classification: version.classification };
}

/**
 * The answers of a turn cite only what the kind may search, and at least one fragment
 * when it may search A (so the check can fail); `recordsUsed` counts only that.
 */
function checkAnswers(messages: any[], fx: MatrixFixture, kind: KeyKind, recordsUsed?: number) {
  const answers = messages.filter((m) => m.messageType === 'bot_response');
  if (answers.length === 0) fail('no answer');
  const cited = answers.at(-1).citations.map((c: any) => c.citationData);
  const fragments = cited.filter((c: any) => c.citationType === 'vectordb');
  for (const citation of fragments) {
    const { doc, classification } = quoted(fx, citation);
    const pipeline = doc.pipeline === 'A' ? fx.a.id : fx.b.id;
    if (citation.metadata.connectorId !== pipeline)
      fail(`a citation of ${doc.pipeline} names another pipeline`);
    const searches = SEARCHES[kind];
    const allowed =
      doc.pipeline === 'B'
        ? searches.b
        : searches.a === 'all' || (searches.a === 'public' && classification === 'public');
    if (!allowed) fail(`cites a ${classification} fragment of ${doc.pipeline}`);
  }
  for (const citation of cited.filter((c: any) => c.citationType !== 'vectordb')) {
    const mine = [targets(fx, kind).attachment, targets(fx, kind).doomedAttachment];
    if (!mine.includes(citation.metadata.recordId))
      fail(`cites the attachment ${citation.metadata.recordId}`);
  }
  if (SEARCHES[kind].a !== 'none' && fragments.length === 0)
    fail('cites nothing: the check cannot tell anything');
  if (SEARCHES[kind].a === 'none' && fragments.length > 0) fail(`cites ${fragments.length} fragments`);
  const records = new Set(cited.map((c: any) => c.metadata.recordId)).size;
  if (recordsUsed !== undefined && recordsUsed !== records)
    fail(`recordsUsed ${recordsUsed}, but ${records} records are cited`);
}

/** The events of a stream answered as text. */
function events(body: unknown): any[] {
  return String(body)
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));
}

const streamFinished = (body: unknown, fx: MatrixFixture, kind: KeyKind) => {
  const all = events(body);
  const terminal = all.filter((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR');
  if (terminal.length !== 1 || terminal[0].type !== 'RUN_FINISHED')
    fail(`ends with ${terminal.map((e) => `${e.type} ${e.message ?? ''}`).join(', ')}`);
  const { result } = terminal[0];
  checkAnswers(result.conversation.messages, fx, kind, result.recordsUsed);
};

const streamRefused = (message: string) => (body: unknown) => {
  const terminal = events(body).filter((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR');
  if (terminal.length !== 1 || terminal[0].type !== 'RUN_ERROR' || terminal[0].message !== message)
    fail(`ends with ${JSON.stringify(terminal)}`);
};

/** The connectors of the shared agent's knowledge a kind sees: exactly the pipelines it may read. */
const readableKnowledge = (agent: any, fx: MatrixFixture, kind: KeyKind) =>
  sameSet(
    (agent.knowledge ?? []).map((k: any) => k.connectorId),
    [...(READS[kind].a !== 'none' ? [fx.a.id] : []), ...(READS[kind].b ? [fx.b.id] : [])],
    'knowledge',
  );

/** Every conversation listed is one of the kind's own. */
const onlyOwn = (
  conversations: { _id: string }[],
  fx: MatrixFixture,
  kind: KeyKind,
  mustList: (string | null)[],
) => {
  const listed = conversations.map((c) => c._id);
  const mine = fx.agents.started[kind];
  const others = listed.filter((id) => !mine.includes(id));
  if (others.length > 0) fail(`lists conversations of other keys: ${others.join(', ')}`);
  for (const id of mustList) if (id && !listed.includes(id)) fail(`misses its own conversation ${id}`);
};

const notFoundAs =
  (message: string): RefusalCheck =>
  (detail, status) => {
    if (status === 404 && detail !== message) fail(`"${detail}", expected "${message}"`);
  };

// ---- Rows

export const AGENT_READ_ROWS: RestRow[] = [
  {
    route: 'GET /api/v1/agents',
    request: get(() => '/api/v1/agents?limit=200'),
    expect: scoped('agent:read', 200),
    check: (body, fx, kind) => {
      const keys = body.agents.map((a: any) => a._key);
      if (!keys.includes(fx.agents.shared)) fail('misses the shared agent');
      if (keys.includes(fx.agents.privateAgent.key) !== (kind === 'admin')) fail("the admin's private agent");
    },
  },
  {
    route: 'GET /api/v1/agents/:agentKey',
    case: 'the shared agent over A and B',
    request: get((fx) => agentPath(fx)),
    expect: scoped('agent:read', 200),
    check: (body, fx, kind) => readableKnowledge(body.agent, fx, kind),
  },
  {
    route: 'GET /api/v1/agents/:agentKey',
    case: "the admin's private agent",
    request: get((fx) => agentPath(fx, fx.agents.privateAgent.key)),
    expect: scoped('agent:read', 404, { admin: 200 }),
    refusal: notFoundAs('Agent not found'),
  },
  {
    route: 'GET /api/v1/agents/conversations/show/archives',
    request: get(() => '/api/v1/agents/conversations/show/archives?agentLimit=100'),
    expect: scoped('agent:read', 200),
    check: (body, fx, kind) =>
      onlyOwn(
        body.groups.flatMap((g: any) => g.conversations),
        fx,
        kind,
        [targets(fx, kind).archived],
      ),
  },
  {
    route: 'GET /api/v1/agents/:agentKey/conversations/show/archives',
    request: get((fx) => `${conversations(fx)}/show/archives?limit=100`),
    expect: scoped('agent:read', 200),
    check: (body, fx, kind) => {
      onlyOwn(body.conversations, fx, kind, [targets(fx, kind).archived]);
      const expected = targets(fx, kind).archived ? 1 : 0;
      if (body.summary.totalArchived !== expected) fail(`totalArchived ${body.summary.totalArchived}`);
    },
  },
  {
    route: 'GET /api/v1/agents/:agentKey/conversations',
    case: 'the shared agent',
    request: get((fx) => `${conversations(fx)}?limit=100`),
    expect: scoped('agent:read', 200),
    check: (body, fx, kind) => {
      onlyOwn(body.conversations, fx, kind, [targets(fx, kind).own?.id ?? null]);
      if (body.sharedWithMeConversations.length > 0) fail('shares conversations');
      if (body.pagination.totalCount !== body.conversations.length)
        fail(`totalCount ${body.pagination.totalCount}`);
    },
  },
  {
    // The document gives this route no 404: an agent the key cannot see lists nothing, as an unknown one.
    route: 'GET /api/v1/agents/:agentKey/conversations',
    case: "the admin's private agent",
    request: get((fx) => conversations(fx, fx.agents.privateAgent.key)),
    expect: scoped('agent:read', 200),
    check: (body) => {
      if (body.conversations.length + body.sharedWithMeConversations.length > 0) fail('lists conversations');
    },
  },
  {
    route: 'GET /api/v1/agents/:agentKey/conversations/:conversationId',
    case: 'its own',
    request: get((fx, kind) => `${conversations(fx)}/${own(fx, kind).id}`),
    expect: onOwn('agent:read', 200),
    check: (body, fx, kind) => checkAnswers(body.conversation.messages, fx, kind),
  },
  {
    route: 'GET /api/v1/agents/:agentKey/conversations/:conversationId',
    case: "another key's",
    request: get((fx, kind) => foreign(fx, kind)),
    expect: scoped('agent:read', 404),
    refusal: notFoundAs('Conversation not found'),
  },
];

/** Conversation management: the kind's own target, or another key's (not found, admins included). */
const managementRows = (
  route: string,
  method: MatrixRequest['method'],
  suffix: string,
  which: 'archive' | 'archived' | 'linked' | 'doomed',
  body?: () => unknown,
): RestRow[] => [
  {
    route,
    case: 'its own',
    request: (fx, kind) => ({ method, path: `${ownOr(fx, kind, which)}${suffix}`, body: body?.() }),
    // A kind without conversations gets another key's: not found, or for a delete, none deleted.
    expect: method === 'DELETE' ? scoped('agent:write', 200) : onOwn('agent:write', 200),
  },
  {
    route,
    case: "another key's",
    request: (fx, kind) => ({ method, path: `${foreign(fx, kind)}${suffix}`, body: body?.() }),
    expect: scoped('agent:write', method === 'DELETE' ? 200 : 404),
    // Deleting is idempotent: another key's conversation is answered as none.
    check: (answer) => {
      if (answer.conversation !== null) fail('deleted another key’s conversation');
    },
  },
];

const objectId = () => randomUUID().replace(/-/g, '').slice(0, 24);
const attachmentUpload = (fx: MatrixFixture, key = fx.agents.shared): MatrixRequest => ({
  method: 'POST',
  path: `${conversations(fx, key)}/attachments/upload`,
  form: {
    fields: {},
    files: [
      { name: `${unique('matrix-attachment')}.txt`, bytes: Buffer.from('A new attachment.'), field: 'files' },
    ],
  },
});

export const AGENT_WRITE_ROWS: RestRow[] = [
  // Agents
  {
    route: 'POST /api/v1/agents/create',
    case: 'no knowledge',
    request: () => post('/api/v1/agents/create', { name: unique('made-agent') }),
    expect: scoped('agent:write', 201),
  },
  {
    route: 'POST /api/v1/agents/create',
    case: 'knowledge of A',
    request: (fx) =>
      post('/api/v1/agents/create', { name: unique('made-agent'), knowledge: [{ connectorId: fx.a.id }] }),
    expect: scoped('agent:write', 201, { 'write-only': 400, 'no-grants': 400 }),
  },
  {
    route: 'POST /api/v1/agents/create',
    case: 'knowledge of B',
    request: (fx) =>
      post('/api/v1/agents/create', { name: unique('made-agent'), knowledge: [{ connectorId: fx.b.id }] }),
    expect: scoped('agent:write', 400, { admin: 201, full: 201 }),
  },
  {
    route: 'PUT /api/v1/agents/:agentKey',
    case: 'its own',
    request: (fx, kind) => ({
      method: 'PUT',
      path: agentPath(fx, targets(fx, kind).agent ?? fx.agents.shared),
      body: { description: unique('d') },
    }),
    expect: scoped('agent:write', 200),
  },
  {
    route: 'PUT /api/v1/agents/:agentKey',
    case: "the admin's shared agent",
    request: (fx) => ({ method: 'PUT', path: agentPath(fx), body: { description: unique('d') } }),
    expect: scoped('agent:write', 403, { admin: 200 }),
  },
  {
    route: 'DELETE /api/v1/agents/:agentKey',
    request: (fx, kind) => ({
      method: 'DELETE',
      path: agentPath(fx, targets(fx, kind).doomedAgent ?? fx.agents.shared),
    }),
    expect: scoped('agent:write', 200),
  },

  // Turns
  {
    route: 'POST /api/v1/agents/:agentKey/conversations',
    case: 'the shared agent',
    request: (fx) => post(conversations(fx), turn()),
    expect: scoped('agent:execute', 201),
    check: (body, fx, kind) => checkAnswers(body.conversation.messages, fx, kind),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations',
    case: "the admin's private agent",
    request: (fx) => post(conversations(fx, fx.agents.privateAgent.key), turn()),
    expect: scoped('agent:execute', 404, { admin: 201 }),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations',
    case: 'its own attachment',
    request: (fx, kind) =>
      post(
        conversations(fx),
        turn({ attachments: [{ recordId: targets(fx, kind).attachment ?? objectId() }] }),
      ),
    expect: scoped('agent:execute', 201),
    check: (body, fx, kind) => {
      checkAnswers(body.conversation.messages, fx, kind);
      const cited = body.conversation.messages[1].citations.map((c: any) => c.citationData.metadata.recordId);
      if (!cited.includes(targets(fx, kind).attachment)) fail('does not cite its attachment');
    },
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations',
    case: "another key's attachment",
    request: (fx, kind) =>
      post(conversations(fx), turn({ recordIds: [targets(fx, kind).foreignAttachment] })),
    expect: scoped('agent:execute', 400),
    refusal: (detail, status, fx, kind) => {
      const expected = `recordIds[0]: record ${targets(fx, kind).foreignAttachment} not found`;
      if (status === 400 && detail !== expected) fail(`"${detail}"`);
    },
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/messages',
    case: 'its own',
    request: (fx, kind) => post(`${conversations(fx)}/${own(fx, kind).id}/messages`, turn()),
    expect: scoped('agent:execute', 200),
    check: (body, fx, kind) => checkAnswers(body.conversation.messages, fx, kind, body.recordsUsed),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/messages',
    case: "another key's",
    request: (fx, kind) => post(`${foreign(fx, kind)}/messages`, turn()),
    expect: scoped('agent:execute', 404),
    refusal: notFoundAs('Conversation not found'),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/stream',
    request: (fx) => post(`${conversations(fx)}/stream`, stream()),
    expect: scoped('agent:execute', 200),
    check: streamFinished,
  },
  {
    // AG-UI's RunAgentInput: a new thread is a new conversation, cited as the kind may search.
    route: 'POST /api/v1/agents/:agentKey/agui',
    request: (fx) =>
      post(`${agentPath(fx)}/agui`, {
        threadId: randomUUID(),
        runId: randomUUID(),
        messages: [{ id: 'q1', role: 'user', content: TURN_QUERY }],
        tools: [],
        context: [],
        state: {},
        forwardedProps: {},
      }),
    expect: scoped('agent:execute', 200),
    check: streamFinished,
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/messages/stream',
    case: 'its own',
    request: (fx, kind) => post(`${conversations(fx)}/${own(fx, kind).id}/messages/stream`, stream()),
    expect: scoped('agent:execute', 200),
    check: streamFinished,
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/messages/stream',
    case: "another key's",
    request: (fx, kind) => post(`${foreign(fx, kind)}/messages/stream`, stream()),
    expect: scoped('agent:execute', 404),
    refusal: notFoundAs('Conversation not found'),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/message/:messageId/regenerate',
    case: 'its own last answer',
    request: (fx, kind) => {
      const target = targets(fx, kind).regenerate ?? targets(fx, kind).foreign;
      return post(`${conversations(fx)}/${target.id}/message/${target.answer}/regenerate`, {
        chatMode: 'quick',
      });
    },
    expect: scoped('agent:execute', 200),
    check: streamFinished,
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/message/:messageId/regenerate',
    case: "another key's (refused in the stream)",
    request: (fx, kind) =>
      post(`${foreign(fx, kind)}/message/${targets(fx, kind).foreign.answer}/regenerate`, {
        chatMode: 'quick',
      }),
    expect: scoped('agent:execute', 200),
    check: streamRefused('Conversation not found'),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/cancel',
    case: 'its own',
    request: (fx, kind) => post(`${conversations(fx)}/${own(fx, kind).id}/cancel`, { runId: randomUUID() }),
    expect: scoped('agent:execute', 200),
    check: (body) => {
      if (body.cancelled !== false) fail(`cancelled ${body.cancelled}`);
    },
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/cancel',
    case: "another key's",
    request: (fx, kind) => post(`${foreign(fx, kind)}/cancel`, { runId: randomUUID() }),
    expect: scoped('agent:execute', 404),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/message/:messageId/feedback',
    case: 'its own answer',
    request: (fx, kind) =>
      post(`${conversations(fx)}/${own(fx, kind).id}/message/${own(fx, kind).answer}/feedback`, {
        isHelpful: true,
      }),
    expect: scoped('agent:execute', 200),
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/:conversationId/message/:messageId/feedback',
    case: "another key's answer",
    request: (fx, kind) =>
      post(`${foreign(fx, kind)}/message/${targets(fx, kind).foreign.answer}/feedback`, { isHelpful: true }),
    expect: scoped('agent:execute', 404),
  },

  // Conversation management
  ...managementRows(
    'POST /api/v1/agents/:agentKey/conversations/:conversationId/archive',
    'POST',
    '/archive',
    'archive',
  ),
  ...managementRows(
    'POST /api/v1/agents/:agentKey/conversations/:conversationId/unarchive',
    'POST',
    '/unarchive',
    'archived',
  ),
  ...managementRows(
    'PATCH /api/v1/agents/:agentKey/conversations/:conversationId/title',
    'PATCH',
    '/title',
    'linked',
    () => ({
      title: unique('title'),
    }),
  ),
  ...managementRows(
    'PUT /api/v1/agents/:agentKey/conversations/:conversationId/project',
    'PUT',
    '/project',
    'linked',
    () => ({
      projectId: objectId(),
    }),
  ),
  ...managementRows(
    'PATCH /api/v1/agents/:agentKey/conversations/:conversationId/project-visibility',
    'PATCH',
    '/project-visibility',
    'linked',
    () => ({ visibility: 'project' }),
  ),
  ...managementRows('DELETE /api/v1/agents/:agentKey/conversations/:conversationId', 'DELETE', '', 'doomed'),

  // Attachments
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/attachments/upload',
    case: 'the shared agent',
    request: (fx) => attachmentUpload(fx),
    expect: scoped('agent:execute', 200),
    check: (body) => {
      if (body.attachments?.length !== 1 || body.conversationId !== null) fail(JSON.stringify(body));
    },
  },
  {
    route: 'POST /api/v1/agents/:agentKey/conversations/attachments/upload',
    case: "the admin's private agent",
    request: (fx) => attachmentUpload(fx, fx.agents.privateAgent.key),
    expect: scoped('agent:execute', 404, { admin: 200 }),
  },
  {
    route: 'DELETE /api/v1/agents/:agentKey/conversations/attachments/:recordId',
    case: 'its own',
    request: (fx, kind) => ({
      method: 'DELETE',
      path: `${conversations(fx)}/attachments/${targets(fx, kind).doomedAttachment ?? targets(fx, kind).foreignAttachment}`,
    }),
    expect: scoped('agent:execute', 204),
  },
  {
    route: 'DELETE /api/v1/agents/:agentKey/conversations/attachments/:recordId',
    case: "another key's",
    request: (fx, kind) => ({
      method: 'DELETE',
      path: `${conversations(fx)}/attachments/${targets(fx, kind).foreignAttachment}`,
    }),
    expect: scoped('agent:execute', 404),
  },
];
