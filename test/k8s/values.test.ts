/**
 * charts/trove/values.yaml, values.schema.json and README.md agree: the schema (draft-07,
 * which Helm 3 and 4 both read) accepts the defaults, types every value, and refuses
 * wrong ones; the README's table lists every value. Runs without helm.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import * as yaml from 'js-yaml';
import { REPO_ROOT } from './support/tools';

const CHART = path.join(REPO_ROOT, 'charts', 'trove');
const values = yaml.load(fs.readFileSync(path.join(CHART, 'values.yaml'), 'utf8')) as Record<string, unknown>;
const schema = JSON.parse(fs.readFileSync(path.join(CHART, 'values.schema.json'), 'utf8')) as Record<string, unknown>;
const validate = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true }).compile(schema);

/** The schema node for a dotted path, or undefined. */
function schemaAt(dotted: string): Record<string, unknown> | undefined {
  let node: Record<string, unknown> | undefined = schema;
  for (const key of dotted.split('.')) node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[key];
  return node;
}

/**
 * Dotted paths of every value. Objects the schema describes field by field are walked
 * into; free-form objects (pod security context, label maps, resources' requests) and
 * lists are one value each.
 */
function valuePaths(node: unknown, prefix = ''): string[] {
  const described = prefix === '' ? schema : schemaAt(prefix);
  if (node === null || typeof node !== 'object' || Array.isArray(node) || described?.properties === undefined) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => valuePaths(child, prefix ? `${prefix}.${key}` : key));
}

function withValue(dotted: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(values);
  const keys = dotted.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
  return copy;
}

describe('charts/trove values', () => {
  it('values.yaml validates against values.schema.json', () => {
    const valid = validate(values);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the all-features test values validate too', () => {
    const allFeatures = yaml.load(fs.readFileSync(path.join(__dirname, 'fixtures', 'all-features.values.yaml'), 'utf8'));
    expect(validate(allFeatures)).toBe(true);
  });

  it('uses draft-07 and refuses unknown keys at every level it describes', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(validate(withValue('replicaCuont', 2))).toBe(false);
    expect(validate(withValue('mcp.allowedHost', ['x']))).toBe(false);
  });

  it('types every value', () => {
    const untyped = valuePaths(values).filter((p) => {
      const node = schemaAt(p);
      return !node || (node.type === undefined && node.anyOf === undefined);
    });
    expect(untyped).toEqual([]);
  });

  it.each([
    ['replicaCount', 0],
    ['replicaCount', '2'],
    ['image.pullPolicy', 'Sometimes'],
    ['mcp.sessionStore', 'redis'],
    ['mcp.allowedHosts', []],
    ['config.logLevel', 'verbose'],
    ['config.uiEnabled', 'false'],
    ['database.url', 'mysql://db/trove'],
    ['database.poolSize', 0],
    ['secrets.bootstrapApiKey', 'admin'],
    ['secrets.bootstrapApiSecret', 'too-short'],
    ['operator.enabled', 'yes'],
    ['service.port', 70000],
    ['resources.requests.cpu', 'lots'],
    ['metrics.serviceMonitor.interval', '30'],
    ['podDisruptionBudget.maxUnavailable', '50'],
    ['postgresql.evaluation.password', 'p@ss/word'],
    ['podAntiAffinityPreset', 'maybe'],
    ['metrics.port', 0],
    ['config.trustedProxies', ['the ingress']],
    ['lifecycle.preStopSleepSeconds', -1],
  ])('refuses %s = %j', (dotted, value) => {
    expect(validate(withValue(dotted, value))).toBe(false);
  });

  it.each([
    ['podDisruptionBudget.maxUnavailable', '50%'],
    ['podDisruptionBudget.maxUnavailable', 1],
    ['database.url', 'postgresql://app:pw@cluster-rw:5432/app'],
    ['secrets.bootstrapApiKey', '6F1C2B7E-3D4A-4B5C-8D9E-0A1B2C3D4E5F'],
    ['image.digest', `sha256:${'a'.repeat(64)}`],
    ['autoscaling.targetCPUUtilizationPercentage', null],
    ['metrics.port', null],
    ['terminationGracePeriodSeconds', 60],
    ['config.trustedProxies', ['10.0.0.0/8', 'fd00::/8', '192.168.1.10']],
  ])('accepts %s = %j', (dotted, value) => {
    expect(validate(withValue(dotted, value))).toBe(true);
  });

  it('README.md has a row for every value, with its default', () => {
    const readme = fs.readFileSync(path.join(CHART, 'README.md'), 'utf8');
    const rows = new Map<string, string>();
    for (const line of readme.split('\n')) {
      const cells = /^\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|\s*(.*?)\s*\|/.exec(line);
      if (cells) rows.set(cells[1], cells[3]);
    }
    const missing = valuePaths(values).filter((p) => !rows.has(p));
    expect(missing).toEqual([]);
    const stale = [...rows.keys()].filter((p) => !valuePaths(values).includes(p));
    expect(stale).toEqual([]);
    for (const p of valuePaths(values)) {
      const keys = p.split('.');
      let v: unknown = values;
      for (const k of keys) v = (v as Record<string, unknown>)[k];
      expect({ p, documented: rows.get(p)?.replace(/^`|`$/g, '').replace(/\\\|/g, '|') }).toEqual({ p, documented: JSON.stringify(v) });
    }
  });
});
