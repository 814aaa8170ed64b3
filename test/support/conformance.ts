/**
 * Every answer the suite's JSON client receives (http.ts `Api`) is checked against
 * the OpenAPI document: its status must be one the route declares, and a JSON body
 * must match the schema declared for that status. A mismatch throws, failing the test
 * that made the request, so a field added to an answer without its schema, or an
 * error the document does not list, is caught by whichever test sees it first.
 *
 * The document is fetched once per run, from a Trove global-setup.ts starts for the
 * purpose, and written to a file each test worker reads: no test Trove serves an
 * extra request (some tests count requests and log lines). Schemas are compiled once
 * per worker, when a route is first answered.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import * as fs from 'node:fs';

type Schema = Record<string, any>;
type Declared = { description?: string; content?: Record<string, { schema?: Schema }> };
export interface OpenApiOperation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Declared>;
}
export interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Where global-setup.ts wrote the document of this run. */
export const OPENAPI_DOCUMENT_ENV = 'TROVE_TEST_OPENAPI_DOCUMENT';

let loaded: { doc: OpenApi; ajv: Ajv2020 } | null | undefined;
const compiled = new WeakMap<Schema, ValidateFunction>();

function load(): { doc: OpenApi; ajv: Ajv2020 } | null {
  if (loaded !== undefined) return loaded;
  const file = process.env[OPENAPI_DOCUMENT_ENV];
  if (!file || !fs.existsSync(file)) return (loaded = null);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApi;
  // The document was validated once (openapi.test.ts): checking its schemas again in each
  // worker would cost more than the checks themselves.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false });
  // The named components (#/components/schemas/…) the route schemas refer to.
  ajv.addSchema({ components: doc.components ?? {} }, 'openapi.json');
  return (loaded = { doc, ajv });
}

/**
 * The operation of a concrete path, by matching each template's segments; the template
 * with the fewest parameters wins (`/api_keys/me` before `/api_keys/{id}`), as the router's.
 */
export function operationFor(
  doc: OpenApi,
  method: string,
  path: string,
): [template: string, operation: OpenApiOperation] | undefined {
  const segments = path.split('?')[0].split('/');
  const params = (template: string) => template.split('{').length;
  const lower = method.toLowerCase();
  const matches = Object.entries(doc.paths).filter(([template, item]) => {
    const parts = template.split('/');
    return (
      item[lower] !== undefined &&
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith('{') ? segments[i] !== '' : part === segments[i]))
    );
  });
  const [found] = matches.sort(([a], [b]) => params(a) - params(b));
  return found && [found[0], found[1][lower]];
}

/** The JSON schema declared for a status of an operation, refs resolving to the document's components. */
function validatorOf(ajv: Ajv2020, schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/');
    validate = ajv.compile(JSON.parse(text) as Schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: unknown;
}

/**
 * Throws when the answer to `method path` breaks the document: a status the route does
 * not declare, or a JSON body that does not match the declared schema. Paths no route
 * matches (the tests of unknown routes) and runs without a document are not checked.
 */
export function checkConformance(method: string, path: string, answer: Answer): void {
  const context = load();
  if (!context) return;
  const found = operationFor(context.doc, method, new URL(path, 'http://x').pathname);
  if (!found) return;
  const [template, operation] = found;
  const route = `${method.toUpperCase()} ${template}`;
  const declared = operation.responses[String(answer.status)];
  if (!declared)
    throw new Error(
      `OpenAPI: ${route} answered ${answer.status}, which the document does not declare ` +
        `(declared: ${Object.keys(operation.responses).join(', ')}). Body: ${JSON.stringify(answer.body)?.slice(0, 500)}`,
    );
  if (answer.contentType?.startsWith('text/event-stream'))
    return checkEvents(context.ajv, route, declared, answer);
  if (!answer.contentType?.startsWith('application/json')) return;
  const schema = declared.content?.['application/json']?.schema;
  if (!schema)
    throw new Error(
      `OpenAPI: ${route} answered ${answer.status} with JSON, but the document declares no JSON body for it`,
    );
  expectValid(
    validatorOf(context.ajv, schema),
    `${route} answered ${answer.status} with a body`,
    answer.body,
  );
}

/** An event stream: the JSON of each `data:` line against the schema the route declares for one event. */
function checkEvents(ajv: Ajv2020, route: string, declared: Declared, answer: Answer): void {
  const schema = declared.content?.['text/event-stream']?.schema;
  if (!schema || typeof answer.body !== 'string') return;
  const validate = validatorOf(ajv, schema);
  for (const line of answer.body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    let event: unknown = line.slice('data: '.length);
    try {
      event = JSON.parse(event as string);
    } catch {
      // not JSON: the schema says whether text is right
    }
    expectValid(validate, `${route} sent an event`, event);
  }
}

function expectValid(validate: ValidateFunction, what: string, body: unknown): void {
  if (!validate(body))
    throw new Error(
      `OpenAPI: ${what} its schema rejects:\n${JSON.stringify(validate.errors, null, 1).slice(0, 3000)}\n` +
        `Body: ${JSON.stringify(body)?.slice(0, 2000)}`,
    );
}
