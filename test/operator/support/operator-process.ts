/**
 * The jest side of the operator tests: a child Node 22 process running Operator
 * instances (operator-host.ts), driven over IPC. Jest itself never loads
 * @kubernetes/client-node (see src/operator/kube-client.ts for why).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { OperatorOptions } from '../../../src/operator/operator';
import type { ErrorCode } from '../../../src/common/errors';
import type { GatewaySnapshot } from '../fake-trove-gateway';
import { FakeKubeApi } from '../fake-kube-api';
import type { HostCommand, StartCommand } from './operator-host';
import { waitFor } from '../../support/wait';

const ROOT = path.resolve(__dirname, '../../..');
/** Node 22 from the `node` package: the system Node may be older than client-node needs. */
const NODE = path.join(ROOT, 'node_modules/.bin/node');

export interface HostState {
  operators: Record<string, { isLeader: boolean; isReconciling: boolean }>;
  gateway: GatewaySnapshot;
}

/**
 * Short backoffs so that retries end within a test. Resync is an hour, so only
 * watches deliver changes. Leader election keeps its production timings: the first
 * instance acquires a new Lease at once, and a loaded machine cannot make it lose it.
 */
export const FAST: OperatorOptions = {
  resyncSeconds: 3600,
  queue: { baseDelayMs: 20, maxDelayMs: 500 },
  informer: { restartBaseMs: 50, restartMaxMs: 500 },
  pipelineNotReadyRequeueMs: 60_000,
  invalidSpecRequeueMs: 60_000,
};

/** FAST, with a Lease that expires within a test: 2 s, renew deadline 1.5 s, retry every 0.2 s. */
export const SHORT_LEASE: OperatorOptions = {
  ...FAST,
  leaderElection: { leaseDurationMs: 2000, renewDeadlineMs: 1500, retryPeriodMs: 200 },
};

export class OperatorProcess {
  /** The child's log lines (JSON), printed when a test fails to explain it. */
  readonly logs: string[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly child: ChildProcess) {}

  static async spawn(): Promise<OperatorProcess> {
    const child = spawn(NODE, [path.join(__dirname, 'host-entry.cjs')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const host = new OperatorProcess(child);
    let buffered = '';
    const collect = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      host.logs.push(...lines);
      if (process.env.OPERATOR_TEST_LOGS) for (const line of lines) process.stderr.write(`${line}\n`);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`operator host exited (${code}) before it was ready:\n${host.logs.join('\n')}`));
      child.once('exit', onExit);
      child.on(
        'message',
        (message: { id?: number; ready?: boolean; ok?: boolean; result?: unknown; error?: string }) => {
          if (message.ready) {
            child.off('exit', onExit);
            resolve();
            return;
          }
          const waiter = message.id === undefined ? undefined : host.pending.get(message.id);
          if (!waiter) return;
          host.pending.delete(message.id!);
          if (message.ok) waiter.resolve(message.result);
          else waiter.reject(new Error(message.error));
        },
      );
    });
    child.on('exit', (code) => {
      for (const waiter of host.pending.values()) waiter.reject(new Error(`operator host exited (${code})`));
      host.pending.clear();
    });
    return host;
  }

  startOperator(
    api: FakeKubeApi,
    name: string,
    options: OperatorOptions = FAST,
    leaseName = 'trove-operator',
  ): Promise<unknown> {
    const args: StartCommand = {
      name,
      identity: name,
      kubeConfig: api.kubeConfigOptions(name),
      namespace: 'default',
      leaseName,
      options,
    };
    return this.send({ cmd: 'start', args });
  }

  /** `releaseLease: false` simulates a crash: the Lease is left to expire. */
  stopOperator(name: string, releaseLease = true): Promise<unknown> {
    return this.send({ cmd: 'stop', args: { name, releaseLease } });
  }

  state(): Promise<HostState> {
    return this.send({ cmd: 'state', args: {} }) as Promise<HostState>;
  }

  async gateway(): Promise<GatewaySnapshot> {
    return (await this.state()).gateway;
  }

  failGateway(
    method: Extract<HostCommand, { cmd: 'failGateway' }>['args']['method'],
    code: ErrorCode,
    message: string,
    times = 1,
  ) {
    return this.send({ cmd: 'failGateway', args: { method, code, message, times } });
  }

  forgetKey(id: string) {
    return this.send({ cmd: 'forgetKey', args: { id } });
  }

  metric(name: string, labels: Record<string, string> = {}): Promise<number> {
    return this.send({ cmd: 'metric', args: { name, labels } }) as Promise<number>;
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }

  private send(command: HostCommand): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, ...command });
    });
  }
}

/** The usual fixture: a fake API server and one operator, `op`, leading with FAST timings. */
export async function startLeadingOperator(): Promise<{ api: FakeKubeApi; host: OperatorProcess }> {
  const api = await FakeKubeApi.start();
  const host = await OperatorProcess.spawn();
  await host.startOperator(api, 'op', FAST);
  await waitFor('the operator to lead', async () => (await host.state()).operators.op.isReconciling);
  return { api, host };
}
