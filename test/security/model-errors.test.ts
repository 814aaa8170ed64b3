/**
 * A failing model endpoint, as each key is told about it: admin keys see the
 * endpoint's address and its own words (they configured it and must fix it); every
 * other key sees the endpoint named by its model, its address scrubbed from what it
 * said and no network detail (an internal host and port), over REST (search and
 * ingestion), MCP and ingestion jobs. The agents API's LLM failures are checked for
 * non-admin keys in test/agents (agent-turns, streaming) and here for an admin key.
 * The same split holds where models and LLMs are described: every route that shows
 * one shows its address to admin keys and '[endpoint]' to every other key.
 */
import { Api, Credentials } from '../support/http';
import { waitForJob } from '../support/jobs';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import { RawMcp } from '../mcp/support';
import { createPipeline, unique } from '../search/helpers';
import { createKey } from '../support/records';

const SEARCH = { type: 'similarity', query: 'refunds', classifications: ['public'] };

describeEachDatabase('model endpoint errors by key', (fixture) => {
  const api = () => fixture().api;
  let stub: OpenAiEmbeddingsStub;
  let host: string;
  let modelName: string;
  let pipelineId: string;
  let reader: Api;
  let writer: Api;
  let readerCredentials: Credentials;

  /** A pipeline whose one model is the OpenAI-compatible endpoint at `baseUrl`. */
  async function remotePipeline(name: string, baseUrl: string): Promise<string> {
    const model = await api().post('/embedding_models', {
      name,
      provider: 'openai',
      size: 16,
      parameters: { base_url: baseUrl, model: 'stub' },
    });
    const pipeline = await createPipeline(api(), {
      classifications: ['public'],
      embedding_model_ids: [model.body.id],
    });
    return pipeline.id;
  }

  beforeAll(async () => {
    stub = await startOpenAiEmbeddingsStub({ size: 16 });
    host = new URL(stub.url).host;
    modelName = unique('remote');
    pipelineId = await remotePipeline(modelName, stub.url);
    const added = await api().post(`/pipelines/${pipelineId}/documents`, [
      { content: 'Refunds are prorated.', classification: 'public' },
    ]);
    expect(added.status).toBe(201);
    reader = api().as(await createKey(api(), [{ pipeline_id: pipelineId, permissions: 5 }]));
    readerCredentials = reader.credentials!;
    writer = api().as(await createKey(api(), [{ pipeline_id: pipelineId, permissions: 6 }]));
  });
  afterAll(() => stub?.close());

  /** The endpoint echoes its own address, as some proxies and servers do. */
  const failWithEcho = () => stub.failNext(400, 1, { message: `model unloaded at ${stub.url} (${host})` });
  const publicText = () =>
    `Embedding endpoint of model '${modelName}' answered 400: model unloaded at [endpoint] ([endpoint])`;

  it('a search: the admin key sees the address, a reading key does not', async () => {
    failWithEcho();
    const asAdmin = await api().post(`/pipelines/${pipelineId}/search`, SEARCH);
    expect(asAdmin.status).toBe(502);
    expect(asAdmin.body.detail).toBe(
      `Embedding endpoint ${stub.url} answered 400: model unloaded at ${stub.url} (${host})`,
    );

    failWithEcho();
    const asReader = await reader.post(`/pipelines/${pipelineId}/search`, SEARCH);
    expect(asReader.status).toBe(502);
    expect(asReader.body.detail).toBe(publicText());
    expect(asReader.text).not.toContain(host);
  });

  it('ingestion, now and as a job: a writing key does not see the address', async () => {
    failWithEcho();
    const now = await writer.post(`/pipelines/${pipelineId}/documents`, [
      { content: 'Invoices are monthly.', classification: 'public' },
    ]);
    expect(now.status).toBe(502);
    expect(now.body.detail).toBe(publicText());

    // A job of one item makes one call.
    failWithEcho();
    const queued = await writer.post(`/pipelines/${pipelineId}/documents?async=true`, [
      { content: 'Invoices are monthly.', classification: 'public' },
    ]);
    expect(queued.status).toBe(202);
    const job = await waitForJob(writer, queued.body.id);
    expect(job.errors).toEqual([{ index: 0, external_id: null, detail: publicText() }]);
    expect(JSON.stringify(job)).not.toContain(host);
  });

  it('an unreachable endpoint: no host or port for a reading key, the reason for the admin key', async () => {
    const closed = await startOpenAiEmbeddingsStub({ size: 16 });
    await closed.close();
    const name = unique('gone');
    const gone = await remotePipeline(name, closed.url);
    const key = api().as(await createKey(api(), [{ pipeline_id: gone, permissions: 5 }]));
    const asReader = await key.post(`/pipelines/${gone}/search`, SEARCH);
    expect(asReader.status).toBe(502);
    expect(asReader.body.detail).toBe(`Embedding endpoint of model '${name}' failed: it cannot be reached`);
    const asAdmin = await api().post(`/pipelines/${gone}/search`, SEARCH);
    expect(asAdmin.body.detail).toMatch(
      new RegExp(`^Embedding endpoint ${closed.url} failed: .*ECONNREFUSED`),
    );
  });

  it('MCP search_knowledge: the same two answers as JSON-RPC errors', async () => {
    const mcp = new RawMcp(fixture().trove.url, api().credentials);
    const call = async (as: RawMcp) => {
      const session = await as.openSession();
      failWithEcho();
      return as.callTool(session, 'search_knowledge', {
        pipeline_id: pipelineId,
        query: 'refunds',
        classifications: ['public'],
        type: 'similarity',
      });
    };
    const asAdmin = await call(mcp);
    expect(asAdmin.error.message).toContain(stub.url);
    const asReader = await call(mcp.as(readerCredentials));
    expect(asReader.error.message).toBe(publicText());
    expect(JSON.stringify(asReader)).not.toContain(host);
  });

  describe('an LLM the agents API calls', () => {
    let chat: OpenAiChatStub;
    beforeAll(async () => {
      chat = await startOpenAiChatStub();
    });
    afterAll(() => chat?.close());

    it('the admin key sees the address of the LLM that failed', async () => {
      const llm = await api().post('/llms', {
        name: unique('stubbed'),
        provider: 'openai',
        endpoint: chat.url,
        model: 'stub',
      });
      expect(llm.status).toBe(201);
      const agent = await api().post('/api/v1/agents/create', {
        name: unique('agent'),
        models: [{ modelKey: llm.body.name, isReasoning: true }],
        knowledge: [{ connectorId: pipelineId }],
      });
      expect(agent.status).toBe(201);
      // A refused request is not retried: one scripted answer is the whole failure.
      chat.next({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
      const turn = await api().post(`/api/v1/agents/${agent.body.agent._key}/conversations`, {
        query: 'Refunds?',
      });
      expect(turn.status).toBe(424);
      expect(turn.body.error.message).toContain(`(${chat.url} answered 401`);
    });
  });

  describe('the addresses in descriptions of models and LLMs', () => {
    const ADDRESS = 'http://models.internal.example:8443/v1';
    const HOST = 'models.internal.example';
    let modelId: string;
    let llmId: string;
    let described: string;
    let agentKey: string;
    let withRead: Api;
    let withNoGrant: Api;

    beforeAll(async () => {
      const model = await api().post('/embedding_models', {
        name: unique('internal'),
        provider: 'openai',
        size: 16,
        parameters: { base_url: ADDRESS, model: 'internal', api_key: 'sk-not-shown' },
      });
      expect(model.status).toBe(201);
      expect(model.body.parameters).toMatchObject({ base_url: ADDRESS, api_key: '***' });
      modelId = model.body.id;
      described = (
        await createPipeline(api(), { classifications: ['public'], embedding_model_ids: [modelId] })
      ).id;
      const llm = await api().post('/llms', {
        name: unique('internal-llm'),
        provider: 'openai',
        endpoint: ADDRESS,
        model: 'internal',
      });
      expect(llm.status).toBe(201);
      expect(llm.body.endpoint).toBe(ADDRESS);
      llmId = llm.body.id;
      const agent = await api().post('/api/v1/agents/create', {
        name: unique('agent'),
        models: [{ modelKey: llm.body.name, isReasoning: true }],
        knowledge: [{ connectorId: described }],
        shareWithOrg: true,
      });
      expect({ status: agent.status, body: agent.body }).toMatchObject({ status: 201 });
      agentKey = agent.body.agent._key;
      withRead = api().as(await createKey(api(), [{ pipeline_id: described, permissions: 5 }]));
      withNoGrant = api().as(await createKey(api(), []));
    });

    /** Every route that answers a model or an LLM, and where in its answer the address is. */
    const routes = () => [
      {
        path: '/embedding_models?limit=1000',
        address: (b: any) => byId(b.data, modelId).parameters.base_url,
      },
      { path: `/embedding_models/${modelId}`, address: (b: any) => b.parameters.base_url },
      {
        path: '/pipelines?limit=1000',
        address: (b: any) => onlyModel(byId(b.data, described)).parameters.base_url,
      },
      { path: `/pipelines/${described}`, address: (b: any) => onlyModel(b).parameters.base_url },
      { path: '/llms?limit=1000', address: (b: any) => byId(b.data, llmId).endpoint },
      { path: `/llms/${llmId}`, address: (b: any) => b.endpoint },
    ];
    const byId = (items: { id: string }[], id: string): any => items.find((item) => item.id === id);
    const onlyModel = (pipeline: { embedding_models: Record<string, unknown> }): any => {
      const models = Object.values(pipeline.embedding_models);
      expect(models).toHaveLength(1);
      return models[0];
    };

    /** Each route answers `key` 200 with `expected` where the address is, and (but to admin keys) the host nowhere. */
    const expectAddresses = async (key: Api, expected: string, only = routes()) => {
      for (const { path, address } of only) {
        const answer = await key.get(path);
        expect({ path, status: answer.status, address: address(answer.body) }).toEqual({
          path,
          status: 200,
          address: expected,
        });
        if (expected !== ADDRESS) expect(answer.text).not.toContain(HOST);
      }
    };

    it('an admin key sees them on every route that shows a model or an LLM', async () => {
      await expectAddresses(api(), ADDRESS);
    });

    it("a key that reads the pipeline sees '[endpoint]' on every one of them, and the address nowhere", async () => {
      await expectAddresses(withRead, '[endpoint]');
      // Where models are named without their parameters: the agent, MCP's pipeline list.
      const agent = await withRead.get(`/api/v1/agents/${agentKey}`);
      expect(agent.status).toBe(200);
      expect(agent.text).not.toContain(HOST);
      const mcp = new RawMcp(fixture().trove.url, withRead.credentials);
      const listed = await mcp.callTool(await mcp.openSession(), 'get_pipelines', {});
      expect(JSON.stringify(listed)).toContain(described);
      expect(JSON.stringify(listed)).not.toContain(HOST);
    });

    it("a key with no grant sees '[endpoint]' in the catalogue and the LLMs", async () => {
      const catalogue = routes().filter((route) => !route.path.startsWith('/pipelines'));
      await expectAddresses(withNoGrant, '[endpoint]', catalogue);
    });
  });
});
