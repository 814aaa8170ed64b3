import { IDLE_MS, MAX_EF_SEARCH, MAX_SAMPLES, RecallTuner, recallOf, WINDOW } from './recall-tuning';

const ID = 've-1';

/** Feeds one full window of samples of `recall` at the tuner's current ef_search for base 100. */
function window(tuner: RecallTuner, recall: number, id = ID) {
  let decision = 'kept';
  for (let i = 0; i < WINDOW; i++)
    decision = tuner.record(id, recall, {
      ef: tuner.efSearch(id, 100),
      factor: tuner.factor(id),
      plain: true,
    });
  return decision;
}

describe('RecallTuner', () => {
  it('doubles ef_search while the recall of a window is below the target, up to 1000', () => {
    const tuner = new RecallTuner(0.97, 50);
    expect(tuner.efSearch(ID, 100)).toBe(100);
    expect(window(tuner, 0.8)).toBe('raised');
    expect(tuner.efSearch(ID, 100)).toBe(200);
    expect(window(tuner, 0.9)).toBe('raised');
    expect(window(tuner, 0.95)).toBe('raised');
    expect(tuner.efSearch(ID, 100)).toBe(800);
    expect(window(tuner, 0.96)).toBe('raised');
    expect(tuner.efSearch(ID, 100)).toBe(MAX_EF_SEARCH);
    // At pgvector's maximum there is nothing more to raise.
    expect(window(tuner, 0.96)).toBe('kept');
    expect(tuner.efSearch(ID, 100)).toBe(MAX_EF_SEARCH);
  });

  it('decides only on a full window, and keeps a factor that reaches the target', () => {
    const tuner = new RecallTuner(0.97, 50);
    for (let i = 0; i < WINDOW - 1; i++)
      expect(tuner.record(ID, 0, { ef: 100, factor: 1, plain: true })).toBe('kept');
    expect(tuner.factor(ID)).toBe(1);
    expect(tuner.record(ID, 0, { ef: 100, factor: 1, plain: true })).toBe('raised');
    expect(window(tuner, 0.975)).toBe('kept');
    expect(tuner.factor(ID)).toBe(2);
  });

  it('halves the factor when what is missed is under a third of what the target allows', () => {
    const tuner = new RecallTuner(0.97, 50);
    window(tuner, 0.5);
    window(tuner, 0.9);
    expect(tuner.factor(ID)).toBe(4);
    expect(window(tuner, 0.985)).toBe('kept'); // misses 1.5 %: more than a third of 3 %
    expect(window(tuner, 1)).toBe('lowered'); // all 40 samples of factor 4: misses 0.75 %
    expect(tuner.factor(ID)).toBe(2);
    expect(window(tuner, 1)).toBe('lowered');
    expect(window(tuner, 1)).toBe('kept'); // factor 1 is the floor
    expect(tuner.factor(ID)).toBe(1);
  });

  it('decides on every sample since the factor was set, the latest MAX_SAMPLES of them', () => {
    const tuner = new RecallTuner(0.97, 50);
    window(tuner, 0.5);
    expect(window(tuner, 0.985)).toBe('kept');
    // Alone this window would raise; with the one before, the mean (0.9725) reaches the target.
    expect(window(tuner, 0.96)).toBe('kept');
    expect(window(tuner, 0.96)).toBe('raised'); // 60 samples: 0.968
    expect(tuner.factor(ID)).toBe(4);

    const capped = new RecallTuner(0.97, 50);
    window(capped, 0.5);
    for (let i = 0; i < MAX_SAMPLES / WINDOW; i++) window(capped, 0.985);
    // All 160 samples would average 0.972; the latest 100 average 0.964 at the third window.
    expect([0.95, 0.95, 0.95].map((recall) => window(capped, recall))).toEqual(['kept', 'kept', 'raised']);
  });

  it('judges by plain searches, not by those that asked for more candidates (MMR) or were cut to 1000', () => {
    const tuner = new RecallTuner(0.97, 50);
    /** A window of searches, one in two an MMR's fetch_k 50 (base ef_search 200) that finds all. */
    const mixed = (plainRecall: number) => {
      let decision = 'kept';
      for (let i = 0; i < WINDOW; i++) {
        const mmr = i % 2 === 0;
        const ef = tuner.efSearch(ID, mmr ? 200 : 100);
        decision = tuner.record(ID, mmr ? 1 : plainRecall, { ef, factor: tuner.factor(ID), plain: !mmr });
      }
      return decision;
    };
    expect(mixed(0.95)).toBe('raised'); // the plain searches' 0.95, not the mean of 0.975
    expect(mixed(0.95)).toBe('raised');
    expect(mixed(0.95)).toBe('raised');
    expect(tuner.efSearch(ID, 100)).toBe(800);
    expect(tuner.efSearch(ID, 200)).toBe(MAX_EF_SEARCH); // MMR is cut to 1000 now
    expect(mixed(0.95)).toBe('raised');
    expect(tuner.efSearch(ID, 100)).toBe(MAX_EF_SEARCH);
    // Every search is cut now: their samples can still lower the factor, not raise it.
    expect(window(tuner, 0.9)).toBe('kept');
    const decisions = Array.from({ length: MAX_SAMPLES / WINDOW }, () => window(tuner, 1));
    expect(decisions).toEqual(['kept', 'kept', 'kept', 'kept', 'lowered']); // once the 0.9s are out
  });

  it('judges by the searches that asked for more when there are too few plain ones', () => {
    const tuner = new RecallTuner(0.97, 50);
    for (let i = 0; i < WINDOW; i++) tuner.record(ID, 0.9, { ef: 200, factor: 1, plain: false });
    expect(tuner.factor(ID)).toBe(2);
  });

  it('leaves out a sample of a search that ran before the factor changed', () => {
    const tuner = new RecallTuner(0.97, 50);
    window(tuner, 0.5);
    expect(tuner.factor(ID)).toBe(2);
    for (let i = 0; i < WINDOW; i++) tuner.record(ID, 0, { ef: 100, factor: 1, plain: true });
    expect(tuner.factor(ID)).toBe(2);
  });

  it('keeps tunings apart per vector embedding', () => {
    const tuner = new RecallTuner(0.97, 50);
    window(tuner, 0.5, 'a');
    expect(tuner.factor('a')).toBe(2);
    expect(tuner.factor('b')).toBe(1);
  });

  it('does nothing when the target is 0', () => {
    const tuner = new RecallTuner(0, 50);
    expect(tuner.enabled).toBe(false);
    expect(window(tuner, 0)).toBe('kept');
    expect(tuner.efSearch(ID, 100)).toBe(100);
    expect(tuner.searched(ID, 0)).toBe(false);
  });

  it('samples ten times as often while learning, then one search in sampleEvery, and after a quiet spell', () => {
    const tuner = new RecallTuner(0.97, 50);
    const sampledOf = (searches: number, at: number) =>
      Array.from({ length: searches }, () => tuner.searched(ID, at)).filter(Boolean).length;
    const t = 1_000_000;
    expect(tuner.searched(ID, t)).toBe(true); // the first search of a vector embedding
    expect(sampledOf(50, t)).toBe(10); // learning: one in 5
    window(tuner, 0.99); // a window that keeps factor 1: settled
    expect(sampledOf(100, t)).toBe(2); // one in 50
    expect(tuner.searched(ID, t + IDLE_MS - 1)).toBe(false);
    expect(tuner.searched(ID, t + IDLE_MS)).toBe(true);
  });
});

describe('recallOf', () => {
  it('is the share of the exact answer found, ties with the exact k-th counting as found', () => {
    const exact = [{ distance: 0.1 }, { distance: 0.2 }, { distance: 0.3 }, { distance: 0.4 }];
    expect(recallOf(exact, exact)).toBe(1);
    expect(
      recallOf([{ distance: 0.1 }, { distance: 0.3 }, { distance: 0.5 }, { distance: 0.6 }], exact),
    ).toBe(0.5);
    expect(recallOf([{ distance: 0.4 }, { distance: 0.4 }], exact)).toBe(0.5);
    expect(recallOf([], [])).toBe(1);
  });
});
