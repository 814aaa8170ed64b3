import { resolveWriteTargets } from './external-id-targets';

const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('resolveWriteTargets', () => {
  it('creates a document for a write without an external id, or with one the key sees nowhere', () => {
    expect(resolveWriteTargets([null, 'a', null], [], ids())).toEqual({
      ids: ['new-1', 'new-2', 'new-3'],
      superseded: [],
    });
  });

  it('versions the document the key sees, every time the batch names it', () => {
    expect(resolveWriteTargets(['a', 'b', 'a'], [{ id: 'doc-a', external_id: 'a' }], ids())).toEqual({
      ids: ['doc-a', 'new-1', 'doc-a'],
      superseded: [],
    });
  });

  it('gives one new document to an external id repeated in the batch', () => {
    expect(resolveWriteTargets(['x', 'x'], [], ids()).ids).toEqual(['new-1', 'new-1']);
  });

  it('versions the oldest of several documents the key sees and supersedes the others', () => {
    const existing = [
      { id: 'oldest', external_id: 'a' },
      { id: 'other', external_id: 'b' },
      { id: 'newer', external_id: 'a' },
    ];
    expect(resolveWriteTargets(['a'], existing, ids())).toEqual({ ids: ['oldest'], superseded: ['newer'] });
  });
});
