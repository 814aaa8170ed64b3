import { choosePassages, OPENING_RELEVANCE, passagesOf } from './attachment-passages';

describe('passagesOf', () => {
  it('cuts long blocks into passages that keep where they came from', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} about the lighthouse.`).join(' ');
    const passages = passagesOf([
      { text: long, metadata: { page: 3 } },
      { text: 'A short note.', metadata: { sheet: 'Costs' } },
    ]);
    expect(passages.length).toBeGreaterThan(2);
    expect(passages.every((p) => p.text.length <= 1000)).toBe(true);
    expect(passages.slice(0, -1).every((p) => p.page === 3)).toBe(true);
    expect(passages[passages.length - 1]).toEqual({ text: 'A short note.', sheet: 'Costs' });
  });

  it('gives no passage for blank text', () => {
    expect(passagesOf([{ text: '  \n ', metadata: {} }])).toEqual([]);
  });
});

describe('choosePassages', () => {
  const contract = [
    { text: 'The tenant pays rent on the first day of each month.' },
    { text: 'Either party may terminate the lease with sixty days notice.' },
    { text: 'Pets are allowed with a deposit.' },
  ];
  const invoice = [{ text: 'Invoice total: 1200 euros, due in thirty days.' }];

  it('ranks the passages that speak to the question first', () => {
    const chosen = choosePassages('How can the lease be terminated?', [contract], 2);
    expect(chosen[0]).toMatchObject({ file: 0, index: 1 });
    expect(chosen[0].relevance).toBeGreaterThan(0);
  });

  it('gives every attached file at least one passage, even past k', () => {
    const chosen = choosePassages('When is the rent due?', [contract, invoice], 1);
    expect(chosen.map((c) => c.file).sort()).toEqual([0, 1]);
  });

  it('gives the openings of the files when nothing matches', () => {
    const chosen = choosePassages('Summarise', [contract, invoice], 3);
    expect(chosen.map((c) => [c.file, c.index])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(chosen.every((c) => c.relevance === OPENING_RELEVANCE)).toBe(true);
  });

  it('chooses nothing from files without text', () => {
    expect(choosePassages('anything', [[]], 4)).toEqual([]);
  });
});
