/**
 * charts/trove with `postgresql.cloudnativepg.enabled`: a CloudNativePG `Cluster` of the
 * release as the database, Trove wired to the operator's `<cluster>-app` Secret and its
 * `-rw` / `-ro` Services. The Cluster is checked against the part of its API that the
 * chart sets (postgresql.cnpg.io/v1, as CloudNativePG's API reference documents it), with
 * unknown fields refused so that a misspelt one fails here and not in the operator.
 */
import Ajv from 'ajv';
import { validateWithKubernetesTypes, type KubeObject } from './support/kube-types';
import { findObject } from './support/manifests';
import { rendered, template } from './support/chart';

const quantity = { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E)?$' };
const resourceList = { type: 'object', additionalProperties: { anyOf: [quantity, { type: 'integer' }] } };
const CLUSTER_SPEC = {
  type: 'object',
  additionalProperties: false,
  required: ['instances', 'storage'],
  properties: {
    instances: { type: 'integer', minimum: 1 },
    imageName: { type: 'string', minLength: 1 },
    bootstrap: {
      type: 'object',
      additionalProperties: false,
      properties: {
        initdb: {
          type: 'object',
          additionalProperties: false,
          properties: {
            database: { type: 'string' },
            owner: { type: 'string' },
            postInitApplicationSQL: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
    postgresql: {
      type: 'object',
      additionalProperties: false,
      properties: { parameters: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    storage: {
      type: 'object',
      additionalProperties: false,
      required: ['size'],
      properties: { size: quantity, storageClass: { type: 'string' } },
    },
    resources: {
      type: 'object',
      additionalProperties: false,
      properties: { requests: resourceList, limits: resourceList },
    },
  },
};
const validCluster = new Ajv({ strict: true, allErrors: true }).compile(CLUSTER_SPEC);

type Env = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };
const containerEnv = (objects: ReturnType<typeof rendered>): Env[] =>
  (findObject(objects, 'Deployment', 'trove') as KubeObject & {
    spec: { template: { spec: { containers: { env?: Env[] }[] } } };
  }).spec.template.spec.containers[0].env ?? [];

describe('helm chart charts/trove with a CloudNativePG Cluster', () => {
  const ON = ['--set', 'postgresql.cloudnativepg.enabled=true'];

  it('renders a Cluster of the documented shape, with pgvector, and valid Kubernetes objects beside it', () => {
    const objects = rendered([
      ...ON,
      '--set',
      'postgresql.cloudnativepg.parameters.maintenance_work_mem=1GB',
      '--set',
      'postgresql.cloudnativepg.parameters.max_parallel_maintenance_workers=4',
      '--set',
      'postgresql.cloudnativepg.resources.requests.memory=4Gi',
      '--set',
      'networkPolicy.enabled=true',
      '--set',
      'podDisruptionBudget.enabled=true',
    ]);
    const cluster = findObject(objects, 'Cluster', 'trove-pg') as KubeObject & { spec: Record<string, any> };
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(validCluster(cluster.spec) ? [] : validCluster.errors).toEqual([]);
    expect(cluster.spec).toMatchObject({
      instances: 3,
      bootstrap: { initdb: { database: 'trove', owner: 'trove', postInitApplicationSQL: ['CREATE EXTENSION IF NOT EXISTS vector'] } },
      postgresql: { parameters: { maintenance_work_mem: '1GB', max_parallel_maintenance_workers: '4' } },
      storage: { size: '20Gi' },
    });
    expect(validateWithKubernetesTypes(objects.filter((o) => o.object.kind !== 'Cluster'))).toEqual([]);
    // More than one Trove replica, migrating on start (the Cluster exists only once the release is applied).
    const deployment = findObject(objects, 'Deployment', 'trove') as KubeObject & { spec: { replicas: number } };
    expect(deployment.spec.replicas).toBe(2);
    expect(objects.some((o) => o.object.kind === 'Job')).toBe(false);
    const config = findObject(objects, 'ConfigMap', 'trove') as KubeObject & { data: Record<string, string> };
    expect(config.data.TROVE_MIGRATE_ON_START).toBe('true');
    const secret = findObject(objects, 'Secret', 'trove') as KubeObject & { stringData: Record<string, string> };
    expect(Buffer.from(secret.stringData.TROVE_ENCRYPTION_KEY, 'base64')).toHaveLength(32);
    expect(secret.stringData.TROVE_DATABASE_READ_URL).toBeUndefined();
    // Trove may reach the Cluster's instances, which the operator labels with the cluster's name.
    const policy = findObject(objects, 'NetworkPolicy', 'trove') as KubeObject & { spec: { egress: { to?: unknown[] }[] } };
    expect(policy.spec.egress.flatMap((rule) => rule.to ?? [])).toContainEqual({
      podSelector: { matchLabels: { 'cnpg.io/cluster': 'trove-pg' } },
    });
  });

  it('reads DATABASE_URL from the operator Secret and TROVE_DATABASE_READ_URL through the -ro Service', () => {
    const env = containerEnv(rendered(ON));
    const names = env.map((e) => e.name);
    expect(env.find((e) => e.name === 'DATABASE_URL')?.valueFrom).toEqual({
      secretKeyRef: { name: 'trove-pg-app', key: 'uri' },
    });
    expect(env.find((e) => e.name === 'TROVE_DATABASE_READ_URL')?.value).toBe(
      'postgres://$(CNPG_APP_USERNAME):$(CNPG_APP_PASSWORD)@trove-pg-ro:5432/trove',
    );
    // $(VAR) only expands when VAR is defined earlier in the list.
    for (const part of ['CNPG_APP_USERNAME', 'CNPG_APP_PASSWORD']) {
      expect(names.indexOf(part)).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(part)).toBeLessThan(names.indexOf('TROVE_DATABASE_READ_URL'));
      expect(env.find((e) => e.name === part)?.valueFrom?.secretKeyRef?.name).toBe('trove-pg-app');
    }
  });

  it('reads from the primary alone with one instance, or when told to', () => {
    for (const args of [
      ['--set', 'postgresql.cloudnativepg.instances=1'],
      ['--set', 'postgresql.cloudnativepg.readFromReplicas=false'],
    ]) {
      const env = containerEnv(rendered([...ON, ...args]));
      expect(env.map((e) => e.name)).toContain('DATABASE_URL');
      expect(env.map((e) => e.name)).not.toContain('TROVE_DATABASE_READ_URL');
    }
  });

  it.each([
    [['--set', 'database.url=postgres://db/trove', '--set', 'secrets.encryptionKey=q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80='], /choose one database/],
    [['--set', 'postgresql.evaluation.enabled=true'], /choose one database/],
    [['--set', 'database.readUrls[0]=postgres://replica/trove'], /database\.readUrls conflicts/],
    [['--set', 'postgresql.cloudnativepg.instances=0'], /instances/],
    [['--set', 'postgresql.cloudnativepg.storage.size=lots'], /size/],
  ])('refuses %j', (args, message) => {
    const result = template([...ON, ...args]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });
});
