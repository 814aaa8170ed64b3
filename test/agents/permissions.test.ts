/**
 * A key never retrieves beyond its own grants, whatever the agent's knowledge says:
 * a key without a grant on a pipeline gets no fragment, no citation and no hint of
 * that pipeline (its id, its name, its documents, their text) through any agent or
 * conversation route — while a key with the grant, asking the same agent the same
 * question, does get it (so these checks can fail).
 */
import { randomBytes } from 'node:crypto';
import { Api } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { rawEvents, runStream } from './support/agui';
import { buildWorld, key, World } from './support/world';

const QUESTION = 'When does Project Nightjar launch?';

describeEachDatabase('the agents API: a key sees only what its grants let it read', (fixture) => {
  let world: World;
  let agent = '';
  const base = () => `/api/v1/agents/${agent}/conversations`;
  // The caller's own questions name Nightjar; what must never show is the pipeline and its content.
  const hints = () => [
    world.secret,
    'secret-roadmap',
    world.documents.nightjar,
    'launches in March',
    'four million dollars',
  ];

  function expectNoHint(what: string, body: unknown) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    for (const hint of hints())
      expect({ what, leaks: text.includes(hint) ? hint : null }).toEqual({ what, leaks: null });
  }

  beforeAll(async () => {
    world = await buildWorld(fixture().api);
    agent = (
      await world.internal.post('/api/v1/agents/create', {
        name: 'Roadmap and support',
        description: 'Knows the support base and the roadmap',
        knowledge: [{ connectorId: world.supportKb }, { connectorId: world.secret }],
        shareWithOrg: true,
      })
    ).body.agent._key;
  });

  it('answers a key with the grant from the restricted pipeline (the control)', async () => {
    const response = await world.internal.post(base(), { query: QUESTION });
    const answer = response.body.conversation.messages[1];
    expect(answer.content).toContain('Nightjar');
    expect(answer.citations.map((c: any) => c.citationData.metadata.recordId)).toContain(
      world.documents.nightjar,
    );
    expect(JSON.stringify((await world.internal.get(`/api/v1/agents/${agent}`)).body)).toContain(
      world.secret,
    );
  });

  describe.each([
    ['a key with other grants', () => world.publicOnly],
    ['a key with no grant at all', () => world.outsider],
  ])('%s', (_, caller: () => Api) => {
    it('sees the shared agent without the pipeline, through the list and the detail', async () => {
      const listed = await caller().get('/api/v1/agents');
      expect(listed.body.agents.map((a: { _key: string }) => a._key)).toContain(agent);
      expectNoHint('GET /agents', listed.body);
      expectNoHint('GET /agents/{key}', (await caller().get(`/api/v1/agents/${agent}`)).body);
    });

    it('gets no fragment, citation or hint through the JSON turns', async () => {
      const created = await caller().post(base(), { query: QUESTION });
      expect(created.status).toBe(201);
      expectNoHint('create', created.body);
      const id = created.body.conversation._id;
      const added = await caller().post(`${base()}/${id}/messages`, {
        query: 'What is the launch budget of Nightjar?',
      });
      expectNoHint('add', added.body);
      const filtered = await caller().post(base(), { query: QUESTION, filters: { kb: [world.secret] } });
      expectNoHint('create with filters naming the pipeline', filtered.body);
      for (const conversation of [
        created.body.conversation,
        added.body.conversation,
        filtered.body.conversation,
      ]) {
        for (const message of conversation.messages)
          expect(message.citations.map((c: any) => c.citationData.metadata.connectorId)).not.toContain(
            world.secret,
          );
      }
    });

    it('gets no hint through the stream, not even in the retrieval events', async () => {
      const run = await runStream(caller(), `${base()}/stream`, { query: QUESTION, chatMode: 'quick' });
      expect(run.error).toBeUndefined();
      expectNoHint('stream events', run.events);
      const raw = await rawEvents(caller(), `${base()}/stream`, {
        query: QUESTION,
        chatMode: 'quick',
        filters: { kb: [world.secret] },
      });
      expectNoHint('raw stream with filters naming the pipeline', raw.events);
      const id = (run.events[0] as any).threadId;
      const answer = run.finished!.result.conversation.messages[1]._id;
      const regenerated = await runStream(caller(), `${base()}/${id}/message/${answer}/regenerate`, {
        chatMode: 'quick',
      });
      expectNoHint('regenerate', regenerated.events);
    });

    it('gets no hint through the conversation reads and management routes', async () => {
      const created = await caller().post(base(), { query: QUESTION });
      const id = created.body.conversation._id;
      const answer = created.body.conversation.messages[1]._id;
      const responses = [
        await caller().get(base()),
        await caller().get(`${base()}/${id}`),
        await caller().post(`${base()}/${id}/message/${answer}/feedback`, { isHelpful: false }),
        await caller().patch(`${base()}/${id}/title`, { title: 'Nightjar?' }),
        await caller().post(`${base()}/${id}/archive`),
        await caller().get(`${base()}/show/archives`),
        await caller().get('/api/v1/agents/conversations/show/archives'),
        await caller().post(`${base()}/${id}/unarchive`),
        await caller().put(`${base()}/${id}/project`, { projectId: randomBytes(12).toString('hex') }),
        await caller().delete(`${base()}/${id}`),
      ];
      for (const response of responses) {
        expect(response.status).toBe(200);
        expectNoHint(`${response.status}`, response.body);
      }
    });

    it('cannot tell the pipeline exists: naming it in an agent is refused like an unknown pipeline', async () => {
      const unknown = '0193a000-0000-7000-8000-0000000000ff';
      const refused = (id: string) =>
        caller().post('/api/v1/agents/create', { name: 'Probe', knowledge: [{ connectorId: id }] });
      const named = await refused(world.secret);
      const missing = await refused(unknown);
      expect(named.status).toBe(missing.status);
      expect(named.body.error.message.replace(world.secret, 'ID')).toBe(
        missing.body.error.message.replace(unknown, 'ID'),
      );
      expectNoHint('refused update', (await caller().put(`/api/v1/agents/${agent}`, { name: 'x' })).body);
    });
  });

  it('shows a knowledge narrowing only to keys that see every classification of its pipeline', async () => {
    const filters = JSON.stringify({
      recordGroups: ['internal'],
      records: [world.documents.refunds],
      metadata: { product: 'billing' },
    });
    const narrowed = (
      await world.internal.post('/api/v1/agents/create', {
        name: 'Billing',
        knowledge: [{ connectorId: world.supportKb, filters }],
        shareWithOrg: true,
      })
    ).body.agent._key;
    const entries = async (caller: Api) => {
      const detail = (await caller.get(`/api/v1/agents/${narrowed}`)).body.agent.knowledge;
      const listed = (await caller.get('/api/v1/agents?limit=200')).body.agents.find(
        (a: { _key: string }) => a._key === narrowed,
      ).knowledge;
      return [detail, listed];
    };
    for (const knowledge of await entries(world.internal)) {
      expect(knowledge).toEqual([
        expect.objectContaining({
          connectorId: world.supportKb,
          filters,
          filtersParsed: { recordGroups: ['internal'], records: [world.documents.refunds] },
        }),
      ]);
    }
    // public only: the entry, and nothing of what narrows it (classification names, document ids, metadata).
    for (const knowledge of await entries(world.publicOnly)) {
      expect(knowledge).toHaveLength(1);
      expect(knowledge[0]).toMatchObject({ connectorId: world.supportKb, filtersParsed: {} });
      expect(knowledge[0].filters).toBeUndefined();
      const text = JSON.stringify(knowledge);
      for (const hint of [world.documents.refunds, 'billing', 'internal'])
        expect({ hint, shown: text.includes(hint) }).toEqual({ hint, shown: false });
    }
  });

  it('hides a citation from a key whose grant was withdrawn after the answer, and retrieves no more from it', async () => {
    const reader = await key(fixture().api, 'soon-without-roadmap', {
      scopes: ['agent:read', 'agent:execute'],
      grants: [
        { pipeline_id: world.supportKb, permissions: 5 },
        { pipeline_id: world.secret, permissions: 5 },
      ],
    });
    const created = await reader.post(base(), { query: QUESTION });
    const id = created.body.conversation._id;
    expect(
      created.body.conversation.messages[1].citations.map((c: any) => c.citationData.metadata.recordId),
    ).toContain(world.documents.nightjar);
    const keyId = reader.credentials!.id;
    await fixture().api.patch(`/api_keys/${keyId}`, {
      grants: [{ pipeline_id: world.supportKb, permissions: 5 }],
    });
    const detail = await reader.get(`${base()}/${id}`);
    const citations = detail.body.conversation.messages.flatMap((m: any) => m.citations);
    expect(citations.map((c: any) => c.citationData.metadata.recordId)).not.toContain(
      world.documents.nightjar,
    );
    expect(JSON.stringify((await reader.get(`/api/v1/agents/${agent}`)).body)).not.toContain(world.secret);
    const again = await reader.post(`${base()}/${id}/messages`, { query: QUESTION });
    const cited = again.body.conversation.messages[3].citations.map(
      (c: any) => c.citationData.metadata.connectorId,
    );
    expect(cited).not.toContain(world.secret);
  });
});
