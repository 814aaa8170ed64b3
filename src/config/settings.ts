/**
 * Settings: the environment, read in one place and validated once at start.
 *
 * Every other module receives the typed `Settings` object (token SETTINGS) and never
 * touches process.env. A bad value stops the start with a message naming the variable.
 */
import * as fs from 'node:fs';
import { isIP } from 'node:net';
import * as path from 'node:path';
import * as os from 'node:os';

export const SETTINGS = Symbol('SETTINGS');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type SessionStore = 'memory' | 'postgres';
/**
 * `published`: /mcp lists the tools exactly as published; `portable`: schemas every MCP client
 * accepts; `strict`: portable, and also in OpenAI's strict function-calling subset.
 */
export type ToolSchemas = 'published' | 'portable' | 'strict';

export interface EncryptionKey {
  id: string;
  key: Buffer;
}

export interface Settings {
  port: number;
  host: string;
  /** A separate port for GET /metrics, which then leaves the API port; null: /metrics on the API port. */
  metricsPort: number | null;
  /**
   * Export trove_evaluation_metric, whose labels name pipelines and searches: by default
   * only when /metrics has a port of its own (the API port's /metrics is public).
   */
  metricsEvaluations: boolean;
  /** The source revision the image was built from (trove_build_info), `unknown` outside an image. */
  revision: string;
  /** null: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  /** Read replicas of DATABASE_URL (TROVE_DATABASE_READ_URL, comma-separated): searches go there. */
  databaseReadUrls: string[];
  dataDir: string;
  /** Where the embedded database's private Unix socket lives. */
  tmpDir: string;
  dbPoolSize: number;
  migrateOnStart: boolean;
  /** Configured keys, the first encrypts new rows; null: generate one in the data folder (embedded only). */
  encryptionKeys: EncryptionKey[] | null;
  bootstrapApiKey: { id: string; secret: string } | null;
  logLevel: LogLevel;
  shutdownGraceSeconds: number;
  /** How long /readyz reports 503 before the server stops accepting, so endpoints can drop the pod. */
  shutdownDrainSeconds: number;
  embeddingTimeoutMs: number;
  /** Query vectors kept per process (src/embeddings/query-embedding-cache.ts); 0: none. */
  queryEmbeddingCacheSize: number;
  /** Calls to OpenAI-compatible chat endpoints: per-attempt timeout (also the longest silence mid-stream) and retries. */
  llm: { timeoutMs: number; maxRetries: number };
  /**
   * Agent turns: fragments retrieved per search, tool-call rounds a model may take, the
   * searches it may ask for in one round and in the whole turn, SSE heartbeat period.
   */
  agents: {
    searchK: number;
    maxToolSteps: number;
    maxToolCallsPerRound: number;
    maxToolCallsPerTurn: number;
    heartbeatSeconds: number;
    /** A running turn's replica touches it every second; one not touched this long is dead, its turn failed. */
    runStaleSeconds: number;
  };
  /**
   * Long event streams (AG-UI turns, legacy MCP SSE sessions): what one may hold for a
   * reader that does not keep up before its writer waits, and how long a reader may hold
   * it so before it is cut off.
   */
  streams: { bufferBytes: number; stallSeconds: number };
  /** HNSW parameters: build-time m and ef_construction for new indexes, query-time ef_search floor. */
  vectorIndex: {
    m: number;
    efConstruction: number;
    efSearch: number;
    exactBelow: number;
    /** Recall tuning (src/fragments/vector-search/recall-tuning.ts): the recall to reach (0: off), and one search in how many is sampled. */
    recallTarget: number;
    recallSampleEvery: number;
  };
  /** Bulk loads: when a vector embedding's index is built after the rows are in, and with what (vector-index-builds.ts). */
  vectorIndexBuild: { memoryMb: number; workers: number };
  /** The most any one PostgreSQL statement may run (0: no limit), and wait for a connection. */
  dbStatementTimeoutMs: number;
  dbConnectTimeoutMs: number;
  /**
   * How long Trove waits for PostgreSQL to answer a statement before it gives up on the
   * connection (0: forever); the server's own limit above cannot fire when the network
   * between them is partitioned.
   */
  dbQueryTimeoutMs: number;
  /** Idle time after which TCP keepalive probes start on a PostgreSQL connection. */
  dbKeepAliveDelayMs: number;
  /** The longest /readyz waits for the database: below the readiness probe's own timeout. */
  readyzTimeoutMs: number;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; empty: trust none. */
  trustedProxies: string[];
  /**
   * The OAuth 2.1 authorization server (src/oauth/): TROVE_PUBLIC_URL is the issuer and the
   * base of the resource URLs (null: `http://localhost:<port>`, the port-forward workflow).
   */
  oauth: OAuthSettings;
  /** What one request may ask for: docs/security.md lists every limit. */
  limits: {
    searchQueryMaxChars: number;
    /** Words of a full-text query. */
    searchQueryMaxTerms: number;
    /** The most fragments (k) and MMR candidates (fetch_k) one search may ask for. */
    searchMaxK: number;
    /** A document's metadata, as JSON text. */
    metadataMaxBytes: number;
    /** Labelled queries and search configurations of one evaluation (src/evaluations). */
    evaluationMaxQueries: number;
    evaluationMaxSearches: number;
  };
  /** Failed authentications: rate limits and the concurrency of secret hashing. */
  auth: {
    maxFailuresPerAddress: number;
    maxFailuresPerKey: number;
    failureWindowSeconds: number;
    maxConcurrentHashes: number;
  };
  mcp: {
    allowedHosts: string[];
    sessionStore: SessionStore;
    sessionIdleSeconds: number;
    /** Open sessions (revisions up to 2025-11-25) per API key, and in all (per replica with the memory store). */
    maxSessionsPerKey: number;
    maxSessions: number;
    serverName: string;
    serverVersion: string;
    instructions: string;
    toolSchemas: ToolSchemas;
  };
  /**
   * The Guided Mind tools' `file_path` on the server: null (the default) reads no
   * server path at all; otherwise only regular files inside this directory.
   */
  uploadRoot: string | null;
  jobs: { worker: boolean; pollMs: number; leaseSeconds: number };
  files: FileLimits & {
    /** Bytes of one upload request, all its files together. */
    maxRequestBytes: number;
    maxPerRequest: number;
    /** Parser processes, hence files read at once by this replica. */
    parseWorkers: number;
    /** Heap of each parser process: a file that needs more is refused, the server lives on. */
    parseHeapMb: number;
  };
  /** Serve the web console (web/, built into dist/ui) at /ui. */
  uiEnabled: boolean;
  operator: {
    enabled: boolean;
    namespace: string | null;
    leaseName: string;
    identity: string;
    resyncSeconds: number;
  };
}

/** What one uploaded file may be and hold; checked while it is read (src/files). */
export interface OAuthSettings {
  publicUrl: string | null;
  /** Dynamic client registration (RFC 7591), TROVE_OAUTH_REGISTRATION. */
  registration: boolean;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  authorizationCodeSeconds: number;
  /** How long the login and consent pages may take, TROVE_OAUTH_INTERACTION_SECONDS. */
  interactionSeconds: number;
  /** How long a signing key signs before a new one takes over, TROVE_OAUTH_SIGNING_KEY_DAYS. */
  signingKeyDays: number;
  /** An HTTPS URL as client_id, its metadata document fetched: TROVE_OAUTH_CLIENT_METADATA_DOCUMENTS. */
  clientMetadataDocuments: boolean;
  /**
   * Whether those fetches may reach private, loopback and link-local addresses,
   * TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: for tests and labs, never a shared cluster.
   */
  clientMetadataAllowPrivate: boolean;
  /** The upstream OpenID Connect provider people sign in with; null: they sign in with an API key. */
  upstream: UpstreamIdentitySettings | null;
}

/** TROVE_OIDC_*: the identity provider the sign-in page sends people to (src/oauth/upstream-sign-in.ts). */
export interface UpstreamIdentitySettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Asked for at the provider; always with `openid`. */
  scopes: string[];
  /** The ID token's claims kept at sign-in, which role bindings compare with. */
  claims: string[];
}

export interface FileLimits {
  maxBytes: number;
  maxPages: number;
  maxCharacters: number;
  /** What a DOCX or XLSX (a ZIP archive) may unpack to. */
  maxUnpackedBytes: number;
  parseTimeoutMs: number;
}

export class SettingsError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'SettingsError';
  }
}

type Env = Record<string, string | undefined>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new SettingsError(name, `expected an integer, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new SettingsError(name, `expected ${min} to ${max}, got ${value}`);
  return value;
}

function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  // (Exponents too: Helm renders a small float as 1e-05.)
  if (!/^\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw))
    throw new SettingsError(name, `expected a number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new SettingsError(name, `expected ${min} to ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new SettingsError(name, `expected true or false, got '${raw}'`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new SettingsError(name, `expected one of ${allowed.join(', ')}, got '${raw}'`);
  }
  return raw as T;
}

/**
 * `TROVE_ENCRYPTION_KEY`: one base64 key of 32 bytes, or a comma-separated list of
 * `id:base64` entries. The first key encrypts new rows; all of them decrypt, which
 * is how a key is rotated: prepend the new key, keep the old ones.
 */
export function parseEncryptionKeys(raw: string, variable = 'TROVE_ENCRYPTION_KEY'): EncryptionKey[] {
  const keys = raw.split(',').map((entry, index) => {
    const trimmed = entry.trim();
    const colon = trimmed.indexOf(':');
    const id = colon > 0 ? trimmed.slice(0, colon) : index === 0 ? 'k1' : `k${index + 1}`;
    const material = colon > 0 ? trimmed.slice(colon + 1) : trimmed;
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(id)) {
      throw new SettingsError(variable, `key id '${id}' must be 1-64 letters, digits, '_', '.' or '-'`);
    }
    const key = Buffer.from(material, 'base64');
    if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== material.replace(/=+$/, '')) {
      throw new SettingsError(variable, `key '${id}' must be 32 bytes encoded in base64`);
    }
    return { id, key };
  });
  const ids = new Set(keys.map((k) => k.id));
  if (ids.size !== keys.length) throw new SettingsError(variable, 'key ids must be unique');
  return keys;
}

function hostList(env: Env, name: string, fallback: string[]): string[] {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const hosts = raw
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (hosts.length === 0) throw new SettingsError(name, 'expected a comma-separated list of host names');
  return hosts;
}

/** TROVE_DATABASE_READ_URL: replicas of a PostgreSQL primary, so only beside DATABASE_URL. */
function readUrls(env: Env, databaseUrl: string | null): string[] {
  const raw = text(env, 'TROVE_DATABASE_READ_URL');
  if (raw === undefined) return [];
  if (databaseUrl === null)
    throw new SettingsError(
      'TROVE_DATABASE_READ_URL',
      'needs DATABASE_URL (replicas of the embedded database do not exist)',
    );
  const urls = raw
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length === 0 || !urls.every((url) => /^postgres(ql)?:\/\//.test(url)))
    throw new SettingsError(
      'TROVE_DATABASE_READ_URL',
      'expected comma-separated postgres:// or postgresql:// URLs',
    );
  return urls;
}

/**
 * The default TROVE_EXACT_SEARCH_BELOW. The embedded database's is higher: a search of
 * 5,000 vectors on PGlite takes about as long exactly as through an index (10 ms), whose
 * build would cost 4-6 s of its one core (docs/benchmarks.md, "Small vector embeddings without an
 * index").
 */
export const EXACT_BELOW = { postgres: 2000, embedded: 5000 };

/**
 * pgvector's HNSW knobs (docs/benchmarks.md measures them): m and ef_construction
 * shape a vector embedding's index when it is built; ef_search is the least number of
 * candidates a query keeps (raised with k, and by recall tuning towards
 * TROVE_SEARCH_RECALL_TARGET, sampling one search in TROVE_SEARCH_RECALL_SAMPLE_EVERY);
 * a vector embedding of at most TROVE_EXACT_SEARCH_BELOW vectors is searched exactly and has no index.
 */
function vectorIndexSettings(env: Env, embedded: boolean): Settings['vectorIndex'] {
  const m = integer(env, 'TROVE_HNSW_M', 16, 2, 100);
  const efConstruction = integer(env, 'TROVE_HNSW_EF_CONSTRUCTION', 128, 4, 1000);
  if (efConstruction < 2 * m) {
    throw new SettingsError(
      'TROVE_HNSW_EF_CONSTRUCTION',
      `must be at least twice TROVE_HNSW_M (${2 * m}), got ${efConstruction}`,
    );
  }
  return {
    m,
    efConstruction,
    efSearch: integer(env, 'TROVE_HNSW_EF_SEARCH', 100, 1, 1000),
    exactBelow: integer(
      env,
      'TROVE_EXACT_SEARCH_BELOW',
      embedded ? EXACT_BELOW.embedded : EXACT_BELOW.postgres,
      0,
      1_000_000,
    ),
    recallTarget: decimal(env, 'TROVE_SEARCH_RECALL_TARGET', 0.97, 0, 1),
    recallSampleEvery: integer(env, 'TROVE_SEARCH_RECALL_SAMPLE_EVERY', 50, 1, 1_000_000),
  };
}

/**
 * Vector indexes are built in the background (src/fragments/vector-index/vector-index-builds.ts),
 * with TROVE_INDEX_BUILD_MEMORY_MB of maintenance_work_mem and up to
 * TROVE_INDEX_BUILD_WORKERS parallel workers (PostgreSQL; PGlite builds alone).
 */
function vectorIndexBuildSettings(env: Env): Settings['vectorIndexBuild'] {
  return {
    memoryMb: integer(env, 'TROVE_INDEX_BUILD_MEMORY_MB', 512, 1, 1_048_576),
    workers: integer(env, 'TROVE_INDEX_BUILD_WORKERS', 2, 0, 64),
  };
}

const MiB = 1024 * 1024;

function fileSettings(env: Env): Settings['files'] {
  const maxBytes = integer(env, 'TROVE_FILES_MAX_BYTES', 50 * MiB, 1, 1024 * MiB);
  const maxRequestBytes = integer(env, 'TROVE_FILES_MAX_REQUEST_BYTES', 100 * MiB, 1, 4096 * MiB);
  if (maxRequestBytes < maxBytes) {
    throw new SettingsError(
      'TROVE_FILES_MAX_REQUEST_BYTES',
      `must be at least TROVE_FILES_MAX_BYTES (${maxBytes}), got ${maxRequestBytes}`,
    );
  }
  return {
    maxBytes,
    maxRequestBytes,
    maxPerRequest: integer(env, 'TROVE_FILES_MAX_PER_REQUEST', 20, 1, 1000),
    maxPages: integer(env, 'TROVE_FILES_MAX_PAGES', 2000, 1, 1_000_000),
    maxCharacters: integer(env, 'TROVE_FILES_MAX_CHARACTERS', 5_000_000, 1, 1_000_000_000),
    maxUnpackedBytes: integer(env, 'TROVE_FILES_MAX_UNPACKED_BYTES', 256 * MiB, 1, 16_384 * MiB),
    parseTimeoutMs: integer(env, 'TROVE_FILES_PARSE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    parseWorkers: integer(env, 'TROVE_FILES_PARSE_WORKERS', 1, 1, 64),
    parseHeapMb: integer(env, 'TROVE_FILES_PARSE_HEAP_MB', 384, 32, 65_536),
  };
}

/** Comma-separated IP addresses or CIDR ranges (`10.0.0.0/8`, `fd00::/8`). */
function proxyList(env: Env, name: string): string[] {
  const raw = text(env, name);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address, prefix, ...rest] = entry.split('/');
      const family = isIP(address);
      const bits = family === 4 ? 32 : 128;
      const badPrefix = prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits);
      if (family === 0 || badPrefix || rest.length > 0)
        throw new SettingsError(name, `expected IP addresses or CIDR ranges, got '${entry}'`);
      return entry;
    });
}

/** Unset: /metrics stays on the API port. Port 0 takes a free port, as PORT does. */
function metricsPort(env: Env): number | null {
  if (text(env, 'TROVE_METRICS_PORT') === undefined) return null;
  const port = integer(env, 'TROVE_METRICS_PORT', 0, 0, 65535);
  if (port !== 0 && port === integer(env, 'PORT', 8080, 0, 65535))
    throw new SettingsError('TROVE_METRICS_PORT', `must differ from PORT (${port})`);
  return port;
}

function limitSettings(env: Env): Settings['limits'] {
  return {
    searchQueryMaxChars: integer(env, 'TROVE_SEARCH_MAX_QUERY_CHARS', 8192, 1, 4 * 1024 * 1024),
    searchQueryMaxTerms: integer(env, 'TROVE_SEARCH_MAX_QUERY_TERMS', 64, 1, 1_000_000),
    searchMaxK: integer(env, 'TROVE_SEARCH_MAX_K', 1000, 1, 65535),
    metadataMaxBytes: integer(env, 'TROVE_METADATA_MAX_BYTES', 65536, 2, 4 * 1024 * 1024),
    evaluationMaxQueries: integer(env, 'TROVE_EVALUATION_MAX_QUERIES', 5000, 1, 1_000_000),
    evaluationMaxSearches: integer(env, 'TROVE_EVALUATION_MAX_SEARCHES', 8, 1, 100),
  };
}

function authSettings(env: Env): Settings['auth'] {
  return {
    maxFailuresPerAddress: integer(env, 'TROVE_AUTH_MAX_FAILURES_PER_ADDRESS', 20, 0, 1_000_000),
    maxFailuresPerKey: integer(env, 'TROVE_AUTH_MAX_FAILURES_PER_KEY', 100, 0, 1_000_000),
    failureWindowSeconds: integer(env, 'TROVE_AUTH_FAILURE_WINDOW_SECONDS', 60, 1, 86_400),
    maxConcurrentHashes: integer(env, 'TROVE_AUTH_MAX_CONCURRENT_HASHES', 2, 1, 64),
  };
}

/**
 * The client's deadline defaults to the server's statement limit and 5 s more, so that
 * the server's own cancellation (which frees it too) comes first when it can; with no
 * statement limit, none.
 */
function databaseDeadlines(env: Env) {
  const dbStatementTimeoutMs = integer(env, 'TROVE_DB_STATEMENT_TIMEOUT_MS', 30_000, 0, 86_400_000);
  return {
    dbStatementTimeoutMs,
    dbConnectTimeoutMs: integer(env, 'TROVE_DB_CONNECT_TIMEOUT_MS', 10_000, 100, 600_000),
    dbQueryTimeoutMs: integer(
      env,
      'TROVE_DB_QUERY_TIMEOUT_MS',
      dbStatementTimeoutMs > 0 ? dbStatementTimeoutMs + 5_000 : 0,
      0,
      86_400_000,
    ),
    dbKeepAliveDelayMs: integer(env, 'TROVE_DB_KEEPALIVE_DELAY_MS', 10_000, 1_000, 3_600_000),
    readyzTimeoutMs: integer(env, 'TROVE_READYZ_TIMEOUT_MS', 2_000, 100, 60_000),
  };
}

/** An absolute, existing directory, or null when unset. */
function uploadRoot(env: Env): string | null {
  const name = 'TROVE_UPLOAD_ROOT';
  const raw = text(env, name);
  if (raw === undefined) return null;
  if (!path.isAbsolute(raw)) throw new SettingsError(name, `expected an absolute path, got '${raw}'`);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(raw);
  } catch {
    throw new SettingsError(name, `'${raw}' does not exist`);
  }
  if (!stat.isDirectory()) throw new SettingsError(name, `'${raw}' is not a directory`);
  return fs.realpathSync(raw);
}

/**
 * TROVE_PUBLIC_URL: an origin (no path, query or fragment), HTTPS unless its host is a
 * loopback name. OAuth 2.1 allows plain HTTP for loopback only; anything else would send
 * codes and tokens in the clear.
 */
function publicUrl(env: Env): string | null {
  const name = 'TROVE_PUBLIC_URL';
  const raw = text(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(name, `expected a URL such as https://trove.example.com, got ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new SettingsError(name, `expected an https:// URL, got ${raw}`);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '')
    throw new SettingsError(name, `expected an origin without path, query or credentials, got ${raw}`);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback)
    throw new SettingsError(name, `must use https:// unless the host is localhost, got ${raw}`);
  return url.origin;
}

/** An issuer, client or redirect URL: HTTPS, or HTTP on a loopback host (a provider on the same machine). */
function secureUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(name, `expected a URL such as https://login.example.com, got ${raw}`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new SettingsError(name, `must use https:// unless the host is localhost, got ${raw}`);
  if (url.search !== '' || url.hash !== '' || url.username !== '')
    throw new SettingsError(name, `expected a URL without query, fragment or credentials, got ${raw}`);
  return url;
}

function wordList(env: Env, name: string, fallback: string[], pattern: RegExp): string[] {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const words = raw.split(/[\s,]+/).filter(Boolean);
  const bad = words.find((word) => !pattern.test(word));
  if (bad !== undefined) throw new SettingsError(name, `'${bad}' is not a valid name`);
  return [...new Set(words)];
}

/**
 * TROVE_OIDC_ISSUER with its client: all three or none. The issuer is the provider's
 * `issuer` exactly as its discovery document states it (a trailing slash matters).
 */
function upstreamSettings(env: Env): UpstreamIdentitySettings | null {
  const issuer = text(env, 'TROVE_OIDC_ISSUER');
  const clientId = text(env, 'TROVE_OIDC_CLIENT_ID');
  const clientSecret = text(env, 'TROVE_OIDC_CLIENT_SECRET');
  if (issuer === undefined) {
    const stray =
      clientId !== undefined
        ? 'TROVE_OIDC_CLIENT_ID'
        : clientSecret !== undefined
          ? 'TROVE_OIDC_CLIENT_SECRET'
          : null;
    if (stray !== null) throw new SettingsError('TROVE_OIDC_ISSUER', `is required when ${stray} is set`);
    return null;
  }
  secureUrl('TROVE_OIDC_ISSUER', issuer);
  if (clientId === undefined)
    throw new SettingsError('TROVE_OIDC_CLIENT_ID', 'is required with TROVE_OIDC_ISSUER');
  if (clientSecret === undefined)
    throw new SettingsError('TROVE_OIDC_CLIENT_SECRET', 'is required with TROVE_OIDC_ISSUER');
  const scopes = wordList(
    env,
    'TROVE_OIDC_SCOPES',
    ['openid', 'email', 'profile'],
    /^[\x21\x23-\x5b\x5d-\x7e]+$/,
  );
  // The claim names may hold what a URL holds (Auth0's namespaced claims), never a space or a comma.
  const claims = wordList(env, 'TROVE_OIDC_CLAIMS', ['groups', 'email'], /^[\x21-\x2b\x2d-\x7e]{1,200}$/);
  return {
    issuer,
    clientId,
    clientSecret,
    scopes: scopes.includes('openid') ? scopes : ['openid', ...scopes],
    claims,
  };
}

function oauthSettings(env: Env): OAuthSettings {
  return {
    publicUrl: publicUrl(env),
    registration: bool(env, 'TROVE_OAUTH_REGISTRATION', true),
    accessTokenSeconds: integer(env, 'TROVE_OAUTH_ACCESS_TOKEN_SECONDS', 3600, 60, 86_400),
    refreshTokenSeconds: integer(env, 'TROVE_OAUTH_REFRESH_TOKEN_SECONDS', 14 * 86_400, 60, 365 * 86_400),
    authorizationCodeSeconds: integer(env, 'TROVE_OAUTH_CODE_SECONDS', 60, 10, 600),
    interactionSeconds: integer(env, 'TROVE_OAUTH_INTERACTION_SECONDS', 600, 60, 3600),
    signingKeyDays: integer(env, 'TROVE_OAUTH_SIGNING_KEY_DAYS', 90, 1, 3650),
    clientMetadataDocuments: bool(env, 'TROVE_OAUTH_CLIENT_METADATA_DOCUMENTS', true),
    clientMetadataAllowPrivate: bool(env, 'TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE', false),
    upstream: upstreamSettings(env),
  };
}

export function loadSettings(env: Env = process.env): Settings {
  const databaseUrl = text(env, 'DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new SettingsError('DATABASE_URL', 'expected a postgres:// or postgresql:// URL');
  }

  const rawKey = text(env, 'TROVE_ENCRYPTION_KEY');
  const encryptionKeys = rawKey === undefined ? null : parseEncryptionKeys(rawKey);
  if (encryptionKeys === null && databaseUrl !== null) {
    // Replicas on a shared database must share the key; generating one per pod would lose data.
    throw new SettingsError('TROVE_ENCRYPTION_KEY', 'is required when DATABASE_URL is set');
  }

  const bootstrapId = text(env, 'TROVE_BOOTSTRAP_API_KEY');
  const bootstrapSecret = text(env, 'TROVE_BOOTSTRAP_API_SECRET');
  if ((bootstrapId === undefined) !== (bootstrapSecret === undefined)) {
    const missing = bootstrapId === undefined ? 'TROVE_BOOTSTRAP_API_KEY' : 'TROVE_BOOTSTRAP_API_SECRET';
    throw new SettingsError(missing, 'must be set together with its pair');
  }
  if (bootstrapId !== undefined && !UUID_RE.test(bootstrapId)) {
    throw new SettingsError('TROVE_BOOTSTRAP_API_KEY', 'expected a UUID');
  }
  if (bootstrapSecret !== undefined && bootstrapSecret.length < 16) {
    throw new SettingsError('TROVE_BOOTSTRAP_API_SECRET', 'expected at least 16 characters');
  }

  // The embedded default is a laptop's: it listens on the loopback interface only. With
  // DATABASE_URL (a server, a container: the image and the chart set it anyway) every interface.
  const host = text(env, 'TROVE_HOST') ?? (databaseUrl === null ? '127.0.0.1' : '0.0.0.0');
  if (isIP(host) === 0 && host !== 'localhost')
    throw new SettingsError('TROVE_HOST', 'expected an IP address');

  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    metricsPort: metricsPort(env),
    metricsEvaluations: bool(env, 'TROVE_METRICS_EVALUATIONS', metricsPort(env) !== null),
    revision: text(env, 'TROVE_REVISION') ?? 'unknown',
    databaseUrl,
    databaseReadUrls: readUrls(env, databaseUrl),
    dataDir: path.resolve(text(env, 'TROVE_DATA_DIR') ?? './data'),
    tmpDir: path.resolve(text(env, 'TROVE_TMP_DIR') ?? os.tmpdir()),
    dbPoolSize: integer(env, 'TROVE_DB_POOL_SIZE', 10, 1, 200),
    migrateOnStart: bool(env, 'TROVE_MIGRATE_ON_START', true),
    encryptionKeys,
    bootstrapApiKey:
      bootstrapId && bootstrapSecret ? { id: bootstrapId.toLowerCase(), secret: bootstrapSecret } : null,
    logLevel: oneOf(
      env,
      'TROVE_LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'info',
    ),
    shutdownGraceSeconds: integer(env, 'TROVE_SHUTDOWN_GRACE_SECONDS', 25, 0, 3600),
    shutdownDrainSeconds: integer(env, 'TROVE_SHUTDOWN_DRAIN_SECONDS', 5, 0, 600),
    embeddingTimeoutMs: integer(env, 'TROVE_EMBEDDING_TIMEOUT_MS', 30_000, 100, 600_000),
    // Off by default: a kept vector answers a repeated query even while its model fails.
    queryEmbeddingCacheSize: integer(env, 'TROVE_QUERY_EMBEDDING_CACHE_SIZE', 0, 0, 1_000_000),
    vectorIndex: vectorIndexSettings(env, databaseUrl === null),
    vectorIndexBuild: vectorIndexBuildSettings(env),
    llm: {
      timeoutMs: integer(env, 'TROVE_LLM_TIMEOUT_MS', 60_000, 100, 600_000),
      maxRetries: integer(env, 'TROVE_LLM_MAX_RETRIES', 3, 0, 10),
    },
    agents: {
      searchK: integer(env, 'TROVE_AGENT_SEARCH_K', 6, 1, 50),
      maxToolSteps: integer(env, 'TROVE_AGENT_MAX_TOOL_STEPS', 3, 0, 10),
      maxToolCallsPerRound: integer(env, 'TROVE_AGENT_MAX_TOOL_CALLS_PER_ROUND', 5, 1, 100),
      maxToolCallsPerTurn: integer(env, 'TROVE_AGENT_MAX_TOOL_CALLS_PER_TURN', 10, 1, 1000),
      heartbeatSeconds: integer(env, 'TROVE_AGENT_HEARTBEAT_SECONDS', 15, 1, 300),
      runStaleSeconds: integer(env, 'TROVE_AGENT_RUN_STALE_SECONDS', 30, 3, 3600),
    },
    streams: {
      bufferBytes: integer(env, 'TROVE_STREAM_BUFFER_BYTES', 1_048_576, 65_536, 1_073_741_824),
      stallSeconds: integer(env, 'TROVE_STREAM_STALL_SECONDS', 30, 1, 3600),
    },
    ...databaseDeadlines(env),
    trustedProxies: proxyList(env, 'TROVE_TRUSTED_PROXIES'),
    oauth: oauthSettings(env),
    limits: limitSettings(env),
    auth: authSettings(env),
    mcp: {
      allowedHosts: hostList(env, 'TROVE_MCP_ALLOWED_HOSTS', ['localhost', '127.0.0.1', '::1']),
      sessionStore: oneOf(env, 'TROVE_MCP_SESSION_STORE', ['memory', 'postgres'] as const, 'memory'),
      sessionIdleSeconds: integer(env, 'TROVE_MCP_SESSION_IDLE_SECONDS', 300, 1, 86_400),
      maxSessionsPerKey: integer(env, 'TROVE_MCP_MAX_SESSIONS_PER_KEY', 100, 1, 1_000_000),
      maxSessions: integer(env, 'TROVE_MCP_MAX_SESSIONS', 10_000, 1, 10_000_000),
      serverName: text(env, 'TROVE_MCP_SERVER_NAME') ?? 'rmcp',
      serverVersion: text(env, 'TROVE_MCP_SERVER_VERSION') ?? '3.1.4',
      instructions: text(env, 'TROVE_MCP_INSTRUCTIONS') ?? 'Foundation4.ai',
      toolSchemas: oneOf(
        env,
        'TROVE_MCP_TOOL_SCHEMAS',
        ['published', 'portable', 'strict'] as const,
        'published',
      ),
    },
    uploadRoot: uploadRoot(env),
    jobs: {
      worker: bool(env, 'TROVE_JOBS_WORKER', true),
      pollMs: integer(env, 'TROVE_JOBS_POLL_MS', 1000, 10, 600_000),
      leaseSeconds: integer(env, 'TROVE_JOBS_LEASE_SECONDS', 60, 1, 86_400),
    },
    files: fileSettings(env),
    uiEnabled: bool(env, 'TROVE_UI_ENABLED', true),
    operator: {
      enabled: bool(env, 'TROVE_OPERATOR_ENABLED', false),
      namespace: text(env, 'TROVE_OPERATOR_NAMESPACE') ?? null,
      leaseName: text(env, 'TROVE_OPERATOR_LEASE_NAME') ?? 'trove-operator',
      identity: text(env, 'TROVE_OPERATOR_IDENTITY') ?? text(env, 'HOSTNAME') ?? os.hostname(),
      resyncSeconds: integer(env, 'TROVE_OPERATOR_RESYNC_SECONDS', 300, 1, 86_400),
    },
  };
}
