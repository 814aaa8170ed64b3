import Ajv2020 from 'ajv/dist/2020';
import { portabilityProblem, portableSchema } from './portable-schemas';
import { STRICT_STRING_FORMATS, strictSchema, strictTool } from './strict-schemas';
import { searchKnowledgeArgs } from './tool-arguments';
import { TOOLS } from './tool-definitions';

type Schema = Record<string, unknown>;

/**
 * OpenAI's strict-mode rules ("Structured Outputs: supported schemas"), written out
 * here so the test states them rather than trusting the transformation that it checks:
 * the root is an object and not `anyOf`; every object says `additionalProperties: false`
 * and requires every property; only the listed keywords, each where its type allows it;
 * at most 10 levels of nesting and 5000 properties.
 */
const GENERIC_KEYWORDS = ['type', 'description', 'title', 'enum', 'const', 'anyOf', '$ref', '$defs'];
const KEYWORDS_BY_TYPE: Record<string, string[]> = {
  object: ['properties', 'required', 'additionalProperties'],
  array: ['items', 'minItems', 'maxItems'],
  string: ['pattern', 'format'],
  number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  integer: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  boolean: [],
  null: [],
};

function openAiStrictProblems(root: Schema): string[] {
  const problems: string[] = [];
  if (root.type !== 'object') problems.push('the root is not an object');
  if ('anyOf' in root) problems.push('anyOf at the root');
  let propertyCount = 0;
  const visit = (node: Schema, path: string, depth: number) => {
    if (depth > 10) problems.push(`${path}: nested deeper than 10 levels`);
    const types = ([] as unknown[]).concat(node.type ?? []) as string[];
    if (
      types.length === 0 &&
      !('anyOf' in node) &&
      !('$ref' in node) &&
      !('enum' in node) &&
      !('const' in node)
    ) {
      problems.push(`${path}: no type`);
    }
    const allowed = new Set([...GENERIC_KEYWORDS, ...types.flatMap((type) => KEYWORDS_BY_TYPE[type] ?? [])]);
    for (const type of types) if (!(type in KEYWORDS_BY_TYPE)) problems.push(`${path}: the type ${type}`);
    for (const keyword of Object.keys(node)) {
      if (!allowed.has(keyword)) problems.push(`${path}: the keyword ${keyword}`);
    }
    if (typeof node.format === 'string' && !STRICT_STRING_FORMATS.includes(node.format)) {
      problems.push(`${path}: the format ${node.format}`);
    }
    if (types.includes('object')) {
      if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
      const names = Object.keys((node.properties ?? {}) as Schema);
      propertyCount += names.length;
      const required = (node.required ?? []) as string[];
      for (const name of names) if (!required.includes(name)) problems.push(`${path}.${name}: not required`);
      for (const name of names)
        visit((node.properties as Record<string, Schema>)[name], `${path}.${name}`, depth + 1);
    }
    if (node.items !== undefined) visit(node.items as Schema, `${path}[]`, depth + 1);
    ((node.anyOf ?? []) as Schema[]).forEach((variant, i) => visit(variant, `${path}|${i}`, depth));
  };
  visit(root, '$', 1);
  if (propertyCount > 5000) problems.push('more than 5000 properties');
  return problems;
}

describe('strict tool schemas', () => {
  it.each(TOOLS.map((tool) => [tool.name, tool]))(
    '%s: the input schema meets OpenAI strict mode and Anthropic, the output Anthropic',
    (_name, tool) => {
      const listed = strictTool(tool);
      expect(openAiStrictProblems(listed.inputSchema)).toEqual([]);
      expect(portabilityProblem(listed.inputSchema)).toBeNull();
      expect(portabilityProblem(listed.outputSchema)).toBeNull();
      expect(listed.description).toBe(tool.description);
    },
  );

  it('the rules refuse the published and the portable schemas', () => {
    const search = TOOLS.find((tool) => tool.name === 'search_knowledge')!;
    expect(openAiStrictProblems(search.inputSchema)).toEqual(
      expect.arrayContaining([
        '$: the keyword $schema',
        '$: the keyword oneOf',
        '$.embedding_model_id: not required',
      ]),
    );
    const portable = openAiStrictProblems(portableSchema(search.inputSchema));
    expect(portable).toEqual(
      expect.arrayContaining([
        '$: additionalProperties is not false',
        '$.params|3.fetch_k: the keyword default',
        '$.params|3.fetch_k: the format uint16',
        '$.params|3.fetch_k: not required',
      ]),
    );
    for (const tool of TOOLS) expect(openAiStrictProblems(portableSchema(tool.inputSchema))).not.toEqual([]);
  });

  it('makes an optional property required: nullable, or without null when a default stands for it', () => {
    const schema = strictSchema(
      portableSchema(TOOLS.find((tool) => tool.name === 'search_knowledge')!.inputSchema),
    );
    type Node = { type?: unknown; anyOf?: Node[]; properties?: Record<string, Node>; description?: string };
    const properties = schema.properties as Record<string, Node>;
    expect(properties.embedding_model_id.type).toEqual(['string', 'null']);
    const mmr = properties.params.anyOf![3].properties!;
    expect(mmr.k.type).toBe('integer');
    expect(mmr.fetch_k.description).toMatch(/returns nothing/);
    expect(mmr.lambda_mult.type).toEqual(['number', 'null']);
    expect(() => strictSchema({ type: 'object', properties: { k: { type: 'integer' } } })).toThrow(
      /neither null nor a default/,
    );
  });

  // A model in strict mode writes every property; the server parses what it writes as
  // the published call that omits the same properties.
  const strict = new Ajv2020({ strict: false, validateFormats: false }).compile(
    strictTool(TOOLS.find((tool) => tool.name === 'search_knowledge')!).inputSchema,
  );
  const base = {
    pipeline_id: '0193a000-0000-7000-8000-000000000001',
    query: 'q',
    classifications: ['a'],
    embedding_model_id: null,
  };
  it.each([
    [
      { ...base, type: 'similarity', params: null },
      { ...base, type: 'similarity' },
    ],
    [
      {
        ...base,
        type: 'mmr',
        params: { embedding: null, fetch_k: 20, k: 5, lambda_mult: null, threshold: null },
      },
      { ...base, type: 'mmr', params: { fetch_k: 20, k: 5 } },
    ],
    [
      { ...base, type: 'history', params: { k: 3 } },
      { ...base, type: 'history', params: { k: 3 } },
    ],
  ])('accepts %j and parses it as its published form', (call, published) => {
    expect(strict(call)).toBe(true);
    expect(searchKnowledgeArgs(call)).toEqual(searchKnowledgeArgs(published));
  });

  it('refuses a call that leaves a property out', () => {
    const { embedding_model_id: _omitted, ...call } = base;
    expect(strict({ ...call, type: 'similarity', params: null })).toBe(false);
    expect(strict({ ...base, type: 'mmr', params: { fetch_k: 20, k: 5 } })).toBe(false);
  });
});
