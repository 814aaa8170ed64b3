/**
 * A small Kubernetes API server (node:http on 127.0.0.1) speaking the part of the
 * API the operator uses, with the semantics that matter to a controller:
 *
 * - one global resourceVersion; optimistic concurrency (409 on a stale
 *   resourceVersion in PUT, or in a merge patch that carries one);
 * - CRDs with a status subresource: the main resource ignores status, /status
 *   changes only status, `generation` moves on spec changes only;
 * - finalizers: DELETE only sets deletionTimestamp while finalizers remain, the
 *   object goes when the last one is removed; owned objects are garbage collected;
 * - list, and watch as chunked JSON lines from a resourceVersion, with bookmarks,
 *   label selectors and `timeoutSeconds`.
 *
 * And hooks a test needs to break things: expire watches (410 Gone, as an ERROR event
 * or an HTTP status), drop watch connections, inject failures on any request, and a
 * log of every request with the caller's bearer token.
 *
 * Tests change objects through the same code path as API clients (create, update,
 * remove), as kubectl would.
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObjectMeta } from '../../src/operator/crds';

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta & { [key: string]: unknown };
  [key: string]: unknown;
}

interface ResourceType {
  prefix: string;
  plural: string;
  kind: string;
  apiVersion: string;
  /** A custom resource with a status subresource: generation and status rules apply. */
  crd: boolean;
}

const TYPES: ResourceType[] = [
  {
    prefix: '/apis/trove.dev/v1alpha1',
    plural: 'pipelines',
    kind: 'Pipeline',
    apiVersion: 'trove.dev/v1alpha1',
    crd: true,
  },
  {
    prefix: '/apis/trove.dev/v1alpha1',
    plural: 'apikeys',
    kind: 'ApiKey',
    apiVersion: 'trove.dev/v1alpha1',
    crd: true,
  },
  { prefix: '/api/v1', plural: 'secrets', kind: 'Secret', apiVersion: 'v1', crd: false },
  { prefix: '/api/v1', plural: 'events', kind: 'Event', apiVersion: 'v1', crd: false },
  {
    prefix: '/apis/coordination.k8s.io/v1',
    plural: 'leases',
    kind: 'Lease',
    apiVersion: 'coordination.k8s.io/v1',
    crd: false,
  },
];

export type Plural = 'pipelines' | 'apikeys' | 'secrets' | 'events' | 'leases';

export interface RequestRecord {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The bearer token: tests give each operator instance its own. */
  user: string;
  status: number;
  watch: boolean;
}

export interface Fault {
  method?: string;
  path: RegExp;
  status: number;
  /** How many matching requests fail; Infinity until removed. */
  times: number;
  message?: string;
}

interface HistoryEntry {
  rv: number;
  plural: string;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

interface Watcher {
  type: ResourceType;
  namespace: string;
  selector: string | undefined;
  bookmarks: boolean;
  res: http.ServerResponse;
  req: http.IncomingMessage;
  timer?: NodeJS.Timeout;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const clone = <T>(value: T): T => structuredClone(value);

export class FakeKubeApi {
  /** How a watch from a compacted resourceVersion is refused. */
  expiredWatchResponse: 'event' | 'http' = 'event';
  readonly requests: RequestRecord[] = [];

  private rv = 1;
  private compactedBelow = 0;
  private seq = 0;
  private readonly objects = new Map<string, KubeObject>();
  private readonly history: HistoryEntry[] = [];
  private readonly watchers = new Set<Watcher>();
  private readonly faults: Fault[] = [];
  private readonly server: http.Server;
  private port = 0;

  private constructor() {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.sendError(res, new HttpError(500, 'InternalError', String(err)));
      });
    });
  }

  static async start(): Promise<FakeKubeApi> {
    const api = new FakeKubeApi();
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    api.port = (api.server.address() as AddressInfo).port;
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Options for client-node's `KubeConfig.loadFromOptions`, authenticating as `user`. */
  kubeConfigOptions(user: string): object {
    return {
      clusters: [{ name: 'fake', server: this.url, skipTLSVerify: true }],
      users: [{ name: 'u', token: user }],
      contexts: [{ name: 'c', cluster: 'fake', user: 'u', namespace: 'default' }],
      currentContext: 'c',
    };
  }

  async close(): Promise<void> {
    for (const watcher of this.watchers) watcher.res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- the test's side: objects, as kubectl would change them

  get(plural: Plural, name: string, namespace = 'default'): KubeObject | undefined {
    const obj = this.objects.get(storeKey(plural, namespace, name));
    return obj && clone(obj);
  }

  list(plural: Plural, namespace = 'default'): KubeObject[] {
    return [...this.objects.values()]
      .filter((o) => typeOf(o).plural === plural && o.metadata.namespace === namespace)
      .map(clone);
  }

  create(
    plural: Plural,
    obj: Omit<KubeObject, 'metadata'> & { metadata: Partial<KubeObject['metadata']> & { name: string } },
  ): KubeObject {
    return clone(
      this.createObject(typeByPlural(plural), obj.metadata.namespace ?? 'default', obj as KubeObject),
    );
  }

  /** Read, change, write back: spec changes bump the generation. */
  update(plural: Plural, name: string, change: (obj: KubeObject) => void, namespace = 'default'): KubeObject {
    const current = this.mustGet(typeByPlural(plural), namespace, name);
    const next = clone(current);
    change(next);
    return clone(this.commit(typeByPlural(plural), current, next, 'main'));
  }

  remove(plural: Plural, name: string, namespace = 'default'): void {
    this.deleteObject(typeByPlural(plural), namespace, name);
  }

  // ---- the test's side: breaking things

  /** Fails matching requests with `status`; returns a function that removes the fault. */
  injectFault(fault: Omit<Fault, 'times'> & { times?: number }): () => void {
    const entry: Fault = { times: 1, ...fault };
    this.faults.push(entry);
    return () => {
      const i = this.faults.indexOf(entry);
      if (i >= 0) this.faults.splice(i, 1);
    };
  }

  /**
   * Forgets history up to now, as etcd compaction does: a watch resuming from an
   * older resourceVersion gets 410 Gone. Other resources moving the global
   * resourceVersion are simulated by a tick, so every version a client holds is older.
   */
  compact(): void {
    this.rv += 1;
    this.compactedBelow = this.rv;
  }

  /** Compacts, then ends the open watches (of one kind) with an ERROR event, code 410. */
  expireWatches(plural?: Plural): void {
    this.compact();
    for (const watcher of this.watchersOf(plural)) {
      this.write(watcher, { type: 'ERROR', object: goneStatus() });
      this.endWatch(watcher);
    }
  }

  /** Ends open watches (of one kind) cleanly, as the server does when `timeoutSeconds` is up. */
  endWatches(plural?: Plural): void {
    for (const watcher of this.watchersOf(plural)) this.endWatch(watcher);
  }

  /** Cuts open watch connections (of one kind) without a word, as a failing network would. */
  dropWatches(plural?: Plural): void {
    for (const watcher of this.watchersOf(plural)) {
      this.watchers.delete(watcher);
      watcher.req.socket.destroy();
    }
  }

  /** Sends a BOOKMARK with the current resourceVersion to the watches that asked for them. */
  bookmark(plural?: Plural): string {
    for (const watcher of this.watchersOf(plural)) {
      if (!watcher.bookmarks) continue;
      this.write(watcher, {
        type: 'BOOKMARK',
        object: {
          kind: watcher.type.kind,
          apiVersion: watcher.type.apiVersion,
          metadata: { resourceVersion: String(this.rv) },
        },
      });
    }
    return String(this.rv);
  }

  /** Every state the object has been in, oldest first (what a watch from the start would see). */
  versions(plural: Plural, name: string, namespace = 'default'): KubeObject[] {
    return this.history
      .filter(
        (e) =>
          e.plural === plural && e.object.metadata.name === name && e.object.metadata.namespace === namespace,
      )
      .map((e) => clone(e.object));
  }

  activeWatches(plural?: Plural, user?: string): number {
    return this.watchersOf(plural).filter((w) => user === undefined || bearer(w.req) === user).length;
  }

  requestsBy(user: string): RequestRecord[] {
    return this.requests.filter((r) => r.user === user);
  }

  // ---- HTTP

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const method = req.method ?? 'GET';
    const watch = query.watch === 'true' || query.watch === '1';
    const record: RequestRecord = {
      seq: ++this.seq,
      method,
      path: url.pathname,
      query,
      user: bearer(req),
      status: 0,
      watch,
    };
    this.requests.push(record);
    res.on('finish', () => (record.status = res.statusCode));
    res.on('close', () => (record.status ||= res.statusCode));

    const body = await readBody(req);
    try {
      const fault = this.faults.find(
        (f) => (!f.method || f.method === method) && f.path.test(url.pathname) && f.times > 0,
      );
      if (fault) {
        fault.times -= 1;
        throw new HttpError(
          fault.status,
          fault.status === 409 ? 'Conflict' : 'InternalError',
          fault.message ?? 'injected fault',
        );
      }
      const route = parsePath(url.pathname);
      if (!route) throw new HttpError(404, 'NotFound', `no route for ${url.pathname}`);
      const { type, namespace, name, subresource } = route;

      if (!name) {
        if (method === 'GET' && watch) return this.startWatch(type, namespace, query, req, res);
        if (method === 'GET') return this.send(res, 200, this.listBody(type, namespace, query.labelSelector));
        if (method === 'POST')
          return this.send(res, 201, this.createObject(type, namespace, parseJson(body)));
        throw new HttpError(405, 'MethodNotAllowed', `${method} on a collection`);
      }
      if (subresource && subresource !== 'status')
        throw new HttpError(404, 'NotFound', `no subresource ${subresource}`);
      const part = subresource === 'status' ? 'status' : 'main';
      switch (method) {
        case 'GET':
          return this.send(res, 200, this.mustGet(type, namespace, name));
        case 'PUT': {
          const incoming = parseJson(body);
          const current = this.mustGet(type, namespace, name);
          checkVersion(current, incoming.metadata?.resourceVersion);
          return this.send(res, 200, this.commit(type, current, incoming, part));
        }
        case 'PATCH': {
          const current = this.mustGet(type, namespace, name);
          const patched = applyPatch(current, String(req.headers['content-type'] ?? ''), parseJson(body));
          checkVersion(current, patched.metadata?.resourceVersion);
          return this.send(res, 200, this.commit(type, current, patched, part));
        }
        case 'DELETE':
          return this.send(res, 200, this.deleteObject(type, namespace, name));
        default:
          throw new HttpError(405, 'MethodNotAllowed', method);
      }
    } catch (err) {
      if (err instanceof HttpError) return this.sendError(res, err);
      throw err;
    }
  }

  private listBody(type: ResourceType, namespace: string, selector?: string) {
    const items = [...this.objects.values()]
      .filter((o) => typeOf(o) === type && o.metadata.namespace === namespace && matches(o, selector))
      .map(clone);
    return {
      apiVersion: type.apiVersion,
      kind: `${type.kind}List`,
      metadata: { resourceVersion: String(this.rv) },
      items,
    };
  }

  private startWatch(
    type: ResourceType,
    namespace: string,
    query: Record<string, string>,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const from = query.resourceVersion ? Number(query.resourceVersion) : undefined;
    if (from !== undefined && from < this.compactedBelow && this.expiredWatchResponse === 'http') {
      throw new HttpError(410, 'Expired', `too old resource version: ${from}`);
    }
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    // The API server answers a watch at once, before any event.
    res.flushHeaders();
    const watcher: Watcher = {
      type,
      namespace,
      selector: query.labelSelector,
      bookmarks: query.allowWatchBookmarks === 'true',
      res,
      req,
    };
    if (from !== undefined && from < this.compactedBelow) {
      this.write(watcher, { type: 'ERROR', object: goneStatus() });
      res.end();
      return;
    }
    if (from === undefined || from === 0) {
      for (const obj of this.objects.values()) {
        if (this.sees(watcher, obj)) this.write(watcher, { type: 'ADDED', object: obj });
      }
    } else {
      for (const entry of this.history) {
        if (entry.rv > from && this.sees(watcher, entry.object))
          this.write(watcher, { type: entry.type, object: entry.object });
      }
    }
    this.watchers.add(watcher);
    const forget = () => {
      clearTimeout(watcher.timer);
      this.watchers.delete(watcher);
    };
    req.on('close', forget);
    res.on('close', forget);
    if (query.timeoutSeconds) {
      watcher.timer = setTimeout(() => this.endWatch(watcher), Number(query.timeoutSeconds) * 1000);
      watcher.timer.unref();
    }
  }

  private sees(watcher: Watcher, obj: KubeObject): boolean {
    return (
      typeOf(obj) === watcher.type &&
      obj.metadata.namespace === watcher.namespace &&
      matches(obj, watcher.selector)
    );
  }

  private watchersOf(plural?: Plural): Watcher[] {
    return [...this.watchers].filter((w) => plural === undefined || w.type.plural === plural);
  }

  private write(watcher: Watcher, event: object): void {
    if (!watcher.res.writableEnded && !watcher.res.destroyed) watcher.res.write(`${JSON.stringify(event)}\n`);
  }

  private endWatch(watcher: Watcher): void {
    this.watchers.delete(watcher);
    clearTimeout(watcher.timer);
    watcher.res.end();
  }

  private publish(type: ResourceType, kind: HistoryEntry['type'], obj: KubeObject): void {
    const object = clone(obj);
    this.history.push({ rv: this.rv, plural: type.plural, type: kind, object });
    for (const watcher of this.watchers) {
      if (this.sees(watcher, object)) this.write(watcher, { type: kind, object });
    }
  }

  // ---- storage semantics

  private mustGet(type: ResourceType, namespace: string, name: string): KubeObject {
    const obj = this.objects.get(storeKey(type.plural, namespace, name));
    if (!obj) throw new HttpError(404, 'NotFound', `${type.plural} "${name}" not found`);
    return obj;
  }

  private createObject(type: ResourceType, namespace: string, incoming: KubeObject): KubeObject {
    const metadata = { ...(incoming.metadata ?? {}) } as KubeObject['metadata'];
    if (!metadata.name && typeof metadata.generateName === 'string')
      metadata.name = metadata.generateName + randomUUID().slice(0, 5);
    if (!metadata.name) throw new HttpError(422, 'Invalid', 'metadata.name is required');
    const key = storeKey(type.plural, namespace, metadata.name);
    if (this.objects.has(key))
      throw new HttpError(409, 'AlreadyExists', `${type.plural} "${metadata.name}" already exists`);
    this.rv += 1;
    const obj: KubeObject = {
      ...clone(incoming),
      apiVersion: type.apiVersion,
      kind: type.kind,
      metadata: {
        ...metadata,
        namespace,
        uid: randomUUID(),
        resourceVersion: String(this.rv),
        creationTimestamp: new Date().toISOString(),
        ...(type.crd ? { generation: 1 } : {}),
      },
    };
    delete obj.metadata.deletionTimestamp;
    if (type.crd) delete obj.status;
    this.objects.set(key, obj);
    this.publish(type, 'ADDED', obj);
    return clone(obj);
  }

  /** Applies an update of the main resource or of its status, as the API server would. */
  private commit(
    type: ResourceType,
    current: KubeObject,
    incoming: KubeObject,
    part: 'main' | 'status',
  ): KubeObject {
    let next: KubeObject;
    if (part === 'status') {
      next = { ...clone(current), status: clone(incoming.status) };
    } else {
      next = { ...clone(incoming), apiVersion: type.apiVersion, kind: type.kind };
      next.metadata = {
        ...clone(incoming.metadata ?? current.metadata),
        name: current.metadata.name,
        namespace: current.metadata.namespace,
        uid: current.metadata.uid,
        creationTimestamp: current.metadata.creationTimestamp,
        generation: current.metadata.generation,
        deletionTimestamp: current.metadata.deletionTimestamp,
      };
      if (!next.metadata.deletionTimestamp) delete next.metadata.deletionTimestamp;
      if (next.metadata.generation === undefined) delete next.metadata.generation;
      if (type.crd) {
        if (current.status === undefined) delete next.status;
        else next.status = clone(current.status);
        if (JSON.stringify(specOf(next)) !== JSON.stringify(specOf(current))) {
          next.metadata.generation = (current.metadata.generation ?? 1) + 1;
        }
      }
    }
    next.metadata.resourceVersion = current.metadata.resourceVersion;
    if (JSON.stringify(next) === JSON.stringify(current)) return clone(current);

    this.rv += 1;
    next.metadata.resourceVersion = String(this.rv);
    const key = storeKey(type.plural, current.metadata.namespace!, current.metadata.name);
    if (next.metadata.deletionTimestamp && !next.metadata.finalizers?.length) {
      this.objects.delete(key);
      this.publish(type, 'DELETED', next);
      this.collectGarbage(next);
      return clone(next);
    }
    this.objects.set(key, next);
    this.publish(type, 'MODIFIED', next);
    return clone(next);
  }

  private deleteObject(type: ResourceType, namespace: string, name: string): KubeObject {
    const current = this.mustGet(type, namespace, name);
    if (current.metadata.finalizers?.length) {
      if (current.metadata.deletionTimestamp) return clone(current);
      const next = clone(current);
      next.metadata.deletionTimestamp = new Date().toISOString();
      this.rv += 1;
      next.metadata.resourceVersion = String(this.rv);
      this.objects.set(storeKey(type.plural, namespace, name), next);
      this.publish(type, 'MODIFIED', next);
      return clone(next);
    }
    this.rv += 1;
    const gone = {
      ...clone(current),
      metadata: { ...clone(current.metadata), resourceVersion: String(this.rv) },
    };
    this.objects.delete(storeKey(type.plural, namespace, name));
    this.publish(type, 'DELETED', gone);
    this.collectGarbage(gone);
    return gone;
  }

  /** Background cascading deletion of the objects `owner` owned. */
  private collectGarbage(owner: KubeObject): void {
    for (const obj of [...this.objects.values()]) {
      if (obj.metadata.ownerReferences?.some((ref) => ref.uid === owner.metadata.uid)) {
        this.deleteObject(typeOf(obj), obj.metadata.namespace!, obj.metadata.name);
      }
    }
  }

  private send(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  private sendError(res: http.ServerResponse, err: HttpError): void {
    this.send(res, err.status, {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: err.message,
      reason: err.reason,
      code: err.status,
    });
  }
}

function typeByPlural(plural: string): ResourceType {
  const type = TYPES.find((t) => t.plural === plural);
  if (!type) throw new Error(`unknown resource ${plural}`);
  return type;
}

function typeOf(obj: KubeObject): ResourceType {
  const type = TYPES.find((t) => t.kind === obj.kind && t.apiVersion === obj.apiVersion);
  if (!type) throw new Error(`unknown kind ${obj.apiVersion}/${obj.kind}`);
  return type;
}

function storeKey(plural: string, namespace: string, name: string): string {
  return `${plural}/${namespace}/${name}`;
}

function parsePath(pathname: string) {
  for (const type of TYPES) {
    if (!pathname.startsWith(`${type.prefix}/namespaces/`)) continue;
    const [namespace, plural, name, subresource, ...rest] = pathname
      .slice(type.prefix.length + '/namespaces/'.length)
      .split('/');
    if (plural !== type.plural || rest.length > 0) continue;
    return {
      type,
      namespace: decodeURIComponent(namespace),
      name: name && decodeURIComponent(name),
      subresource,
    };
  }
  return undefined;
}

/** Everything but metadata and status: what `generation` tracks. */
function specOf(obj: KubeObject): unknown {
  const { metadata: _metadata, status: _status, ...rest } = obj;
  return rest;
}

function checkVersion(current: KubeObject, expected: unknown): void {
  if (
    expected !== undefined &&
    expected !== null &&
    expected !== '' &&
    expected !== current.metadata.resourceVersion
  ) {
    throw new HttpError(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${current.metadata.name}: the object has been modified; please apply your changes to the latest version and try again`,
    );
  }
}

/** Equality-based label selectors: `a=b`, `a==b`, `a!=b`, comma-separated. */
function matches(obj: KubeObject, selector: string | undefined): boolean {
  if (!selector) return true;
  const labels = obj.metadata.labels ?? {};
  return selector.split(',').every((term) => {
    const m = /^([^!=]+)(==|=|!=)(.*)$/.exec(term.trim());
    if (!m) return term.trim() in labels;
    return m[2] === '!=' ? labels[m[1]] !== m[3] : labels[m[1]] === m[3];
  });
}

function goneStatus() {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'too old resource version',
    reason: 'Expired',
    code: 410,
  };
}

function bearer(req: http.IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): KubeObject {
  try {
    return JSON.parse(text) as KubeObject;
  } catch {
    throw new HttpError(400, 'BadRequest', 'body is not JSON');
  }
}

function applyPatch(current: KubeObject, contentType: string, patch: unknown): KubeObject {
  if (contentType.startsWith('application/json-patch+json'))
    return jsonPatch(clone(current), patch as JsonPatchOp[]);
  if (
    contentType.startsWith('application/merge-patch+json') ||
    contentType.startsWith('application/strategic-merge-patch+json')
  ) {
    return mergePatch(clone(current), patch) as KubeObject;
  }
  throw new HttpError(415, 'UnsupportedMediaType', `patch type ${contentType}`);
}

/** RFC 7386. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return clone(patch);
  const out: Record<string, unknown> =
    target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as object) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

interface JsonPatchOp {
  op: 'add' | 'remove' | 'replace' | 'test';
  path: string;
  value?: unknown;
}

/** RFC 6902, the operations clients send (add, remove, replace, test). */
function jsonPatch(doc: KubeObject, ops: JsonPatchOp[]): KubeObject {
  for (const op of ops) {
    const segments = op.path
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = segments.pop()!;
    let parent: any = doc;
    for (const s of segments) {
      parent = parent?.[s];
      if (parent === undefined) throw new HttpError(422, 'Invalid', `path ${op.path} does not exist`);
    }
    const index = Array.isArray(parent) ? (last === '-' ? parent.length : Number(last)) : last;
    switch (op.op) {
      case 'test':
        if (JSON.stringify(parent[index]) !== JSON.stringify(op.value)) {
          // A failed test on resourceVersion is how json-patch clients ask for optimistic locking.
          throw new HttpError(
            last === 'resourceVersion' ? 409 : 422,
            last === 'resourceVersion' ? 'Conflict' : 'Invalid',
            `test failed at ${op.path}`,
          );
        }
        break;
      case 'add':
        if (Array.isArray(parent)) parent.splice(index as number, 0, clone(op.value));
        else parent[index] = clone(op.value);
        break;
      case 'replace':
        if (!(index in parent)) throw new HttpError(422, 'Invalid', `path ${op.path} does not exist`);
        parent[index] = clone(op.value);
        break;
      case 'remove':
        if (Array.isArray(parent)) parent.splice(index as number, 1);
        else delete parent[index];
        break;
    }
  }
  return doc;
}
