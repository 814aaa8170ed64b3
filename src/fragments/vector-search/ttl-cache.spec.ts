import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => (now = 1_000));

  it('forgets an entry once its time is up', () => {
    const cache = new TtlCache<number>(100, 10, clock);
    cache.set('a', 1);
    now += 99;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('starts over when full, keeping a key it updates', () => {
    const cache = new TtlCache<number>(100, 2, clock);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('b', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 4);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(4);
  });

  it('loads a value once while it is remembered', async () => {
    const cache = new TtlCache<number>(100, 10, clock);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.through('a', load)).toBe(1);
    expect(await cache.through('a', load)).toBe(1);
    now += 100;
    expect(await cache.through('a', load)).toBe(2);
  });
});
