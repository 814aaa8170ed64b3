import { invalidMessage } from '../../test/support/domain-errors';
import { filtersParsed, narrowingOf, normalizeKnowledgeFilters } from './knowledge-scope';

const DOC = '0193a000-0000-7000-8000-0000000000d1';

describe('knowledge filters', () => {
  it('stores the object form normalised, an array as record groups, and a JSON string as sent', () => {
    expect(
      normalizeKnowledgeFilters({ recordGroups: ['internal'], records: [DOC.toUpperCase()] }, 'f'),
    ).toEqual({
      recordGroups: ['internal'],
      records: [DOC],
    });
    expect(normalizeKnowledgeFilters(['public'], 'f')).toEqual({ recordGroups: ['public'] });
    const text = JSON.stringify({ recordGroups: ['internal'], metadata: { product: 'billing' } });
    expect(normalizeKnowledgeFilters(text, 'f')).toBe(text);
    expect(normalizeKnowledgeFilters(undefined, 'f')).toBeNull();
  });

  it.each([
    ['{not json', 'f: a string must be the JSON of {recordGroups, records, metadata}'],
    [[1], 'f: an array must hold classification names'],
    [{ records: ['doc'] }, 'f.records[0]: must be a document id (a UUID)'],
    [{ metadata: {} }, 'f.metadata: unknown field; expected recordGroups, records'],
    [JSON.stringify({ other: 1 }), 'f.other: unknown field; expected recordGroups, records, metadata'],
  ])('refuses %j rather than widening it', (filters, message) => {
    expect(invalidMessage(() => normalizeKnowledgeFilters(filters, 'f'))).toBe(message);
  });

  it('reads what a turn may retrieve, and the filtersParsed view', () => {
    const stored = JSON.stringify({
      recordGroups: ['internal'],
      records: [DOC],
      metadata: { product: 'billing' },
    });
    expect(narrowingOf(stored)).toEqual({
      classifications: ['internal'],
      documentIds: [DOC],
      metadata: { op: '$eq', path: ['product'], value: 'billing' },
    });
    expect(filtersParsed(stored)).toEqual({ recordGroups: ['internal'], records: [DOC] });
    expect(narrowingOf(null)).toEqual({ classifications: null, documentIds: null, metadata: null });
    expect(filtersParsed(null)).toEqual({});
    expect(narrowingOf({ recordGroups: [] }).classifications).toBeNull();
  });
});
