/**
 * The authorization server's own secrets: the key that signs what it signs (ID tokens,
 * JWT responses) and the keys of its cookies. Generated at the first start, stored in
 * oauth_keys sealed with the content cipher (so a database dump alone does not hold
 * them), and shared by every replica: the first to start stores them, the others read
 * what it stored.
 */
import { Injectable } from '@nestjs/common';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { ContentCipher } from '../crypto/content-cipher';
import { OAuthRepository } from './oauth.repository';

export interface ServerKeys {
  /** A private JWK (ES256) for the provider's `jwks`. */
  signingKey: Record<string, unknown>;
  /** Keys of the signed cookies (Koa keygrip). */
  cookieKeys: string[];
}

const SIGNING = 'signing';
const COOKIES = 'cookies';

@Injectable()
export class ServerKeysStore {
  constructor(
    private readonly repository: OAuthRepository,
    private readonly cipher: ContentCipher,
  ) {}

  async load(): Promise<ServerKeys> {
    const signing = await this.loadOrCreate(SIGNING, () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };
      return JSON.stringify(jwk);
    });
    const cookies = await this.loadOrCreate(COOKIES, () =>
      JSON.stringify([randomBytes(32).toString('base64url')]),
    );
    return {
      signingKey: JSON.parse(signing) as Record<string, unknown>,
      cookieKeys: JSON.parse(cookies) as string[],
    };
  }

  private async loadOrCreate(name: string, create: () => string): Promise<string> {
    const aad = `oauth-key:${name}`;
    let row = await this.repository.findKey(name);
    if (row === null) {
      const sealed = this.cipher.seal(create(), aad);
      await this.repository.insertKeyIfAbsent(name, sealed.keyId, sealed.data);
      row = await this.repository.findKey(name);
      if (row === null) throw new Error(`oauth key ${name} vanished after it was stored`);
    }
    return this.cipher.open({ data: row.sealed, keyId: row.key_id }, aad).toString('utf8');
  }
}
