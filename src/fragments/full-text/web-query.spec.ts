import { parseWebQuery } from './web-query';

describe('parseWebQuery', () => {
  it('wants every plain word and requires none', () => {
    expect(parseWebQuery('  how do refunds   work ')).toEqual({
      wanted: ['how', 'do', 'refunds', 'work'],
      required: [],
      excluded: [],
    });
  });

  it('requires a quoted phrase and ranks its words too', () => {
    expect(parseWebQuery('refund "credit card" policy')).toEqual({
      wanted: ['refund', 'credit card', 'policy'],
      required: [['credit card']],
      excluded: [],
    });
  });

  it('lets any phrase of an or-group do, and an or-group with a plain word requires nothing', () => {
    expect(parseWebQuery('"exit status" or "return code" OR errno')).toEqual({
      wanted: ['exit status', 'return code', 'errno'],
      required: [],
      excluded: [],
    });
    expect(parseWebQuery('"exit status" or "return code" errno')).toEqual({
      wanted: ['exit status', 'return code', 'errno'],
      required: [['exit status', 'return code']],
      excluded: [],
    });
  });

  it('excludes -words and -"phrases", and leaves a lone dash and hyphenated words alone', () => {
    expect(parseWebQuery('socket -unix -"raw socket" - e-mail')).toEqual({
      wanted: ['socket', '-', 'e-mail'],
      required: [],
      excluded: [
        { text: 'unix', phrase: false },
        { text: 'raw socket', phrase: true },
      ],
    });
  });

  it('reads an unclosed quote to the end, drops empty phrases, and an `or` with nothing to join', () => {
    expect(parseWebQuery('or "" files "open a')).toEqual({
      wanted: ['files', 'open a'],
      required: [['open a']],
      excluded: [],
    });
  });
});
