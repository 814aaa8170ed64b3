/**
 * The child process side of the operator tests (started by operator-process.ts
 * through host-entry.cjs): runs Operator instances against the fake API server,
 * with one shared in-memory Trove, and answers the test's commands over IPC.
 */
import * as k8s from '@kubernetes/client-node';
import { registry } from '../../../src/observability/metrics';
import type { OperatorLogger } from '../../../src/operator/logger';
import { Operator, type OperatorOptions } from '../../../src/operator/operator';
import { FakeTroveGateway } from '../fake-trove-gateway';
import type { ErrorCode } from '../../../src/common/errors';

export interface StartCommand {
  name: string;
  identity: string;
  kubeConfig: object;
  namespace: string;
  leaseName: string;
  options: OperatorOptions;
}

export type HostCommand =
  | { cmd: 'start'; args: StartCommand }
  | { cmd: 'stop'; args: { name: string; releaseLease: boolean } }
  | { cmd: 'state'; args: Record<string, never> }
  | {
      cmd: 'failGateway';
      args: {
        method: 'ensurePipeline' | 'deletePipeline' | 'createApiKey' | 'updateApiKey' | 'deleteApiKey';
        code: ErrorCode;
        message: string;
        times: number;
      };
    }
  | { cmd: 'forgetKey'; args: { id: string } }
  | { cmd: 'metric'; args: { name: string; labels: Record<string, string> } };

const gateway = new FakeTroveGateway();
const operators = new Map<string, Operator>();

function logger(name: string): OperatorLogger {
  const line = (level: string) => (obj: object, msg?: string) =>
    process.stderr.write(
      `${JSON.stringify({ t: new Date().toISOString(), operator: name, level, msg, ...obj })}\n`,
    );
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

const handlers: {
  [C in HostCommand['cmd']]: (args: Extract<HostCommand, { cmd: C }>['args']) => Promise<unknown>;
} = {
  async start({ name, identity, kubeConfig, namespace, leaseName, options }) {
    const kc = new k8s.KubeConfig();
    kc.loadFromOptions(kubeConfig);
    const operator = new Operator({
      kubeConfig: kc,
      gateway,
      namespace,
      identity,
      leaseName,
      options,
      logger: logger(name),
    });
    operators.set(name, operator);
    operator.start();
    return null;
  },
  async stop({ name, releaseLease }) {
    await operators.get(name)?.stop({ releaseLease });
    return null;
  },
  async state() {
    const instances = Object.fromEntries(
      [...operators].map(([name, op]) => [name, { isLeader: op.isLeader, isReconciling: op.isReconciling }]),
    );
    return { operators: instances, gateway: gateway.snapshot() };
  },
  async failGateway({ method, code, message, times }) {
    gateway.failNext(method, code, message, times);
    return null;
  },
  async forgetKey({ id }) {
    gateway.forgetKey(id);
    return null;
  },
  async metric({ name, labels }) {
    const metric = registry.getSingleMetric(name);
    if (!metric) throw new Error(`no metric ${name}`);
    const { values } = await metric.get();
    return values
      .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
      .reduce((sum, v) => sum + v.value, 0);
  },
};

process.on('message', (message: { id: number } & HostCommand) => {
  const handler = handlers[message.cmd] as (args: unknown) => Promise<unknown>;
  handler(message.args).then(
    (result) => process.send!({ id: message.id, ok: true, result }),
    (err: unknown) =>
      process.send!({ id: message.id, ok: false, error: err instanceof Error ? err.stack : String(err) }),
  );
});
// The test process going away (even killed) closes the IPC channel: follow it.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
