import { DomainError, ErrorCode } from '../common/errors';
import { hashSecret, verifySecret } from './secret-hash';
import { SecretVerifier } from './secret-verifier';

describe('SecretVerifier', () => {
  it('matches a right secret only, and spends a hash on a missing key too', async () => {
    const hash = await hashSecret('right-secret');
    const seen: string[] = [];
    const verifier = new SecretVerifier(2, async (secret, stored) => {
      seen.push(stored.split('$')[0]);
      return verifySecret(secret, stored);
    });
    expect(await verifier.verify('right-secret', hash)).toBe(true);
    expect(await verifier.verify('wrong-secret', hash)).toBe(false);
    expect(await verifier.verify('right-secret', null)).toBe(false);
    expect(seen).toEqual(['scrypt', 'scrypt', 'scrypt']);
  });

  it('runs at most maxConcurrent hashes at once, and refuses a line too long', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const verifier = new SecretVerifier(2, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      return true;
    });
    const calls = Array.from({ length: 1004 }, () => verifier.verify('s', 'scrypt$1$1$1$a$b'));
    const outcomes = Promise.allSettled(calls);
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const settled = await outcomes;
    expect(most).toBe(2);
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(refused).toHaveLength(2); // 2 running + 1000 waiting fit
    const reason = (refused[0] as PromiseRejectedResult).reason as DomainError;
    expect(reason.code).toBe(ErrorCode.Unavailable);
    expect(reason.retryAfterSeconds).toBe(1);
  });
});
