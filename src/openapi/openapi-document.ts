/**
 * GET /openapi.json: the REST API as OpenAPI 3.1, generated from the controllers at
 * start. @nestjs/swagger finds every route Nest maps; the routes say what they take
 * and answer with @ApiDoc (bodies are the zod schemas the controllers validate with);
 * the auth decorators (auth.guard.ts) mark who may call. This file adds what holds
 * for all routes: the key headers and Bearer schemes, the error bodies of each edge,
 * and the MCP endpoint, a raw Fastify route Nest does not see.
 */
import { HttpStatus, type INestApplication, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, PathItemObject, ResponsesObject } from '@nestjs/swagger';
import { version } from '../version';
import { namedSchemas } from './api-doc';

const KEY = { ApiKey: [], ApiKeySecret: [] };

const REST_ERROR = {
  title: 'Error',
  type: 'object',
  required: ['detail'],
  properties: { detail: { type: 'string', description: 'What went wrong, for a person to read.' } },
  additionalProperties: false,
  example: { detail: 'Pipeline not found' },
};
const AGENTS_ERROR = {
  title: 'ErrorResponse',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        requestId: { type: 'string' },
        code: { type: 'string', examples: ['HTTP_NOT_FOUND', 'VALIDATION_ERROR', 'INTERNAL_ERROR'] },
        message: { type: 'string' },
        metadata: { type: 'object' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
  example: { error: { requestId: '5f0c…', code: 'HTTP_NOT_FOUND', message: 'Agent not found' } },
};

const ERRORS: Record<string, string> = {
  '400': 'Malformed request (JSON that does not parse; under /api/v1, a body that fails validation)',
  '401': 'No key, or a key that is unknown, disabled or has the wrong secret',
  '403': 'The key may not do this (a permission bit, admin, a scope, a classification)',
  '404': 'Not found, or not visible to this key',
  '413': 'Body too large',
  '415': 'Unsupported content type',
  '422': 'A field fails validation; the detail names it',
  '429': 'Too many failed authentications (Retry-After)',
  '500': 'An unexpected failure, logged with its reason; the answer says no more (no input should cause one)',
  '502': 'An embedding endpoint or an LLM failed; the detail quotes it',
  '503': 'The database is unavailable or busy (Retry-After)',
};

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Trove')
    .setDescription(
      'Self-hosted knowledge retrieval for AI assistants: pipelines of documents, search, ' +
        'agents under /api/v1, and an MCP server at /mcp. Errors are `{"detail"}` (under ' +
        '`/api/v1`, `{"error": {"requestId", "code", "message"}}`); every answer has `x-request-id`.',
    )
    .setVersion(version)
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The key id (a UUID)' },
      'ApiKey',
    )
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'x-api-key-secret', description: 'The key secret' },
      'ApiKeySecret',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: '<key id>.<secret>',
        description: 'Agents API (/api/v1) only',
      },
      'Bearer',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const statuses = successStatuses(app);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of operationsOf(item)) {
      settleSuccess(operation, statuses.get(operation.operationId ?? ''));
      describeAccess(path, operation);
    }
  }
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...namedSchemas,
      Error: REST_ERROR,
      ErrorResponse: AGENTS_ERROR,
    },
  };
  document.paths['/mcp'] = MCP_PATH;
  Object.assign(document.paths, GUIDED_MIND_PATHS);
  return document;
}

function operationsOf(item: PathItemObject): OperationObject[] {
  return (['get', 'put', 'post', 'delete', 'patch'] as const)
    .map((method) => item[method])
    .filter((operation): operation is OperationObject => operation !== undefined);
}

/**
 * The status each handler answers on success, by the explorer's operation id
 * (`<Controller>_<method>`): its @HttpCode, else Nest's default (201 for POST, else 200).
 */
function successStatuses(app: INestApplication): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const prototype = (metatype as { prototype?: Record<string, unknown> } | null)?.prototype;
      if (!prototype) continue;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
          continue;
        const code =
          (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
          (Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.POST
            ? HttpStatus.CREATED
            : HttpStatus.OK);
        statuses.set(`${(metatype as { name: string }).name}_${name}`, code);
      }
    }
  }
  return statuses;
}

/** @ApiDoc declares the success answer without a status (`default`): it goes under the route's real one. */
function settleSuccess(operation: OperationObject, status = HttpStatus.OK): void {
  const responses = operation.responses ?? {};
  const declared = responses.default;
  if (!declared) return;
  responses[String(status)] = declared;
  delete responses.default;
}

/** Security and error answers from the auth decorators' marks. */
function describeAccess(path: string, operation: OperationObject): void {
  const marks = operation as OperationObject & Record<string, unknown>;
  const agents = path.startsWith('/api/v1/');
  if (marks['x-trove-auth'] === 'public') {
    operation.security = [];
  } else {
    operation.security = marks['x-trove-bearer'] ? [KEY, { Bearer: [] }] : [KEY];
    const who =
      marks['x-trove-auth'] === 'admin'
        ? 'Admin keys only.'
        : marks['x-trove-scope']
          ? `Needs the scope \`${String(marks['x-trove-scope'])}\`.`
          : undefined;
    if (who) operation.description = operation.description ? `${who} ${operation.description}` : who;
  }
  const responses: ResponsesObject = operation.responses ?? {};
  const schema = { $ref: `#/components/schemas/${agents ? 'ErrorResponse' : 'Error'}` };
  for (const [status, description] of Object.entries(ERRORS)) {
    if (marks['x-trove-auth'] === 'public' && ['401', '403', '429'].includes(status)) continue;
    responses[status] ??= { description };
  }
  // The errors a route declares itself (@ApiDoc errors) and the common ones take the edge's error body.
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400 && response && !('$ref' in response) && response.content === undefined)
      response.content = { 'application/json': { schema } };
  }
  operation.responses = responses;
}

const MCP_HEADERS = [
  { name: 'mcp-session-id', in: 'header', required: false, schema: { type: 'string' } },
  { name: 'mcp-protocol-version', in: 'header', required: false, schema: { type: 'string' } },
];

function mcpOperation(
  summary: string,
  responses: ResponsesObject,
  security: OperationObject['security'] = [KEY],
): OperationObject {
  return {
    summary,
    tags: ['mcp'],
    security,
    parameters: MCP_HEADERS as OperationObject['parameters'],
    responses,
  };
}

const KEY_OR_BEARER = [KEY, { Bearer: [] }];
/** How the session routes of /mcp refuse, in plain text as the transport answers. */
const SESSION_ERRORS = {
  '400': { description: 'No mcp-session-id header (text)' },
  '401': { description: 'No key or a bad key (text)' },
  '403': { description: 'A Host that is not allowed (text)' },
  '404': { description: 'An unknown or expired session (text)' },
};
/** The MCP SDK's refusal of a method the stateless endpoint does not serve. */
const METHOD_NOT_ALLOWED = {
  '405': {
    description: 'Method Not Allowed: a JSON-RPC error',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['jsonrpc', 'error', 'id'],
          properties: {
            jsonrpc: { type: 'string', enum: ['2.0'] },
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'integer' }, message: { type: 'string' } },
            },
            id: { type: 'null' },
          },
        },
        example: { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null },
      },
    },
  },
};
const EVENT_STREAM = { 'text/event-stream': { schema: { type: 'string' } } } as const;

/** The MCP endpoint, described only as HTTP: its messages are JSON-RPC (docs/mcp.md). */
const MCP_PATH: PathItemObject = {
  post: {
    summary: 'MCP (Streamable HTTP): one JSON-RPC message',
    description:
      'The MCP server: `initialize`, `tools/list`, `tools/call` (search_knowledge, get_pipelines, ' +
      'get_pipeline_classifications). Accept must list application/json and text/event-stream. ' +
      'The Host must be one of TROVE_MCP_ALLOWED_HOSTS. See docs/mcp.md.',
    tags: ['mcp'],
    security: [KEY],
    parameters: MCP_HEADERS as OperationObject['parameters'],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['jsonrpc', 'method'],
            properties: {
              jsonrpc: { const: '2.0' },
              id: {},
              method: { type: 'string' },
              params: { type: 'object' },
            },
          } as never,
          example: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        },
      },
    },
    responses: {
      '200': {
        description: 'The JSON-RPC answer, as JSON or as one Server-Sent Event',
        content: {
          'application/json': { schema: { type: 'object' } },
          'text/event-stream': { schema: { type: 'string' } },
        },
      },
      '202': { description: 'A notification or a response was accepted' },
      '401': { description: 'No key or a bad key (text)' },
      '403': { description: 'A Host that is not allowed (text)' },
      '404': { description: 'An unknown or expired session (text)' },
      '415': { description: 'Content-Type must be application/json (text)' },
    },
  },
  get: mcpOperation('MCP: the server-to-client event stream of a session', {
    '200': { description: 'JSON-RPC messages as Server-Sent Events', content: EVENT_STREAM },
    ...SESSION_ERRORS,
    '405': { description: 'No stream for this session (text)' },
  }),
  delete: mcpOperation('MCP: end a session', {
    '200': { description: 'Ended (no body)' },
    ...SESSION_ERRORS,
  }),
};

/** The Guided Mind tools' MCP endpoint (src/mcp/guided-mind): the MCP SDK's, stateless. */
const GUIDED_MIND_PATHS: Record<string, PathItemObject> = {
  '/api/v1/mcp': {
    post: {
      ...MCP_PATH.post!,
      summary: 'Guided Mind MCP (Streamable HTTP, stateless): one JSON-RPC message',
      description:
        'The Guided Mind tools (rag_search and its companions) for agents, through the MCP SDK; any ' +
        'replica answers any request. Takes the key headers or `Authorization: Bearer <key id>.<secret>`.',
      security: KEY_OR_BEARER,
    },
    get: mcpOperation('Guided Mind MCP: sessions are not kept (405)', METHOD_NOT_ALLOWED, KEY_OR_BEARER),
    delete: mcpOperation('Guided Mind MCP: sessions are not kept (405)', METHOD_NOT_ALLOWED, KEY_OR_BEARER),
  },
  '/api/v1/mcp/sse': {
    get: mcpOperation(
      'Guided Mind MCP, legacy HTTP+SSE: open a session',
      {
        '200': {
          description: 'The session: its endpoint event, then JSON-RPC messages',
          content: EVENT_STREAM,
        },
      },
      KEY_OR_BEARER,
    ),
  },
  '/api/v1/mcp/messages': {
    post: mcpOperation(
      'Guided Mind MCP, legacy HTTP+SSE: a message for a session',
      { '202': { description: 'Accepted' } },
      KEY_OR_BEARER,
    ),
  },
  '/api/v1/mcp/health': {
    get: {
      summary: 'Guided Mind MCP: is the endpoint up, which transports and tools',
      tags: ['mcp'],
      security: [],
      responses: {
        '200': {
          description: 'Up',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['status', 'transports', 'tools'],
                properties: {
                  status: { type: 'string', enum: ['ok'] },
                  transports: { type: 'array', items: { enum: ['streamable-http', 'sse'] } },
                  tools: { type: 'array', items: { type: 'string' } },
                },
                additionalProperties: false,
              },
              example: {
                status: 'ok',
                transports: ['streamable-http', 'sse'],
                tools: ['rag_search', 'upload_document', 'upload_and_process'],
              },
            },
          },
        },
      },
    },
  },
};
