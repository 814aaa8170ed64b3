import { DomainError, ErrorCode } from '../common/errors';
import { AuthFailureLimiter } from './auth-failure-limiter';

describe('AuthFailureLimiter', () => {
  let now = 0;
  const limiter = (perAddress: number, perKey: number) =>
    new AuthFailureLimiter(
      { maxFailuresPerAddress: perAddress, maxFailuresPerKey: perKey, failureWindowSeconds: 60 },
      () => now,
    );
  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      expect((error as DomainError).code).toBe(ErrorCode.TooManyRequests);
      return error as DomainError;
    }
    throw new Error('not refused');
  };

  beforeEach(() => (now = 1_000_000));

  it('refuses an address after its failures until the window that began with the first ends', () => {
    const limits = limiter(3, 100);
    for (let i = 0; i < 3; i++) {
      limits.check('10.0.0.1', null);
      limits.record('10.0.0.1', null);
      now += 1000;
    }
    const refused = refusal(() => limits.check('10.0.0.1', 'k'));
    expect(refused.message).toBe(
      'Too Many Requests: too many failed authentications from this address; try again later',
    );
    expect(refused.retryAfterSeconds).toBe(57);
    expect(() => limits.check('10.0.0.2', 'k')).not.toThrow();
    now += 57_000;
    expect(() => limits.check('10.0.0.1', 'k')).not.toThrow();
  });

  it('refuses a key id after failures from any addresses, and 0 turns a limit off', () => {
    const limits = limiter(0, 2);
    limits.record('a', 'key');
    limits.record('b', 'key');
    expect(refusal(() => limits.check('c', 'key')).message).toMatch(/for this API key/);
    expect(() => limits.check('c', 'other')).not.toThrow();
    for (let i = 0; i < 50; i++) limits.record('c', null);
    expect(() => limits.check('c', null)).not.toThrow();
  });
});
