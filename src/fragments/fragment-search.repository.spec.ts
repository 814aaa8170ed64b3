import { scanMode } from './fragment-search.repository';
import { parseMetadataFilter } from './metadata-filter';

describe('scanMode', () => {
  const threshold = 2000;
  const cosine = { strategy: 'cosine' as const, filter: null };
  const filtered = { strategy: 'cosine' as const, filter: parseMetadataFilter({ group: 1 }) };
  const big = { vectors: 100_000, scope: Infinity };

  it('searches a strategy without an index exactly, whatever the sizes', () => {
    expect(scanMode({ ...cosine, strategy: 'euclidean' }, big, threshold)).toBe('exact');
    expect(scanMode({ ...filtered, strategy: 'inner_product' }, big, 0)).toBe('exact');
  });

  it('lets the cosine index serve the other strategies when the vectors all have unit length', () => {
    expect(scanMode({ ...cosine, strategy: 'euclidean' }, { ...big, unit: true }, threshold)).toBe('indexed');
    expect(scanMode({ ...filtered, strategy: 'inner_product' }, { ...big, unit: true }, 0)).toBe('indexed');
    expect(
      scanMode(
        { ...filtered, strategy: 'euclidean' },
        { vectors: 50_000, scope: 10_000, unit: true },
        threshold,
      ),
    ).toBe('exact-if-small');
    expect(
      scanMode(
        { ...cosine, strategy: 'euclidean' },
        { vectors: 100, scope: Infinity, unit: true },
        threshold,
      ),
    ).toBe('exact');
    expect(scanMode({ ...cosine, strategy: 'euclidean' }, { ...big, unit: false }, 0)).toBe('exact');
  });

  it('searches a small vector embedding or a small scope exactly', () => {
    expect(scanMode(cosine, { vectors: 2000, scope: Infinity }, threshold)).toBe('exact');
    expect(scanMode(cosine, { vectors: 2001, scope: 2000 }, threshold)).toBe('exact');
    expect(scanMode(filtered, { vectors: 50_000, scope: 1500 }, threshold)).toBe('exact');
  });

  it("counts a filter's matches in a scope of up to five times the threshold, in the search itself", () => {
    const ranged = { strategy: 'cosine' as const, filter: parseMetadataFilter({ group: { $gt: 1 } }) };
    expect(scanMode(ranged, { vectors: 50_000, scope: 10_000 }, threshold)).toBe('exact-if-small');
    expect(scanMode(ranged, { vectors: 50_000, scope: 10_001 }, threshold)).toBe('indexed');
    // Without a filter the scope's size is all there is to know.
    expect(scanMode(cosine, { vectors: 50_000, scope: 10_000 }, threshold)).toBe('indexed');
  });

  it('counts the matches of a filter the metadata index serves ($eq, $in), in a scope of any size', () => {
    expect(scanMode(filtered, big, threshold)).toBe('exact-if-small');
    const either = parseMetadataFilter({ $or: [{ group: { $in: [1, 2] } }, { team: 'x' }] });
    expect(scanMode({ ...cosine, filter: either }, big, threshold)).toBe('exact-if-small');
    const negated = parseMetadataFilter({ group: { $ne: 1 } });
    expect(scanMode({ ...cosine, filter: negated }, big, threshold)).toBe('indexed');
  });

  it('uses the index for everything cosine when the threshold is 0', () => {
    expect(scanMode(filtered, { vectors: 0, scope: 0 }, 0)).toBe('indexed');
    expect(scanMode(cosine, big, 0)).toBe('indexed');
  });
});
