/**
 * k8s/: the plain manifests for teams without Helm. Every object must be one the API
 * server accepts (checked against the Kubernetes types, unknown fields included), and the
 * defaults that make Trove work on Kubernetes must hold.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { validateWithKubernetesTypes, type KubeObject, type Labelled } from './support/kube-types';
import { findObject, loadYamlFile, parseYamlStream, yamlFiles } from './support/manifests';
import { REPO_ROOT, findTool, run } from './support/tools';

const K8S = path.join(REPO_ROOT, 'k8s');

// k8s/examples/ holds custom resources, checked against the CRDs in crds.test.ts.
const manifestFiles = yamlFiles(K8S).filter((f) => !f.startsWith('examples') && f !== 'kustomization.yaml');
const objects: Labelled[] = manifestFiles.flatMap((f) => loadYamlFile(path.join('k8s', f)));

type Container = {
  name: string;
  image: string;
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  securityContext?: Record<string, unknown>;
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  volumeMounts?: { name: string; mountPath: string }[];
};

describe('k8s/ plain manifests', () => {
  it('holds the objects Trove needs', () => {
    const kinds = objects.map((o) => `${o.object.kind}/${o.object.metadata?.name}`).sort();
    expect(kinds).toEqual(
      [
        'ConfigMap/trove',
        'CustomResourceDefinition/apikeys.trove.dev',
        'CustomResourceDefinition/pipelines.trove.dev',
        'Deployment/trove',
        'Role/trove-operator',
        'RoleBinding/trove-operator',
        'Secret/trove',
        'Service/trove',
        'ServiceAccount/trove',
      ].sort(),
    );
  });

  it('validates every object against the Kubernetes API types', () => {
    expect(validateWithKubernetesTypes(objects)).toEqual([]);
  });

  it('would catch a misspelt field, a missing required field and a wrong type', () => {
    type Mutable = KubeObject & { spec: Record<string, unknown> & { template: { spec: { containers: Record<string, unknown>[] } } } };
    const broken = (change: (d: Mutable, container: Record<string, unknown>) => void): string => {
      const deployment = structuredClone(findObject(objects, 'Deployment')) as Mutable;
      change(deployment, deployment.spec.template.spec.containers[0]);
      return validateWithKubernetesTypes([{ source: 'broken', object: deployment }]).join('\n');
    };
    expect(broken((_, c) => (c.readinesProbe = c.readinessProbe))).toMatch(/readinesProbe.* does not exist in type 'Container'/);
    expect(broken((d) => delete d.spec.selector)).toMatch(/'selector' is missing/);
    expect(broken((_, c) => ((c.ports as { containerPort: unknown }[])[0].containerPort = '8080'))).toMatch(
      /'string' is not assignable to type 'number'/,
    );
    expect(broken(() => undefined)).toBe('');
  });

  it('is namespace-agnostic: no object names a namespace, kustomization.yaml sets it', () => {
    for (const { source, object } of objects) expect({ source, namespace: object.metadata?.namespace }).toEqual({ source, namespace: undefined });
    const kustomization = yaml.load(fs.readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8')) as {
      namespace: string;
      resources: string[];
    };
    expect(kustomization.namespace).toBe('trove');
    expect([...kustomization.resources].sort()).toEqual([...manifestFiles].sort());
  });

  it('builds with kustomize into one namespace, RoleBinding subject included', () => {
    const kubectl = findTool('kubectl');
    if (kubectl === null) throw new Error('kubectl not found (see test/k8s/support/tools.ts)');
    const result = run(kubectl, ['kustomize', K8S]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const built = parseYamlStream(result.stdout, 'kustomize');
    const binding = findObject(built, 'RoleBinding') as KubeObject & { subjects: { kind: string; name: string; namespace: string }[] };
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'trove', namespace: 'trove' }]);
    for (const { object } of built) {
      if (object.kind !== 'CustomResourceDefinition') expect(`${object.kind} ${object.metadata?.namespace}`).toBe(`${object.kind} trove`);
    }
  });

  it('exposes svc/trove on port 8080 named http, selecting the server pods only', () => {
    const service = findObject(objects, 'Service', 'trove') as KubeObject & {
      spec: { ports: { name: string; port: number; targetPort: string }[]; selector: Record<string, string> };
    };
    expect(service.spec.ports).toEqual([
      { name: 'http', port: 8080, targetPort: 'http', protocol: 'TCP' },
      { name: 'metrics', port: 9090, targetPort: 'metrics', protocol: 'TCP' },
    ]);
    const deployment = findObject(objects, 'Deployment', 'trove') as KubeObject & {
      spec: { selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> } } };
    };
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(service.spec.selector['app.kubernetes.io/component']).toBe('server');
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
  });

  it('runs Trove locked down: non-root, read-only root, no privileges, seccomp, writable /tmp and /data', () => {
    const deployment = findObject(objects, 'Deployment', 'trove') as KubeObject & {
      spec: {
        replicas: number;
        template: {
          spec: {
            securityContext: Record<string, unknown>;
            containers: Container[];
            volumes: { name: string; emptyDir?: unknown }[];
            terminationGracePeriodSeconds: number;
            automountServiceAccountToken: boolean;
          };
        };
      };
    };
    const pod = deployment.spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, fsGroup: 10001, seccompProfile: { type: 'RuntimeDefault' } });
    const [container] = pod.containers;
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.volumeMounts).toEqual(
      expect.arrayContaining([
        { name: 'tmp', mountPath: '/tmp' },
        { name: 'data', mountPath: '/data' },
      ]),
    );
    expect(pod.volumes.every((v) => v.emptyDir !== undefined)).toBe(true);
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    // The operator needs a token; the drain (TROVE_SHUTDOWN_GRACE_SECONDS=25) must end before SIGKILL.
    expect(pod.automountServiceAccountToken).toBe(true);
    const config = findObject(objects, 'ConfigMap', 'trove') as KubeObject & { data: Record<string, string> };
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(config.data.TROVE_SHUTDOWN_GRACE_SECONDS));
    // Embedded PGlite (no DATABASE_URL): one replica, each pod would otherwise have its own database.
    expect(deployment.spec.replicas).toBe(1);
  });

  it('configures Trove through the ConfigMap and the Secret with the names the app reads', () => {
    const config = findObject(objects, 'ConfigMap', 'trove') as KubeObject & { data: Record<string, string> };
    expect(config.data).toMatchObject({
      PORT: '8080',
      TROVE_DATA_DIR: '/data',
      TROVE_TMP_DIR: '/tmp',
      TROVE_MIGRATE_ON_START: 'true',
      TROVE_OPERATOR_ENABLED: 'true',
      // The Service's names in the namespace k8s/kustomization.yaml sets, for in-cluster clients.
      TROVE_MCP_ALLOWED_HOSTS:
        'localhost,127.0.0.1,::1,trove,trove:8080,trove.trove,trove.trove:8080,trove.trove.svc,trove.trove.svc:8080,' +
        'trove.trove.svc.cluster.local,trove.trove.svc.cluster.local:8080',
      TROVE_METRICS_PORT: '9090',
      TROVE_MCP_SESSION_STORE: 'memory',
    });
    for (const value of Object.values(config.data)) expect(typeof value).toBe('string');
    const secret = findObject(objects, 'Secret', 'trove') as KubeObject & { stringData: Record<string, string> };
    expect(Object.keys(secret.stringData).sort()).toEqual(['TROVE_BOOTSTRAP_API_KEY', 'TROVE_BOOTSTRAP_API_SECRET']);
    for (const value of Object.values(secret.stringData)) expect(value).toMatch(/^CHANGE-ME/);

    const deployment = findObject(objects, 'Deployment', 'trove') as KubeObject & {
      spec: { template: { spec: { containers: Container[] } } };
    };
    const [container] = deployment.spec.template.spec.containers;
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'trove' } }, { secretRef: { name: 'trove' } }]);
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.valueFrom]));
    expect(env.TROVE_OPERATOR_NAMESPACE).toEqual({ fieldRef: { fieldPath: 'metadata.namespace' } });
    expect(env.TROVE_OPERATOR_IDENTITY).toEqual({ fieldRef: { fieldPath: 'metadata.name' } });
  });

  it('grants the operator exactly what it uses, in its namespace', () => {
    const role = findObject(objects, 'Role', 'trove-operator') as KubeObject & {
      rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[];
    };
    const can = (group: string, resource: string, verb: string): boolean =>
      role.rules.some((r) => r.apiGroups.includes(group) && r.resources.includes(resource) && r.verbs.includes(verb));
    for (const resource of ['pipelines', 'apikeys']) {
      for (const verb of ['get', 'list', 'watch', 'update', 'patch']) expect(`${resource} ${verb} ${can('trove.dev', resource, verb)}`).toBe(`${resource} ${verb} true`);
      for (const verb of ['get', 'update', 'patch']) expect(can('trove.dev', `${resource}/status`, verb)).toBe(true);
      expect(can('trove.dev', `${resource}/finalizers`, 'update')).toBe(true);
      expect(can('trove.dev', resource, 'delete')).toBe(false);
    }
    for (const verb of ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete']) expect(can('', 'secrets', verb)).toBe(true);
    for (const verb of ['create', 'patch']) expect(can('', 'events', verb)).toBe(true);
    for (const verb of ['get', 'create', 'update']) expect(can('coordination.k8s.io', 'leases', verb)).toBe(true);
    expect(role.rules.some((r) => r.verbs.includes('*') || r.resources.includes('*'))).toBe(false);
  });
});
