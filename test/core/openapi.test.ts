/**
 * GET /openapi.json and /docs: the document is valid OpenAPI 3.1, names every route the
 * server maps (and /mcp), says how each is authenticated, declares every route's success
 * answer with its schema (the agents API's objects as typed, named components, its
 * request bodies as the published contract names them), and a run of representative
 * requests reaches every route whose answers the rest of the suite might not (each
 * answer is checked against the document by the client: test/support/conformance.ts).
 * /docs works offline: a page, its script and style from this server, under a strict CSP.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import publishedBodies from '../agents/contract/request-bodies.json';
import { type OpenApi, operationFor } from '../support/conformance';
import { Api } from '../support/http';
import { describeEachDatabase } from '../support/suite';

type Schema = Record<string, any>;

const PUBLIC = [
  '/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/openapi.json',
  '/docs',
  '/docs/{asset}',
  '/api/v1/mcp/health',
];

/**
 * @seriousme/openapi-schema-validator (the OpenAPI 3.1 schema, with its dialect) is an
 * ES module jest cannot load: it runs in a child node process, the document on stdin.
 */
function validateOpenApi(doc: unknown): { valid: boolean; errors?: unknown } {
  const validator = path.resolve(
    __dirname,
    '../../node_modules/@seriousme/openapi-schema-validator/index.js',
  );
  const script = `
    import { Validator } from ${JSON.stringify(validator)};
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const result = await new Validator().validate(JSON.parse(text));
    process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the validator failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** `/pipelines/:id/search` as OpenAPI writes it. */
const templateOf = (route: string) => route.replace(/:(\w+)/g, '{$1}');

describeEachDatabase('OpenAPI document and reference', (fixture) => {
  const api = () => fixture().api;
  let doc: OpenApi;

  beforeAll(async () => {
    const response = await api().as(null).get('/openapi.json');
    expect(response.status).toBe(200);
    doc = response.body;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = validateOpenApi(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the server maps, and the MCP endpoint', () => {
    const mapped = [
      ...fixture()
        .trove.output()
        .matchAll(/"msg":"Mapped \{([^,]+), (\w+)\} route"/g),
    ].map((m) => `${m[2]} ${templateOf(m[1])}`);
    expect(mapped.length).toBeGreaterThan(60);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect(mapped.filter((route) => !documented.has(route))).toEqual([]);
    for (const method of ['POST', 'GET', 'DELETE']) {
      expect(documented).toContain(`${method} /mcp`);
      expect(documented).toContain(`${method} /api/v1/mcp`);
    }
  });

  it('says how each route is authenticated: public, the key headers, or also Bearer under /api/v1', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (PUBLIC.includes(path))
          expect({ where, security: operation.security }).toEqual({ where, security: [] });
        else if (path.startsWith('/api/v1/'))
          expect({ where, security: operation.security }).toEqual({
            where,
            security: [{ ApiKey: [], ApiKeySecret: [] }, { Bearer: [] }],
          });
        else
          expect({ where, security: operation.security }).toEqual({
            where,
            security: [{ ApiKey: [], ApiKeySecret: [] }],
          });
      }
    }
  });

  it('declares the request bodies, from the same schemas the routes validate with', () => {
    const body = (method: string, path: string) => doc.paths[path][method].requestBody?.content;
    expect(body('post', '/pipelines')?.['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 200 } },
    });
    expect(body('post', '/pipelines/{id}/files')?.['multipart/form-data'].schema).toMatchObject({
      required: ['file', 'classification'],
    });
    expect(body('post', '/llms')?.['application/json']).toBeDefined();
    expect(body('post', '/api/v1/agents/create')?.['application/json']).toBeDefined();
    expect(body('post', '/api_keys')?.['application/json']).toBeDefined();
  });

  it('declares a success answer with its schema for every route, but the ones documented without a body', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        const where = `${method.toUpperCase()} ${path}`;
        // Only GET /api/v1/mcp and its DELETE answer no success at all (sessions are not kept: 405).
        if (successes.length === 0 && !path.startsWith('/api/v1/mcp'))
          missing.push(`${where}: no success answer`);
        for (const [status, response] of successes) {
          const schemas = Object.values(response.content ?? {}).filter((media) => media.schema);
          const noBody = ['202', '204'].includes(status) || /\(no body\)/.test(String(response.description));
          if (schemas.length === 0 && !noBody) missing.push(`${where} ${status}`);
          if (schemas.length > 0 && status === '204') missing.push(`${where} 204 with a body`);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 400 && !/\((no body|text)\)/.test(String(response.description)))
            if (!response.content?.['application/json']?.schema)
              missing.push(`${where} ${status}: no error body`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares the query parameters of every list, and the server takes each filter it documents', async () => {
    const queryOf = (method: string, path: string): Schema[] =>
      ((doc.paths[path][method] as Schema).parameters ?? []).filter((p: Schema) => p.in === 'query');
    const names = (method: string, path: string) =>
      queryOf(method, path)
        .map((p) => p.name as string)
        .sort();

    // Every REST list envelope pages with limit/after/before.
    const lists = Object.entries(doc.paths).filter(
      ([, item]) => item.get?.responses['200']?.content?.['application/json']?.schema?.properties?.page_info,
    );
    expect(lists.length).toBeGreaterThanOrEqual(11);
    for (const [path] of lists)
      expect({ path, names: names('get', path) }).toEqual({
        path,
        names: expect.arrayContaining(['after', 'before', 'limit']),
      });
    // The agents API's lists take the published parameters; the routes that store documents take async.
    expect(names('get', '/api/v1/agents')).toEqual(['limit', 'page', 'search', 'sort_by', 'sort_order']);
    expect(names('get', '/api/v1/agents/{agentKey}/conversations')).toEqual(
      expect.arrayContaining(['page', 'limit', 'sortBy', 'sortOrder', 'search', 'isArchived']),
    );
    for (const path of [
      '/pipelines/{id}/documents',
      '/pipelines/{id}/files',
      '/pipelines/{id}/files/{fileId}/process',
    ])
      expect(names('post', path)).toEqual(['async']);

    // Each filter a list documents is one the server takes: never "cannot filter on" or "operator not supported".
    const pipeline = (
      await api().post('/pipelines', { name: 'openapi-filters', classifications: ['public'] })
    ).body;
    const refused: string[] = [];
    let tried = 0;
    for (const [path] of lists) {
      const filters = queryOf('get', path).find((p) => p.name === 'filters');
      if (!filters) continue;
      expect(filters).toMatchObject({ style: 'form', explode: true });
      const url = path.replace('{id}', pipeline.id);
      for (const name of filters.schema.propertyNames.enum as string[]) {
        const response = await api().get(`${url}?${encodeURIComponent(name)}=x`);
        tried++;
        if (response.status === 422 && /cannot filter on|is not supported/.test(response.body.detail))
          refused.push(`${path} ${name}: ${response.body.detail}`);
      }
      const unknown = await api().get(`${url}?no_such_field=x`);
      expect({ path, status: unknown.status }).toEqual({ path, status: 422 });
    }
    expect(tried).toBeGreaterThan(40);
    expect(refused).toEqual([]);
  });

  it("names the agents API's objects as components, every field typed", () => {
    const components = doc.components?.schemas ?? {};
    const named = [
      'Agent',
      'AgentListItem',
      'AgentCreateResponseAgent',
      'AgentConversation',
      'Conversation',
      'StoredAgentConversation',
      'AgentConversationListItem',
      'AgentConversationDetail',
      'Message',
      'DetailMessage',
      'Citation',
      'Pagination',
      'AguiEvent',
      'Error',
      'ErrorResponse',
    ];
    expect(named.filter((name) => !components[name])).toEqual([]);
    /** Fields whose schema says nothing of their type: `{}` or only a description. */
    const untyped = (schema: Schema, where: string): string[] => {
      if (schema.additionalProperties !== false) return [`${where}: open to any field`];
      return Object.entries(schema.properties as Record<string, Schema>)
        .filter(([, field]) =>
          ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum'].every((k) => field[k] === undefined),
        )
        .map(([name]) => `${where}.${name}`);
    };
    for (const name of ['Agent', 'AgentListItem', 'Conversation', 'AgentConversation', 'Message', 'Citation'])
      expect(untyped(components[name], name)).toEqual([]);
    expect(components.Agent.required).toEqual(
      expect.arrayContaining(['_key', 'name', 'models', 'knowledge']),
    );
    expect(components.Agent.properties.user_role.enum).toEqual(['OWNER', 'ADMIN', 'READER']);
    expect(components.Conversation.properties.status).toEqual({
      $ref: '#/components/schemas/ConversationStatus',
    });
    expect(components.Message.properties.messageType.enum).toContain('bot_response');
    expect(components.Agent.examples?.length).toBeGreaterThan(0);
    expect(components.Citation.examples?.length).toBeGreaterThan(0);
    // The stream routes describe each event's `data:` JSON, with an example stream.
    const stream = doc.paths['/api/v1/agents/{agentKey}/conversations/stream'].post.responses['200'];
    expect(stream.content?.['text/event-stream']?.schema).toEqual({ $ref: '#/components/schemas/AguiEvent' });
    const types = (components.AguiEvent.oneOf ?? components.AguiEvent.anyOf).map(
      (event: Schema) => event.properties.type.const,
    );
    expect(types).toEqual(
      expect.arrayContaining(['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'TEXT_MESSAGE_CONTENT']),
    );
  });

  it("declares the published agents API's request bodies, by their names", () => {
    const components = doc.components?.schemas ?? {};
    for (const [route, published] of Object.entries(publishedBodies.bodies)) {
      const [method, template] = route.split(' ');
      const schema =
        doc.paths[template][method.toLowerCase()].requestBody?.content['application/json'].schema;
      expect({ route, schema }).toEqual({
        route,
        schema: { $ref: `#/components/schemas/${published.schema}` },
      });
      const body = components[published.schema];
      expect({ route, fields: Object.keys(body.properties).sort() }).toEqual({
        route,
        fields: [...published.properties].sort(),
      });
      expect({ route, required: [...(body.required ?? [])].sort() }).toEqual({
        route,
        required: [...published.required].sort(),
      });
    }
  });

  it("builds a safe pipeline from its examples: the example hierarchy does not widen 'public'", async () => {
    const example = (template: string): any =>
      (doc.paths[template].post.requestBody?.content['application/json'] as any).examples.example.value;
    const created = await api().post('/pipelines', { ...example('/pipelines'), name: 'example-kb' });
    expect(created.status).toBe(201);
    const search = example('/pipelines/{id}/search');
    expect(search.classifications).toEqual({ values: ['public'], match: 'hierarchical' });
    // One document of each classification, both matching the search example's filter.
    const document = example('/pipelines/{id}/documents');
    for (const [classification, content] of [
      ['public', document.content],
      ['internal', 'Refunds above 500 euros need a manager: internal only.'],
    ]) {
      const added = await api().post(`/pipelines/${created.body.id}/documents`, {
        ...document,
        content,
        classification,
        metadata: { ...document.metadata, product: 'billing' },
      });
      expect(added.status).toBe(201);
    }
    const found = async (classifications: unknown, client = api()) => {
      const answer = await client.post(`/pipelines/${created.body.id}/search`, {
        ...search,
        classifications,
      });
      expect(answer.status).toBe(200);
      return (answer.body as { classification: string }[]).map((hit) => hit.classification).sort();
    };
    expect(await found(search.classifications)).toEqual(['public']);
    expect(await found({ values: ['internal'], match: 'hierarchical' })).toEqual(['internal', 'public']);
    // The key example's allow-list, public, is read through the same hierarchy.
    const key = await api().post('/api_keys', example('/api_keys'));
    expect(key.status).toBe(201);
    const reader = api().as({ id: key.body.id, secret: key.body.secret });
    expect(await found(['public', 'internal'], reader)).toEqual(['public']);
  });

  it('matches the answers of representative requests to the declared schemas', async () => {
    // The client checks every answer against the document (test/support/conformance.ts);
    // this notes which route and status each request reached, to prove the list covers them.
    const checked: string[] = [];
    const check = async (method: string, path: string, body?: unknown, client: Api = api()) => {
      const response = await client.request(method, path, body);
      const found = operationFor(doc, method, path);
      expect({ path, documented: found !== undefined }).toEqual({ path, documented: true });
      checked.push(`${method} ${found![0]} ${response.status}`);
      return response.body;
    };

    await check('GET', '/');
    await check('GET', '/healthz');
    await check('GET', '/readyz');
    const pipeline = await check('POST', '/pipelines', {
      name: 'openapi-check',
      classifications: ['public', 'internal'],
    });
    await check('GET', '/pipelines');
    await check('GET', `/pipelines/${pipeline.id}`);
    await check('PATCH', `/pipelines/${pipeline.id}`, { description: 'described' });
    await check('GET', `/pipelines/${pipeline.id}/classifications`);
    await check('PUT', `/pipelines/${pipeline.id}/classifications`, {
      classifications: ['public', 'internal'],
      hierarchy: [],
    });
    const [document] = [
      await check('POST', `/pipelines/${pipeline.id}/documents`, {
        content: 'Refunds are issued within fourteen days of the request.',
        classification: 'public',
        metadata: { source: 'faq' },
      }),
    ];
    await check('GET', `/pipelines/${pipeline.id}/documents`);
    if (document?.id) {
      await check('GET', `/pipelines/${pipeline.id}/documents/${document.id}`);
      await check('GET', `/pipelines/${pipeline.id}/documents/${document.id}/fragments`);
      await check('GET', `/pipelines/${pipeline.id}/documents/${document.id}/versions`);
    }
    // Files: processed, queued, kept for later; the kept ones listed, read, processed, discarded.
    const upload = (name: string, process: boolean, query = '') => {
      const form = new FormData();
      form.append('file', new Blob([`Returns of ${name} are accepted for thirty days.`]), `${name}.txt`);
      form.append('classification', 'public');
      form.append('process', String(process));
      return check('POST', `/pipelines/${pipeline.id}/files${query}`, form);
    };
    await upload('shoes', true);
    await upload('hats', true, '?async=true');
    const [kept] = await upload('coats', false);
    const [discarded] = await upload('scarves', false);
    await check('GET', `/pipelines/${pipeline.id}/files`);
    await check('GET', `/pipelines/${pipeline.id}/files/${kept.file_id}`);
    await check('POST', `/pipelines/${pipeline.id}/files/${kept.file_id}/process`, {});
    await check('DELETE', `/pipelines/${pipeline.id}/files/${discarded.file_id}`);
    const job = await check('POST', `/pipelines/${pipeline.id}/documents?async=true`, [
      { content: 'Exchanges take a week.', classification: 'public' },
    ]);
    await check('GET', '/jobs');
    await check('GET', `/jobs/${job.id}`);
    for (const type of ['similarity', 'mmr', 'search', 'hybrid'])
      await check('POST', `/pipelines/${pipeline.id}/search`, {
        type,
        query: 'refunds',
        classifications: ['public'],
      });
    // The search body is the schema the route parses with, and its example is a body the route takes.
    const searchBody = doc.paths['/pipelines/{id}/search'].post.requestBody?.content['application/json'];
    expect(searchBody?.schema).toEqual({ $ref: '#/components/schemas/SearchRequest' });
    expect(Object.keys(doc.components?.schemas?.SearchRequest.properties ?? {}).sort()).toEqual([
      'classifications',
      'distance_strategy',
      'filters',
      'params',
      'query',
      'rerank',
      'type',
    ]);
    const { examples } = searchBody as unknown as { examples: Record<string, { value: unknown }> };
    const example = examples.example.value;
    expect((await api().request('POST', `/pipelines/${pipeline.id}/search`, example)).status).toBe(200);
    const key = await check('POST', '/api_keys', {
      name: 'openapi-key',
      grants: [{ pipeline_id: pipeline.id, permissions: 5, classifications: ['public'] }],
    });
    await check('GET', '/api_keys');
    await check('GET', '/api_keys/me');
    await check('GET', `/api_keys/${key.id}`);
    await check('PATCH', `/api_keys/${key.id}`, { name: 'renamed' });
    await check('POST', `/api_keys/${key.id}/rotate`);
    await check('GET', '/embedding_providers');
    const models = await check('GET', '/embedding_models');
    await check('GET', `/embedding_models/${models.data[0].id}`);
    await check('POST', `/embedding_models/${models.data[0].id}/test`, {});
    await check('POST', '/embedding_models', {
      name: 'openapi-model',
      provider: 'hashing',
      size: 8,
      parameters: { ngram: 2 },
    });
    const splitters = await check('GET', '/text_splitters');
    await check('GET', `/text_splitters/${splitters.data[0].id}`);
    await check('POST', '/text_splitters', {
      provider: 'character',
      parameters: { chunk_size: 50, chunk_overlap: 0 },
    });
    const llms = await check('GET', '/llms');
    await check('GET', `/llms/${llms.data[0].id}`);
    await check('POST', `/llms/${llms.data[0].id}/test`, {});
    const llm = await check('POST', '/llms', {
      name: 'openapi-llm',
      provider: 'openai',
      endpoint: 'http://127.0.0.1:9/v1',
      model: 'gpt-test',
      api_key: 'sk-test',
    });
    await check('PATCH', `/llms/${llm.id}`, { description: 'never reached' });
    // The probe of an unreachable model is 200 too, with ok false and the error.
    await check('POST', `/llms/${llm.id}/test`, {});
    await check('GET', '/api/v1/agents');
    const { agent } = await check('POST', '/api/v1/agents/create', {
      name: 'OpenAPI',
      knowledge: [{ connectorId: pipeline.id }],
    });
    // A conversation with the agent, answered by the built-in extractive LLM, through its JSON routes.
    const agentPath = `/api/v1/agents/${agent._key}`;
    await check('GET', agentPath);
    await check('PUT', agentPath, { description: 'Answers from the FAQ' });
    const { conversation } = await check('POST', `${agentPath}/conversations`, {
      query: 'When are refunds issued?',
    });
    const conversationPath = `${agentPath}/conversations/${conversation._id}`;
    const added = await check('POST', `${conversationPath}/messages`, { query: 'And how fast?' });
    const answer = added.conversation.messages.find(
      (message: { messageType: string }) => message.messageType === 'bot_response',
    );
    await check('GET', `${agentPath}/conversations`);
    await check('GET', conversationPath);
    await check('POST', `${conversationPath}/message/${answer._id}/feedback`, { isHelpful: true });
    // The streams: every event's data checked against AguiEvent, RUN_FINISHED's result included.
    await check('POST', `${agentPath}/conversations/stream`, { query: 'Refunds?', chatMode: 'quick' });
    await check('POST', `${conversationPath}/messages/stream`, { query: 'Exchanges?', chatMode: 'quick' });
    await check('POST', `${conversationPath}/message/${answer._id}/regenerate`, { chatMode: 'quick' });
    await check('POST', `${conversationPath}/cancel`, { runId: '0193b2c4-5d6e-7f80-9a1b-2c3d4e5f6a7b' });
    const form = new FormData();
    form.append('files', new Blob(['Store credit never expires.'], { type: 'text/plain' }), 'credit.txt');
    const uploaded = await check('POST', `${agentPath}/conversations/attachments/upload`, form);
    await check('DELETE', `${agentPath}/conversations/attachments/${uploaded.attachments[0].recordId}`);
    await check('POST', `${conversationPath}/archive`);
    await check('GET', '/api/v1/agents/conversations/show/archives');
    await check('GET', `${agentPath}/conversations/show/archives`);
    await check('POST', `${conversationPath}/unarchive`);
    await check('PATCH', `${conversationPath}/title`, { title: 'Refunds' });
    await check('PUT', `${conversationPath}/project`, { projectId: null });
    // Outside a project the visibility cannot change: its declared error answer is checked.
    await check('PATCH', `${conversationPath}/project-visibility`, { visibility: 'private' });
    await check('DELETE', conversationPath);
    // Errors, on both edges.
    await check('GET', '/pipelines/01900000-0000-7000-8000-0000000000ff');
    await check('POST', '/pipelines', { name: '' });
    await check('GET', '/pipelines', undefined, api().as(null));
    await check('GET', '/api/v1/agents/01900000-0000-7000-8000-0000000000ff');
    await check('POST', '/api/v1/agents/create', { name: 42 });
    await check('DELETE', `/api_keys/${key.id}`);
    await check('DELETE', agentPath);
    if (document?.id) await check('DELETE', `/pipelines/${pipeline.id}/documents/${document.id}`);
    await check('GET', '/metrics');

    expect(checked.length).toBeGreaterThanOrEqual(79);
    const everyDeclared = [
      'POST /pipelines/{id}/files 201',
      'POST /pipelines/{id}/files 202',
      'GET /pipelines/{id}/files 200',
      'GET /pipelines/{id}/files/{fileId} 200',
      'POST /pipelines/{id}/files/{fileId}/process 201',
      'DELETE /pipelines/{id}/files/{fileId} 200',
      'POST /pipelines/{id}/documents 201',
      'POST /pipelines/{id}/documents 202',
      'GET /jobs 200',
      'GET /jobs/{id} 200',
      'GET /api_keys/me 200',
      'POST /embedding_models/{id}/test 200',
      'POST /llms/{id}/test 200',
      'POST /llms 201',
      'PATCH /llms/{id} 200',
      'GET /api/v1/agents/{agentKey} 200',
      'PUT /api/v1/agents/{agentKey} 200',
      'DELETE /api/v1/agents/{agentKey} 200',
      'POST /api/v1/agents/{agentKey}/conversations 201',
      'POST /api/v1/agents/{agentKey}/conversations/{conversationId}/messages 200',
      'GET /api/v1/agents/{agentKey}/conversations 200',
      'GET /api/v1/agents/{agentKey}/conversations/{conversationId} 200',
      'POST /api/v1/agents/{agentKey}/conversations/{conversationId}/message/{messageId}/feedback 200',
      'POST /api/v1/agents/{agentKey}/conversations/{conversationId}/archive 200',
      'POST /api/v1/agents/{agentKey}/conversations/{conversationId}/unarchive 200',
      'PATCH /api/v1/agents/{agentKey}/conversations/{conversationId}/title 200',
      'PUT /api/v1/agents/{agentKey}/conversations/{conversationId}/project 200',
      'DELETE /api/v1/agents/{agentKey}/conversations/{conversationId} 200',
      'POST /api/v1/agents/{agentKey}/conversations/stream 200',
      'POST /api/v1/agents/{agentKey}/conversations/{conversationId}/messages/stream 200',
      'POST /api/v1/agents/{agentKey}/conversations/{conversationId}/message/{messageId}/regenerate 200',
      'POST /api/v1/agents/{agentKey}/conversations/{conversationId}/cancel 200',
      'POST /api/v1/agents/{agentKey}/conversations/attachments/upload 200',
      'DELETE /api/v1/agents/{agentKey}/conversations/attachments/{recordId} 204',
      'GET /api/v1/agents/conversations/show/archives 200',
      'GET /api/v1/agents/{agentKey}/conversations/show/archives 200',
      'DELETE /pipelines/{id}/documents/{documentId} 200',
      'GET /metrics 200',
    ];
    expect(everyDeclared.filter((route) => !checked.includes(route))).toEqual([]);
  });

  it('serves the reference at /docs offline, under a strict Content-Security-Policy', async () => {
    const page = await api().as(null).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/docs\//);
      expect(inline.trim()).toBe('');
    }
    const assets = [...page.text.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(
      expect.arrayContaining(['/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js', '/docs/init.js']),
    );
    for (const asset of assets) {
      const response = await api().as(null).get(asset);
      expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
    }
    const init = await api().as(null).get('/docs/init.js');
    expect(init.text).toContain("url: '/openapi.json'");
    expect(init.text).toContain("validatorUrl: 'none'");
    expect((await api().as(null).get('/docs/package.json')).status).toBe(404);
    expect((await api().as(null).get('/docs/..%2Fpackage.json')).status).toBe(404);
  });
});
