/**
 * The world the agents tests run in: the support-kb pipeline of `npm run demo`
 * (public and internal, internal inherits public), a second pipeline only some keys
 * may read, and keys with the grants and scopes each test needs.
 */
import { FIRST_SEARCH_DOCUMENTS } from '../../search/helpers';
import { Api, Credentials } from '../../support/http';

export const DOCUMENTS = FIRST_SEARCH_DOCUMENTS;

export const SECRET_DOCUMENT = {
  content: 'Project Nightjar launches in March. The launch budget is four million dollars.',
  classification: 'restricted',
  metadata: { product: 'roadmap' },
  external_id: 'nightjar',
};

export const ALL_SCOPES = ['agent:read', 'agent:write', 'agent:execute'];

export interface World {
  supportKb: string;
  /** A pipeline only `internal` and the admin can read. */
  secret: string;
  documents: Record<string, string>;
  /** read+execute on support-kb (every classification) and on the secret pipeline, every scope. */
  internal: Api;
  /** read+execute on support-kb, `public` only; no grant on the secret pipeline; every scope. */
  publicOnly: Api;
  /** Every scope, no grant at all. */
  outsider: Api;
  /** agent:read only (the default of a new key). */
  readOnly: Api;
  /** No scope at all. */
  noScope: Api;
}

export async function key(admin: Api, name: string, body: Record<string, unknown>): Promise<Api> {
  const created = await admin.post('/api_keys', { name, ...body });
  if (created.status !== 201) throw new Error(`cannot create key ${name}: ${created.text}`);
  const credentials: Credentials = { id: created.body.id, secret: created.body.secret };
  return admin.as(credentials);
}

export async function buildWorld(admin: Api): Promise<World> {
  const supportKb = await admin.post('/pipelines', {
    name: 'support-kb',
    description: 'Support knowledge base',
    classifications: ['internal', 'public'],
    hierarchy: [['internal', 'public']],
    full_text_search: true,
  });
  const secret = await admin.post('/pipelines', {
    name: 'secret-roadmap',
    classifications: ['restricted'],
  });
  const stored = await admin.post(`/pipelines/${supportKb.body.id}/documents`, DOCUMENTS);
  const secretStored = await admin.post(`/pipelines/${secret.body.id}/documents`, SECRET_DOCUMENT);
  if (stored.status !== 201 || secretStored.status !== 201) throw new Error('cannot store the documents');
  const documents = Object.fromEntries(
    [...stored.body, secretStored.body].map((d: { external_id: string; id: string }) => [
      d.external_id,
      d.id,
    ]),
  );
  return {
    supportKb: supportKb.body.id,
    secret: secret.body.id,
    documents,
    internal: await key(admin, 'internal', {
      scopes: ALL_SCOPES,
      grants: [
        { pipeline_id: supportKb.body.id, permissions: 5 },
        { pipeline_id: secret.body.id, permissions: 5 },
      ],
    }),
    publicOnly: await key(admin, 'public-only', {
      scopes: ALL_SCOPES,
      grants: [{ pipeline_id: supportKb.body.id, permissions: 5, classifications: ['public'] }],
    }),
    outsider: await key(admin, 'outsider', { scopes: ALL_SCOPES }),
    readOnly: await key(admin, 'read-only', {}),
    noScope: await key(admin, 'no-scope', { scopes: [] }),
  };
}

/** Registers the OpenAI-compatible chat stub at `endpoint` (test/support) as the LLM `stub`. */
export async function addStubLlm(admin: Api, endpoint: string): Promise<void> {
  const created = await admin.post('/llms', {
    name: 'stub',
    provider: 'openai',
    endpoint,
    model: 'stub-model',
  });
  if (created.status !== 201) throw new Error(`cannot register the stub LLM: ${created.text}`);
}

/** Creates, as `caller`, an agent on support-kb that answers with the LLM `stub`; its key. */
export async function createStubAgent(
  caller: Api,
  world: World,
  body: { name: string } & Record<string, unknown>,
): Promise<string> {
  const created = await caller.post('/api/v1/agents/create', {
    knowledge: [{ connectorId: world.supportKb }],
    models: [{ modelKey: 'stub', isReasoning: true }],
    ...body,
  });
  if (created.status !== 200 && created.status !== 201)
    throw new Error(`cannot create the agent ${body.name}: ${created.text}`);
  return created.body.agent._key;
}
