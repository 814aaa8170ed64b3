/**
 * Agents API ops 1–5 (list, create, get, update, delete) through real HTTP, every
 * body checked against the document's schemas; the ways in (key headers and Bearer),
 * the scopes, the ErrorResponse of every failure, and who sees what.
 */
import {
  AgentCreateResponse,
  AgentDeleteResponse,
  AgentListResponse,
  AgentUpdateResponse,
  expectSchema,
  GetAgentResponse,
} from './contract/schemas';
import { expectErrorResponse } from '../support/error-response';
import { describeEachDatabase } from '../support/suite';
import { buildWorld, World } from './support/world';

const EXTRACTIVE = '01900000-0000-7000-8000-000000000003';

describeEachDatabase('the agents API: agents', (fixture) => {
  const admin = () => fixture().api;
  let world: World;
  let agentKey = '';

  beforeAll(async () => {
    world = await buildWorld(admin());
  });

  const supportAgent = (extra: Record<string, unknown> = {}) => ({
    name: 'Support assistant',
    description: 'Answers customer questions from the support knowledge base',
    systemPrompt: 'You are a helpful support assistant.',
    startMessage: 'Hello! How can I help?',
    models: [{ modelKey: 'extractive', isReasoning: true }],
    tags: ['support', 'billing'],
    knowledge: [{ connectorId: world.supportKb }],
    toolsets: [
      { name: 'jira', displayName: 'Jira', tools: [{ name: 'create_issue', description: 'Open a ticket' }] },
    ],
    skills: [{ name: 'refund-policy' }],
    webSearch: { provider: 'tavily', providerLabel: 'Tavily', iconPath: '/icons/tavily.svg' },
    ...extra,
  });

  describe('authentication and scopes', () => {
    it('refuses a request without credentials with a 401 ErrorResponse', async () => {
      expectErrorResponse(
        await admin().as(null).get('/api/v1/agents'),
        401,
        'HTTP_UNAUTHORIZED',
        'Unauthorized: No API Key specified.',
      );
    });

    it('accepts Authorization: Bearer <key id>.<secret>, and refuses a malformed or wrong token', async () => {
      const { id, secret } = admin().credentials!;
      const bearer = (token: string) =>
        admin()
          .as(null)
          .request('GET', '/api/v1/agents', undefined, { authorization: `Bearer ${token}` });
      const ok = await bearer(`${id}.${secret}`);
      expect(ok.status).toBe(200);
      expectSchema(AgentListResponse, ok.body);
      expectErrorResponse(
        await bearer(`${id}.wrong-secret`),
        401,
        'HTTP_UNAUTHORIZED',
        'Unauthorized: Invalid API Key.',
      );
      expectErrorResponse(
        await bearer('no-dot-at-all'),
        401,
        'HTTP_UNAUTHORIZED',
        'Unauthorized: Invalid API Key.',
      );
    });

    it('keeps Bearer to the agents API: the REST API still wants the key headers', async () => {
      const { id, secret } = admin().credentials!;
      const response = await admin()
        .as(null)
        .request('GET', '/pipelines', undefined, { authorization: `Bearer ${id}.${secret}` });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Unauthorized: No API Key specified.' });
    });

    it('answers 403 with the document’s text for a missing scope', async () => {
      expectErrorResponse(
        await world.noScope.get('/api/v1/agents'),
        403,
        'HTTP_FORBIDDEN',
        'Forbidden — insufficient OAuth scope (agent:read required)',
      );
      expectErrorResponse(
        await world.readOnly.post('/api/v1/agents/create', supportAgent()),
        403,
        'HTTP_FORBIDDEN',
        'Forbidden — insufficient OAuth scope (agent:write required)',
      );
      expect((await world.readOnly.get('/api/v1/agents')).status).toBe(200);
    });

    it('answers framework errors under /api/v1 as ErrorResponse too', async () => {
      expectErrorResponse(
        await admin().post('/api/v1/agents/create', '{"name": '),
        400,
        'HTTP_BAD_REQUEST',
        /^Malformed JSON body/,
      );
      expectErrorResponse(await admin().get('/api/v1/agents/x/y/z/w'), 404, 'HTTP_NOT_FOUND');
    });
  });

  describe('create (op 2)', () => {
    it('creates an agent and echoes it as AgentCreateResponse', async () => {
      const created = await world.internal.post('/api/v1/agents/create', supportAgent());
      expect(created.status).toBe(201);
      expectSchema(AgentCreateResponse, created.body);
      agentKey = created.body.agent._key;
      expect(agentKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.body).toMatchObject({
        status: 'success',
        agent: {
          name: 'Support assistant',
          models: [`${EXTRACTIVE}_extractive`],
          tags: ['support', 'billing'],
          webSearch: { provider: 'tavily', providerLabel: 'Tavily' },
          isServiceAccount: false,
          sendUserContext: true,
          instructions: null,
          updatedBy: null,
          knowledge: [{ connectorId: world.supportKb, filters: {} }],
          toolsets: [
            {
              name: 'jira',
              displayName: 'Jira',
              tools: [{ name: 'create_issue', fullName: 'jira.create_issue' }],
            },
          ],
          skills: [{ name: 'refund-policy' }],
          mcpServers: [],
        },
      });
      expect(created.body.agent.createdBy).toMatch(/^[0-9a-f]{24}$/);
    });

    it.each([
      [
        { models: ['extractive'] },
        'models: a non-empty list needs at least one object entry with isReasoning: true',
      ],
      [
        { models: [{ modelKey: 'gpt-9', isReasoning: true }] },
        "models[0]: no LLM has the id or name 'gpt-9' (see GET /llms)",
      ],
      [{ name: '' }, 'name: must not be empty'],
      [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags: must hold at most 50 tags'],
      [
        { skills: [{ name: 'Refund Policy' }] },
        'skills[0].name: must be lowercase words joined by single hyphens',
      ],
      [{ toolsets: [{ name: 'notion' }] }, /^toolsets\[0\]\.name: must be one of calendar, clickup/],
      [
        { knowledge: [{ connectorId: 'support-kb' }] },
        'knowledge[0].connectorId: must be a pipeline id (a UUID)',
      ],
      [
        { knowledge: [{ connectorId: '0193a000-0000-7000-8000-0000000000ff' }] },
        'knowledge[0].connectorId: pipeline 0193a000-0000-7000-8000-0000000000ff not found',
      ],
      [
        { knowledge: [{ connectorId: 'SUPPORT', filters: '{not json' }] },
        'knowledge[0].connectorId: must be a pipeline id (a UUID)',
      ],
      [
        { defaultReasoningEffort: 'extreme' },
        'defaultReasoningEffort: must be one of none, low, medium, high, max or null',
      ],
      [{ temperature: 0.2 }, /^temperature: unknown field$/],
    ])('refuses %j with a 400 VALIDATION_ERROR naming the field', async (extra, message) => {
      expectErrorResponse(
        await world.internal.post('/api/v1/agents/create', supportAgent(extra)),
        400,
        'VALIDATION_ERROR',
        message,
      );
    });

    it('refuses knowledge filters that do not parse, rather than widening them to everything', async () => {
      const filtered = (filters: unknown) =>
        supportAgent({ knowledge: [{ connectorId: world.supportKb, filters }] });
      expectErrorResponse(
        await world.internal.post('/api/v1/agents/create', filtered('{not json')),
        400,
        'VALIDATION_ERROR',
        'knowledge[0].filters: a string must be the JSON of {recordGroups, records, metadata}',
      );
      expectErrorResponse(
        await world.internal.post('/api/v1/agents/create', filtered({ records: ['doc-1'] })),
        400,
        'VALIDATION_ERROR',
        'knowledge[0].filters.records[0]: must be a document id (a UUID)',
      );
      expectErrorResponse(
        await world.internal.post(
          '/api/v1/agents/create',
          filtered(JSON.stringify({ metadata: { $regex: 'x' } })),
        ),
        400,
        'VALIDATION_ERROR',
        /^knowledge\[0\]\.filters\.metadata/,
      );
    });

    it('refuses a pipeline the key cannot read with the words it uses for one that does not exist', async () => {
      const response = await world.outsider.post('/api/v1/agents/create', supportAgent({ name: 'probe' }));
      expectErrorResponse(
        response,
        400,
        'VALIDATION_ERROR',
        `knowledge[0].connectorId: pipeline ${world.supportKb} not found`,
      );
    });
  });

  describe('get (op 3)', () => {
    it('returns the detail as GetAgentResponse, with the knowledge named and scoped', async () => {
      const response = await world.internal.get(`/api/v1/agents/${agentKey}`);
      expect(response.status).toBe(200);
      expectSchema(GetAgentResponse, response.body);
      expect(response.body).toMatchObject({
        status: 'success',
        message: 'Agent retrieved successfully',
        agent: {
          _id: `agentInstances/${agentKey}`,
          _key: agentKey,
          usesOrgDefault: false,
          models: [
            {
              modelKey: EXTRACTIVE,
              modelName: 'extractive',
              provider: 'extractive',
              isReasoning: true,
              isDefault: true,
              modelType: 'llm',
            },
          ],
          knowledge: [{ connectorId: world.supportKb, name: 'support-kb', filtersParsed: {} }],
          skills: [{ name: 'refund-policy', description: null }],
          can_edit: true,
          can_delete: true,
          user_role: 'OWNER',
          access_type: 'INDIVIDUAL',
        },
      });
      expect(response.body.agent.toolsets[0].tools[0]).toMatchObject({
        fullName: 'jira.create_issue',
        deprecated: true,
      });
    });

    it('answers 404 to other keys while the agent is private, and for unknown keys', async () => {
      expectErrorResponse(
        await world.publicOnly.get(`/api/v1/agents/${agentKey}`),
        404,
        'HTTP_NOT_FOUND',
        'Agent not found',
      );
      expectErrorResponse(
        await world.internal.get('/api/v1/agents/customer-support-agent'),
        404,
        'HTTP_NOT_FOUND',
        'Agent not found',
      );
      expectErrorResponse(
        await world.internal.get('/api/v1/agents/0193a000-0000-7000-8000-0000000000ff'),
        404,
        'HTTP_NOT_FOUND',
      );
    });

    it('shows an admin every agent, with the admin’s rights', async () => {
      const response = await admin().get(`/api/v1/agents/${agentKey}`);
      expect(response.body.agent).toMatchObject({ user_role: 'ADMIN', can_edit: true });
    });
  });

  describe('update (op 4)', () => {
    it('changes only the fields present, with a new _rev', async () => {
      const before = (await world.internal.get(`/api/v1/agents/${agentKey}`)).body.agent;
      const updated = await world.internal.put(`/api/v1/agents/${agentKey}`, {
        description: 'Refunds and invoices',
        shareWithOrg: true,
      });
      expect(updated.status).toBe(200);
      expectSchema(AgentUpdateResponse, updated.body);
      expect(updated.body).toEqual({ status: 'success', message: 'Agent updated successfully' });
      const after = (await world.internal.get(`/api/v1/agents/${agentKey}`)).body.agent;
      expect(after).toMatchObject({
        description: 'Refunds and invoices',
        shareWithOrg: true,
        name: before.name,
        tags: before.tags,
      });
      expect(after._rev).not.toBe(before._rev);
      expect(after.updatedBy).toBe(before.createdBy);
      expect(after.updatedAtTimestamp).toBeGreaterThanOrEqual(before.updatedAtTimestamp);
    });

    it('clears the models with [] (the agent then uses the default LLM) and refuses a list without a reasoning entry', async () => {
      expect((await world.internal.put(`/api/v1/agents/${agentKey}`, { models: [] })).status).toBe(200);
      expect((await world.internal.get(`/api/v1/agents/${agentKey}`)).body.agent).toMatchObject({
        models: [],
        usesOrgDefault: true,
      });
      expectErrorResponse(
        await world.internal.put(`/api/v1/agents/${agentKey}`, { models: [{ modelKey: 'extractive' }] }),
        400,
        'VALIDATION_ERROR',
        'models: a non-empty list needs at least one object entry with isReasoning: true',
      );
      expect(
        (
          await world.internal.put(`/api/v1/agents/${agentKey}`, {
            models: [{ modelKey: EXTRACTIVE, isReasoning: true }],
          })
        ).status,
      ).toBe(200);
    });

    it('replaces skills, knowledge and toolsets when present', async () => {
      await world.internal.put(`/api/v1/agents/${agentKey}`, {
        skills: [],
        knowledge: [{ connectorId: world.supportKb, filters: ['internal'] }],
      });
      const agent = (await world.internal.get(`/api/v1/agents/${agentKey}`)).body.agent;
      expect(agent.skills).toEqual([]);
      expect(agent.knowledge).toEqual([
        expect.objectContaining({
          connectorId: world.supportKb,
          filters: { recordGroups: ['internal'] },
          filtersParsed: { recordGroups: ['internal'] },
        }),
      ]);
      expect(agent.toolsets).toHaveLength(1);
    });

    it('lets other keys see a shared agent but not change it', async () => {
      const seen = await world.publicOnly.get(`/api/v1/agents/${agentKey}`);
      expect(seen.status).toBe(200);
      expect(seen.body.agent).toMatchObject({
        can_edit: false,
        can_delete: false,
        user_role: 'READER',
        access_type: 'ORGANIZATION',
      });
      expectErrorResponse(
        await world.publicOnly.put(`/api/v1/agents/${agentKey}`, { name: 'Hijacked' }),
        403,
        'HTTP_FORBIDDEN',
        "Forbidden: only the agent's owner or an admin can edit it",
      );
      expectErrorResponse(await world.publicOnly.delete(`/api/v1/agents/${agentKey}`), 403, 'HTTP_FORBIDDEN');
    });

    it('answers 404 for an agent the key cannot see and 400 for a bad body', async () => {
      const privateAgent = (
        await world.internal.post('/api/v1/agents/create', supportAgent({ name: 'Private' }))
      ).body.agent._key;
      expectErrorResponse(
        await world.publicOnly.put(`/api/v1/agents/${privateAgent}`, { name: 'x' }),
        404,
        'HTTP_NOT_FOUND',
      );
      expectErrorResponse(
        await world.internal.put(`/api/v1/agents/${privateAgent}`, { name: 7 }),
        400,
        'VALIDATION_ERROR',
        /^name:/,
      );
    });
  });

  describe('list (op 1)', () => {
    beforeAll(async () => {
      for (const name of ['Alpha billing bot', 'Beta', 'Gamma']) {
        await world.outsider.post('/api/v1/agents/create', {
          name,
          tags: name === 'Gamma' ? ['billing'] : [],
        });
      }
    });

    it('lists the agents a key may see, newest update first, as AgentListResponse', async () => {
      const response = await world.outsider.get('/api/v1/agents');
      expect(response.status).toBe(200);
      expectSchema(AgentListResponse, response.body);
      expect(response.body.agents.map((a: { name: string }) => a.name)).toEqual([
        'Gamma',
        'Beta',
        'Alpha billing bot',
        'Support assistant',
      ]);
      expect(response.body.pagination).toEqual({
        currentPage: 1,
        limit: 20,
        totalItems: 4,
        totalPages: 1,
        hasNext: false,
        hasPrev: false,
      });
    });

    it('hides from a shared agent the knowledge a key cannot read', async () => {
      const shared = (await world.outsider.get('/api/v1/agents?search=Support')).body.agents[0];
      expect(shared.name).toBe('Support assistant');
      expect(shared.knowledge).toEqual([]);
      expect(JSON.stringify(shared)).not.toContain(world.supportKb);
    });

    it('searches name, description and tags, case-insensitively, and pages and sorts', async () => {
      const billing = await world.outsider.get('/api/v1/agents?search=BILLING&sort_by=name&sort_order=asc');
      // Alpha by its name, Gamma and the support assistant by their tags.
      expect(billing.body.agents.map((a: { name: string }) => a.name)).toEqual([
        'Alpha billing bot',
        'Gamma',
        'Support assistant',
      ]);
      const refunds = await world.outsider.get('/api/v1/agents?search=refunds%20and');
      expect(refunds.body.agents.map((a: { name: string }) => a.name)).toEqual(['Support assistant']);
      const page = await world.outsider.get('/api/v1/agents?limit=2&page=2&sort_by=name&sort_order=asc');
      expectSchema(AgentListResponse, page.body);
      expect(page.body.agents.map((a: { name: string }) => a.name)).toEqual(['Gamma', 'Support assistant']);
      expect(page.body.pagination).toEqual({
        currentPage: 2,
        limit: 2,
        totalItems: 4,
        totalPages: 2,
        hasNext: false,
        hasPrev: true,
      });
    });

    it.each([
      ['limit=0', 'limit: must be an integer from 1 to 200'],
      ['limit=201', 'limit: must be an integer from 1 to 200'],
      ['page=0', 'page: must be an integer from 1 to 1000000'],
      ['search=%20%20', 'search: must not be blank'],
      ['sort_by=colour', 'sort_by: must be one of updatedAtTimestamp, createdAtTimestamp, name'],
      ['sort_order=up', 'sort_order: must be asc or desc'],
    ])('refuses %s with 400 VALIDATION_ERROR', async (query, message) => {
      expectErrorResponse(
        await world.outsider.get(`/api/v1/agents?${query}`),
        400,
        'VALIDATION_ERROR',
        message,
      );
    });

    it('ignores query parameters outside the contract', async () => {
      expect((await world.outsider.get('/api/v1/agents?isDeleted=true')).body.pagination.totalItems).toBe(4);
    });
  });

  describe('delete (op 5)', () => {
    it('tombstones the agent: 200 with the counts, then 404 everywhere', async () => {
      const doomed = (await world.internal.post('/api/v1/agents/create', supportAgent({ name: 'Doomed' })))
        .body.agent._key;
      const response = await world.internal.delete(`/api/v1/agents/${doomed}`);
      expect(response.status).toBe(200);
      expectSchema(AgentDeleteResponse, response.body);
      expect(response.body).toEqual({
        status: 'success',
        message: 'Agent deleted successfully',
        deleted: { agents: 1, toolsets: 0, tools: 0, knowledge: 0, edges: 0 },
      });
      expectErrorResponse(await world.internal.get(`/api/v1/agents/${doomed}`), 404, 'HTTP_NOT_FOUND');
      expectErrorResponse(await world.internal.delete(`/api/v1/agents/${doomed}`), 404, 'HTTP_NOT_FOUND');
      const listed = (await world.internal.get('/api/v1/agents?search=Doomed')).body.agents;
      expect(listed).toEqual([]);
    });
  });
});
