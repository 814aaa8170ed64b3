/**
 * Pipeline resources against the fake API server and an in-memory Trove: create,
 * update, delete with the finalizer, a conflicting status write, an invalid spec.
 */
import { ErrorCode } from '../../src/common/errors';
import type { FakeKubeApi, KubeObject } from './fake-kube-api';
import { OperatorProcess, startLeadingOperator } from './support/operator-process';
import { waitFor } from '../support/wait';

jest.setTimeout(30_000);

let api: FakeKubeApi;
let host: OperatorProcess;

beforeAll(async () => {
  ({ api, host } = await startLeadingOperator());
});

afterAll(async () => {
  await host?.kill();
  await api?.close();
});

function pipeline(name: string, spec: Record<string, unknown> = {}) {
  return {
    apiVersion: 'trove.dev/v1alpha1',
    kind: 'Pipeline',
    metadata: { name },
    spec: {
      name: `${name}-in-trove`,
      description: 'Team documents',
      embeddingModels: [{ name: 'hash-256', provider: 'hashing', size: 256 }],
      textSplitter: { provider: 'recursive_character', parameters: { chunk_size: 500, chunk_overlap: 50 } },
      fullTextSearch: true,
      classifications: ['public', 'internal'],
      hierarchy: [['internal', 'public']],
      ...spec,
    },
  };
}

function ready(obj: KubeObject | undefined) {
  const status = obj?.status as
    | {
        conditions?: {
          type: string;
          status: string;
          reason: string;
          observedGeneration?: number;
          lastTransitionTime: string;
        }[];
      }
    | undefined;
  return status?.conditions?.find((c) => c.type === 'Ready');
}

describe('Pipeline', () => {
  it('creates the Trove pipeline and reports Ready with its id and the observed generation', async () => {
    api.create('pipelines', pipeline('docs'));

    const done = await waitFor('docs to be Ready', () => {
      const obj = api.get('pipelines', 'docs');
      return ready(obj)?.status === 'True' ? obj : undefined;
    });
    const status = done.status as { pipelineId: string; observedGeneration: number };
    expect(done.metadata.finalizers).toEqual(['trove.dev/finalizer']);
    expect(status.observedGeneration).toBe(1);
    expect(ready(done)).toMatchObject({ reason: 'Reconciled', observedGeneration: 1 });

    const { pipelines } = await host.gateway();
    const stored = pipelines.find((p) => p.id === status.pipelineId);
    expect(stored).toEqual({
      id: status.pipelineId,
      revision: 1,
      name: 'docs-in-trove',
      description: 'Team documents',
      embeddingModels: [{ name: 'hash-256', provider: 'hashing', size: 256, parameters: {} }],
      textSplitter: { provider: 'recursive_character', parameters: { chunk_size: 500, chunk_overlap: 50 } },
      fullTextSearch: true,
      classifications: ['public', 'internal'],
      hierarchy: [['internal', 'public']],
    });
    expect(
      await host.metric('trove_reconcile_total', { kind: 'Pipeline', result: 'success' }),
    ).toBeGreaterThan(0);
  });

  it('updates the same Trove pipeline when the spec changes, and observedGeneration follows', async () => {
    const before = api.get('pipelines', 'docs')!;
    const { pipelineId } = before.status as { pipelineId: string };

    api.update('pipelines', 'docs', (obj) => {
      (obj.spec as { classifications: string[] }).classifications.push('secret');
    });
    expect(api.get('pipelines', 'docs')!.metadata.generation).toBe(2);

    const after = await waitFor('observedGeneration 2', () => {
      const obj = api.get('pipelines', 'docs');
      return (obj?.status as { observedGeneration?: number })?.observedGeneration === 2 ? obj : undefined;
    });
    expect((after.status as { pipelineId: string }).pipelineId).toBe(pipelineId);
    expect(ready(after)).toMatchObject({ status: 'True', observedGeneration: 2 });
    // Still Ready: the transition time stays that of the first flip to True.
    expect(ready(after)!.lastTransitionTime).toBe(ready(before)!.lastTransitionTime);

    const stored = (await host.gateway()).pipelines.find((p) => p.id === pipelineId)!;
    expect(stored.classifications).toEqual(['public', 'internal', 'secret']);
    expect(stored.revision).toBe(2);
  });

  it('deletes the Trove pipeline, then removes the finalizer so the object goes', async () => {
    const { pipelineId } = api.get('pipelines', 'docs')!.status as { pipelineId: string };

    api.remove('pipelines', 'docs');
    expect(api.get('pipelines', 'docs')!.metadata.deletionTimestamp).toBeDefined();

    await waitFor('docs to be gone', () => api.get('pipelines', 'docs') === undefined);
    const { pipelines, calls } = await host.gateway();
    expect(pipelines.find((p) => p.id === pipelineId)).toBeUndefined();
    expect(calls.filter((c) => c.method === 'deletePipeline')).toHaveLength(1);
  });

  it('retries a status write that conflicts, without creating a second Trove pipeline', async () => {
    api.injectFault({ method: 'PUT', path: /\/pipelines\/contested\/status$/, status: 409 });
    const created = (await host.gateway()).calls.filter((c) => c.method === 'ensurePipeline').length;

    api.create('pipelines', pipeline('contested'));
    const done = await waitFor('contested to be Ready', () => {
      const obj = api.get('pipelines', 'contested');
      return ready(obj)?.status === 'True' ? obj : undefined;
    });

    const statusWrites = api.requests.filter(
      (r) => r.method === 'PUT' && r.path.endsWith('/pipelines/contested/status'),
    );
    expect(statusWrites.map((r) => r.status)).toEqual([409, 200]);
    const { pipelines, calls } = await host.gateway();
    expect(calls.filter((c) => c.method === 'ensurePipeline').length - created).toBe(1);
    expect(pipelines.filter((p) => p.name === 'contested-in-trove').map((p) => p.id)).toEqual([
      (done.status as { pipelineId: string }).pipelineId,
    ]);
  });

  it('reports a spec Trove refuses as Ready=False InvalidSpec, with a Warning event', async () => {
    api.create('pipelines', pipeline('broken', { hierarchy: [['internal', 'nowhere']] }));

    const obj = await waitFor('broken to be refused', () => {
      const o = api.get('pipelines', 'broken');
      return ready(o)?.reason === 'InvalidSpec' ? o : undefined;
    });
    expect(ready(obj)).toMatchObject({ status: 'False', observedGeneration: 1 });
    expect((obj.status as { pipelineId?: string }).pipelineId).toBeUndefined();
    const events = api.list('events').filter((e) => (e.involvedObject as { name: string }).name === 'broken');
    expect(events).toEqual([
      expect.objectContaining({
        type: 'Warning',
        reason: 'InvalidSpec',
        message: expect.stringContaining('unknown classification'),
      }),
    ]);

    // Fixing the spec is enough: the change itself brings the object back.
    api.update('pipelines', 'broken', (o) => {
      (o.spec as { hierarchy: string[][] }).hierarchy = [];
    });
    await waitFor('broken to be Ready', () => ready(api.get('pipelines', 'broken'))?.status === 'True');
  });

  it('reports a Trove failure as Ready=False TroveError and retries with backoff', async () => {
    await host.failGateway('ensurePipeline', ErrorCode.Unavailable, 'database is down', 2);
    api.create('pipelines', pipeline('flaky'));

    await waitFor(
      'flaky to be Ready after the retries',
      () => ready(api.get('pipelines', 'flaky'))?.status === 'True',
    );
    const reported = api
      .versions('pipelines', 'flaky')
      .map((v) => ready(v))
      .filter(Boolean);
    expect(reported.map((c) => [c!.status, c!.reason])).toEqual([
      ['False', 'TroveError'],
      ['True', 'Reconciled'],
    ]);
    const events = api.list('events').filter((e) => (e.involvedObject as { name: string }).name === 'flaky');
    expect(events).toEqual([expect.objectContaining({ type: 'Warning', reason: 'TroveError', count: 2 })]);
    expect(await host.metric('trove_reconcile_errors_total', { kind: 'Pipeline' })).toBeGreaterThanOrEqual(2);
  });
});
