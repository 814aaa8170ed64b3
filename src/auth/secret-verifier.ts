/**
 * Secret verification with a bounded cost.
 *
 * - Every failure costs one scrypt, whatever the key id: an unknown id (or one
 *   that is not a UUID) is checked against a hash of a random secret, a disabled
 *   key against its own hash. Timing then tells nothing about which ids exist.
 * - At most TROVE_AUTH_MAX_CONCURRENT_HASHES hashes run at once (scrypt takes a
 *   libuv thread and 16 MiB for ~50 ms), so a flood of wrong secrets cannot take
 *   every thread from the rest of the process; the others wait in line, and a
 *   line too long is refused with 503 rather than grown without end.
 */
import { DomainError, ErrorCode } from '../common/errors';
import { authSecretHashes } from '../observability/metrics';
import { generateSecret, hashSecret, verifySecret } from './secret-hash';
import { AuthErrorReason } from './auth-errors';

/** Verifications that may wait for a hashing slot; beyond, the request is refused. */
const MAX_WAITING = 1000;

export class SecretVerifier {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private decoy?: Promise<string>;

  constructor(
    private readonly maxConcurrent: number,
    private readonly check: typeof verifySecret = verifySecret,
  ) {}

  /** Whether `secret` matches `storedHash`; with a null hash, does the same work and answers false. */
  async verify(secret: string, storedHash: string | null): Promise<boolean> {
    const hash = storedHash ?? (await this.decoyHash());
    await this.slot();
    try {
      authSecretHashes.inc();
      const matches = await this.check(secret, hash);
      return storedHash !== null && matches;
    } finally {
      this.release();
    }
  }

  /** A hash of a random secret, with the parameters of real ones; made once. */
  private decoyHash(): Promise<string> {
    this.decoy ??= hashSecret(generateSecret());
    return this.decoy;
  }

  private async slot(): Promise<void> {
    if (this.running < this.maxConcurrent) {
      this.running++;
      return;
    }
    if (this.waiting.length >= MAX_WAITING) {
      throw new DomainError(
        AuthErrorReason.Busy,
        ErrorCode.Unavailable,
        'Service Unavailable: too many authentications in progress; try again shortly',
        undefined,
        { retryAfterSeconds: 1 },
      );
    }
    // The slot is handed over by release(), so `running` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
