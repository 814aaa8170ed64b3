/**
 * The operator: leader election, and while leading, the informers and the two
 * reconcile loops (Pipeline, ApiKey). Plain code, no Nest, so a test can run several
 * instances against one API server; operator.service.ts is the Nest wrapper.
 */
import { ApiKeyReconciler } from './api-key.reconciler';
import { ReconcileLoop, type WatchSource } from './reconcile-loop';
import {
  API_KEY,
  API_VERSION,
  MANAGED_BY,
  MANAGED_BY_LABEL,
  objectKey,
  PIPELINE,
  type ApiKey,
  type Pipeline,
} from './crds';
import { EventRecorder } from './event-recorder';
import { Informer, type InformerOptions } from './informer';
import { k8s, KubeClient } from './kube-client';
import { LeaderElector, type LeaderElectionOptions } from './leader-election';
import { silentLogger, type OperatorLogger } from './logger';
import { PipelineReconciler } from './pipeline.reconciler';
import type { ReconcilerDeps } from './resource-reconciler';
import type { TroveGateway } from './trove-gateway';
import type { WorkQueueOptions } from './work-queue';

export interface OperatorOptions {
  /** Every object is reconciled at least this often, changed or not. */
  resyncSeconds?: number;
  /** Concurrent reconciles per kind (never two for one object). */
  workers?: number;
  leaderElection?: LeaderElectionOptions;
  queue?: WorkQueueOptions;
  informer?: InformerOptions;
  pipelineNotReadyRequeueMs?: number;
  invalidSpecRequeueMs?: number;
}

export interface OperatorConfig {
  kubeConfig: k8s.KubeConfig;
  gateway: TroveGateway;
  /** The one namespace whose Pipelines and ApiKeys this operator manages. */
  namespace: string;
  /** This replica's name in the Lease. */
  identity: string;
  leaseName: string;
  options?: OperatorOptions;
  logger?: OperatorLogger;
}

interface Running {
  informers: Informer<k8s.KubernetesObject>[];
  loops: ReconcileLoop[];
}

const COMPONENT = 'trove-operator';

export class Operator {
  private readonly client: KubeClient;
  private readonly elector: LeaderElector;
  private readonly logger: OperatorLogger;
  private running?: Running;
  private stopping: Promise<void> = Promise.resolve();

  constructor(private readonly config: OperatorConfig) {
    this.logger = config.logger ?? silentLogger;
    this.client = new KubeClient(config.kubeConfig, config.namespace);
    this.elector = new LeaderElector({
      ...config.options?.leaderElection,
      client: this.client,
      leaseName: config.leaseName,
      identity: config.identity,
      logger: this.logger,
      onStartedLeading: () => this.startControllers(),
      onStoppedLeading: () => this.stopControllers(),
    });
  }

  get isLeader(): boolean {
    return this.elector.isLeader;
  }

  /** True while the reconcile loops run (this replica leads). */
  get isReconciling(): boolean {
    return this.running !== undefined;
  }

  /** Campaigns for the Lease; the reconcile loops start when it is won. */
  start(): void {
    this.logger.info(
      { namespace: this.config.namespace, identity: this.config.identity },
      'operator starting',
    );
    this.elector.start();
  }

  /**
   * Stops the reconcile loops and leaves the election. `releaseLease: false` leaves the
   * Lease to expire, as a crashed process would.
   */
  async stop({ releaseLease = true }: { releaseLease?: boolean } = {}): Promise<void> {
    await this.elector.stop({ release: releaseLease });
    this.stopControllers();
    await this.stopping;
  }

  private startControllers(): void {
    if (this.running) return;
    const { client, logger } = this;
    const { options = {} } = this.config;
    const informerOptions = options.informer ?? {};
    const deps: ReconcilerDeps = {
      client,
      gateway: this.config.gateway,
      events: new EventRecorder(client, COMPONENT, this.config.identity, logger),
      logger,
      pipelineNotReadyRequeueMs: options.pipelineNotReadyRequeueMs ?? 10_000,
      invalidSpecRequeueMs: options.invalidSpecRequeueMs ?? 300_000,
    };
    const kc = this.config.kubeConfig;
    const pipelines = new Informer(
      kc,
      'pipelines',
      client.customPath(PIPELINE),
      () => client.listObjects(PIPELINE),
      logger,
      informerOptions,
    );
    const apiKeys = new Informer(
      kc,
      'apikeys',
      client.customPath(API_KEY),
      () => client.listObjects(API_KEY),
      logger,
      informerOptions,
    );
    const secrets = new Informer<k8s.KubernetesObject>(
      kc,
      'secrets',
      client.secretsPath(),
      () => client.listSecrets(MANAGED_SECRETS),
      logger,
      {
        ...informerOptions,
        labelSelector: MANAGED_SECRETS,
      },
    );

    const loopOptions = {
      workers: options.workers,
      resyncSeconds: options.resyncSeconds ?? 300,
      queue: options.queue,
      logger,
    };
    const run: Running = {
      informers: [pipelines, apiKeys, secrets],
      loops: [
        new ReconcileLoop(
          new PipelineReconciler(deps),
          { informer: pipelines, keysFor: ownKey, fingerprint: desiredState },
          [],
          loopOptions,
        ),
        new ReconcileLoop(
          new ApiKeyReconciler(deps),
          { informer: apiKeys, keysFor: ownKey, fingerprint: desiredState },
          [
            { informer: pipelines, keysFor: apiKeysNaming(apiKeys), fingerprint: pipelineIdentity },
            { informer: secrets, keysFor: owningApiKey, fingerprint: secretData },
          ],
          loopOptions,
        ),
      ],
    };
    this.running = run;
    for (const loop of run.loops) loop.start();
    for (const informer of run.informers) {
      informer
        .start()
        .catch((err: unknown) => logger.error({ err: String(err) }, 'informer failed to start'));
    }
    logger.info({ namespace: this.config.namespace }, 'controllers started');
  }

  /** Takes effect at once: no reconcile starts and no write begins after this returns. */
  private stopControllers(): void {
    const run = this.running;
    if (!run) return;
    this.running = undefined;
    const stopped = Promise.all([
      ...run.loops.map((loop) => loop.stop()),
      ...run.informers.map((i) => i.stop()),
    ]).then(() => this.logger.info({ namespace: this.config.namespace }, 'controllers stopped'));
    this.stopping = this.stopping.then(() => stopped);
  }
}

// What each informer's events mean to the reconcile loops.

const MANAGED_SECRETS = `${MANAGED_BY_LABEL}=${MANAGED_BY}`;

const ownKey: WatchSource['keysFor'] = (obj) => [objectKey(obj.metadata ?? {})];

/** A spec change (generation), a deletion, or an annotation someone set to nudge the operator. */
const desiredState: WatchSource['fingerprint'] = (obj) =>
  JSON.stringify([obj.metadata?.generation, obj.metadata?.deletionTimestamp, obj.metadata?.annotations]);

/**
 * An ApiKey resolves Pipeline names to Trove ids: a Pipeline that gets its id (or a
 * new one, or goes away) re-runs the ApiKeys that name it.
 */
const apiKeysNaming =
  (apiKeys: Informer<k8s.KubernetesObject>): WatchSource['keysFor'] =>
  (obj) =>
    (apiKeys.list() as unknown as ApiKey[])
      .filter((key) => key.spec?.grants?.some((grant) => grant.pipeline === obj.metadata?.name))
      .map((key) => objectKey(key.metadata));

const pipelineIdentity: WatchSource['fingerprint'] = (obj) =>
  JSON.stringify([(obj as unknown as Pipeline).status?.pipelineId, obj.metadata?.deletionTimestamp]);

/** A Secret edited or deleted by hand re-runs the ApiKey that owns it. */
const owningApiKey: WatchSource['keysFor'] = (obj) =>
  (obj.metadata?.ownerReferences ?? [])
    .filter((ref) => ref.controller && ref.kind === 'ApiKey' && ref.apiVersion === API_VERSION)
    .map((ref) => objectKey({ namespace: obj.metadata?.namespace, name: ref.name }));

const secretData: WatchSource['fingerprint'] = (obj) => JSON.stringify((obj as k8s.V1Secret).data ?? {});

/** In a pod: the service account. Elsewhere: KUBECONFIG, or ~/.kube/config. */
export function loadKubeConfig(env: NodeJS.ProcessEnv = process.env): k8s.KubeConfig {
  const kubeConfig = new k8s.KubeConfig();
  if (env.KUBERNETES_SERVICE_HOST) kubeConfig.loadFromCluster();
  else kubeConfig.loadFromDefault();
  return kubeConfig;
}

/** The namespace of the current context (in a pod: the service account's), else "default". */
export function kubeConfigNamespace(kubeConfig: k8s.KubeConfig): string {
  return kubeConfig.getContextObject(kubeConfig.getCurrentContext())?.namespace || 'default';
}
