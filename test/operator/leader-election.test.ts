/**
 * Leader election on a Lease: one instance reconciles, another only campaigns;
 * the other takes over when the leader dies (after the Lease expires) or hands
 * the Lease back; a leader that cannot renew stops reconciling.
 * Timings are short here: lease 2 s, renew deadline 1.5 s, retry period 0.2 s.
 */
import { FakeKubeApi, type KubeObject } from './fake-kube-api';
import { OperatorProcess, SHORT_LEASE } from './support/operator-process';
import { waitFor } from '../support/wait';

jest.setTimeout(30_000);

let api: FakeKubeApi;
let host: OperatorProcess;

beforeEach(async () => {
  api = await FakeKubeApi.start();
  host = await OperatorProcess.spawn();
});

afterEach(async () => {
  await host?.kill();
  await api?.close();
});

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

const leaseOf = (name: string) => api.get('leases', name)?.spec as LeaseSpec | undefined;
const isLeaseRequest = (r: { path: string }) =>
  r.path.includes('/apis/coordination.k8s.io/v1/namespaces/default/leases');

async function operatorState(name: string) {
  return (await host.state()).operators[name];
}

function createPipeline(name: string): void {
  api.create('pipelines', {
    apiVersion: 'trove.dev/v1alpha1',
    kind: 'Pipeline',
    metadata: { name },
    spec: { name, embeddingModels: [], fullTextSearch: true, classifications: [] },
  });
}

async function reconciled(name: string, generation = 1): Promise<KubeObject> {
  return waitFor(`${name} to be reconciled at generation ${generation}`, () => {
    const obj = api.get('pipelines', name);
    const status = obj?.status as
      { observedGeneration?: number; conditions?: { type: string; status: string }[] } | undefined;
    return status?.observedGeneration === generation &&
      status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')
      ? obj
      : undefined;
  });
}

describe('leader election', () => {
  it('lets only the leader reconcile, and fails over when the leader dies and its Lease expires', async () => {
    await host.startOperator(api, 'a', SHORT_LEASE, 'failover');
    await waitFor('a to lead', async () => (await operatorState('a')).isReconciling);
    await host.startOperator(api, 'b', SHORT_LEASE, 'failover');
    await waitFor('b to campaign', () => api.requestsBy('b').filter(isLeaseRequest).length >= 4);

    createPipeline('first');
    await reconciled('first');
    expect(await operatorState('b')).toEqual({ isLeader: false, isReconciling: false });
    expect(api.requestsBy('b').filter((r) => !isLeaseRequest(r))).toEqual([]);
    expect(leaseOf('failover')).toMatchObject({
      holderIdentity: 'a',
      leaseDurationSeconds: 2,
      leaseTransitions: 0,
    });

    // a dies: its renew loop stops and nothing hands the Lease back.
    await host.stopOperator('a', false);
    const lastRenewal = Date.parse(leaseOf('failover')!.renewTime!);
    const requestsByA = api.requestsBy('a').length;

    await waitFor('b to lead', async () => (await operatorState('b')).isReconciling, { timeoutMs: 10_000 });
    const lease = leaseOf('failover')!;
    expect(lease).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
    expect(Date.parse(lease.acquireTime!) - lastRenewal).toBeGreaterThanOrEqual(2000);

    createPipeline('second');
    await reconciled('second');
    api.update('pipelines', 'first', (obj) => {
      (obj.spec as { classifications: string[] }).classifications = ['public'];
    });
    await reconciled('first', 2);
    expect(
      api.requestsBy('b').some((r) => r.method === 'PUT' && r.path.endsWith('/pipelines/second/status')),
    ).toBe(true);
    expect(api.requestsBy('a')).toHaveLength(requestsByA);
    const { pipelines } = await host.gateway();
    expect(pipelines.map((p) => p.name).sort()).toEqual(['first', 'second']);
  });

  it('hands the Lease over at once on a graceful stop', async () => {
    await host.startOperator(api, 'a', SHORT_LEASE, 'handover');
    await waitFor('a to lead', async () => (await operatorState('a')).isReconciling);
    await host.startOperator(api, 'b', SHORT_LEASE, 'handover');
    await waitFor('b to campaign', () => api.requestsBy('b').filter(isLeaseRequest).length >= 2);
    const lastRenewal = Date.parse(leaseOf('handover')!.renewTime!);

    await host.stopOperator('a', true);

    await waitFor('b to lead', async () => (await operatorState('b')).isReconciling);
    // Well before a's last renewal could have expired (2 s).
    expect(Date.parse(leaseOf('handover')!.acquireTime!) - lastRenewal).toBeLessThan(2000);
    expect(leaseOf('handover')).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
  });

  it('stops reconciling when it cannot renew its Lease, and resumes once it can', async () => {
    await host.startOperator(api, 'solo', SHORT_LEASE, 'flaky-lease');
    await waitFor('solo to lead', async () => (await operatorState('solo')).isReconciling);
    expect(await host.metric('trove_operator_leader')).toBe(1);
    await waitFor('the watches', () => api.activeWatches(undefined, 'solo') === 3);

    const heal = api.injectFault({
      method: 'PUT',
      path: /\/leases\/flaky-lease$/,
      status: 500,
      times: Infinity,
    });
    await waitFor('solo to step down', async () => {
      const state = await operatorState('solo');
      return !state.isLeader && !state.isReconciling;
    });
    expect(await host.metric('trove_operator_leader')).toBe(0);
    await waitFor('the informers to stop', () => api.activeWatches(undefined, 'solo') === 0);

    const steppedDownAt = api.requests.length;
    createPipeline('orphan');
    const failedRenewals = () =>
      api.requests
        .slice(steppedDownAt)
        .filter((r) => r.method === 'PUT' && isLeaseRequest(r) && r.status === 500);
    await waitFor('three more failed attempts at the Lease', () => failedRenewals().length >= 3);
    expect(api.get('pipelines', 'orphan')!.status).toBeUndefined();
    expect(api.requests.slice(steppedDownAt).filter((r) => r.user === 'solo' && !isLeaseRequest(r))).toEqual(
      [],
    );

    heal();
    await waitFor('solo to lead again', async () => (await operatorState('solo')).isReconciling);
    await reconciled('orphan');
    expect(await host.metric('trove_operator_leader')).toBe(1);
  });
});
