/**
 * An informer (list, then watch, with a local cache) that keeps running whatever
 * happens to its watch.
 *
 * client-node's ListWatch (what `makeInformer` builds) already re-lists after a
 * `410 Gone` (an HTTP 410, or an ERROR event with code 410 followed by the end of
 * the stream) and re-watches from the last resourceVersion when the server ends a
 * watch cleanly or the client-side inactivity timeout fires. What it does not do:
 *  - recover from an error: a dropped connection, a failed list or a watch answered
 *    with 5xx reach the `error` callbacks and the informer stops for good. Here every
 *    error restarts it, with exponential backoff;
 *  - ask for bookmarks, which keep its resourceVersion fresh on quiet resources so
 *    a reconnect resumes instead of re-listing;
 *  - close, on stop(), a watch that was still connecting (client-node cannot abort it
 *    before the server answers; it is closed the moment it does).
 * So the ListWatch is built as makeInformer does, but with the Watch below.
 */
import { k8s } from './kube-client';
import type { OperatorLogger } from './logger';

export type InformerEvent = 'add' | 'update' | 'delete';

export interface InformerOptions {
  /** First restart delay after an error; doubles per consecutive error. */
  restartBaseMs?: number;
  restartMaxMs?: number;
}

export class Informer<T extends k8s.KubernetesObject> {
  private readonly watch: ManagedWatch;
  private readonly listWatch: k8s.ListWatch<T>;
  private readonly handlers: ((obj: T, event: InformerEvent) => void)[] = [];
  private stopped = true;
  private consecutiveErrors = 0;
  private restartTimer?: NodeJS.Timeout;
  private readonly restartBaseMs: number;
  private readonly restartMaxMs: number;

  constructor(
    kubeConfig: k8s.KubeConfig,
    private readonly name: string,
    path: string,
    list: () => Promise<k8s.KubernetesListObject<T>>,
    private readonly logger: OperatorLogger,
    options: InformerOptions & { labelSelector?: string } = {},
  ) {
    this.restartBaseMs = options.restartBaseMs ?? 1000;
    this.restartMaxMs = options.restartMaxMs ?? 30_000;
    this.watch = new ManagedWatch(kubeConfig, () => (this.consecutiveErrors = 0));
    const listAndReset = async () => {
      const result = await list();
      this.consecutiveErrors = 0;
      return result;
    };
    this.listWatch = new k8s.ListWatch<T>(path, this.watch, listAndReset, false, options.labelSelector);
    this.listWatch.on('add', (obj) => this.emit(obj, 'add'));
    this.listWatch.on('update', (obj) => this.emit(obj, 'update'));
    this.listWatch.on('delete', (obj) => this.emit(obj, 'delete'));
    this.listWatch.on('error', (err) => this.restartAfterError(err));
  }

  onEvent(handler: (obj: T, event: InformerEvent) => void): void {
    this.handlers.push(handler);
  }

  /** Resolves once the first list is in the cache and the watch is open (or the first attempt failed). */
  async start(): Promise<void> {
    this.stopped = false;
    this.watch.open();
    await this.listWatch.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    this.watch.close();
    await this.listWatch.stop();
  }

  /** The cached objects. */
  list(): readonly T[] {
    return this.listWatch.list();
  }

  private emit(obj: T, event: InformerEvent): void {
    if (this.stopped) return;
    for (const handler of this.handlers) handler(obj, event);
  }

  private restartAfterError(err: unknown): void {
    if (this.stopped) return;
    this.consecutiveErrors += 1;
    const delay = Math.min(this.restartBaseMs * 2 ** (this.consecutiveErrors - 1), this.restartMaxMs);
    this.logger.warn(
      { informer: this.name, err: String(err), retryInMs: delay },
      'informer lost its watch; restarting',
    );
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (this.stopped) return;
      this.listWatch.start().catch((e: unknown) => this.restartAfterError(e));
    }, delay);
  }
}

/** Random server-side watch timeout, as client-go spreads reconnects: 5 to 10 minutes. */
function watchTimeoutSeconds(): number {
  return 300 + Math.floor(Math.random() * 300);
}

/**
 * A Watch that asks for bookmarks, reports any received event (proof the watch is
 * healthy), and can close every connection it opened, including one still connecting.
 */
class ManagedWatch extends k8s.Watch {
  private readonly controllers = new Set<AbortController>();
  private closed = false;

  constructor(
    kubeConfig: k8s.KubeConfig,
    private readonly onHealthy: () => void,
  ) {
    super(kubeConfig);
  }

  open(): void {
    this.closed = false;
  }

  close(): void {
    this.closed = true;
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
  }

  override async watch(
    path: string,
    queryParams: Record<string, string | number | boolean | undefined>,
    callback: (phase: string, apiObj: any, watchObj?: any) => void, // eslint-disable-line @typescript-eslint/no-explicit-any
    done: (err: any) => void, // eslint-disable-line @typescript-eslint/no-explicit-any
  ): Promise<AbortController> {
    if (this.closed) {
      setImmediate(() => done(null));
      return new AbortController();
    }
    const params = { ...queryParams, allowWatchBookmarks: true, timeoutSeconds: watchTimeoutSeconds() };
    let finished = false;
    let registered: AbortController | undefined;
    const controller = await super.watch(
      path,
      params,
      (phase, obj, raw) => {
        this.onHealthy();
        callback(phase, obj, raw);
      },
      (err) => {
        finished = true;
        if (registered) this.controllers.delete(registered);
        done(err);
      },
    );
    if (!finished) {
      registered = controller;
      this.controllers.add(controller);
    }
    // stop() ran while this watch was connecting: close it now.
    if (this.closed) controller.abort();
    return controller;
  }
}
