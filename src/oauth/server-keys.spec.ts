import { randomBytes } from 'node:crypto';
import { Settings } from '../config/settings';
import { ContentCipher, ContentCipherCore } from '../crypto/content-cipher';
import { OAuthRepository } from './oauth.repository';
import { ServerKeysStore } from './server-keys';

const DAY = 86_400_000;

/** oauth_keys in memory, with the table's semantics: insert if absent, compare-and-set. */
class KeysTable {
  rows = new Map<string, { key_id: string; sealed: Buffer; created_at: Date }>();
  /** Runs once before the next replace, as another replica's write would. */
  beforeReplace: (() => void) | null = null;

  findKey(name: string) {
    return Promise.resolve(this.rows.get(name) ?? null);
  }
  insertKeyIfAbsent(name: string, keyId: string, sealed: Buffer) {
    if (!this.rows.has(name)) this.rows.set(name, { key_id: keyId, sealed, created_at: new Date() });
    return Promise.resolve();
  }
  replaceKey(name: string, expected: Buffer, keyId: string, sealed: Buffer) {
    const other = this.beforeReplace;
    this.beforeReplace = null;
    other?.();
    const row = this.rows.get(name);
    if (!row || !row.sealed.equals(expected)) return Promise.resolve(false);
    this.rows.set(name, { ...row, key_id: keyId, sealed });
    return Promise.resolve(true);
  }
}

describe('the authorization server keys (ServerKeysStore)', () => {
  const cipher = new ContentCipherCore([{ id: 'k1', key: randomBytes(32) }]) as ContentCipher;
  const settings = { oauth: { signingKeyDays: 30 } } as Settings;
  let table: KeysTable;
  const store = () => new ServerKeysStore(table as unknown as OAuthRepository, cipher, settings);
  const kids = (keys: { signingKeys: Record<string, unknown>[] }) => keys.signingKeys.map((k) => k.kid);

  beforeEach(() => (table = new KeysTable()));

  it('makes one signing key at the first start, which every replica then reads', async () => {
    const now = Date.now();
    const first = await store().load(now);
    const second = await store().load(now + DAY);
    expect(first.signingKeys).toHaveLength(1);
    expect(first.signingKeys[0]).toMatchObject({ alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' });
    expect(first.signingKeys[0].d).toBeDefined(); // the private part, for signing
    expect(kids(second)).toEqual(kids(first));
    expect(first.rotateAt).toBe(now + 30 * DAY);
    expect(second.cookieKeys).toEqual(first.cookieKeys);
    // Stored sealed: the JWK's private part is not in the row.
    expect(table.rows.get('signing')!.sealed.toString('utf8')).not.toContain(String(first.signingKeys[0].d));
  });

  it('rotates when the key is due, keeping the one before published, and drops the one before that', async () => {
    const start = Date.now();
    const first = await store().load(start);
    const rotated = await store().load(start + 30 * DAY);
    expect(rotated.signingKeys).toHaveLength(2);
    expect(rotated.signingKeys[1].kid).toBe(first.signingKeys[0].kid);
    expect(rotated.signingKeys[0].kid).not.toBe(first.signingKeys[0].kid);
    expect(rotated.rotateAt).toBe(start + 60 * DAY);
    // Read again before the next is due: the same two.
    expect(kids(await store().load(start + 45 * DAY))).toEqual(kids(rotated));
    const again = await store().load(start + 60 * DAY);
    expect(kids(again)).toEqual([expect.any(String), rotated.signingKeys[0].kid]);
    expect(kids(again)).not.toContain(first.signingKeys[0].kid);
  });

  it('lets one replica rotate when two find the key due at once; the other reads its keys', async () => {
    const start = Date.now();
    const first = await store().load(start);
    const theirs = [
      { jwk: { kty: 'EC', kid: 'theirs', alg: 'ES256', use: 'sig' }, createdAt: start + 30 * DAY },
      { jwk: first.signingKeys[0], createdAt: start },
    ];
    // Another replica rotates between this one's read and its write.
    table.beforeReplace = () => {
      const sealed = cipher.seal(JSON.stringify(theirs), 'oauth-key:signing');
      table.rows.set('signing', { ...table.rows.get('signing')!, key_id: sealed.keyId, sealed: sealed.data });
    };
    const seen = await store().load(start + 30 * DAY);
    expect(kids(seen)).toEqual(['theirs', first.signingKeys[0].kid]);
    expect(seen.rotateAt).toBe(start + 60 * DAY);
  });

  it('reads the first stored form (the bare JWK), dated by its row', async () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'old', alg: 'ES256', use: 'sig' };
    const sealed = cipher.seal(JSON.stringify(jwk), 'oauth-key:signing');
    const written = Date.now() - 10 * DAY;
    table.rows.set('signing', { key_id: sealed.keyId, sealed: sealed.data, created_at: new Date(written) });
    const keys = await store().load();
    expect(kids(keys)).toEqual(['old']);
    expect(keys.rotateAt).toBe(written + 30 * DAY);
    const rotated = await store().load(written + 30 * DAY);
    expect(kids(rotated)).toEqual([expect.any(String), 'old']);
  });
});
