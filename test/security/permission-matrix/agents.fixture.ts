/**
 * The agents part of the matrix's world: what each key kind may do with agents (its
 * scopes), an LLM whose api_key must never show, the admin's agent over pipelines A
 * and B shared with the organisation and a private one, and per kind its own agents,
 * conversations and attachments (the targets of its writes) plus a conversation and an
 * attachment of another key, which it must never reach.
 *
 * Every conversation question and every attached file holds a marker: the markers of
 * one kind are secrets to every other kind (conversations and attachments are their
 * initiator's alone, admins included).
 */
import { Api, Credentials } from '../../support/http';
import type { KeyKind } from '../permission-matrix.fixture';

const ALL = ['agent:read', 'agent:write', 'agent:execute'];

/**
 * Scopes per kind. Scopes open routes, grants open data: the pipeline-limited kinds may
 * run turns (read-only included: without execute on A, its turns retrieve nothing),
 * no-grants has every scope and no data, write-only manages agents but runs no turn.
 */
export const SCOPES: Record<KeyKind, string[]> = {
  admin: ALL,
  full: ALL,
  'read-only': ['agent:read', 'agent:execute'],
  'write-only': ['agent:read', 'agent:write'],
  'read-execute-public': ['agent:read', 'agent:execute'],
  'all-public': ALL,
  'no-grants': ALL,
  disabled: ALL,
};
export const hasScope = (kind: KeyKind, scope: string) => SCOPES[kind].includes(scope);

/** The question of every turn: every fixture document answers it, in A and in B. */
export const TURN_QUERY = 'lighthouse keeper notes';

export interface Conversation {
  id: string;
  /** Its first answer. */
  answer: string;
}

export interface KindAgentTargets {
  /** Agents the kind created (kinds with agent:write), to change and to delete. */
  agent: string | null;
  doomedAgent: string | null;
  /** Conversations of the kind with the shared agent (kinds with agent:execute). */
  own: Conversation | null;
  regenerate: Conversation | null;
  archive: string | null;
  archived: string | null;
  /** Linked to a project of the kind. */
  linked: string | null;
  doomed: string | null;
  /** Attachments of the kind to the shared agent: one to use, one to delete. */
  attachment: string | null;
  doomedAttachment: string | null;
  /** Another key's conversation and attachment (the admin's; the full key's for the admin). */
  foreign: Conversation;
  foreignAttachment: string;
}

export interface AgentsFixture {
  llm: { id: string; apiKey: string; doomed: string };
  /** The admin's agent over A and B, shared with the organisation. */
  shared: string;
  /** The admin's agent, not shared; its name is a secret to every other kind. */
  privateAgent: { key: string; name: string };
  perKind: Record<KeyKind, KindAgentTargets>;
  /** Per kind, the markers of its questions and files: secrets to every other kind. */
  markers: Record<KeyKind, string[]>;
  /** Per kind, the conversations it started (its own targets, and those that are another kind's foreign one). */
  started: Record<KeyKind, string[]>;
}

type Ok = <T = any>(response: Promise<{ status: number; body: T; text: string }>, what: string) => Promise<T>;

export async function buildAgentsFixture(
  admin: Api,
  keys: Record<KeyKind, Credentials>,
  kinds: readonly KeyKind[],
  pipelines: { a: string; b: string },
  unique: (prefix: string) => string,
  ok: Ok,
): Promise<AgentsFixture> {
  const as = (kind: KeyKind) => admin.as(keys[kind]);
  const apiKey = unique('sk-matrix-secret');
  const llm = await ok(
    admin.post('/llms', {
      name: unique('matrix-llm'),
      provider: 'openai',
      endpoint: 'http://127.0.0.1:9/v1',
      model: 'never-called',
      api_key: apiKey,
    }),
    'llm',
  );
  const doomedLlm = await ok(
    admin.post('/llms', { name: unique('doomed-llm'), provider: 'extractive' }),
    'llm',
  );
  const agent = async (kind: KeyKind, name: string, body: Record<string, unknown> = {}) =>
    (await ok(as(kind).post('/api/v1/agents/create', { name: unique(name), ...body }), `agent ${name}`)).agent
      ._key as string;
  const shared = await agent('admin', 'matrix-shared', {
    knowledge: [{ connectorId: pipelines.a }, { connectorId: pipelines.b }],
    shareWithOrg: true,
  });
  const privateName = unique('matrix-private');
  const privateAgent = await ok(
    admin.post('/api/v1/agents/create', { name: privateName, knowledge: [{ connectorId: pipelines.a }] }),
    'private agent',
  );

  const perKindList = () =>
    Object.fromEntries(kinds.map((kind) => [kind, [] as string[]])) as Record<KeyKind, string[]>;
  const markers = perKindList();
  const started = perKindList();
  const base = `/api/v1/agents/${shared}/conversations`;
  const converse = async (kind: KeyKind, name: string): Promise<Conversation> => {
    const marker = unique(`Q-${kind}-${name}`);
    markers[kind].push(marker);
    const created = await ok(
      as(kind).post(base, { query: `${TURN_QUERY} ${marker}` }),
      `conversation ${name}`,
    );
    started[kind].push(created.conversation._id);
    return { id: created.conversation._id, answer: created.conversation.messages[1]._id };
  };
  const attach = async (kind: KeyKind, name: string): Promise<string> => {
    const marker = unique(`FILE-${kind}-${name}`);
    markers[kind].push(marker);
    const uploaded = await ok(
      as(kind).upload(`${base}/attachments/upload`, [
        {
          name: `${marker}.txt`,
          bytes: Buffer.from(`${marker}: lighthouse keeper notes attached.`),
          field: 'files',
        },
      ]),
      `attachment ${name}`,
    );
    return uploaded.attachments[0].recordId;
  };

  const perKind = {} as Record<KeyKind, KindAgentTargets>;
  for (const kind of kinds) {
    const writes = hasScope(kind, 'agent:write') && kind !== 'disabled';
    const executes = hasScope(kind, 'agent:execute') && kind !== 'disabled';
    const conversation = async (name: string) => (executes ? converse(kind, name) : null);
    // The targets that need agent:write to prepare: only the kinds that may manage conversations.
    const managed = async (name: string) => (writes ? conversation(name) : null);
    const linked = await managed('linked');
    if (linked)
      await ok(as(kind).put(`${base}/${linked.id}/project`, { projectId: randomObjectId() }), 'project');
    const archived = await managed('archived');
    if (archived) await ok(as(kind).post(`${base}/${archived.id}/archive`), 'archive');
    const other: KeyKind = kind === 'admin' ? 'full' : 'admin';
    perKind[kind] = {
      agent: writes ? await agent(kind, `own-${kind}`) : null,
      doomedAgent: writes ? await agent(kind, `doomed-${kind}`) : null,
      own: await conversation('own'),
      regenerate: await conversation('regenerate'),
      archive: (await managed('archive'))?.id ?? null,
      archived: archived?.id ?? null,
      linked: linked?.id ?? null,
      doomed: (await managed('doomed'))?.id ?? null,
      attachment: executes ? await attach(kind, 'own') : null,
      doomedAttachment: executes ? await attach(kind, 'doomed') : null,
      foreign: await converse(other, `for-${kind}`),
      foreignAttachment: await attach(other, `for-${kind}`),
    };
  }
  return {
    llm: { id: llm.id, apiKey, doomed: doomedLlm.id },
    shared,
    privateAgent: { key: privateAgent.agent._key, name: privateName },
    perKind,
    markers,
    started,
  };
}

function randomObjectId(): string {
  return Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}
