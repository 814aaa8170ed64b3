import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SETTINGS, Settings } from '../config/settings';
import { GenerationCache } from '../database/cache-generation';
import { DatabaseService, Queryable } from '../database/database.service';
import { DomainError, ErrorCode, Messages, invalid, notFound } from '../common/errors';
import { isUuid, newId } from '../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope } from '../common/list';
import { AuthContext, credentialStampOf, DEFAULT_SCOPES, Grant, Scope } from './auth-context';
import { ApiKeyRow, ApiKeysRepository, existingPipelineIds } from './api-keys.repository';
import { CreateApiKeyDto, UpdateApiKeyDto } from './api-keys.dto';
import { ApiKeyView } from './api-keys.wire';
import { AuthFailureLimiter } from './auth-failure-limiter';
import { GeneratedBootstrapKey } from '../observability/startup-report';
import { writeBootstrapKeyFile } from './bootstrap-key-file';
import { KeyCache } from './key-cache';
import { KeyWatch } from './key-watch';
import { generateSecret, hashSecret } from './secret-hash';
import { SecretVerifier } from './secret-verifier';
import { AuthErrorReason } from './auth-errors';
import { BearerTokens } from './bearer-tokens';

const present = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  admin: row.admin,
  disabled: row.disabled,
  grants: row.grants,
  scopes: row.scopes,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Work a key started (a turn, a session) that its key can no longer be used for. */
export const keyRevoked = () =>
  new DomainError(
    AuthErrorReason.KeyRevoked,
    ErrorCode.Unauthenticated,
    'Unauthorized: the API key was disabled, deleted or given a new secret while this was running',
  );

/** What the list of keys filters on. */
export const API_KEY_FILTERS = {
  name: ['eq', 'ne', 'contains', 'startswith', 'endswith'],
  admin: ['eq'],
} as const;

@Injectable()
export class ApiKeysService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ApiKeysService.name);
  private readonly cache = new KeyCache();
  /** Key rows by id, each with the generation it was read in (src/database/cache-generation.ts). */
  private readonly rows = new GenerationCache<ApiKeyRow>();
  private readonly limiter: AuthFailureLimiter;
  private readonly verifier: SecretVerifier;
  private readonly keyWatch: KeyWatch;
  private generatedBootstrapKey: GeneratedBootstrapKey | null = null;

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly bearerTokens: BearerTokens,
  ) {
    this.limiter = new AuthFailureLimiter(settings.auth);
    this.verifier = new SecretVerifier(settings.auth.maxConcurrentHashes);
    this.keyWatch = new KeyWatch(keys);
  }

  /**
   * The process's one failure limiter and one bound on concurrent secret hashes, shared
   * with the bearer tokens Trove mints (tokens/token-secrets.ts): a client alternating keys
   * and tokens meets the same limits, and hashing stays within one bound.
   */
  get secretChecks(): { limiter: AuthFailureLimiter; verifier: SecretVerifier } {
    return { limiter: this.limiter, verifier: this.verifier };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.bootstrap();
  }

  onModuleDestroy(): void {
    this.keyWatch.stop();
  }

  /**
   * Checks the two headers; throws the contract's 401s, a 429 after too many
   * failures from `clientAddress` or for the key id (auth-failure-limiter.ts), and
   * a 503 when the database is down and the key was never seen (key-cache.ts).
   * Every failure costs one secret hash, whatever the id (secret-verifier.ts).
   */
  async authenticate(keyId: unknown, secret: unknown, clientAddress: string): Promise<AuthContext> {
    if (typeof keyId !== 'string' || typeof secret !== 'string' || keyId === '' || secret === '') {
      throw new DomainError(AuthErrorReason.NoApiKey, ErrorCode.Unauthenticated, Messages.noApiKey);
    }
    const id = isUuid(keyId) ? keyId.toLowerCase() : null;
    const recentlyVerified = id !== null && this.cache.wasVerified(id, secret);
    if (!recentlyVerified) this.limiter.check(clientAddress, id);
    const { row, generation } = id === null ? { row: null, generation: null } : await this.findRow(id);
    const usable = row !== null && !row.disabled;
    if (usable && recentlyVerified && this.cache.verifiedAgainst(row.id, secret, row.secret_hash)) {
      return contextOf(row, generation);
    }
    const matches = await this.verifier.verify(secret, row?.secret_hash ?? null);
    if (!usable || !matches) {
      this.limiter.record(clientAddress, id);
      throw new DomainError(AuthErrorReason.InvalidApiKey, ErrorCode.Unauthenticated, Messages.invalidApiKey);
    }
    this.cache.rememberVerified(row.id, secret, row.secret_hash);
    return contextOf(row, generation);
  }

  /**
   * The key of `auth` as a new request with the same secret would find it now (its
   * grants, scopes and admin flag of the moment), without the secret: for each message
   * of a session the key opened. Null when the key was disabled or deleted, or its
   * secret rotated, since. Read as `authenticate` reads it, the database-down case
   * included. A caller that came with a bearer token Trove minted is asked of the
   * token's authority (bearer-tokens.ts), so every long session re-resolves the same way.
   */
  async current(auth: AuthContext): Promise<AuthContext | null> {
    if (auth.tokenPrefix !== null)
      return (await this.bearerTokens.authorityFor(auth.tokenPrefix)?.current(auth)) ?? null;
    const { row, generation } = await this.findRow(auth.keyId);
    if (row === null || row.disabled) return null;
    if (auth.credentialStamp !== null && credentialStampOf(row.secret_hash) !== auth.credentialStamp)
      return null;
    return contextOf(row, generation);
  }

  /**
   * Calls `revoked` once when the key of `auth` is disabled, deleted or its secret
   * rotated, on any replica (key-watch.ts); returns the function that stops watching.
   */
  watch(auth: AuthContext, revoked: () => void): () => void {
    // A token bound to no key secret (a user's session) has no key to watch: its work
    // re-resolves it through `current` at each step instead.
    if (auth.tokenPrefix !== null && auth.credentialStamp === null) return () => undefined;
    return this.keyWatch.watch(auth.keyId, auth.credentialStamp, revoked);
  }

  /**
   * The key of this id as a request with its secret would find it now (its credential
   * stamp included), without the secret: what a personal access token of the key stands
   * on. Null when there is no such key or it is disabled.
   */
  async contextOf(keyId: string): Promise<AuthContext | null> {
    const { row, generation } = await this.findRow(keyId);
    return row === null || row.disabled ? null : contextOf(row, generation);
  }

  /**
   * The key's row with the cache generation: from memory when the row was read in the
   * generation this process knows to be current (notified, src/database/
   * cache-generation-listener.ts), else read with the generation on the primary; while
   * the database is unreachable, the last row read, if any, and no generation.
   */
  private async findRow(id: string): Promise<{ row: ApiKeyRow | null; generation: string | null }> {
    const known = this.db.knownGeneration();
    const kept = this.rows.get(id, known);
    if (kept !== undefined) return { row: kept, generation: known };
    try {
      const found = await this.keys.findWithGeneration(id);
      this.cache.rememberRow(id, found.row);
      // Only keys that exist: ids of no key would only push real ones out.
      if (found.row !== null) this.rows.set(id, found.row, found.generation);
      return found;
    } catch (error) {
      const remembered = this.cache.lastRow(id);
      if (error instanceof DomainError && error.code === ErrorCode.Unavailable && remembered !== undefined)
        return { row: remembered, generation: null };
      throw error;
    }
  }

  /**
   * What a key may do now, without its secret: for work a key asked for earlier (a
   * queued job), done with the grants it holds when the work is done. Null when the key
   * is disabled or deleted.
   */
  async principal(keyId: string, db?: Queryable): Promise<AuthContext | null> {
    const row = await this.keys.findById(keyId, db);
    return row && !row.disabled ? new AuthContext(row.id, row.admin, row.grants, row.scopes) : null;
  }

  async create(
    dto: Omit<CreateApiKeyDto, 'scopes'> & { scopes?: Scope[] },
  ): Promise<ApiKeyView & { secret: string }> {
    await this.checkGrantPipelines(dto.grants);
    const secret = generateSecret();
    const row = await this.keys.insert({
      id: newId(),
      name: dto.name,
      secret_hash: await hashSecret(secret),
      admin: dto.admin,
      disabled: false,
      grants: dto.grants as Grant[],
      scopes: dto.scopes ?? [...DEFAULT_SCOPES],
    });
    const view = present(row);
    // The secret is returned here and never again.
    return {
      id: view.id,
      secret,
      name: view.name,
      admin: view.admin,
      grants: view.grants,
      created_at: view.created_at,
      scopes: view.scopes,
      disabled: view.disabled,
      updated_at: view.updated_at,
    };
  }

  async list(query: Record<string, unknown>): Promise<ListEnvelope<ApiKeyView>> {
    const parsed = parseListQuery(query, API_KEY_FILTERS);
    return toEnvelope(await this.keys.list(parsed), parsed, present);
  }

  async get(id: string): Promise<ApiKeyView> {
    const row = await this.keys.findById(id);
    if (!row) throw notFound(AuthErrorReason.KeyNotFound, 'API key not found', { id });
    return present(row);
  }

  async update(id: string, dto: UpdateApiKeyDto): Promise<ApiKeyView> {
    if (dto.grants) await this.checkGrantPipelines(dto.grants);
    const row = await this.keys.update(id, { ...dto, grants: dto.grants as Grant[] | undefined });
    if (!row) throw notFound(AuthErrorReason.KeyNotFound, 'API key not found', { id });
    this.keyWatch.changed();
    return present(row);
  }

  /** Issues a new secret for an existing key; the old one stops working at once. */
  async rotateSecret(id: string): Promise<ApiKeyView & { secret: string }> {
    const secret = generateSecret();
    const row = await this.keys.update(id, { secret_hash: await hashSecret(secret) });
    if (!row) throw notFound(AuthErrorReason.KeyNotFound, 'API key not found', { id });
    this.keyWatch.changed();
    return { ...present(row), secret };
  }

  async delete(id: string, caller?: AuthContext): Promise<void> {
    if (caller && caller.keyId === id)
      throw invalid(AuthErrorReason.InvalidKeyRequest, 'a key cannot delete itself');
    if (!(await this.keys.delete(id)))
      throw notFound(AuthErrorReason.KeyNotFound, 'API key not found', { id });
    this.keyWatch.changed();
  }

  /**
   * On an empty database, creates the first admin key: the configured one, or a
   * generated one printed once to the log (takeGeneratedBootstrapKey). Replicas starting together are
   * serialised by an advisory lock, so exactly one key is made.
   */
  async bootstrap(): Promise<void> {
    const configured = this.settings.bootstrapApiKey;
    const made = await this.db.transaction(async (tx) => {
      await this.keys.lockForBootstrap(tx);
      if ((await this.keys.count(tx)) > 0) return null;
      const id = configured?.id ?? newId();
      const secret = configured?.secret ?? generateSecret();
      await this.keys.insert(
        {
          id,
          name: 'bootstrap-admin',
          secret_hash: await hashSecret(secret),
          admin: true,
          disabled: false,
          grants: [],
          scopes: [...DEFAULT_SCOPES],
        },
        tx,
      );
      return { id, secret, generated: configured === null };
    });
    if (made?.generated) {
      // Printed once, by main.ts at the end of start-up (startup-report.ts), not here among the migrations.
      const file =
        this.settings.databaseUrl === null ? writeBootstrapKeyFile(this.settings.dataDir, made) : null;
      this.generatedBootstrapKey = { id: made.id, secret: made.secret, file };
    } else if (made) {
      this.logger.log(`Created the bootstrap admin API key ${made.id} from TROVE_BOOTSTRAP_API_KEY`);
    }
  }

  /** The key this start generated, handed over once (and forgotten here) to be printed. */
  takeGeneratedBootstrapKey(): GeneratedBootstrapKey | null {
    const key = this.generatedBootstrapKey;
    this.generatedBootstrapKey = null;
    return key;
  }

  /** Refuses grants naming a pipeline that does not exist (422 naming the grant). */
  async checkGrantPipelines(grants: { pipeline_id: string }[]): Promise<void> {
    const ids = grants.map((g) => g.pipeline_id).filter((id) => id !== '*');
    const existing = await existingPipelineIds(this.db, ids);
    const index = grants.findIndex((g) => g.pipeline_id !== '*' && !existing.has(g.pipeline_id));
    if (index >= 0)
      throw invalid(
        AuthErrorReason.InvalidKeyRequest,
        `grants[${index}].pipeline_id: pipeline ${grants[index].pipeline_id} does not exist`,
      );
  }
}

const contextOf = (row: ApiKeyRow, generation: string | null) =>
  new AuthContext(row.id, row.admin, row.grants, row.scopes, generation, credentialStampOf(row.secret_hash));
