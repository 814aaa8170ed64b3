/**
 * What authentication remembers between requests, in this replica's memory:
 *
 * - verified credentials: scrypt is deliberately slow (~50 ms), so a success is
 *   remembered under a digest of the key id and secret, together with the stored
 *   hash it matched: rotating the secret invalidates it. The key row is current for
 *   every request (read, or kept for its generation: ApiKeysService.findRow), so a
 *   disabled or deleted key is refused on its very next one.
 *   Each use extends the entry: a client in use is never hashed again, so failed
 *   attempts of others against its key (rate limited per key id) cannot lock it out;
 * - the last key rows read: used only while the database cannot be reached, so
 *   that a wrong secret for a known key is still a 401 (and a right one gets as
 *   far as the route, which answers 503) rather than every request being a 503.
 *
 * Both are bounded; the oldest entries make room for new ones.
 */
import { createHash } from 'node:crypto';
import type { ApiKeyRow } from './api-keys.repository';

/** How long verified credentials are remembered after their last use. */
const VERIFIED_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

/** A Map that forgets its oldest entry when full, and refreshes an entry's age when set again. */
class BoundedMap<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    super.delete(key);
    if (this.size >= MAX_ENTRIES) super.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

export class KeyCache {
  private readonly verified = new BoundedMap<string, { secretHash: string; until: number }>();
  private readonly rows = new BoundedMap<string, ApiKeyRow | null>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether these credentials were verified lately (before the row is read). */
  wasVerified(keyId: string, secret: string): boolean {
    const entry = this.verified.get(digest(keyId, secret));
    return entry !== undefined && entry.until > this.now();
  }

  /** Whether they were verified lately against this very stored hash; if so, remembers them longer. */
  verifiedAgainst(keyId: string, secret: string, secretHash: string): boolean {
    const entry = this.verified.get(digest(keyId, secret));
    if (entry === undefined || entry.until <= this.now() || entry.secretHash !== secretHash) return false;
    entry.until = this.now() + VERIFIED_TTL_MS;
    return true;
  }

  rememberVerified(keyId: string, secret: string, secretHash: string): void {
    this.verified.set(digest(keyId, secret), { secretHash, until: this.now() + VERIFIED_TTL_MS });
  }

  rememberRow(keyId: string, row: ApiKeyRow | null): void {
    this.rows.set(keyId, row);
  }

  /** The last row read for this id: a row, null (no such key), or undefined (never read). */
  lastRow(keyId: string): ApiKeyRow | null | undefined {
    return this.rows.get(keyId);
  }
}

function digest(keyId: string, secret: string): string {
  return createHash('sha256').update(keyId).update('\0').update(secret).digest('base64');
}
