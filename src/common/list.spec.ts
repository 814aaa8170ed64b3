import { DomainError } from './errors';
import { keysetSql, parseListQuery, parsePage, toEnvelope, toKeyedEnvelope } from './list';

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

describe('parseListQuery', () => {
  const FILTERS = { state: ['eq'] } as const;

  it('reads order and total only where the collection offers them', () => {
    expect(
      parseListQuery({ order: 'desc', total: 'true' }, FILTERS, { orderable: true, countable: true }),
    ).toEqual({
      filters: [],
      page: { limit: 50, descending: true },
      total: true,
    });
    expect(
      parseListQuery({ order: 'asc', total: 'false' }, FILTERS, { orderable: true, countable: true }),
    ).toEqual({
      filters: [],
      page: { limit: 50, descending: false },
    });
    expect(() => parseListQuery({ order: 'desc' }, FILTERS)).toThrow("cannot filter on 'order'");
    expect(() => parseListQuery({ total: 'true' }, FILTERS, { orderable: true })).toThrow(
      "cannot filter on 'total'",
    );
  });

  it('refuses an order or a total it does not know, naming the parameter', () => {
    expect(() => parseListQuery({ order: 'newest' }, FILTERS, { orderable: true })).toThrow(
      "query parameter order: expected asc or desc, got 'newest'",
    );
    expect(() => parseListQuery({ total: 'yes' }, FILTERS, { countable: true })).toThrow(
      "query parameter total: expected true or false, got 'yes'",
    );
  });
});

describe('keysetSql', () => {
  it('walks newest first with order=desc: after goes further back, before comes forward', () => {
    expect(keysetSql({ limit: 2, descending: true }, [])).toEqual({
      where: null,
      order: 'id DESC',
      limit: 'LIMIT $1',
    });
    expect(keysetSql({ limit: 2, descending: true, after: ID_2 }, []).where).toBe('id < $2');
    expect(keysetSql({ limit: 2, descending: true, after: ID_2 }, []).order).toBe('id DESC');
    // A page before is fetched walking back (ascending) and turned round by toKeyedEnvelope.
    expect(keysetSql({ limit: 2, descending: true, before: ID_1 }, [])).toMatchObject({
      where: 'id > $2',
      order: 'id ASC',
    });
    expect(keysetSql({ limit: 2, before: ID_2 }, [])).toMatchObject({ where: 'id < $2', order: 'id DESC' });
  });
});
