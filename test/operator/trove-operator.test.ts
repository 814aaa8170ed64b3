/**
 * The operator inside a real Trove process: Pipeline and ApiKey resources in a
 * (fake) Kubernetes API become a pipeline and a working key in Trove, through the
 * same services REST uses (src/operator/service-gateway.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Api } from '../support/http';
import { databaseKinds } from '../support/databases';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { FakeKubeApi, type KubeObject } from './fake-kube-api';
import { waitFor } from '../support/wait';

const readyStatus = (obj: KubeObject | undefined) =>
  (
    obj?.status as { conditions?: { type: string; status: string; reason?: string }[] } | undefined
  )?.conditions?.find((c) => c.type === 'Ready');

describe.each(databaseKinds())('the operator in Trove [%s]', (kind) => {
  let kube: FakeKubeApi;
  let database: TroveDatabase;
  let trove: TroveProcess;
  let api: Api;

  beforeAll(async () => {
    kube = await FakeKubeApi.start();
    const kubeconfig = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trove-kube-')), 'config');
    // A kubeconfig file as kubectl writes it (JSON is YAML), pointing at the fake API server.
    fs.writeFileSync(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'fake', cluster: { server: kube.url, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'trove', user: { token: 'trove' } }],
        contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'trove', namespace: 'default' } }],
        'current-context': 'fake',
      }),
    );
    database = await createTestDatabase(kind);
    trove = await startTrove(database, {
      env: {
        TROVE_OPERATOR_ENABLED: 'true',
        TROVE_OPERATOR_NAMESPACE: 'default',
        KUBECONFIG: kubeconfig,
        TROVE_OPERATOR_IDENTITY: 'trove-0',
      },
    });
    api = new Api(trove.url);
  });

  afterAll(async () => {
    await trove?.stop();
    await kube?.close();
    await database?.drop();
  });

  it('reconciles a Pipeline, an ApiKey with its Secret, and their deletion', async () => {
    kube.create('pipelines', {
      apiVersion: 'trove.dev/v1alpha1',
      kind: 'Pipeline',
      metadata: { name: 'support' },
      spec: {
        name: 'support-kb',
        description: 'Support knowledge base',
        embeddingModels: [{ name: 'hash-128', provider: 'hashing', size: 128 }],
        textSplitter: { provider: 'recursive_character', parameters: { chunk_size: 400, chunk_overlap: 40 } },
        fullTextSearch: true,
        classifications: ['public', 'internal'],
        hierarchy: [['internal', 'public']],
      },
    });
    const pipeline = await waitFor(
      'the Pipeline to be Ready',
      () =>
        readyStatus(kube.get('pipelines', 'support'))?.status === 'True'
          ? kube.get('pipelines', 'support')
          : null,
      { timeoutMs: 30_000 },
    );
    const pipelineId = (pipeline.status as { pipelineId: string }).pipelineId;
    const inTrove = await api.get(`/pipelines/${pipelineId}`);
    expect(inTrove.body).toMatchObject({
      name: 'support-kb',
      description: 'Support knowledge base',
      full_text_search: true,
    });
    expect(Object.values(inTrove.body.embedding_models)).toMatchObject([
      { name: 'hash-128', provider: 'hashing', size: 128 },
    ]);
    expect((await api.get(`/pipelines/${pipelineId}/classifications`)).body).toEqual({
      classifications: ['internal', 'public'],
      hierarchy: [['internal', 'public']],
    });

    kube.create('apikeys', {
      apiVersion: 'trove.dev/v1alpha1',
      kind: 'ApiKey',
      metadata: { name: 'assistant' },
      spec: {
        name: 'assistant',
        grants: [{ pipeline: 'support', permissions: 5, classifications: ['*'] }],
        secretName: 'assistant-key',
      },
    });
    const secret = await waitFor('the key Secret', () => kube.get('secrets', 'assistant-key'), {
      timeoutMs: 30_000,
    });
    const data = secret.data as Record<string, string>;
    const key = new Api(trove.url, {
      id: Buffer.from(data['x-api-key'], 'base64').toString(),
      secret: Buffer.from(data['x-api-key-secret'], 'base64').toString(),
    });
    const seen = await key.get('/pipelines');
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((p: { id: string }) => p.id)).toEqual([pipelineId]);

    // Editing the spec updates Trove in place.
    kube.update('pipelines', 'support', (obj) => {
      (obj.spec as { description: string }).description = 'Edited in Kubernetes';
    });
    await waitFor(
      'the description to follow',
      async () => (await api.get(`/pipelines/${pipelineId}`)).body.description === 'Edited in Kubernetes',
      {
        timeoutMs: 30_000,
      },
    );

    // Models and full text are edited in place too, through the same path as PATCH: the
    // model added gets the stored documents' vectors from a reindex job.
    const stored = await api.post(`/pipelines/${pipelineId}/documents`, {
      content: 'Refunds are issued within fourteen days.',
      classification: 'public',
    });
    expect(stored.status).toBe(201);
    kube.update('pipelines', 'support', (obj) => {
      const spec = obj.spec as { embeddingModels: object[]; fullTextSearch: boolean };
      spec.embeddingModels.push({ name: 'hash-64', provider: 'hashing', size: 64 });
      spec.fullTextSearch = false;
    });
    const edited = await waitFor(
      'the second model and full text off',
      async () => {
        const body = (await api.get(`/pipelines/${pipelineId}`)).body;
        return Object.keys(body.embedding_models).length === 2 && !body.full_text_search && body;
      },
      { timeoutMs: 30_000 },
    );
    const added = (Object.values(edited.embedding_models) as { id: string; name: string }[]).find(
      (m) => m.name === 'hash-64',
    )!;
    const reindexed = await waitFor(
      'the reindex job to succeed',
      async () => {
        const jobs = (await api.get(`/jobs?pipeline_id=${pipelineId}&kind=reindex`)).body.data;
        return jobs.length === 1 && jobs[0].state === 'succeeded' && jobs[0];
      },
      { timeoutMs: 30_000 },
    );
    expect(reindexed).toMatchObject({ processed: 1, total: 1 });
    const found = await api.post(`/pipelines/${pipelineId}/search`, {
      type: 'similarity',
      query: 'refunds',
      classifications: ['public'],
      params: { k: 1, embedding: added.id },
    });
    expect(found.status).toBe(200);
    expect(found.body[0].page_content).toBe('Refunds are issued within fourteen days.');
    await waitFor(
      'the Pipeline to stay Ready',
      () => readyStatus(kube.get('pipelines', 'support'))?.status === 'True',
    );

    // Deleting the ApiKey revokes the key; deleting the Pipeline deletes it in Trove.
    kube.remove('apikeys', 'assistant');
    await waitFor('the key to be revoked', async () => (await key.get('/pipelines')).status === 401, {
      timeoutMs: 30_000,
    });
    kube.remove('pipelines', 'support');
    await waitFor(
      'the pipeline to be deleted',
      async () => (await api.get(`/pipelines/${pipelineId}`)).status === 404,
      { timeoutMs: 30_000 },
    );
    await waitFor('the resource to be gone', () => kube.get('pipelines', 'support') === undefined, {
      timeoutMs: 30_000,
    });
  });
});
