import { GenerationCache } from './cache-generation';

describe('GenerationCache', () => {
  it('serves an entry only to a request of the generation it was read in', () => {
    const cache = new GenerationCache<string>();
    cache.set('p', 'read at 7', '7');
    expect(cache.get('p', '7')).toBe('read at 7');
    expect(cache.get('p', '8')).toBeUndefined();
    expect(cache.get('p', null)).toBeUndefined();
    expect(cache.get('q', '7')).toBeUndefined();
  });

  it('keeps nothing read without a generation, and replaces an entry read again', () => {
    const cache = new GenerationCache<string>();
    cache.set('p', 'unknown', null);
    expect(cache.get('p', '1')).toBeUndefined();
    cache.set('p', 'old', '1');
    cache.set('p', 'new', '2');
    expect(cache.get('p', '1')).toBeUndefined();
    expect(cache.get('p', '2')).toBe('new');
  });

  it('forgets the oldest entry when full', () => {
    const cache = new GenerationCache<number>();
    for (let i = 0; i <= 1000; i++) cache.set(`k${i}`, i, '1');
    expect(cache.get('k0', '1')).toBeUndefined();
    expect(cache.get('k1', '1')).toBe(1);
    expect(cache.get('k1000', '1')).toBe(1000);
  });
});
