/**
 * Runs the operator inside Trove when TROVE_OPERATOR_ENABLED is set: every replica
 * campaigns for the Lease and the one holding it reconciles.
 */
import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createLogger } from '../observability/logger';
import { SETTINGS, type Settings } from '../config/settings';
import type { Operator } from './operator';
import { TROVE_GATEWAY, type TroveGateway } from './trove-gateway';

@Injectable()
export class OperatorService implements OnApplicationBootstrap, OnApplicationShutdown {
  private operator?: Operator;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Optional() @Inject(TROVE_GATEWAY) private readonly gateway?: TroveGateway,
  ) {}

  get isLeader(): boolean {
    return this.operator?.isLeader ?? false;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { enabled, namespace, leaseName, identity, resyncSeconds } = this.settings.operator;
    if (!enabled) return;
    if (!this.gateway)
      throw new Error('TROVE_OPERATOR_ENABLED is set but no TROVE_GATEWAY provider is registered');
    // Loaded only here: @kubernetes/client-node is an ES module that needs Node 22,
    // and keeping it out of the static import graph keeps this module loadable by
    // jest and by replicas that do not run the operator (see kube-client.ts).
    const { Operator, loadKubeConfig, kubeConfigNamespace } = await import('./operator.js');
    const kubeConfig = loadKubeConfig();
    this.operator = new Operator({
      kubeConfig,
      gateway: this.gateway,
      namespace: namespace ?? kubeConfigNamespace(kubeConfig),
      identity,
      leaseName,
      options: { resyncSeconds },
      logger: createLogger(this.settings.logLevel).child({ component: 'operator' }),
    });
    this.operator.start();
  }

  /** Hands the Lease back so another replica takes over without waiting for it to expire. */
  async onApplicationShutdown(): Promise<void> {
    await this.operator?.stop();
  }
}
