import { QueryEmbeddingCache } from './query-embedding-cache';

describe('QueryEmbeddingCache', () => {
  it('keeps vectors by model and exact text, and hands out copies', () => {
    const cache = new QueryEmbeddingCache(10);
    cache.set('["a"]', 'otters', [1, 2]);
    expect(cache.get('["a"]', 'otters')).toEqual([1, 2]);
    expect(cache.get('["b"]', 'otters')).toBeUndefined();
    expect(cache.get('["a"]', 'Otters')).toBeUndefined();
    cache.get('["a"]', 'otters')!.push(3);
    expect(cache.get('["a"]', 'otters')).toEqual([1, 2]);
  });

  it('forgets the least recently used entry when full, and keeps nothing at size 0', () => {
    const cache = new QueryEmbeddingCache(2);
    cache.set('m', 'one', [1]);
    cache.set('m', 'two', [2]);
    cache.get('m', 'one');
    cache.set('m', 'three', [3]);
    expect([cache.has('m', 'one'), cache.has('m', 'two'), cache.has('m', 'three')]).toEqual([
      true,
      false,
      true,
    ]);
    const off = new QueryEmbeddingCache(0);
    off.set('m', 'one', [1]);
    expect(off.size).toBe(0);
  });
});
