import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService, Queryable } from '../database/database.service';
import { DomainError, ErrorCode, Messages, invalid, notFound } from '../common/errors';
import { isUuid, newId } from '../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope } from '../common/list';
import { AuthContext, DEFAULT_SCOPES, Grant, Scope } from './auth-context';
import { ApiKeyRow, ApiKeysRepository, existingPipelineIds } from './api-keys.repository';
import { CreateApiKeyDto, UpdateApiKeyDto } from './api-keys.dto';
import { generateSecret, hashSecret, verifySecret } from './secret-hash';

export interface ApiKeyView {
  id: string;
  name: string;
  admin: boolean;
  disabled: boolean;
  grants: Grant[];
  /** As stored; an admin key has every scope whatever its list says. */
  scopes: Scope[];
  created_at: string;
  updated_at: string;
}

/** How long a successful secret verification is remembered; the key row itself is read on every request. */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

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

@Injectable()
export class ApiKeysService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ApiKeysService.name);
  /**
   * scrypt is deliberately slow (~50 ms); remembering recent successes keeps it off
   * the hot path. The cache key includes the stored hash, so rotating a secret
   * invalidates it, and the row is still read each time, so a disabled or deleted
   * key is refused on its very next request.
   */
  private readonly verified = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bootstrap();
  }

  /** Checks the two headers; throws the contract's 401s. */
  async authenticate(keyId: unknown, secret: unknown): Promise<AuthContext> {
    if (typeof keyId !== 'string' || typeof secret !== 'string' || keyId === '' || secret === '') {
      throw new DomainError(ErrorCode.Unauthenticated, Messages.noApiKey);
    }
    const unauthorized = new DomainError(ErrorCode.Unauthenticated, Messages.invalidApiKey);
    if (!isUuid(keyId)) throw unauthorized;
    const row = await this.keys.findById(keyId.toLowerCase());
    if (!row || row.disabled) throw unauthorized;
    const cacheKey = createHash('sha256')
      .update(row.secret_hash)
      .update('\0')
      .update(secret)
      .digest('base64');
    const until = this.verified.get(cacheKey);
    if (until === undefined || until < Date.now()) {
      if (!(await verifySecret(secret, row.secret_hash))) throw unauthorized;
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.set(cacheKey, Date.now() + VERIFIED_TTL_MS);
    }
    return new AuthContext(row.id, row.admin, row.grants, row.scopes);
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
    const parsed = parseListQuery(query, {
      name: ['eq', 'ne', 'contains', 'startswith', 'endswith'],
      admin: ['eq'],
    });
    return toEnvelope(await this.keys.list(parsed), parsed, present);
  }

  async get(id: string): Promise<ApiKeyView> {
    const row = await this.keys.findById(id);
    if (!row) throw notFound('API key not found', { id });
    return present(row);
  }

  async update(id: string, dto: UpdateApiKeyDto): Promise<ApiKeyView> {
    if (dto.grants) await this.checkGrantPipelines(dto.grants);
    const row = await this.keys.update(id, { ...dto, grants: dto.grants as Grant[] | undefined });
    if (!row) throw notFound('API key not found', { id });
    return present(row);
  }

  /** Issues a new secret for an existing key; the old one stops working at once. */
  async rotateSecret(id: string): Promise<ApiKeyView & { secret: string }> {
    const secret = generateSecret();
    const row = await this.keys.update(id, { secret_hash: await hashSecret(secret) });
    if (!row) throw notFound('API key not found', { id });
    return { ...present(row), secret };
  }

  async delete(id: string, caller?: AuthContext): Promise<void> {
    if (caller && caller.keyId === id) throw invalid('a key cannot delete itself');
    if (!(await this.keys.delete(id))) throw notFound('API key not found', { id });
  }

  /**
   * On an empty database, creates the first admin key: the configured one, or a
   * generated one printed once to the log. Replicas starting together are
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
      // The contract asks for the generated key to be printed once; it is the only secret ever logged.
      this.logger.warn(
        `Created the bootstrap admin API key. Save it now, it is not shown again: x-api-key=${made.id} x-api-key-secret=${made.secret}`,
      );
    } else if (made) {
      this.logger.log(`Created the bootstrap admin API key ${made.id} from TROVE_BOOTSTRAP_API_KEY`);
    }
  }

  private async checkGrantPipelines(grants: { pipeline_id: string }[]): Promise<void> {
    const ids = grants.map((g) => g.pipeline_id).filter((id) => id !== '*');
    const existing = await existingPipelineIds(this.db, ids);
    const index = grants.findIndex((g) => g.pipeline_id !== '*' && !existing.has(g.pipeline_id));
    if (index >= 0)
      throw invalid(`grants[${index}].pipeline_id: pipeline ${grants[index].pipeline_id} does not exist`);
  }
}
