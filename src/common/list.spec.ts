import { DomainError } from './errors';
import { parsePage, toEnvelope, toKeyedEnvelope } from './list';

const ID_1 = '0193a000-0000-7000-8000-000000000001';
const ID_2 = '0193a000-0000-7000-8000-000000000002';

describe('parsePage', () => {
  it('takes ids as cursors by default, lower-cased', () => {
    expect(parsePage({ after: ID_1.toUpperCase() })).toEqual({ limit: 50, after: ID_1 });
    expect(() => parsePage({ after: '1764560000000000' })).toThrow(DomainError);
  });

  it("takes the collection's own cursors when it says what they look like", () => {
    const isNumber = (value: string) => /^\d+$/.test(value);
    expect(parsePage({ before: '1764560000000000', limit: '2' }, isNumber)).toEqual({
      limit: 2,
      before: '1764560000000000',
    });
    expect(() => parsePage({ after: ID_1 }, isNumber)).toThrow(
      `query parameter after: expected a cursor from page_info, got '${ID_1}'`,
    );
  });
});

describe('toKeyedEnvelope', () => {
  const query = { filters: [], page: { limit: 2 } };

  it('gives the cursors of the first and last row of the page, by the key the collection names', () => {
    const rows = [{ version: 10 }, { version: 20 }, { version: 30 }];
    const envelope = toKeyedEnvelope(
      rows,
      query,
      (row) => row.version,
      (row) => String(row.version),
    );
    expect(envelope).toEqual({
      data: [10, 20],
      page_info: { after: '20', before: '10', count: 2, has_next: true, has_prev: false },
      query_info: [],
    });
  });

  it('is what toEnvelope answers for rows keyed on their id', () => {
    const rows = [{ id: ID_1 }, { id: ID_2 }];
    expect(toEnvelope(rows, query, (row) => row.id)).toEqual(
      toKeyedEnvelope(
        rows,
        query,
        (row) => row.id,
        (row) => row.id,
      ),
    );
    expect(
      toKeyedEnvelope(
        [],
        query,
        (row: { id: string }) => row,
        (row) => row.id,
      ).page_info,
    ).toEqual({
      after: null,
      before: null,
      count: 0,
      has_next: false,
      has_prev: false,
    });
  });
});
