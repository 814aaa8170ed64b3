import { EXTERNAL_ID_LOCK_STRIPES, externalIdLocks } from './documents.repository';

describe('externalIdLocks', () => {
  const pipeline = '0193a000-0000-7000-8000-000000000001';

  it('gives one external id the same lock every time, and other pipelines other keys', () => {
    expect(externalIdLocks(pipeline, ['a'])).toEqual(externalIdLocks(pipeline, ['a']));
    expect(externalIdLocks(pipeline, ['a']).space).not.toBe(
      externalIdLocks('0193a000-0000-7000-8000-000000000002', ['a']).space,
    );
  });

  it('holds a batch of any size to a bounded number of locks, in ascending order', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `doc-${i}`);
    const { stripes } = externalIdLocks(pipeline, ids);
    expect(stripes.length).toBeLessThanOrEqual(EXTERNAL_ID_LOCK_STRIPES);
    expect(stripes.length).toBeGreaterThan(EXTERNAL_ID_LOCK_STRIPES / 2);
    expect([...stripes].sort((a, b) => a - b)).toEqual(stripes);
    expect(new Set(stripes).size).toBe(stripes.length);
  });
});
