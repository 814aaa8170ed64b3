/**
 * The Pipeline and ApiKey CustomResourceDefinitions: valid apiextensions.k8s.io/v1
 * objects with structural schemas the API server accepts, printer columns that read
 * real fields, and the examples in k8s/examples/ valid against them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateWithKubernetesTypes, type KubeObject } from './support/kube-types';
import { crValidator, defaultProblems, describeErrors, schemaAtJsonPath, structuralProblems, type Schema } from './support/crd-schema';
import { loadYamlFile } from './support/manifests';
import { REPO_ROOT } from './support/tools';

interface Crd extends KubeObject {
  spec: {
    group: string;
    scope: string;
    names: { kind: string; plural: string; singular: string; shortNames?: string[]; listKind: string };
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
      subresources?: { status?: object };
      additionalPrinterColumns?: { name: string; type: string; jsonPath: string }[];
      schema: { openAPIV3Schema: Schema };
    }[];
  };
}

const CHART_CRDS = path.join('charts', 'trove', 'crds');
const crdFiles = fs.readdirSync(path.join(REPO_ROOT, CHART_CRDS)).filter((f) => f.endsWith('.yaml')).sort();
const crds = crdFiles.map((f) => loadYamlFile(path.join(CHART_CRDS, f))[0].object as Crd);
const byKind = (kind: string): Crd => {
  const crd = crds.find((c) => c.spec.names.kind === kind);
  if (!crd) throw new Error(`no CRD for ${kind}`);
  return crd;
};
const schemaOf = (kind: string): Schema => byKind(kind).spec.versions[0].schema.openAPIV3Schema;

describe('CustomResourceDefinitions', () => {
  it('defines Pipeline and ApiKey in trove.dev/v1alpha1, namespaced', () => {
    expect(crds.map((c) => c.metadata?.name).sort()).toEqual(['apikeys.trove.dev', 'pipelines.trove.dev']);
    for (const crd of crds) {
      expect(crd.metadata?.name).toBe(`${crd.spec.names.plural}.${crd.spec.group}`);
      expect(crd.spec.group).toBe('trove.dev');
      expect(crd.spec.scope).toBe('Namespaced');
      expect(crd.spec.versions.map((v) => [v.name, v.served, v.storage])).toEqual([['v1alpha1', true, true]]);
      expect(crd.spec.versions[0].subresources).toEqual({ status: {} });
    }
    expect(byKind('Pipeline').spec.names).toMatchObject({ plural: 'pipelines', singular: 'pipeline', listKind: 'PipelineList' });
    expect(byKind('ApiKey').spec.names).toMatchObject({ plural: 'apikeys', singular: 'apikey', listKind: 'ApiKeyList' });
  });

  it('validates against the apiextensions.k8s.io/v1 API types', () => {
    const docs = crdFiles.flatMap((f) => loadYamlFile(path.join(CHART_CRDS, f)));
    expect(validateWithKubernetesTypes(docs)).toEqual([]);
  });

  it('has structural schemas', () => {
    for (const crd of crds) {
      expect({ crd: crd.metadata?.name, problems: structuralProblems(crd.spec.versions[0].schema.openAPIV3Schema) }).toEqual({
        crd: crd.metadata?.name,
        problems: [],
      });
    }
  });

  it('has defaults valid against their own schemas', () => {
    for (const crd of crds) expect(defaultProblems(crd.spec.versions[0].schema.openAPIV3Schema)).toEqual([]);
    expect(defaultProblems({ type: 'object', properties: { n: { type: 'integer', minimum: 1, default: 0 } } })).toHaveLength(1);
  });

  it('would flag a schema that is not structural', () => {
    const broken: Schema = structuredClone(schemaOf('ApiKey'));
    const spec = (broken.properties as Record<string, Schema>).spec;
    (spec.properties as Record<string, Schema>).untyped = { description: 'no type' };
    (spec.properties as Record<string, Schema>).list = { type: 'array' };
    spec.anyOf = [{ properties: { ghost: { type: 'string' } } }];
    const problems = structuralProblems(broken).join('\n');
    expect(problems).toMatch(/spec\.untyped: type is required/);
    expect(problems).toMatch(/spec\.list: an array needs items/);
    expect(problems).toMatch(/ghost is named in a junctor but not in properties/);
    expect(problems).toMatch(/type is not allowed inside allOf\/anyOf\/oneOf\/not/);
  });

  it('reports status the way kubebuilder operators do: conditions keyed by type, observedGeneration', () => {
    for (const kind of ['Pipeline', 'ApiKey']) {
      const status = (schemaOf(kind).properties as Record<string, Schema>).status;
      const conditions = (status.properties as Record<string, Schema>).conditions;
      expect(conditions['x-kubernetes-list-type']).toBe('map');
      expect(conditions['x-kubernetes-list-map-keys']).toEqual(['type']);
      const item = conditions.items as Schema;
      expect(Object.keys(item.properties as object).sort()).toEqual(
        ['lastTransitionTime', 'message', 'observedGeneration', 'reason', 'status', 'type'].sort(),
      );
      expect((status.properties as Record<string, Schema>).observedGeneration).toMatchObject({ type: 'integer', format: 'int64' });
    }
    expect(Object.keys((schemaOf('Pipeline').properties as Record<string, Schema>).status.properties as object)).toContain('pipelineId');
    expect(Object.keys((schemaOf('ApiKey').properties as Record<string, Schema>).status.properties as object)).toEqual(
      expect.arrayContaining(['keyId', 'secretName']),
    );
  });

  it('prints Ready, the Trove id and Age, each read from a field the schema has', () => {
    for (const crd of crds) {
      const version = crd.spec.versions[0];
      const columns = version.additionalPrinterColumns ?? [];
      expect(columns.map((c) => c.name)).toEqual(expect.arrayContaining(['Ready', 'Age']));
      expect(columns.some((c) => /\.status\.(pipelineId|keyId)$/.test(c.jsonPath))).toBe(true);
      for (const column of columns) {
        expect({ column: column.name, found: schemaAtJsonPath(version.schema.openAPIV3Schema, column.jsonPath) !== undefined }).toEqual({
          column: column.name,
          found: true,
        });
      }
    }
  });

  describe('k8s/examples', () => {
    const examples = fs
      .readdirSync(path.join(REPO_ROOT, 'k8s', 'examples'))
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => loadYamlFile(path.join('k8s', 'examples', f)));

    it('has a Pipeline and an ApiKey', () => {
      expect(examples.map((e) => e.object.kind).sort()).toEqual(['ApiKey', 'Pipeline']);
    });

    it.each(examples.map((e) => [e.source, e.object] as const))('%s validates against its CRD', (_source, object) => {
      expect(object.apiVersion).toBe('trove.dev/v1alpha1');
      const validate = crValidator(schemaOf(object.kind));
      const valid = validate(structuredClone(object));
      expect(describeErrors(validate.errors)).toBe('');
      expect(valid).toBe(true);
    });

    it('the ApiKey grants the example Pipeline by resource name', () => {
      const apiKey = examples.find((e) => e.object.kind === 'ApiKey')?.object as KubeObject & { spec: { grants: { pipeline: string }[] } };
      const pipeline = examples.find((e) => e.object.kind === 'Pipeline')?.object;
      expect(apiKey.spec.grants.map((g) => g.pipeline)).toContain(pipeline?.metadata?.name);
    });

    it('would reject bad resources: unknown field, permissions out of range, grant without pipeline, bad hierarchy', () => {
      const apiKey = structuredClone(examples.find((e) => e.object.kind === 'ApiKey')!.object) as KubeObject & {
        spec: Record<string, unknown> & { grants: Record<string, unknown>[] };
      };
      const validateKey = crValidator(schemaOf('ApiKey'));
      const typo = structuredClone(apiKey);
      typo.spec.secretname = 'x';
      expect(validateKey(typo)).toBe(false);
      const tooMuch = structuredClone(apiKey);
      tooMuch.spec.grants[0].permissions = 8;
      expect(validateKey(tooMuch)).toBe(false);
      const noTarget = structuredClone(apiKey);
      delete noTarget.spec.grants[0].pipeline;
      expect(validateKey(noTarget)).toBe(false);
      noTarget.spec.grants[0].pipelineId = '0190d7e4-9c1b-7c6e-8b1f-2f5d1c3a4b5c';
      const ok = validateKey(noTarget);
      expect(describeErrors(validateKey.errors)).toBe('');
      expect(ok).toBe(true);

      const pipeline = structuredClone(examples.find((e) => e.object.kind === 'Pipeline')!.object) as KubeObject & {
        spec: Record<string, unknown>;
      };
      const validatePipeline = crValidator(schemaOf('Pipeline'));
      pipeline.spec.hierarchy = [['a', 'b', 'c']];
      expect(validatePipeline(pipeline)).toBe(false);
    });

    it('defaults a grant without classifications to ["*"], as the API server would', () => {
      const validate = crValidator(schemaOf('ApiKey'));
      const key = { apiVersion: 'trove.dev/v1alpha1', kind: 'ApiKey', metadata: { name: 'k' }, spec: { name: 'k', grants: [{ pipeline: '*', permissions: 4 }] } };
      expect(validate(key)).toBe(true);
      expect(key.spec.grants[0]).toEqual({ pipeline: '*', permissions: 4, classifications: ['*'] });
    });
  });
});
