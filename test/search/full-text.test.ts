/**
 * Full text ranked by BM25 through the real HTTP stack, on each database: every score
 * equals a textbook BM25 computed here from the same lexemes (PostgreSQL's
 * `to_tsvector`) over the live fragments of the searched classifications, as documents
 * are added, versioned and expired; any word matches, phrases must, exclusions must
 * not; k1, b and the text search configuration are the pipeline's; `ts_rank` stays
 * available as it was.
 */
import { bm25Score, idf } from '../../src/fragments/full-text/bm25';
import { describeEachDatabase } from '../support/suite';
import { waitForJob } from '../support/jobs';
import { addDocuments, createPipeline, lexemesOf, search } from './helpers';

/** One fragment each (short texts); public and internal. */
const CORPUS = [
  ['refunds', 'public', 'Refunds for annual plans are prorated. Ask support for a refund within 30 days.'],
  ['refund-policy', 'internal', 'Agents record the refund reason in the ticket before approving any refund.'],
  ['invoices', 'public', 'Invoices are generated on the first day of each month and sent by email.'],
  ['password', 'public', 'To reset a password, open Settings, choose Security and select Reset password.'],
  ['sso', 'internal', 'Single sign-on with the company identity provider replaces passwords for staff.'],
  ['escalation', 'internal', 'Escalate a disputed refund to the billing team with the ticket number.'],
  ['export', 'public', 'Finance staff can export invoices as PDF or CSV files from the billing page.'],
  [
    'outage',
    'internal',
    'During an outage, post a status update every 30 minutes and open an incident ticket.',
  ],
] as const;

interface Live {
  externalId: string;
  classification: string;
  content: string;
}

/** BM25 as a textbook computes it over `live` fragments of `classifications`, best first. */
function textbook(
  live: Live[],
  classifications: string[],
  query: string,
  { k1 = 1.2, b = 0.75, language = 'english' } = {},
): { externalId: string; score: number }[] {
  const scope = live.filter((f) => classifications.includes(f.classification));
  const [queryLexemes, ...lexed] = lexemesOf([query, ...scope.map((f) => f.content)], language);
  const n = scope.length;
  const average = lexed.reduce((sum, l) => sum + l.length, 0) / n;
  const weighted = [...queryLexemes.tf.keys()].map((lexeme) => ({
    lexeme,
    idf: idf(lexed.filter((l) => l.tf.has(lexeme)).length, n),
  }));
  return scope
    .map((f, i) => ({
      externalId: f.externalId,
      score: bm25Score(lexed[i].tf, lexed[i].length, weighted, average, { k1, b }),
      matches: weighted.some((w) => lexed[i].tf.has(w.lexeme)),
    }))
    .filter((hit) => hit.matches)
    .map(({ externalId, score }) => ({ externalId, score }))
    .sort((x, y) => y.score - x.score);
}

describeEachDatabase('full text ranked by BM25', (fixture) => {
  const api = () => fixture().api;
  let pipeline: any;
  let live: Live[];
  const byDocument = new Map<string, string>();

  const ranked = async (query: string, classifications: string[], more: Record<string, unknown> = {}) => {
    const response = await search(api(), pipeline.id, {
      type: 'search',
      query,
      classifications: { values: classifications, match: 'exact' },
      params: { k: 50 },
      ...more,
    });
    expect(response.status).toBe(200);
    return response.body.map((f: any) => ({ externalId: byDocument.get(f.document_id)!, score: f.score }));
  };

  /** The answer equals the textbook's: the same fragments, the same scores, in order of score. */
  const expectTextbook = async (query: string, classifications: string[]) => {
    const answer = await ranked(query, classifications);
    const expected = textbook(live, classifications, query);
    expect(answer.map((h: any) => h.externalId).sort()).toEqual(expected.map((h) => h.externalId).sort());
    for (const hit of answer) {
      const want = expected.find((e) => e.externalId === hit.externalId)!;
      expect(hit.score).toBeCloseTo(want.score, 9);
    }
    const scores = answer.map((h: any) => h.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    return answer;
  };

  beforeAll(async () => {
    pipeline = await createPipeline(api(), { classifications: ['public', 'internal'] });
    expect(pipeline.full_text_ranking).toBe('bm25');
    expect(pipeline.full_text_bm25).toEqual({ k1: 1.2, b: 0.75 });
    expect(pipeline.full_text_language).toBe('english');
    const stored = await addDocuments(
      api(),
      pipeline.id,
      CORPUS.map(([externalId, classification, content]) => ({
        external_id: externalId,
        classification,
        content,
      })),
    );
    stored.forEach((doc: any, i: number) => byDocument.set(doc.id, CORPUS[i][0]));
    live = CORPUS.map(([externalId, classification, content]) => ({ externalId, classification, content }));
  });

  it('matches a fragment holding any word of the query and scores it as the textbook does', async () => {
    const answer = await expectTextbook('refund ticket number', ['public', 'internal']);
    expect(answer[0].externalId).toBe('escalation'); // the only one with all three words
    expect(answer.map((h: any) => h.externalId)).toContain('outage'); // "ticket" alone
    await expectTextbook('how do I get my money back for an annual plan', ['public', 'internal']);
    await expectTextbook('passwords', ['public', 'internal']); // stemmed: password, passwords
  });

  it("computes document frequencies and lengths over the searched classifications' fragments", async () => {
    const everything = await ranked('refund', ['public', 'internal']);
    const publicOnly = await expectTextbook('refund', ['public']);
    expect(publicOnly.map((h: any) => h.externalId)).toEqual(['refunds']);
    // Fewer fragments, the same one holding the word: a different idf, so a different score.
    const inBoth = everything.find((h: any) => h.externalId === 'refunds');
    expect(inBoth.score).not.toBeCloseTo(publicOnly[0].score, 6);
  });

  it('requires "phrases", drops -excluded words, and lets `or` join phrases', async () => {
    const phrase = await ranked('"reset password" settings', ['public', 'internal']);
    expect(phrase.map((h: any) => h.externalId)).toEqual(['password']);
    const excluded = await ranked('refund -ticket', ['public', 'internal']);
    expect(excluded.map((h: any) => h.externalId)).toEqual(['refunds']);
    const either = await ranked('"annual plans" or "identity provider"', ['public', 'internal']);
    expect(either.map((h: any) => h.externalId).sort()).toEqual(['refunds', 'sso']);
    expect(await ranked('the of and', ['public', 'internal'])).toEqual([]); // stop words only
  });

  it('keeps its statistics right as documents get new versions and are expired', async () => {
    const replaced = 'Refunds are no longer prorated: a refund covers the unused months of the plan.';
    const [doc] = await addDocuments(api(), pipeline.id, [
      { external_id: 'refunds', classification: 'public', content: replaced },
    ]);
    byDocument.set(doc.id, 'refunds');
    live = live.map((f) => (f.externalId === 'refunds' ? { ...f, content: replaced } : f));
    await expectTextbook('refund prorated plan', ['public', 'internal']);

    const escalation = [...byDocument].find(([, externalId]) => externalId === 'escalation')![0];
    expect((await api().delete(`/pipelines/${pipeline.id}/documents/${escalation}`)).status).toBe(200);
    live = live.filter((f) => f.externalId !== 'escalation');
    await expectTextbook('refund ticket number', ['public', 'internal']);
  });

  it('honours k and the minimum rank', async () => {
    const all = await ranked('refund ticket invoices', ['public', 'internal']);
    expect(all.length).toBeGreaterThan(3);
    const two = await ranked('refund ticket invoices', ['public', 'internal'], { params: { k: 2 } });
    expect(two).toEqual(all.slice(0, 2));
    const threshold = (all[1].score + all[2].score) / 2;
    const above = await ranked('refund ticket invoices', ['public', 'internal'], {
      params: { k: 50, threshold },
    });
    expect(above).toEqual(all.slice(0, 2));
  });

  it("finds the textbook's best k however many rounds a small k takes", async () => {
    // A small k stops after fewer lexemes; a larger one needs the later rounds, which read
    // only the fragments the earlier ones did not and merge their best with them.
    const query = 'refund ticket invoices billing staff password';
    const expected = textbook(live, ['public', 'internal'], query).map((h) => h.score);
    for (const k of [1, 2, 3, 5, 8]) {
      const answer = await ranked(query, ['public', 'internal'], { params: { k } });
      expect(answer).toHaveLength(Math.min(k, expected.length));
      answer.forEach((hit: any, i: number) => expect(hit.score).toBeCloseTo(expected[i], 9));
    }
  });

  it("uses the pipeline's k1, b and text search configuration", async () => {
    const flat = await createPipeline(api(), {
      classifications: ['public'],
      full_text_bm25: { k1: 2, b: 0 },
      full_text_language: 'simple',
    });
    const texts = ['Running the job runs it.', 'The runner runs quickly; runs and runs.', 'Nothing here.'];
    const stored = await addDocuments(
      api(),
      flat.id,
      texts.map((content) => ({ content, classification: 'public' })),
    );
    const answer = await search(api(), flat.id, { type: 'search', query: 'runs', classifications: 'public' });
    const expected = textbook(
      texts.map((content, i) => ({ externalId: stored[i].id, classification: 'public', content })),
      ['public'],
      'runs',
      { k1: 2, b: 0, language: 'simple' },
    );
    expect(answer.body.map((f: any) => f.document_id)).toEqual(expected.map((e) => e.externalId));
    answer.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(expected[i].score, 9));
    // simple does not stem: "running" is not "runs".
    const running = await search(api(), flat.id, {
      type: 'search',
      query: 'running',
      classifications: 'public',
    });
    expect(running.body.map((f: any) => f.document_id)).toEqual([stored[0].id]);

    const unknown = await api().post('/pipelines', {
      name: `x-${Date.now()}`,
      full_text_language: 'klingon',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toMatch(/full_text_language: no text search configuration named 'klingon'/);
  });

  it('gives the stored fragments new lexemes when the text search configuration changes', async () => {
    const edited = await api().patch(`/pipelines/${pipeline.id}`, { full_text_language: 'simple' });
    expect(edited.status).toBe(202);
    expect((await api().get(`/pipelines/${pipeline.id}`)).body.full_text_language).toBe('simple');
    // Until the job has made them, full text of the pipeline is refused, not half answered.
    const during = await search(api(), pipeline.id, {
      type: 'search',
      query: 'refund',
      classifications: 'public',
    });
    expect([200, 409]).toContain(during.status);
    expect((await waitForJob(api(), edited.body.id)).state).toBe('succeeded');
    // "refunds" no longer matches "refund" without stemming.
    const answer = await ranked('refunds', ['public', 'internal']);
    const expected = textbook(live, ['public', 'internal'], 'refunds', { language: 'simple' });
    expect(answer.map((h: any) => h.externalId)).toEqual(expected.map((e) => e.externalId));
    answer.forEach((hit: any, i: number) => expect(hit.score).toBeCloseTo(expected[i].score, 9));
  });

  it('keeps ts_rank, every word required, for a pipeline that asks for it', async () => {
    const legacy = await createPipeline(api(), { classifications: ['public'], full_text_ranking: 'ts_rank' });
    await addDocuments(api(), legacy.id, [
      { content: 'Refunds are prorated for annual plans.', classification: 'public' },
      { content: 'A refund needs a ticket.', classification: 'public' },
    ]);
    const both = await search(api(), legacy.id, {
      type: 'search',
      query: 'refund ticket',
      classifications: 'public',
    });
    expect(both.body.map((f: any) => f.page_content)).toEqual(['A refund needs a ticket.']);
    expect(both.body[0].score).toBeLessThan(1); // ts_rank's scale
    const switched = await api().patch(`/pipelines/${legacy.id}`, { full_text_ranking: 'bm25' });
    expect(switched.status).toBe(200);
    const any = await search(api(), legacy.id, {
      type: 'search',
      query: 'refund ticket',
      classifications: 'public',
    });
    expect(any.body).toHaveLength(2);
  });
});
