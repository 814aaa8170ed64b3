/**
 * One decorator per route for the OpenAPI document: a summary, the request body (the
 * zod schema the controller parses with, so the document and the validation cannot
 * disagree), the success response and the errors particular to the route. The errors
 * every route may answer and authentication are added to every operation by
 * openapi-document.ts.
 *
 * A zod schema given an id (`.meta({ id: 'Agent' })`) becomes a named component
 * (`#/components/schemas/Agent`) that every route using it refers to: those names are
 * what clients generate types from, so they stay stable.
 */
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { ContentObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { DEFAULT_LIMIT, type FilterOp, type ListOptions, MAX_FILTERS, MAX_LIMIT } from '../common/list';

export interface ApiDocSpec {
  summary: string;
  description?: string;
  /** The body's zod schema (JSON), or a JSON schema (multipart forms). */
  body?: z.ZodType | SchemaObject;
  /** The body's component name (`#/components/schemas/<name>`): the published contract's, where it names it. */
  bodyName?: string;
  /** `multipart/form-data` instead of JSON. */
  multipart?: boolean;
  bodyExample?: unknown;
  /** The query parameters: the zod object the controller parses them with, one parameter per property. */
  query?: z.ZodObject;
  /**
   * A list route of the REST envelope (src/common/list.ts): its page parameters and
   * the `field$op=value` filters of these fields (none: a list that pages only).
   * `cursor` says what `after`/`before` hold when the list is not keyed on ids;
   * `orderable` and `countable` add `order` and `total` (ListOptions).
   */
  list?: { filters?: Readonly<Record<string, readonly FilterOp[]>>; cursor?: string } & ListOptions;
  /** The success answer's JSON schema; none for answers without a body (204). */
  response?: z.ZodType | SchemaObject;
  /** A success answer that is not JSON: its media type and what it is. */
  produces?: { mediaType: string; description: string };
  /**
   * Omitted: the route's own status (Nest's default for its method, or its @HttpCode),
   * which openapi-document.ts fills in. Given for a second success answer (202).
   */
  status?: number;
  responseExample?: unknown;
  /** The 202 answer of a request queued as a job (`?async=true`), beside the route's own. */
  accepted?: z.ZodType | SchemaObject;
  /** The success answer is an event stream (text/event-stream): the schema of each event's `data:` JSON. */
  stream?: { event: z.ZodType; example: unknown[] };
  /**
   * Error statuses particular to this route, beside the ones every route may answer:
   * what each means, with the edge's error body, or a body of its own (null: none).
   */
  errors?: Record<number, string | { description: string; schema: z.ZodType | SchemaObject | null }>;
}

/** The named schemas (`.meta({ id })`) the routes refer to, for `components.schemas`. */
export const namedSchemas: Record<string, SchemaObject> = {};

const COMPONENTS = '#/components/schemas/';

/** A zod schema as the JSON Schema (2020-12, as OpenAPI 3.1 takes it) of the wire. */
export function jsonSchemaOf(schema: z.ZodType | SchemaObject, io: 'input' | 'output'): SchemaObject {
  if (!(schema instanceof z.ZodType)) return schema;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, unknown>;
  delete json.$defs;
  const named = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as SchemaObject;
  for (const [id, def] of Object.entries(defs)) {
    const schema = named(def);
    // One name, one schema: a schema named for answers must not be reused, differently, as a request body.
    if (id in namedSchemas && JSON.stringify(namedSchemas[id]) !== JSON.stringify(schema))
      throw new Error(`Two different schemas are named ${id} in the OpenAPI document`);
    namedSchemas[id] = schema;
  }
  return named(json);
}

export function ApiDoc(spec: ApiDocSpec): MethodDecorator {
  const status = spec.status ?? 'default';
  const decorators: MethodDecorator[] = [
    ApiOperation({ summary: spec.summary, description: spec.description }),
  ];
  if (spec.body) {
    if (spec.multipart) decorators.push(ApiConsumes('multipart/form-data'));
    decorators.push(
      ApiBody({
        schema: jsonSchemaOf(
          spec.bodyName && spec.body instanceof z.ZodType ? spec.body.meta({ id: spec.bodyName }) : spec.body,
          'input',
        ),
        ...(spec.bodyExample === undefined ? {} : { examples: { example: { value: spec.bodyExample } } }),
      }),
    );
  }
  if (spec.query) decorators.push(...zodQuery(spec.query));
  if (spec.list) decorators.push(...listQuery(spec.list));
  decorators.push(ApiResponse({ status, ...successOf(spec) }));
  if (spec.accepted) {
    decorators.push(
      ApiResponse({
        status: 202,
        description: 'Queued as a job',
        content: { 'application/json': { schema: jsonSchemaOf(spec.accepted, 'output') } },
      }),
    );
  }
  // Their error body is added with the others' (openapi-document.ts).
  for (const [code, error] of Object.entries(spec.errors ?? {})) {
    const { description, schema } =
      typeof error === 'string' ? { description: error, schema: undefined } : error;
    const content: ContentObject | undefined =
      schema === undefined
        ? undefined
        : schema === null
          ? {}
          : { 'application/json': { schema: jsonSchemaOf(schema, 'output') } };
    decorators.push(ApiResponse({ status: Number(code), description, ...(content ? { content } : {}) }));
  }
  return applyDecorators(...decorators);
}

/** One query parameter per property of the schema, as the wire has it (strings before parsing). */
function zodQuery(schema: z.ZodObject): MethodDecorator[] {
  const json = jsonSchemaOf(schema, 'input');
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property as SchemaObject;
    return ApiQuery({ name, required: required.has(name), description, schema: propertySchema });
  });
}

function listQuery(list: NonNullable<ApiDocSpec['list']>): MethodDecorator[] {
  const cursor = list.cursor ?? 'an id';
  const parameters = [
    ApiQuery({
      name: 'limit',
      required: false,
      description: 'Items per page',
      schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
    }),
    ApiQuery({
      name: 'after',
      required: false,
      description: `The page after this cursor (\`page_info.after\`: ${cursor})`,
      schema: { type: 'string' },
    }),
    ApiQuery({
      name: 'before',
      required: false,
      description: `The page before this cursor (\`page_info.before\`: ${cursor}); not with \`after\``,
      schema: { type: 'string' },
    }),
  ];
  if (list.orderable)
    parameters.push(
      ApiQuery({
        name: 'order',
        required: false,
        description: '`asc`: oldest first; `desc`: newest first, `after` leading further back in time',
        schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
      }),
    );
  if (list.countable)
    parameters.push(
      ApiQuery({
        name: 'total',
        required: false,
        description: '`true`: `page_info.total` counts every item the filters match, on every page',
        schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
      }),
    );
  const fields = Object.entries(list.filters ?? {});
  if (fields.length === 0) return parameters;
  // Filter names are built from field and operator, so they are one free-form object
  // parameter (form style, exploded: each property is its own `name=value`).
  const names = fields.map(([field, ops]) => `\`${field}\` (${ops.join(', ')})`).join(', ');
  parameters.push(
    ApiQuery({
      name: 'filters',
      required: false,
      style: 'form',
      explode: true,
      description:
        `Filters as \`field$op=value\` (\`field=value\` means \`$eq\`; \`$in\` takes comma-separated values), ` +
        `at most ${MAX_FILTERS}, all of which must hold. Fields and operators: ${names}.`,
      // propertyNames is JSON Schema 2020-12 (OpenAPI 3.1), which @nestjs/swagger's types predate.
      schema: {
        type: 'object',
        propertyNames: {
          // `field=value` means `field$eq=value`: only where $eq is allowed.
          enum: fields.flatMap(([field, ops]) => [
            ...(ops.includes('eq') ? [field] : []),
            ...ops.map((op) => `${field}$${op}`),
          ]),
        },
        additionalProperties: { type: 'string' },
      } as SchemaObject,
    }),
  );
  return parameters;
}

function successOf(spec: ApiDocSpec): { description: string; content?: ContentObject } {
  if (spec.stream) {
    return {
      description:
        'AG-UI events as Server-Sent Events: each event is `event: <type>` then one `data:` line, ' +
        'whose JSON is described here. The stream ends after one RUN_FINISHED or RUN_ERROR.',
      content: {
        'text/event-stream': {
          schema: jsonSchemaOf(spec.stream.event, 'output'),
          examples: Object.fromEntries(
            spec.stream.example.map((event, i) => [
              `${i + 1}-${(event as { type: string }).type}`,
              { value: event },
            ]),
          ),
        },
      },
    };
  }
  if (spec.produces) {
    return {
      description: spec.produces.description,
      content: { [spec.produces.mediaType]: { schema: { type: 'string' } } },
    };
  }
  if (spec.response) {
    return {
      description: 'Success',
      content: {
        'application/json': {
          schema: jsonSchemaOf(spec.response, 'output'),
          ...(spec.responseExample === undefined ? {} : { example: spec.responseExample }),
        },
      },
    };
  }
  return { description: 'Success, no body' };
}
