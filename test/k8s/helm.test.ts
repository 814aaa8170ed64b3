/**
 * charts/trove rendered by the real helm: lint, every object valid against the Kubernetes
 * types with default values and with every feature on, k8s/ identical to the chart's
 * defaults, values.schema.json and the chart's own checks refusing what cannot work.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { validateWithKubernetesTypes, type KubeObject, type Labelled } from './support/kube-types';
import { findObject, parseYamlStream, yamlFiles } from './support/manifests';
import { ALL_FEATURES, CHART, EXTERNAL_DB, helm, rendered, template } from './support/chart';
import { REPO_ROOT, run } from './support/tools';
import { TROVE_METRIC_NAMES, metricNamesInExpr } from './dashboard-metrics';

type Pod = {
  replicas?: number;
  template: {
    spec: {
      serviceAccountName?: string;
      containers: {
        name: string;
        image: string;
        command?: string[];
        env?: { name: string; value?: string; valueFrom?: Record<string, unknown> }[];
        envFrom?: Record<string, { name: string }>[];
        volumeMounts?: { mountPath: string }[];
      }[];
      volumes?: { name: string }[];
    };
  };
};
const podOf = (o: KubeObject): Pod => o.spec as Pod;
const annotations = (o: KubeObject): Record<string, string> => (o.metadata?.annotations ?? {}) as Record<string, string>;

describe('helm chart charts/trove', () => {
  it('lints with default values and with every feature on', () => {
    for (const args of [[], ['--values', ALL_FEATURES]]) {
      const result = run(helm(), ['lint', '--strict', CHART, ...args]);
      expect(`${result.status}\n${result.stdout}${result.stderr}`).toMatch(/^0\n[\s\S]*0 chart\(s\) failed/);
    }
  });

  it('renders valid Kubernetes objects with default values', () => {
    const objects = rendered(['--include-crds']);
    expect(validateWithKubernetesTypes(objects)).toEqual([]);
  });

  it('renders valid Kubernetes objects with every feature on', () => {
    const objects = rendered(['--values', ALL_FEATURES]);
    const kinds = objects.map((o) => o.object.kind).sort();
    expect(kinds).toEqual(
      [
        'ConfigMap', // settings
        'ConfigMap', // dashboard
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'Job',
        'NetworkPolicy',
        'Pod', // helm test
        'PodDisruptionBudget',
        'PrometheusRule',
        'Role',
        'RoleBinding',
        'Secret', // the release's
        'Secret', // the migration hook's copy of DATABASE_URL and TROVE_ENCRYPTION_KEY
        'Secret', // the identity provider's client secret
        'Service',
        'ServiceAccount',
        'ServiceMonitor',
      ].sort(),
    );
    const builtIn = objects.filter((o) => !o.object.apiVersion.startsWith('monitoring.coreos.com/'));
    expect(validateWithKubernetesTypes(builtIn)).toEqual([]);

    const monitor = findObject(objects, 'ServiceMonitor') as KubeObject & {
      spec: { selector: { matchLabels: Record<string, string> }; endpoints: { port: string; path: string }[] };
    };
    const service = findObject(objects, 'Service') as KubeObject & { spec: { ports: { name: string }[] } };
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    expect(service.spec.ports.map((p) => p.name)).toEqual(['http', 'metrics']);
    expect(service.metadata?.labels).toMatchObject(monitor.spec.selector.matchLabels);
    expect(monitor.metadata?.labels).toMatchObject({ release: 'kube-prometheus-stack' });
  });

  it('renders the evaluation PostgreSQL as valid objects, wired to Trove', () => {
    const objects = rendered(['--set', 'postgresql.evaluation.enabled=true', '--set', 'networkPolicy.enabled=true', '--set', 'podDisruptionBudget.enabled=true']);
    expect(validateWithKubernetesTypes(objects)).toEqual([]);
    const statefulSet = findObject(objects, 'StatefulSet', 'trove-postgresql') as KubeObject & { spec: Pod & { volumeClaimTemplates: unknown[] } };
    expect(statefulSet.spec.template.spec.containers[0]).toMatchObject({ image: 'pgvector/pgvector:pg17' });
    expect(statefulSet.spec.volumeClaimTemplates).toHaveLength(1);
    const deployment = findObject(objects, 'Deployment', 'trove');
    expect(podOf(deployment).replicas).toBe(2);
    const env = podOf(deployment).template.spec.containers[0].env ?? [];
    const names = env.map((e) => e.name);
    // $(POSTGRES_PASSWORD) only expands when that variable is defined earlier in the list.
    expect(names.indexOf('POSTGRES_PASSWORD')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('POSTGRES_PASSWORD')).toBeLessThan(names.indexOf('DATABASE_URL'));
    expect(env.find((e) => e.name === 'DATABASE_URL')?.value).toBe('postgres://trove:$(POSTGRES_PASSWORD)@trove-postgresql:5432/trove');
    // The database only exists once the release is applied, after pre-install hooks: replicas migrate on start.
    expect(objects.some((o) => o.object.kind === 'Job')).toBe(false);
    const config = findObject(objects, 'ConfigMap', 'trove') as KubeObject & { data: Record<string, string> };
    expect(config.data.TROVE_MIGRATE_ON_START).toBe('true');
    const secret = findObject(objects, 'Secret', 'trove') as KubeObject & { stringData: Record<string, string> };
    expect(Buffer.from(secret.stringData.TROVE_ENCRYPTION_KEY, 'base64')).toHaveLength(32);
    // The Trove pods' Service must not select the database pod, and the reverse.
    const troveService = findObject(objects, 'Service', 'trove') as KubeObject & { spec: { selector: Record<string, string> } };
    const dbLabels = (statefulSet.spec.template as unknown as { metadata: { labels: Record<string, string> } }).metadata.labels;
    expect(Object.entries(troveService.spec.selector).every(([k, v]) => dbLabels[k] === v)).toBe(false);
  });

  it('keeps k8s/ identical to the chart rendered with its defaults (scripts/render-k8s.sh)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-k8s-'));
    try {
      const result = run('bash', [path.join(REPO_ROOT, 'scripts', 'render-k8s.sh'), out], { HELM: helm() });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const generated = yamlFiles(out);
      const committed = yamlFiles(path.join(REPO_ROOT, 'k8s')).filter((f) => !f.startsWith('examples'));
      expect(committed).toEqual(generated);
      for (const file of generated) {
        const expected = fs.readFileSync(path.join(out, file), 'utf8');
        const actual = fs.readFileSync(path.join(REPO_ROOT, 'k8s', file), 'utf8');
        expect({ file, same: actual === expected }).toEqual({ file, same: true });
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it.each([
    [['--set', 'replicaCount=0'], /replicaCount/],
    [['--set', 'mcp.sessionStore=redis'], /sessionStore/],
    [['--set', 'image.pullPolicy=Sometimes'], /pullPolicy/],
    [['--set', 'database.url=mysql://db/trove'], /database[./]url/],
    [['--set', 'secrets.bootstrapApiKey=not-a-uuid'], /bootstrapApiKey/],
    [['--set', 'secrets.bootstrapApiSecret=short'], /bootstrapApiSecret/],
    [['--set', 'replicaCuont=3'], /replicaCuont/],
    [['--set', 'oidc.issuer=http://login.example.com'], /oidc[./]issuer/],
  ])('values.schema.json refuses %j', (args, message) => {
    const result = template(args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it.each([
    [['--set', 'database.url=postgres://db/trove'], /secrets\.encryptionKey is required/],
    [['--set', 'autoscaling.enabled=true'], /autoscaling\.enabled needs a database/],
    [['--set', 'podDisruptionBudget.enabled=true'], /podDisruptionBudget\.enabled needs a database/],
    [['--set', 'terminationGracePeriodSeconds=20'], /terminationGracePeriodSeconds must be greater/],
    [[...EXTERNAL_DB, '--set', 'postgresql.evaluation.enabled=true'], /choose one database/],
    [[...EXTERNAL_DB, '--set', 'secrets.existingSecret=mine'], /put DATABASE_URL in your Secret/],
    [[...EXTERNAL_DB, '--set', 'autoscaling.enabled=true', '--set', 'autoscaling.targetCPUUtilizationPercentage=null'], /needs targetCPU/],
    [['--set', 'oidc.issuer=https://login.example.com'], /oidc\.clientId is required/],
    [['--set', 'oidc.issuer=https://login.example.com', '--set', 'oidc.clientId=trove'], /oidc\.clientSecret or oidc\.existingSecret is required/],
  ])('the chart refuses %j', (args, message) => {
    const result = template(args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it('migrates an external database in a pre-install/pre-upgrade hook that needs nothing from the release', () => {
    const objects = rendered(EXTERNAL_DB);
    expect(validateWithKubernetesTypes(objects)).toEqual([]);
    const job = findObject(objects, 'Job', 'trove-migrate');
    const hookSecret = findObject(objects, 'Secret', 'trove-migrate') as KubeObject & { stringData: Record<string, string> };
    expect(annotations(job)['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(annotations(hookSecret)['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(annotations(hookSecret)['helm.sh/hook-weight'])).toBeLessThan(Number(annotations(job)['helm.sh/hook-weight']));
    for (const o of [job, hookSecret]) expect(annotations(o)['helm.sh/hook-delete-policy']).toMatch(/before-hook-creation/);
    expect(Object.keys(hookSecret.stringData).sort()).toEqual(['DATABASE_URL', 'TROVE_ENCRYPTION_KEY']);

    const pod = podOf(job).template.spec;
    const [container] = pod.containers;
    expect(container.command).toEqual(['node', 'dist/cli.js', 'migrate']);
    // Nothing the release creates: not its ConfigMap, not its Secret, not its ServiceAccount.
    const referenced = JSON.stringify(pod);
    expect(pod.serviceAccountName).toBeUndefined();
    expect(container.envFrom).toEqual([{ secretRef: { name: 'trove-migrate' } }]);
    expect(referenced).not.toMatch(/"name":"trove"/);

    const deployment = findObject(objects, 'Deployment', 'trove');
    expect(podOf(deployment).replicas).toBe(2);
    const trove = podOf(deployment).template.spec.containers[0];
    expect(trove.image).toBe(container.image);
    expect(trove.volumeMounts?.map((m) => m.mountPath)).toEqual(['/tmp']);
    const config = findObject(objects, 'ConfigMap', 'trove') as KubeObject & { data: Record<string, string> };
    expect(config.data.TROVE_MIGRATE_ON_START).toBe('false');
  });

  it('serves the web console by default and turns it off with config.uiEnabled=false', () => {
    const uiEnabled = (args: string[]) =>
      (findObject(rendered(args), 'ConfigMap', 'trove') as KubeObject & { data: Record<string, string> }).data.TROVE_UI_ENABLED;
    expect(uiEnabled([])).toBe('true');
    expect(uiEnabled(['--set', 'config.uiEnabled=false'])).toBe('false');
  });

  it("has /readyz answer a second before the readiness probe's timeout, whatever the database does", () => {
    const readyzTimeout = (args: string[]) =>
      (findObject(rendered(args), 'ConfigMap', 'trove') as KubeObject & { data: Record<string, string> }).data
        .TROVE_READYZ_TIMEOUT_MS;
    expect(readyzTimeout([])).toBe('2000');
    expect(readyzTimeout(['--set', 'probes.readiness.timeoutSeconds=10'])).toBe('9000');
    expect(readyzTimeout(['--set', 'probes.readiness.timeoutSeconds=1'])).toBe('500');
  });

  it('reads DATABASE_URL from an existing Secret (CloudNativePG) and lets an HPA own the replica count', () => {
    const objects = rendered(['--values', ALL_FEATURES]);
    const deployment = findObject(objects, 'Deployment', 'trove');
    expect(podOf(deployment).replicas).toBeUndefined();
    const env = podOf(deployment).template.spec.containers[0].env ?? [];
    expect(env.find((e) => e.name === 'DATABASE_URL')?.valueFrom).toEqual({ secretKeyRef: { name: 'trove-db-app', key: 'uri' } });
    const job = findObject(objects, 'Job', 'trove-migrate');
    const jobEnv = podOf(job).template.spec.containers[0].env ?? [];
    expect(jobEnv.find((e) => e.name === 'DATABASE_URL')?.valueFrom).toEqual({ secretKeyRef: { name: 'trove-db-app', key: 'uri' } });
    const spread = (deployment.spec as { template: { spec: { topologySpreadConstraints: { labelSelector: { matchLabels: Record<string, string> } }[] } } })
      .template.spec.topologySpreadConstraints;
    expect(spread[0].labelSelector.matchLabels['app.kubernetes.io/instance']).toBe('trove');
  });

  it('renders the same pods on every `helm template` (GitOps), though generated secrets differ', () => {
    const podTemplate = (objects: Labelled[]) => JSON.stringify(findObject(objects, 'Deployment', 'trove').spec);
    const secretData = (objects: Labelled[]) => (findObject(objects, 'Secret', 'trove') as unknown as { stringData: Record<string, string> }).stringData;
    for (const args of [[], ['--set', 'postgresql.evaluation.enabled=true']]) {
      const [first, second] = [rendered(args), rendered(args)];
      // Without a cluster there is nothing to look up: the generated key differs per render...
      expect(secretData(first).TROVE_BOOTSTRAP_API_SECRET).not.toBe(secretData(second).TROVE_BOOTSTRAP_API_SECRET);
      // ...but the pods, whose checksum covers only the values given, do not roll for it.
      expect(podTemplate(first)).toBe(podTemplate(second));
    }
    // A value given does change the checksum, so pods restart with it.
    const given = rendered(['--set', 'secrets.bootstrapApiSecret=a-secret-of-sixteen-chars']);
    expect(podTemplate(given)).not.toBe(podTemplate(rendered([])));
    expect(secretData(given).TROVE_BOOTSTRAP_API_SECRET).toBe('a-secret-of-sixteen-chars');
  });

  it('signs in through an identity provider: its settings in the ConfigMap, the client secret from a Secret', () => {
    const oidc = ['--set', 'oidc.issuer=https://login.example.com/realms/acme', '--set', 'oidc.clientId=trove'];
    const secretEnv = (objects: Labelled[]) =>
      podOf(findObject(objects, 'Deployment', 'trove')).template.spec.containers[0].env?.find((e) => e.name === 'TROVE_OIDC_CLIENT_SECRET');
    const own = rendered([...oidc, '--set', 'oidc.clientSecret=s3cret']);
    const config = (findObject(own, 'ConfigMap', 'trove') as unknown as { data: Record<string, string> }).data;
    expect(config).toMatchObject({
      TROVE_OIDC_ISSUER: 'https://login.example.com/realms/acme',
      TROVE_OIDC_CLIENT_ID: 'trove',
      TROVE_OIDC_SCOPES: 'openid email profile',
      TROVE_OIDC_CLAIMS: 'groups,email',
    });
    expect(JSON.stringify(config)).not.toContain('s3cret');
    expect((findObject(own, 'Secret', 'trove-oidc') as unknown as { stringData: Record<string, string> }).stringData).toEqual({ 'client-secret': 's3cret' });
    expect(secretEnv(own)?.valueFrom).toEqual({ secretKeyRef: { name: 'trove-oidc', key: 'client-secret' } });
    // A new client secret rolls the pods.
    const annotationsOf = (objects: Labelled[]) => JSON.stringify((findObject(objects, 'Deployment', 'trove').spec as Pod).template);
    expect(annotationsOf(rendered([...oidc, '--set', 'oidc.clientSecret=other']))).not.toBe(annotationsOf(own));

    const theirs = rendered([...oidc, '--set', 'oidc.existingSecret=idp', '--set', 'oidc.existingSecretKey=secret']);
    expect(theirs.some((o) => o.object.kind === 'Secret' && o.object.metadata?.name === 'trove-oidc')).toBe(false);
    expect(secretEnv(theirs)?.valueFrom).toEqual({ secretKeyRef: { name: 'idp', key: 'secret' } });
    expect(secretEnv(rendered([]))).toBeUndefined();
  });

  it('uses an existing Secret instead of its own, and then renders the same on every `helm template`', () => {
    const args = ['--set', 'database.existingSecret.name=db', '--set', 'secrets.existingSecret=trove-secrets'];
    const objects = rendered(args);
    expect(objects.filter((o) => o.object.kind === 'Secret')).toEqual([]);
    expect(objects.some((o) => o.object.kind === 'Deployment')).toBe(true);
    const deployment = findObject(objects, 'Deployment', 'trove');
    expect(podOf(deployment).template.spec.containers[0].envFrom).toContainEqual({ secretRef: { name: 'trove-secrets' } });
    expect(JSON.stringify(rendered(args))).toBe(JSON.stringify(objects));
  });

  it('embeds the Grafana dashboard unchanged, labelled for the sidecar', () => {
    const objects = rendered(['--values', ALL_FEATURES]);
    const dashboard = findObject(objects, 'ConfigMap', 'trove-dashboard') as KubeObject & { data: Record<string, string> };
    expect(dashboard.metadata?.labels).toMatchObject({ grafana_dashboard: '1' });
    const file = fs.readFileSync(path.join(CHART, 'dashboards', 'trove.json'), 'utf8');
    expect(JSON.parse(dashboard.data['trove.json'])).toEqual(JSON.parse(file));
  });

  it('alerts only on metrics Trove exports', () => {
    const rule = findObject(rendered(['--values', ALL_FEATURES]), 'PrometheusRule') as KubeObject & {
      spec: { groups: { rules: { alert: string; expr: string; for: string }[] }[] };
    };
    const rules = rule.spec.groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThanOrEqual(5);
    for (const r of rules) {
      for (const name of metricNamesInExpr(r.expr)) expect([...TROVE_METRIC_NAMES, 'up']).toContain(name);
      expect(r.expr).toMatch(/namespace="trove", job="trove"/);
    }
  });

  it('documents the same alerts in docs/kubernetes.md as the chart installs', () => {
    const rule = findObject(rendered(['--values', ALL_FEATURES]), 'PrometheusRule') as KubeObject & {
      spec: { groups: { rules: { alert: string; expr: string }[] }[] };
    };
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'kubernetes.md'), 'utf8');
    const block = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('kind: PrometheusRule'));
    expect(block).toBeDefined();
    const documented = parseYamlStream(block!, 'docs/kubernetes.md')[0].object as typeof rule;
    const summary = (r: typeof rule) => r.spec.groups.flatMap((g) => g.rules.map((x) => [x.alert, x.expr.replace(/\s+/g, ' ').trim()]));
    expect(summary(documented)).toEqual(summary(rule));
  });

  it('names the Service trove for a release named trove, and <release>-trove otherwise', () => {
    const name = (args: string[], release: string): string | undefined => findObject(rendered(args, release), 'Service').metadata?.name;
    expect(name([], 'trove')).toBe('trove');
    expect(name([], 'staging')).toBe('staging-trove');
    expect(name(['--set', 'fullnameOverride=trove'], 'staging')).toBe('trove');
  });

  it('prints the port-forward command, the MCP URL, how to read the bootstrap key and the session note', () => {
    const result = run(helm(), ['install', 'trove', CHART, '--namespace', 'trove', '--dry-run=client', ...EXTERNAL_DB]);
    expect(result.status).toBe(0);
    const notes = result.stdout.slice(result.stdout.indexOf('NOTES:'));
    expect(notes).toContain('kubectl --namespace trove port-forward svc/trove 8080:8080');
    expect(notes).toContain('http://localhost:8080/mcp');
    expect(notes).toContain("get secret trove -o jsonpath='{.data.TROVE_BOOTSTRAP_API_KEY}' | base64 -d");
    expect(notes).toMatch(/MCP sessions:[\s\S]*mcp\.sessionStore=postgres/);
  });
});
