/**
 * ef_search tuned from the recall that searches actually get.
 *
 * How many of the true nearest fragments an HNSW scan finds depends on the vectors:
 * embeddings of real models (which lie near a low-dimensional manifold) are found at
 * pgvector's usual ef_search, near-random ones (the built-in hashing model's, in a large
 * pipeline) need several times more candidates (docs/benchmarks.md: recall@10 of 0.79 at
 * ef_search 100 and 0.96 at 400 over 100,000 hashing vectors, 0.97 at 100 for vectors
 * like real embeddings). No fixed setting suits both, so Trove measures: now and then an
 * unfiltered search answered through the index is run again exactly, in the background,
 * and the share of the exact answer it had returned is one sample of its vector
 * embedding's recall. Every WINDOW samples the tuner decides, on all the samples taken
 * since the factor was last changed (up to the last MAX_SAMPLES, so the estimate sharpens
 * while a factor holds): a mean below the target doubles the vector embedding's
 * ef_search factor (until ef_search reaches pgvector's 1000); a mean so high that half
 * the candidates would likely still do halves it again.
 *
 * The decision is on the searches the factor sets: 'plain' ones, whose ef_search is the
 * configured one times the factor (k up to a quarter of it: most searches). A search
 * asking for more (MMR's fetch_k 50) has a larger ef_search and finds more of its
 * neighbours, so its samples would flatter the factor; and one whose ef_search was cut
 * to 1000 did not get what the factor asks for. Their samples are kept apart and judged
 * only when there are too few plain ones: the 'wider' ones for raising and lowering, the
 * 'capped' ones for lowering only. The samples are also a metric (`trove_search_recall`), so the
 * recall an installation gets is seen, not assumed.
 *
 * Sampling costs an exact scan per sample, so it is rare once a vector embedding's factor
 * holds (one search in `sampleEvery`) and ten times more frequent while it is being
 * learnt (until a window leaves the factor as it was); the first search after IDLE_MS
 * without a sample is sampled too, so a quiet installation learns as well.
 *
 * Only unfiltered searches are sampled (their exact answer costs one pass over the vector
 * embedding); the factor applies to every index scan of it: a broad scope (most of the
 * pipeline's classifications) gains as an unfiltered scan does, and a narrow filter's
 * iterative scan, which goes on until it has its candidates, costs the same (measured:
 * ef_search 100 to 400 changed neither its time nor its recall). The state is per process
 * and starts at factor 1: each replica learns on its own.
 */

/** Samples between decisions: the mean of 20 recall@10 samples is within about ±0.02 of the true one. */
export const WINDOW = 20;
/** Samples of one factor a decision looks at, at most: their mean is within about ±0.01. */
export const MAX_SAMPLES = 100;
/** Samples of one kind a decision needs before it judges by them. */
const MIN_JUDGED = WINDOW / 2;
/** pgvector's largest ef_search. */
export const MAX_EF_SEARCH = 1000;
/** A vector embedding not sampled for this long has its next search sampled. */
export const IDLE_MS = 10_000;
/** While a factor is being learnt, samples are this many times more frequent. */
const LEARNING_SPEEDUP = 10;
/** Vector embeddings remembered; beyond, all start over (as after a restart). */
const MAX_TUNINGS = 10_000;

interface Tuning {
  factor: number;
  /** Recall per kind of search (see above), since the factor was set: the latest MAX_SAMPLES of each. */
  samples: Record<SampleKind, number[]>;
  /** Samples recorded since the last decision. */
  sinceDecision: number;
  /** Whether the last full window left the factor as it was. */
  settled: boolean;
  searchesSinceSample: number;
  lastSampleAt: number;
}

export type RecallDecision = 'raised' | 'lowered' | 'kept';

type SampleKind = 'plain' | 'wider' | 'capped';

export class RecallTuner {
  private readonly tunings = new Map<string, Tuning>();

  /** `target`: the recall to reach (0: no tuning, the factor stays 1); `sampleEvery`: see above. */
  constructor(
    private readonly target: number,
    private readonly sampleEvery: number,
  ) {}

  get enabled(): boolean {
    return this.target > 0;
  }

  /** What the vector embedding's ef_search is multiplied by (1 until samples say otherwise). */
  factor(vectorEmbeddingId: string): number {
    return this.tunings.get(vectorEmbeddingId)?.factor ?? 1;
  }

  /** The ef_search of a search of this vector embedding whose untuned ef_search is `base`. */
  efSearch(vectorEmbeddingId: string, base: number): number {
    return Math.min(MAX_EF_SEARCH, base * this.factor(vectorEmbeddingId));
  }

  /** Counts an unfiltered index search of the vector embedding; true when it is to be sampled. */
  searched(vectorEmbeddingId: string, now: number): boolean {
    if (!this.enabled) return false;
    const tuning = this.tuning(vectorEmbeddingId);
    tuning.searchesSinceSample++;
    const every = tuning.settled ? this.sampleEvery : Math.ceil(this.sampleEvery / LEARNING_SPEEDUP);
    if (tuning.searchesSinceSample < every && now - tuning.lastSampleAt < IDLE_MS) return false;
    tuning.searchesSinceSample = 0;
    tuning.lastSampleAt = now;
    return true;
  }

  /**
   * One sample: the share of the exact answer that a search with ef_search `ef` returned,
   * searched with the vector embedding's factor `factor`; `plain` when its ef_search
   * before the factor was the configured one. A sample of a factor since changed (the
   * search ran before the change) is left out.
   */
  record(
    vectorEmbeddingId: string,
    recall: number,
    { ef, factor, plain }: { ef: number; factor: number; plain: boolean },
  ): RecallDecision {
    if (!this.enabled) return 'kept';
    const tuning = this.tuning(vectorEmbeddingId);
    if (factor !== tuning.factor) return 'kept';
    const samples = tuning.samples[ef >= MAX_EF_SEARCH ? 'capped' : plain ? 'plain' : 'wider'];
    samples.push(recall);
    if (samples.length > MAX_SAMPLES) samples.shift();
    if (++tuning.sinceDecision < WINDOW) return 'kept';
    tuning.sinceDecision = 0;
    const decision = this.decide(tuning);
    tuning.settled = decision === 'kept';
    if (decision !== 'kept') {
      tuning.factor = decision === 'raised' ? tuning.factor * 2 : tuning.factor / 2;
      tuning.samples = noSamples();
    }
    return decision;
  }

  private decide({ factor, samples }: Tuning): RecallDecision {
    const judged = (kinds: SampleKind[]) =>
      kinds.map((kind) => samples[kind]).find((s) => s.length >= MIN_JUDGED);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const raiseOn = judged(['plain', 'wider']);
    if (raiseOn && mean(raiseOn) < this.target) return 'raised';
    // Halving ef_search multiplies what is missed by 1.75 to 3 on the measurements, so
    // lower only when what is missed is under a third of what the target allows.
    const lowerOn = judged(['plain', 'wider', 'capped']);
    if (factor > 1 && lowerOn && 1 - mean(lowerOn) < (1 - this.target) / 3) return 'lowered';
    return 'kept';
  }

  private tuning(vectorEmbeddingId: string): Tuning {
    let tuning = this.tunings.get(vectorEmbeddingId);
    if (tuning === undefined) {
      if (this.tunings.size >= MAX_TUNINGS) this.tunings.clear();
      tuning = {
        factor: 1,
        samples: noSamples(),
        sinceDecision: 0,
        settled: false,
        searchesSinceSample: 0,
        lastSampleAt: 0,
      };
      this.tunings.set(vectorEmbeddingId, tuning);
    }
    return tuning;
  }
}

const noSamples = (): Record<SampleKind, number[]> => ({ plain: [], wider: [], capped: [] });

/**
 * recall@k of `found` against the exact answer `exact` (both nearest first, by distance):
 * a fragment at the distance of the exact k-th or nearer counts, so that ties at the
 * boundary do not count as misses.
 */
export function recallOf(found: { distance: number }[], exact: { distance: number }[]): number {
  if (exact.length === 0) return 1;
  const kth = exact[exact.length - 1].distance;
  const hits = found.filter((hit) => hit.distance <= kth + 1e-9).length;
  return Math.min(1, hits / exact.length);
}
