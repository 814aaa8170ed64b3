import { KeyCache } from './key-cache';

describe('KeyCache', () => {
  let now = 0;
  beforeEach(() => (now = 1_000_000));

  it('remembers verified credentials against the hash they matched, longer with each use', () => {
    const cache = new KeyCache(() => now);
    cache.rememberVerified('k', 'secret', 'hash-1');
    expect(cache.wasVerified('k', 'secret')).toBe(true);
    expect(cache.wasVerified('k', 'other')).toBe(false);
    expect(cache.verifiedAgainst('k', 'secret', 'hash-2')).toBe(false); // rotated
    now += 9 * 60_000;
    expect(cache.verifiedAgainst('k', 'secret', 'hash-1')).toBe(true);
    now += 9 * 60_000; // 18 minutes after verification, 9 after the last use
    expect(cache.verifiedAgainst('k', 'secret', 'hash-1')).toBe(true);
    now += 10 * 60_000;
    expect(cache.wasVerified('k', 'secret')).toBe(false);
  });

  it('tells a never-read key from a missing one', () => {
    const cache = new KeyCache(() => now);
    expect(cache.lastRow('a')).toBeUndefined();
    cache.rememberRow('a', null);
    expect(cache.lastRow('a')).toBeNull();
  });
});
