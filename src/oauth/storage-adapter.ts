/**
 * oidc-provider's storage adapter over oauth_records (oauth.repository.ts), one adapter
 * per model kind. Ids are stored as their SHA-256. For codes and tokens the id is the
 * credential itself, so their payload's `jti` copy of it is dropped on the way in and
 * put back, from the id the provider asks for, on the way out; sessions and
 * interactions (found by uid too) keep theirs.
 */
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { isMachineClient, OAuthClientsService } from './clients/oauth-clients.service';
import { OAuthRepository } from './oauth.repository';

/** How a record's id is stored: what the repository finds a token by without holding the token. */
export const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/** The models whose id a client presents as a credential. */
const CREDENTIALS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'RegistrationAccessToken',
  'InitialAccessToken',
]);

/**
 * Clients are records of dynamic registration, except machine clients, which an admin
 * registers over REST (clients/) and the provider finds here.
 */
export function storageAdapter(
  repository: OAuthRepository,
  clients: OAuthClientsService,
): new (kind: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const { jti, ...rest } = payload as AdapterPayload & { jti?: string };
      const secret = CREDENTIALS.has(this.kind) && jti === id;
      await repository.upsert({
        kind: this.kind,
        idHash: hashOf(id),
        payload: secret ? { ...rest, jtiIsId: true } : (payload as Record<string, unknown>),
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresInSeconds: expiresIn ?? null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Client' && isMachineClient(id)) return clients.metadataOf(id);
      return this.restore(await repository.find(this.kind, 'id_hash', hashOf(id)), id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.restore(await repository.find(this.kind, 'uid', uid), undefined);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.restore(await repository.find(this.kind, 'user_code', userCode), undefined);
    }

    async consume(id: string): Promise<void> {
      await repository.consume(this.kind, hashOf(id));
    }

    async destroy(id: string): Promise<void> {
      await repository.destroy(this.kind, hashOf(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await repository.revokeByGrantId(grantId);
    }

    private restore(
      row: Awaited<ReturnType<OAuthRepository['find']>>,
      id: string | undefined,
    ): AdapterPayload | undefined {
      if (row === null) return undefined;
      const { jtiIsId, ...payload } = row.payload as AdapterPayload & { jtiIsId?: boolean };
      // A credential found other than by its id (no such lookup is enabled) cannot be rebuilt.
      if (jtiIsId && id === undefined) return undefined;
      return {
        ...payload,
        ...(jtiIsId ? { jti: id } : {}),
        ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}),
      } as AdapterPayload;
    }
  };
}
