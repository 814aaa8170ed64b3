/**
 * What the chart does for the people who run it (issue 13): in-cluster MCP clients,
 * a separate metrics port, a stop matched to Trove's drain, extra and init containers,
 * spreading replicas, where the ServiceMonitor lives, the NetworkPolicy for Prometheus,
 * runbooks on the alerts and the `helm test` Pod. Rendered with the pinned helm.
 */
import type { KubeObject, Labelled } from './support/kube-types';
import { validateWithKubernetesTypes } from './support/kube-types';
import { findObject } from './support/manifests';
import { ALL_FEATURES, EXTERNAL_DB, rendered, template } from './support/chart';

type Container = {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  ports?: { name: string; containerPort: number }[];
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
};
type PodSpec = {
  terminationGracePeriodSeconds?: number;
  containers: Container[];
  initContainers?: Container[];
  affinity?: { podAntiAffinity?: Record<string, unknown[]> };
};
const podSpecOf = (objects: Labelled[]): PodSpec =>
  (findObject(objects, 'Deployment').spec as { template: { spec: PodSpec } }).template.spec;
const configOf = (objects: Labelled[]): Record<string, string> =>
  (findObject(objects, 'ConfigMap') as KubeObject & { data: Record<string, string> }).data;

describe('charts/trove for operations', () => {
  it("lets in-cluster clients reach /mcp by the Service's DNS names, with and without the port", () => {
    const hosts = (release: string, namespace: string, args: string[] = []) =>
      configOf(rendered(args, release, namespace)).TROVE_MCP_ALLOWED_HOSTS.split(',');
    expect(hosts('trove', 'search')).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      'trove',
      'trove:8080',
      'trove.search',
      'trove.search:8080',
      'trove.search.svc',
      'trove.search.svc:8080',
      'trove.search.svc.cluster.local',
      'trove.search.svc.cluster.local:8080',
    ]);
    expect(hosts('kb', 'prod', ['--set', 'service.port=80', '--set', 'mcp.clusterDomain=corp.internal'])).toContain(
      'kb-trove.prod.svc.corp.internal:80',
    );
    // An ingress host is added deliberately, next to the Service's names.
    const withIngress = hosts('trove', 'trove', ['--set', 'mcp.allowedHosts={trove.example.com}']);
    expect(withIngress[0]).toBe('trove.example.com');
    expect(withIngress).toContain('trove.trove.svc');
    expect(hosts('trove', 'trove', ['--set', 'mcp.allowServiceHosts=false'])).toEqual(['localhost', '127.0.0.1', '::1']);
  });

  it('passes the trusted proxies and the drain to Trove', () => {
    expect(configOf(rendered([]))).toMatchObject({ TROVE_SHUTDOWN_DRAIN_SECONDS: '5', TROVE_SHUTDOWN_GRACE_SECONDS: '25' });
    expect(configOf(rendered([])).TROVE_TRUSTED_PROXIES).toBeUndefined();
    expect(configOf(rendered(['--values', ALL_FEATURES])).TROVE_TRUSTED_PROXIES).toBe('10.42.0.0/16');
  });

  it('serves /metrics on its own port by default, and on the API port when metrics.port is null', () => {
    const separate = rendered(['--set', 'metrics.serviceMonitor.enabled=true']);
    expect(configOf(separate).TROVE_METRICS_PORT).toBe('9090');
    expect(podSpecOf(separate).containers[0].ports).toEqual([
      { name: 'http', containerPort: 8080, protocol: 'TCP' },
      { name: 'metrics', containerPort: 9090, protocol: 'TCP' },
    ]);
    const monitor = (objects: Labelled[]) =>
      (findObject(objects, 'ServiceMonitor').spec as { endpoints: { port: string }[] }).endpoints[0].port;
    expect(monitor(separate)).toBe('metrics');

    const shared = rendered(['--set', 'metrics.serviceMonitor.enabled=true', '--set', 'metrics.port=null']);
    expect(configOf(shared).TROVE_METRICS_PORT).toBeUndefined();
    expect(podSpecOf(shared).containers[0].ports?.map((p) => p.name)).toEqual(['http']);
    expect((findObject(shared, 'Service').spec as { ports: { name: string }[] }).ports.map((p) => p.name)).toEqual(['http']);
    expect(monitor(shared)).toBe('http');
    expect(template(['--set', 'metrics.port=8080']).stderr).toMatch(/metrics.port must differ/);
  });

  it('lets the Prometheus namespace in to the metrics port when the ServiceMonitor is on', () => {
    type Policy = { spec: { ingress: { ports: { port: string }[]; from?: Record<string, unknown>[] }[] } };
    const policy = (args: string[]) => findObject(rendered(args), 'NetworkPolicy') as KubeObject & Policy;
    const on = policy(['--values', ALL_FEATURES]);
    expect(on.spec.ingress).toHaveLength(2);
    expect(on.spec.ingress[1]).toEqual({
      ports: [{ port: 'metrics', protocol: 'TCP' }],
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
    });
    // The API port admits the listed peers and this release's `helm test` Pod.
    expect(on.spec.ingress[0].from?.at(-1)).toEqual({
      podSelector: {
        matchLabels: {
          'app.kubernetes.io/name': 'trove',
          'app.kubernetes.io/instance': 'trove',
          'app.kubernetes.io/component': 'test',
        },
      },
    });
    expect(policy(['--set', 'networkPolicy.enabled=true']).spec.ingress).toHaveLength(1);
  });

  it('puts the ServiceMonitor in the Prometheus namespace, selecting the release namespace', () => {
    const monitor = findObject(rendered(['--values', ALL_FEATURES]), 'ServiceMonitor') as KubeObject & {
      spec: { namespaceSelector?: { matchNames: string[] }; selector: { matchLabels: Record<string, string> } };
    };
    expect(monitor.metadata?.namespace).toBe('monitoring');
    expect(monitor.spec.namespaceSelector).toEqual({ matchNames: ['trove'] });
    expect(monitor.spec.selector.matchLabels).toEqual({
      'app.kubernetes.io/name': 'trove',
      'app.kubernetes.io/component': 'server',
    });
    const local = findObject(rendered(['--set', 'metrics.serviceMonitor.enabled=true']), 'ServiceMonitor');
    expect(local.metadata?.namespace).toBeUndefined();
    expect((local.spec as { namespaceSelector?: unknown }).namespaceSelector).toBeUndefined();
  });

  it('sleeps in preStop, then gives Trove its whole grace period before the kill', () => {
    const spec = podSpecOf(rendered([]));
    expect(spec.containers[0].lifecycle).toEqual({ preStop: { exec: { command: ['sleep', '5'] } } });
    expect(spec.terminationGracePeriodSeconds).toBe(5 + 25 + 10);
    const noHook = podSpecOf(rendered(['--set', 'lifecycle.preStopSleepSeconds=0', '--set', 'config.shutdownGraceSeconds=40']));
    expect(noHook.containers[0].lifecycle).toBeUndefined();
    expect(noHook.terminationGracePeriodSeconds).toBe(50);
    expect(podSpecOf(rendered(['--values', ALL_FEATURES])).terminationGracePeriodSeconds).toBe(60);

    expect(template(['--set', 'terminationGracePeriodSeconds=30']).stderr).toMatch(
      /terminationGracePeriodSeconds must be greater than lifecycle.preStopSleepSeconds \+ config.shutdownGraceSeconds/,
    );
    expect(template(['--set', 'config.shutdownDrainSeconds=25']).stderr).toMatch(
      /config.shutdownDrainSeconds must be less than config.shutdownGraceSeconds/,
    );
  });

  it('adds init and extra containers, rendered with tpl', () => {
    const spec = podSpecOf(rendered(['--values', ALL_FEATURES]));
    expect(spec.initContainers?.map((c) => c.name)).toEqual(['wait-for-db']);
    expect(spec.containers.map((c) => c.name)).toEqual(['trove', 'log-shipper']);
    expect(spec.containers[1].args).toEqual(['--release=trove']);
  });

  it('spreads replicas over nodes: soft by default, hard or none on request, and yields to affinity', () => {
    const antiAffinity = (args: string[]) => podSpecOf(rendered(args)).affinity?.podAntiAffinity;
    const selector = { matchLabels: { 'app.kubernetes.io/name': 'trove', 'app.kubernetes.io/instance': 'trove', 'app.kubernetes.io/component': 'server' } };
    expect(antiAffinity([])).toEqual({
      preferredDuringSchedulingIgnoredDuringExecution: [
        { weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: selector } },
      ],
    });
    expect(antiAffinity(['--set', 'podAntiAffinityPreset=hard'])).toEqual({
      requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: selector }],
    });
    expect(podSpecOf(rendered(['--set', 'podAntiAffinityPreset=none'])).affinity).toBeUndefined();
    const own = podSpecOf(rendered(['--set', 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key=pool', '--set', 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator=Exists']));
    expect(Object.keys(own.affinity ?? {})).toEqual(['nodeAffinity']);
  });

  it('gives every alert its first steps, and a runbook_url when the docs are published', () => {
    type Rule = { alert: string; annotations: Record<string, string> };
    const rules = (args: string[]) =>
      (findObject(rendered(args), 'PrometheusRule').spec as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
    const published = rules(['--values', ALL_FEATURES]);
    expect(published.length).toBeGreaterThanOrEqual(9);
    for (const rule of published) {
      expect(rule.annotations.runbook.length).toBeGreaterThan(40);
      expect(rule.annotations.runbook_url).toBe(
        `https://git.example.com/trove/blob/main/docs/kubernetes.md#${rule.alert.toLowerCase()}`,
      );
    }
    for (const rule of rules([...EXTERNAL_DB, '--set', 'metrics.prometheusRule.enabled=true'])) {
      expect(rule.annotations.runbook_url).toBeUndefined();
      expect(rule.annotations.runbook).toBeDefined();
    }
  });

  it('renders a helm test Pod that calls the Service by its namespaced name with the bootstrap key', () => {
    const objects = rendered([...EXTERNAL_DB], 'kb', 'search');
    const pod = findObject(objects, 'Pod', 'kb-trove-test');
    expect(validateWithKubernetesTypes([{ source: 'test pod', object: pod }])).toEqual([]);
    expect(pod.metadata?.annotations).toMatchObject({ 'helm.sh/hook': 'test' });
    const [container] = (pod.spec as { containers: Container[] }).containers;
    expect(container.image).toBe(podSpecOf(objects).containers[0].image);
    expect(container.command).toEqual(['node', '--input-type=module', '--eval']);
    expect(container.args?.[0]).toContain("method: 'tools/list'");
    expect(container.env).toEqual([
      { name: 'TROVE_URL', value: 'http://kb-trove.search.svc:8080' },
      { name: 'TROVE_BOOTSTRAP_API_KEY', valueFrom: { secretKeyRef: { name: 'kb-trove', key: 'TROVE_BOOTSTRAP_API_KEY' } } },
      { name: 'TROVE_BOOTSTRAP_API_SECRET', valueFrom: { secretKeyRef: { name: 'kb-trove', key: 'TROVE_BOOTSTRAP_API_SECRET' } } },
    ]);
    // Its Host is one the release's /mcp accepts.
    expect(configOf(objects).TROVE_MCP_ALLOWED_HOSTS.split(',')).toContain('kb-trove.search.svc:8080');
    expect(objects.some((o) => o.object.kind === 'Pod' && !o.object.metadata?.annotations)).toBe(false);
    expect(rendered(['--set', 'tests.enabled=false']).some((o) => o.object.kind === 'Pod')).toBe(false);
  });
});
