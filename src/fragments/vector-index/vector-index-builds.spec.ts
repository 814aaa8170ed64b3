/** What the background builder does next for a vector embedding (vector-index-builds.ts). */
import { BUILD_WITHOUT_PAUSE, nextStep, REBUILD_RATIO, uncoveredCap } from './vector-index-builds';

const base = { threshold: 1_000, settled: true };

describe('nextStep', () => {
  it('leaves a vector embedding at the exact-search threshold or below alone', () => {
    expect(nextStep({ ...base, vectors: 1_000, indexed: null, uncovered: 1_000 })).toBe('nothing');
  });

  it('builds a first index once the writes paused, or without a pause past BUILD_WITHOUT_PAUSE', () => {
    expect(nextStep({ ...base, vectors: 1_001, indexed: null, uncovered: 5_000 })).toBe('build');
    const loading = { ...base, settled: false, vectors: 1_001, indexed: null };
    expect(nextStep({ ...loading, uncovered: BUILD_WITHOUT_PAUSE })).toBe('wait');
    expect(nextStep({ ...loading, uncovered: BUILD_WITHOUT_PAUSE + 1 })).toBe('build');
  });

  it('merges a small uncovered part at once, paused or not, and does nothing once all is covered', () => {
    const indexed = { ...base, settled: false, vectors: 1_001, indexed: 40_000 };
    expect(nextStep({ ...indexed, uncovered: 40_000 / REBUILD_RATIO })).toBe('merge');
    expect(nextStep({ ...indexed, uncovered: 0 })).toBe('nothing');
  });

  it('builds anew past one uncovered vector in REBUILD_RATIO, once paused or past the size of the index', () => {
    const indexed = { ...base, vectors: 1_001, indexed: 400_000 };
    expect(nextStep({ ...indexed, uncovered: 100_001 })).toBe('build');
    expect(nextStep({ ...indexed, settled: false, uncovered: 100_001 })).toBe('wait');
    expect(nextStep({ ...indexed, settled: false, uncovered: 400_001 })).toBe('build');
  });

  it('counts uncovered vectors just far enough to decide', () => {
    expect(uncoveredCap(null)).toBe(BUILD_WITHOUT_PAUSE + 1);
    expect(uncoveredCap(400_000)).toBe(400_001);
  });
});
