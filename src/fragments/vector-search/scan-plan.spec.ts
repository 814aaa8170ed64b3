import { parseMetadataFilter } from '../metadata-filter';
import { planScan } from './scan-plan';

describe('planScan', () => {
  const threshold = 2000;
  const cosine = { strategy: 'cosine' as const, filter: null };
  const filtered = { strategy: 'cosine' as const, filter: parseMetadataFilter({ group: 1 }) };
  const big = { vectors: 100_000, scope: Infinity };

  it('searches a strategy without an index exactly, whatever the sizes', () => {
    expect(planScan({ ...cosine, strategy: 'euclidean' }, big, threshold)).toBe('exact');
    expect(planScan({ ...filtered, strategy: 'inner_product' }, big, 0)).toBe('exact');
  });

  it('lets the cosine index serve the other strategies when the vectors all have unit length', () => {
    expect(planScan({ ...cosine, strategy: 'euclidean' }, { ...big, unit: true }, threshold)).toBe('indexed');
    expect(planScan({ ...filtered, strategy: 'inner_product' }, { ...big, unit: true }, 0)).toBe('indexed');
    expect(
      planScan(
        { ...filtered, strategy: 'euclidean' },
        { vectors: 50_000, scope: 10_000, unit: true },
        threshold,
      ),
    ).toBe('exact-if-small');
    expect(
      planScan(
        { ...cosine, strategy: 'euclidean' },
        { vectors: 100, scope: Infinity, unit: true },
        threshold,
      ),
    ).toBe('exact');
    expect(planScan({ ...cosine, strategy: 'euclidean' }, { ...big, unit: false }, 0)).toBe('exact');
  });

  it('searches a small vector embedding or a small scope exactly', () => {
    expect(planScan(cosine, { vectors: 2000, scope: Infinity }, threshold)).toBe('exact');
    expect(planScan(cosine, { vectors: 2001, scope: 2000 }, threshold)).toBe('exact');
    expect(planScan(filtered, { vectors: 50_000, scope: 1500 }, threshold)).toBe('exact');
  });

  it("counts a filter's matches in a scope of up to five times the threshold, in the search itself", () => {
    const ranged = { strategy: 'cosine' as const, filter: parseMetadataFilter({ group: { $gt: 1 } }) };
    expect(planScan(ranged, { vectors: 50_000, scope: 10_000 }, threshold)).toBe('exact-if-small');
    expect(planScan(ranged, { vectors: 50_000, scope: 10_001 }, threshold)).toBe('indexed');
    // Without a filter the scope's size is all there is to know.
    expect(planScan(cosine, { vectors: 50_000, scope: 10_000 }, threshold)).toBe('indexed');
  });

  it('counts the matches of a filter the metadata index serves ($eq, $in), in a scope of any size', () => {
    expect(planScan(filtered, big, threshold)).toBe('exact-if-small');
    const either = parseMetadataFilter({ $or: [{ group: { $in: [1, 2] } }, { team: 'x' }] });
    expect(planScan({ ...cosine, filter: either }, big, threshold)).toBe('exact-if-small');
    const negated = parseMetadataFilter({ group: { $ne: 1 } });
    expect(planScan({ ...cosine, filter: negated }, big, threshold)).toBe('indexed');
  });

  it('uses the index for everything cosine when the threshold is 0', () => {
    expect(planScan(filtered, { vectors: 0, scope: 0 }, 0)).toBe('indexed');
    expect(planScan(cosine, big, 0)).toBe('indexed');
  });
});
