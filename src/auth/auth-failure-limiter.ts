/**
 * Rate limits on failed authentications, per client address and per key id.
 *
 * Each address and each key id may fail so many times within a window that
 * starts at its first failure (TROVE_AUTH_MAX_FAILURES_PER_ADDRESS, _PER_KEY,
 * TROVE_AUTH_FAILURE_WINDOW_SECONDS); beyond that its attempts are refused with
 * 429 before any secret is hashed, until the window ends. Credentials verified
 * before are served from the cache and never limited, so a flood of wrong
 * secrets aimed at a key does not lock out the client that holds it.
 *
 * In memory, per replica: a limit is per replica, and a restart forgets it.
 */
import { DomainError, ErrorCode } from '../common/errors';
import { authRateLimited } from '../observability/metrics';
import { AuthErrorReason } from './auth-errors';

/** Entries kept per counter; beyond, the oldest are forgotten (a flood of addresses cannot grow memory). */
const MAX_ENTRIES = 100_000;

interface Window {
  failures: number;
  endsAt: number;
}

class FailureCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until `key` may try again, or null when it may now. */
  blockedFor(key: string): number | null {
    if (this.max === 0) return null;
    const window = this.current(key);
    if (!window || window.failures < this.max) return null;
    return Math.max(1, Math.ceil((window.endsAt - this.now()) / 1000));
  }

  record(key: string): void {
    if (this.max === 0) return;
    const window = this.current(key);
    if (window) {
      window.failures++;
      return;
    }
    if (this.windows.size >= MAX_ENTRIES) this.windows.delete(this.windows.keys().next().value!);
    this.windows.set(key, { failures: 1, endsAt: this.now() + this.windowMs });
  }

  private current(key: string): Window | null {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return null;
    }
    return window ?? null;
  }
}

export interface AuthFailureLimits {
  maxFailuresPerAddress: number;
  maxFailuresPerKey: number;
  failureWindowSeconds: number;
}

export class AuthFailureLimiter {
  private readonly byAddress: FailureCounter;
  private readonly byKey: FailureCounter;

  constructor(limits: AuthFailureLimits, now: () => number = Date.now) {
    const windowMs = limits.failureWindowSeconds * 1000;
    this.byAddress = new FailureCounter(limits.maxFailuresPerAddress, windowMs, now);
    this.byKey = new FailureCounter(limits.maxFailuresPerKey, windowMs, now);
  }

  /** Throws the 429 when the address or the key id failed too often lately. */
  check(address: string, keyId: string | null): void {
    const byAddress = this.byAddress.blockedFor(address);
    if (byAddress !== null) throw tooMany('address', 'from this address', byAddress);
    const byKey = keyId === null ? null : this.byKey.blockedFor(keyId);
    if (byKey !== null) throw tooMany('key', 'for this API key', byKey);
  }

  /** Counts a failure; `keyId` null when the id is not even a UUID (no key can have it). */
  record(address: string, keyId: string | null): void {
    this.byAddress.record(address);
    if (keyId !== null) this.byKey.record(keyId);
  }
}

function tooMany(scope: 'address' | 'key', whose: string, retryAfterSeconds: number): DomainError {
  authRateLimited.inc({ scope });
  return new DomainError(
    AuthErrorReason.TooManyFailures,
    ErrorCode.TooManyRequests,
    `Too Many Requests: too many failed authentications ${whose}; try again later`,
    undefined,
    { retryAfterSeconds },
  );
}
