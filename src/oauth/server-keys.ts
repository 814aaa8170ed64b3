/**
 * The authorization server's own secrets: the keys that sign what it signs (ID tokens,
 * JWT responses) and the keys of its cookies. Generated at the first start, stored in
 * oauth_keys sealed with the content cipher (so a database dump alone does not hold
 * them), and shared by every replica: the first to start stores them, the others read
 * what it stored.
 *
 * A signing key signs for TROVE_OAUTH_SIGNING_KEY_DAYS; then a new one takes over and
 * the one before stays published in the JWKS for another such period, so what it
 * signed (an ID token a client still holds) keeps verifying while clients pick up the
 * new key. Replicas rotate by compare-and-set on the stored row: one of them replaces
 * it, the others read what it stored.
 */
import { Inject, Injectable } from '@nestjs/common';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { SETTINGS, Settings } from '../config/settings';
import { ContentCipher } from '../crypto/content-cipher';
import { OAuthRepository } from './oauth.repository';

export interface ServerKeys {
  /** Private JWKs (ES256) for the provider's `jwks`, the one that signs first. */
  signingKeys: Record<string, unknown>[];
  /** When the first of them is due to be replaced (ms since the epoch). */
  rotateAt: number;
  /** Keys of the signed cookies (Koa keygrip). */
  cookieKeys: string[];
}

/** A signing key as stored: the JWK and when it began to sign. */
interface StoredSigningKey {
  jwk: Record<string, unknown>;
  createdAt: number;
}

const SIGNING = 'signing';
const COOKIES = 'cookies';
const DAY_MS = 86_400_000;

@Injectable()
export class ServerKeysStore {
  constructor(
    private readonly repository: OAuthRepository,
    private readonly cipher: ContentCipher,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async load(now = Date.now()): Promise<ServerKeys> {
    const signing = await this.signingKeys(now);
    const cookies = await this.loadOrCreate(COOKIES, () =>
      JSON.stringify([randomBytes(32).toString('base64url')]),
    );
    return {
      signingKeys: signing.map((key) => key.jwk),
      rotateAt: signing[0].createdAt + this.period(),
      cookieKeys: JSON.parse(cookies) as string[],
    };
  }

  private period(): number {
    return this.settings.oauth.signingKeyDays * DAY_MS;
  }

  /** The signing keys, newest first, a new one made when the newest is due. */
  private async signingKeys(now: number): Promise<StoredSigningKey[]> {
    const aad = `oauth-key:${SIGNING}`;
    for (;;) {
      const row = await this.repository.findKey(SIGNING);
      if (row === null) {
        await this.store(SIGNING, JSON.stringify([newSigningKey(now)]));
        continue;
      }
      const stored = JSON.parse(
        this.cipher.open({ data: row.sealed, keyId: row.key_id }, aad).toString('utf8'),
      );
      // The first stored form was the bare JWK, signing since the row was written.
      const keys: StoredSigningKey[] = Array.isArray(stored)
        ? stored
        : [{ jwk: stored, createdAt: row.created_at.getTime() }];
      if (now < keys[0].createdAt + this.period()) return keys;
      const rotated = [newSigningKey(now), keys[0]];
      const sealed = this.cipher.seal(JSON.stringify(rotated), aad);
      if (await this.repository.replaceKey(SIGNING, row.sealed, sealed.keyId, sealed.data)) return rotated;
      // Another replica rotated first: read what it stored.
    }
  }

  private async store(name: string, value: string): Promise<void> {
    const sealed = this.cipher.seal(value, `oauth-key:${name}`);
    await this.repository.insertKeyIfAbsent(name, sealed.keyId, sealed.data);
  }

  private async loadOrCreate(name: string, create: () => string): Promise<string> {
    const aad = `oauth-key:${name}`;
    let row = await this.repository.findKey(name);
    if (row === null) {
      await this.store(name, create());
      row = await this.repository.findKey(name);
      if (row === null) throw new Error(`oauth key ${name} vanished after it was stored`);
    }
    return this.cipher.open({ data: row.sealed, keyId: row.key_id }, aad).toString('utf8');
  }
}

function newSigningKey(now: number): StoredSigningKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };
  return { jwk, createdAt: now };
}
