import { DEFAULT_FUSION, fuse } from './fusion';

describe('fusion of a hybrid search', () => {
  const vector = [
    { id: 'a', score: 0.1 },
    { id: 'b', score: 0.2 },
    { id: 'c', score: 0.5 },
  ];
  const text = [
    { id: 'c', score: 9 },
    { id: 'd', score: 4 },
    { id: 'a', score: 1 },
  ];

  it('sums reciprocal ranks, a fragment found by both legs ahead of one found once', () => {
    const fused = fuse(vector, text, DEFAULT_FUSION);
    expect(fused.map((h) => h.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0].score).toBeCloseTo(1 / 61 + 1 / 63, 12); // a: 1st and 3rd
    expect(fused[1].score).toBeCloseTo(1 / 63 + 1 / 61, 12); // c: 3rd and 1st, a tie broken by id
    expect(fused[2].score).toBeCloseTo(1 / 62, 12);
    expect(fuse(vector, text, { ...DEFAULT_FUSION, rrfK: 0 })[0].score).toBeCloseTo(1 + 1 / 3, 12);
    // alpha shifts the weight between the legs: 0.25 gives the text list three times the vector's.
    const textFirst = fuse(vector, text, { ...DEFAULT_FUSION, alpha: 0.25 });
    expect(textFirst.map((h) => h.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(textFirst[0].score).toBeCloseTo(0.5 / 63 + 1.5 / 61, 12);
  });

  it('weighs min-max scaled scores, the nearer distance the better', () => {
    const fused = fuse(vector, text, { ...DEFAULT_FUSION, fusion: 'weighted', alpha: 0.5 });
    // vector: a 1, b 0.75, c 0; text: c 1, d 0.375, a 0
    const scores = Object.fromEntries(fused.map((h) => [h.id, h.score]));
    expect(scores.a).toBeCloseTo(0.5, 12);
    expect(scores.b).toBeCloseTo(0.375, 12);
    expect(scores.c).toBeCloseTo(0.5, 12);
    expect(scores.d).toBeCloseTo(0.1875, 12);
    expect(fused.map((h) => h.id)).toEqual(['a', 'c', 'b', 'd']);
    const vectorOnly = fuse(vector, text, { ...DEFAULT_FUSION, fusion: 'weighted', alpha: 1 });
    expect(vectorOnly.map((h) => h.id).slice(0, 3)).toEqual(['a', 'b', 'c']);
  });

  it('fuses a leg that found nothing, and scores a lone hit 1 when weighted', () => {
    expect(fuse([], text, DEFAULT_FUSION).map((h) => h.id)).toEqual(['c', 'd', 'a']);
    expect(
      fuse([{ id: 'x', score: 0.3 }], [], { ...DEFAULT_FUSION, fusion: 'weighted', alpha: 0.25 }),
    ).toEqual([{ id: 'x', score: 0.25 }]);
  });
});
