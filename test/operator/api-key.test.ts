/**
 * ApiKey resources: the key minted in Trove, delivered in an owned Secret, kept,
 * rotated when its Secret or its Trove key is lost, revoked on deletion; and an
 * ApiKey that waits for the Pipeline it names.
 */
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

interface Status {
  keyId?: string;
  secretName?: string;
  pipelineId?: string;
  observedGeneration?: number;
  conditions?: { type: string; status: string; reason: string; message: string }[];
}

const statusOf = (obj: KubeObject | undefined) => obj?.status as Status | undefined;
const readyOf = (obj: KubeObject | undefined) => statusOf(obj)?.conditions?.find((c) => c.type === 'Ready');
const decode = (secret: KubeObject, key: string) =>
  Buffer.from((secret.data as Record<string, string>)[key], 'base64').toString('utf8');

function pipeline(name: string) {
  return {
    apiVersion: 'trove.dev/v1alpha1',
    kind: 'Pipeline',
    metadata: { name },
    spec: { name, embeddingModels: [], fullTextSearch: true, classifications: ['public', 'internal'] },
  };
}

function apiKey(name: string, grants: object[], extra: object = {}) {
  return {
    apiVersion: 'trove.dev/v1alpha1',
    kind: 'ApiKey',
    metadata: { name },
    spec: { name: `${name} key`, grants, ...extra },
  };
}

async function readyPipelineId(name: string): Promise<string> {
  const obj = await waitFor(`Pipeline ${name} to be Ready`, () => {
    const o = api.get('pipelines', name);
    return readyOf(o)?.status === 'True' ? o : undefined;
  });
  return statusOf(obj)!.pipelineId!;
}

async function readyApiKey(name: string, notKeyId?: string): Promise<KubeObject> {
  return waitFor(`ApiKey ${name} to be Ready${notKeyId ? ' with a new key' : ''}`, () => {
    const o = api.get('apikeys', name);
    return readyOf(o)?.status === 'True' && statusOf(o)!.keyId !== notKeyId ? o : undefined;
  });
}

describe('ApiKey', () => {
  it('mints the key in Trove and writes it to a Secret the ApiKey owns', async () => {
    api.create('pipelines', pipeline('kb'));
    const pipelineId = await readyPipelineId('kb');
    api.create(
      'apikeys',
      apiKey('reader', [
        { pipeline: 'kb', permissions: 5, classifications: ['public'] },
        { pipeline: '*', permissions: 4, classifications: ['*'] },
      ]),
    );

    const key = await readyApiKey('reader');
    const status = statusOf(key)!;
    expect(status).toMatchObject({ secretName: 'reader', observedGeneration: 1 });
    expect(key.metadata.finalizers).toEqual(['trove.dev/finalizer']);

    const secret = api.get('secrets', 'reader')!;
    expect(secret.type).toBe('Opaque');
    expect(Object.keys(secret.data as object).sort()).toEqual(['x-api-key', 'x-api-key-secret']);
    expect(secret.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'trove.dev/v1alpha1',
        kind: 'ApiKey',
        name: 'reader',
        uid: key.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(decode(secret, 'x-api-key')).toBe(status.keyId);

    const stored = (await host.gateway()).keys.find((k) => k.id === status.keyId);
    expect(stored).toEqual({
      id: status.keyId,
      secret: decode(secret, 'x-api-key-secret'),
      name: 'reader key',
      admin: false,
      grants: [
        { pipeline_id: pipelineId, permissions: 5, classifications: ['public'] },
        { pipeline_id: '*', permissions: 4, classifications: '*' },
      ],
    });
  });

  it('keeps the key when the spec changes, updating its grants in Trove', async () => {
    const before = statusOf(api.get('apikeys', 'reader'))!;
    const secretBefore = api.get('secrets', 'reader')!;

    api.update('apikeys', 'reader', (obj) => {
      (obj.spec as { grants: object[] }).grants = [
        { pipeline: 'kb', permissions: 7, classifications: ['public', 'internal'] },
      ];
    });
    await waitFor(
      'observedGeneration 2',
      () => statusOf(api.get('apikeys', 'reader'))?.observedGeneration === 2,
    );

    expect(statusOf(api.get('apikeys', 'reader'))!.keyId).toBe(before.keyId);
    expect(api.get('secrets', 'reader')!.data).toEqual(secretBefore.data);
    const stored = (await host.gateway()).keys.find((k) => k.id === before.keyId)!;
    expect(stored.grants).toEqual([
      {
        pipeline_id: statusOf(api.get('pipelines', 'kb'))!.pipelineId,
        permissions: 7,
        classifications: ['public', 'internal'],
      },
    ]);
  });

  it('mints a new key when its Secret is deleted, and revokes the old one', async () => {
    const old = statusOf(api.get('apikeys', 'reader'))!.keyId!;

    api.remove('secrets', 'reader');

    const key = await readyApiKey('reader', old);
    const secret = await waitFor('the Secret to be back', () => api.get('secrets', 'reader'));
    expect(decode(secret, 'x-api-key')).toBe(statusOf(key)!.keyId);
    const { keys } = await host.gateway();
    expect(keys.find((k) => k.id === old)).toBeUndefined();
    expect(keys.find((k) => k.id === statusOf(key)!.keyId)?.secret).toBe(decode(secret, 'x-api-key-secret'));
    const events = api.list('events').filter((e) => (e.involvedObject as { name: string }).name === 'reader');
    expect(events.map((e) => [e.type, e.reason])).toEqual([
      ['Normal', 'ApiKeyCreated'],
      ['Normal', 'ApiKeyCreated'],
    ]);
  });

  it('mints a new key into the same Secret when Trove no longer knows the key', async () => {
    const old = statusOf(api.get('apikeys', 'reader'))!.keyId!;
    const secretUid = api.get('secrets', 'reader')!.metadata.uid;
    await host.forgetKey(old);

    // Nothing in Kubernetes changed; an annotation is how a user asks for a pass now.
    api.update('apikeys', 'reader', (obj) => {
      obj.metadata.annotations = { 'trove.dev/reconcile': 'now' };
    });

    const key = await readyApiKey('reader', old);
    const secret = api.get('secrets', 'reader')!;
    expect(secret.metadata.uid).toBe(secretUid);
    expect(decode(secret, 'x-api-key')).toBe(statusOf(key)!.keyId);
    const events = api.list('events').filter((e) => (e.involvedObject as { name: string }).name === 'reader');
    expect(events.map((e) => e.reason)).toContain('ApiKeyRotated');
  });

  it('waits for a Pipeline that is not ready, then proceeds as soon as it is', async () => {
    api.create('apikeys', apiKey('early', [{ pipeline: 'later', permissions: 4, classifications: '*' }]));

    const waiting = await waitFor('early to wait', () => {
      const o = api.get('apikeys', 'early');
      return readyOf(o)?.reason === 'PipelineNotReady' ? o : undefined;
    });
    expect(readyOf(waiting)).toMatchObject({
      status: 'False',
      message: 'Waiting for Pipeline later to be ready',
    });
    expect(api.get('secrets', 'early')).toBeUndefined();
    expect((await host.gateway()).keys.filter((k) => k.name === 'early key')).toEqual([]);

    // The requeue delay is a minute in these tests: the Pipeline's own event must wake the ApiKey.
    api.create('pipelines', pipeline('later'));
    const pipelineId = await readyPipelineId('later');
    const key = await readyApiKey('early');
    const stored = (await host.gateway()).keys.find((k) => k.id === statusOf(key)!.keyId)!;
    expect(stored.grants).toEqual([{ pipeline_id: pipelineId, permissions: 4, classifications: '*' }]);
  });

  it('revokes a minted key whose Secret could not be written, and delivers a new one', async () => {
    api.injectFault({ method: 'POST', path: /\/secrets$/, status: 500 });
    api.create('apikeys', apiKey('undelivered', [{ pipeline: '*', permissions: 4, classifications: ['*'] }]));
    const key = await readyApiKey('undelivered');
    const delivered = decode(api.get('secrets', 'undelivered')!, 'x-api-key');
    expect(statusOf(key)!.keyId).toBe(delivered);
    const inTrove = (await host.gateway()).keys.filter((k) => k.name === 'undelivered key');
    expect(inTrove.map((k) => k.id)).toEqual([delivered]);
  });

  it('refuses to take over a Secret it does not own', async () => {
    api.create('secrets', {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'taken' },
      type: 'Opaque',
      data: { token: 'eA==' },
    });
    api.create('apikeys', apiKey('taken', [{ pipeline: '*', permissions: 4 }]));

    const obj = await waitFor('taken to be refused', () => {
      const o = api.get('apikeys', 'taken');
      return readyOf(o)?.reason === 'InvalidSpec' ? o : undefined;
    });
    expect(readyOf(obj)!.message).toContain('Secret taken exists and is not owned by this ApiKey');
    expect(api.get('secrets', 'taken')!.data).toEqual({ token: 'eA==' });
  });

  it('revokes the key when the ApiKey is deleted; its Secret is garbage collected', async () => {
    const { keyId } = statusOf(api.get('apikeys', 'reader'))!;

    api.remove('apikeys', 'reader');

    await waitFor('reader to be gone', () => api.get('apikeys', 'reader') === undefined);
    expect((await host.gateway()).keys.find((k) => k.id === keyId)).toBeUndefined();
    expect(api.get('secrets', 'reader')).toBeUndefined();
  });
});
