/**
 * Tool schemas for OpenAI's strict function calling (`TROVE_MCP_TOOL_SCHEMAS=strict`),
 * derived from the portable ones, so Anthropic's rules hold as well.
 *
 * OpenAI's strict mode ("Structured Outputs: supported schemas") accepts a subset of
 * JSON Schema: every object lists all of its properties in `required` and says
 * `additionalProperties: false`; an optional property is required with `null` among
 * its types; `default` and formats other than its few string formats are refused.
 * The transformation keeps the server's parsing untouched: a published optional
 * property is already nullable (null parses as absent), or has a default, in which
 * case it becomes required without null and its description names the default
 * (`k` must be written; 0 is what omitting it meant).
 *
 * Only input schemas change: OpenAI applies strict mode to a function's parameters,
 * while the output schemas describe results (a fragment omits an empty
 * `page_content`) that `required`-everything would misdescribe.
 */
import { portableTool } from './portable-schemas';
import { ToolDefinition } from './tool-definitions';

type Schema = Record<string, unknown>;

/** The string formats OpenAI's strict mode supports; other formats are dropped. */
export const STRICT_STRING_FORMATS = [
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
];

/** A tool as listed with strict schemas. */
export function strictTool(tool: ToolDefinition): ToolDefinition {
  const portable = portableTool(tool);
  return { ...portable, inputSchema: strictSchema(portable.inputSchema) };
}

/** A portable schema in OpenAI's strict subset. */
export function strictSchema(schema: Schema): Schema {
  const { $schema: _dialect, ...rest } = schema;
  return strictNode(rest);
}

function strictNode(node: Schema): Schema {
  const { default: _default, format, ...rest } = node;
  const out: Schema = { ...rest };
  if (typeof format === 'string' && STRICT_STRING_FORMATS.includes(format)) out.format = format;
  if (Array.isArray(node.anyOf)) out.anyOf = (node.anyOf as Schema[]).map(strictNode);
  if (node.items !== undefined) out.items = strictNode(node.items as Schema);
  if (node.properties !== undefined) {
    const required = new Set((node.required as string[] | undefined) ?? []);
    const properties = node.properties as Record<string, Schema>;
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        strictNode(required.has(name) ? property : requiredForm(name, property)),
      ]),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}

/** An optional property as a required one that means the same to the server. */
function requiredForm(name: string, property: Schema): Schema {
  if (acceptsNull(property)) return property;
  if (property.default === undefined) {
    throw new Error(`the optional property ${name} has neither null nor a default to stand for its absence`);
  }
  const note = `required here: ${JSON.stringify(property.default)} is what omitting it means`;
  const description = typeof property.description === 'string' ? `${property.description} (${note})` : note;
  return { ...property, description };
}

function acceptsNull(property: Schema): boolean {
  const type = property.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  return Array.isArray(property.anyOf) && (property.anyOf as Schema[]).some(acceptsNull);
}
