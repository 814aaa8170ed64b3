/**
 * One decorator per route for the OpenAPI document: a summary, the request body (the
 * zod schema the controller parses with, so the document and the validation cannot
 * disagree) and the success response. Errors and authentication are added to every
 * operation by openapi-document.ts.
 */
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

export interface ApiDocSpec {
  summary: string;
  description?: string;
  /** The body's zod schema (JSON), or a JSON schema (multipart forms). */
  body?: z.ZodType | SchemaObject;
  /** `multipart/form-data` instead of JSON. */
  multipart?: boolean;
  bodyExample?: unknown;
  /** The success answer's schema; none for answers without a body (204). */
  response?: z.ZodType | SchemaObject;
  /**
   * Omitted: the route's own status (Nest's default for its method, or its @HttpCode),
   * which openapi-document.ts fills in. Given for a second success answer (202).
   */
  status?: number;
  responseExample?: unknown;
  /** The 202 answer of a request queued as a job (`?async=true`), beside the route's own. */
  accepted?: z.ZodType | SchemaObject;
  /** The success answer is an event stream (text/event-stream), not JSON. */
  stream?: boolean;
}

/** A zod schema as the JSON Schema (2020-12, as OpenAPI 3.1 takes it) of the wire. */
export function jsonSchemaOf(schema: z.ZodType | SchemaObject, io: 'input' | 'output'): SchemaObject {
  if (!(schema instanceof z.ZodType)) return schema;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json as SchemaObject;
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
        schema: jsonSchemaOf(spec.body, 'input'),
        ...(spec.bodyExample === undefined ? {} : { examples: { example: { value: spec.bodyExample } } }),
      }),
    );
  }
  if (spec.stream) {
    decorators.push(
      ApiResponse({
        status,
        description: 'AG-UI events as Server-Sent Events',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      }),
    );
  } else if (spec.response) {
    decorators.push(
      ApiResponse({
        status,
        description: 'Success',
        content: {
          'application/json': {
            schema: jsonSchemaOf(spec.response, 'output'),
            ...(spec.responseExample === undefined ? {} : { example: spec.responseExample }),
          },
        },
      }),
    );
  } else {
    decorators.push(ApiResponse({ status, description: 'Success' }));
  }
  if (spec.accepted) {
    decorators.push(
      ApiResponse({
        status: 202,
        description: 'Queued as a job',
        content: { 'application/json': { schema: jsonSchemaOf(spec.accepted, 'output') } },
      }),
    );
  }
  return applyDecorators(...decorators);
}
