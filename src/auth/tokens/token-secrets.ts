/**
 * Checking the secret of a bearer token Trove minted, at the cost key secrets have: one
 * scrypt per check (a decoy hash for an unknown token), within the same bound on
 * concurrent hashes (secret-verifier.ts) and the same failure limits per address and
 * per id (auth-failure-limiter.ts) as key secrets, and a success remembered for the next requests of the same
 * token (key-cache.ts), so a client in use is not hashed again.
 */
import { AuthFailureLimiter } from '../auth-failure-limiter';
import { KeyCache } from '../key-cache';
import { SecretVerifier } from '../secret-verifier';

export class TokenSecrets {
  private readonly cache = new KeyCache();
  private readonly limiter: AuthFailureLimiter;
  private readonly verifier: SecretVerifier;

  /** With the limiter and verifier key secrets use (ApiKeysService.secretChecks). */
  constructor(checks: { limiter: AuthFailureLimiter; verifier: SecretVerifier }) {
    this.limiter = checks.limiter;
    this.verifier = checks.verifier;
  }

  /**
   * Whether `secret` is the one of `storedHash` (null: no such token, checked against a
   * decoy). Throws the 429 of an address or token id that failed too often.
   */
  async matches(id: string, secret: string, storedHash: string | null, address: string): Promise<boolean> {
    if (storedHash !== null && this.cache.verifiedAgainst(id, secret, storedHash)) return true;
    this.limiter.check(address, id);
    const matches = await this.verifier.verify(secret, storedHash);
    if (!matches) {
      this.limiter.record(address, id);
      return false;
    }
    this.cache.rememberVerified(id, secret, storedHash!);
    return true;
  }

  /** Counts a token refused before its secret was checked (malformed, a wrong checksum). */
  refused(address: string): void {
    this.limiter.check(address, null);
    this.limiter.record(address, null);
  }
}
