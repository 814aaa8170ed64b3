import Ajv2020 from 'ajv/dist/2020';
import { portabilityProblem, portableSchema, portableTool } from './portable-schemas';
import { searchKnowledgeArgs } from './tool-arguments';
import { TOOLS } from './tool-definitions';

const ajv = new Ajv2020({ strict: false, validateFormats: false });
const search = TOOLS.find((tool) => tool.name === 'search_knowledge')!;
const published = ajv.compile(search.inputSchema);
const portable = ajv.compile(portableSchema(search.inputSchema));

describe('portable tool schemas', () => {
  it.each(TOOLS.map((tool) => [tool.name, tool]))('%s: both schemas are portable', (_name, tool) => {
    const listed = portableTool(tool);
    expect(portabilityProblem(listed.inputSchema)).toBeNull();
    expect(portabilityProblem(listed.outputSchema)).toBeNull();
    expect(listed.name).toBe(tool.name);
    expect(listed.description).toBe(tool.description);
  });

  it('finds what a strict client refuses in the published search_knowledge schema', () => {
    expect(portabilityProblem(search.inputSchema)).toBe('oneOf at the root');
    expect(portabilityProblem({ type: 'object', properties: { 'a b': {} } })).toBe("the property name 'a b'");
    expect(portabilityProblem({ type: 'object', properties: { a: { $ref: '#/$defs/A' } } })).toBe('a $ref');
  });

  it('turns the search types into a type enum and their parameters into params variants', () => {
    const schema = portableSchema(search.inputSchema);
    type Node = { enum?: string[]; anyOf?: Node[]; properties?: Record<string, Node> };
    const properties = schema.properties as Record<string, Node>;
    expect(properties.type.enum).toEqual(['query', 'similarity', 'search', 'hybrid', 'mmr', 'history']);
    expect(schema.required).toEqual(['pipeline_id', 'query', 'classifications', 'type']);
    const variants = properties.params.anyOf!;
    expect(variants).toHaveLength(6);
    expect(Object.keys(variants[3].properties!).sort()).toEqual([
      'embedding',
      'fetch_k',
      'k',
      'lambda_mult',
      'threshold',
    ]);
  });

  // Every call the published schema accepts, the portable one accepts too, and the server
  // parses both the same way (its parser does not depend on the listed schema).
  const base = { pipeline_id: '0193a000-0000-7000-8000-000000000001', query: 'q', classifications: ['a'] };
  const accepted = [
    { ...base, type: 'query' },
    { ...base, type: 'similarity' },
    { ...base, type: 'similarity', params: { k: 3, threshold: 0.4 } },
    { ...base, type: 'mmr', params: { k: 2, fetch_k: 9, lambda_mult: 0.3 } },
    { ...base, type: 'search', params: { k: 1 }, embedding_model_id: null },
    { ...base, type: 'hybrid', params: { k: 1 } },
    { ...base, type: 'history', params: { k: 1 } },
  ];
  const refused = [
    { ...base },
    { ...base, type: 'vector' },
    { ...base, type: 'similarity', params: { k: -1 } },
    { ...base, type: 'mmr', params: { k: 70000 } },
    { query: 'q', classifications: ['a'], type: 'similarity' },
    { ...base, classifications: 'a', type: 'similarity' },
  ];

  it.each(accepted.map((args) => [JSON.stringify(args), args]))('accepts %s as published', (_, args) => {
    expect(published(args)).toBe(true);
    expect(portable(args)).toBe(true);
    expect(() => searchKnowledgeArgs(args)).not.toThrow();
  });

  it.each(refused.map((args) => [JSON.stringify(args), args]))('refuses %s as published', (_, args) => {
    expect(published(args)).toBe(false);
    expect(portable(args)).toBe(false);
    expect(() => searchKnowledgeArgs(args)).toThrow();
  });
});
