/**
 * Metadata filters through the GIN index of metadata (src/fragments/metadata-filter.ts,
 * `compileMetadataContainment`), over REST: a filter of `$eq`/`$in` conditions is also
 * written as containment and its matches are counted in the search's statement whatever
 * the pipeline's size, so a selective filter over a pipeline past TROVE_EXACT_SEARCH_BELOW
 * is answered exactly. The answers must be the exact ones, for every search type and for
 * filters whose containment is wider than the filter or absent.
 */
import { describeEachDatabase } from '../support/suite';
import { addDocuments, cosineDistance, createPipeline, search, storedVector } from './helpers';

const DOCUMENTS = 400;
const docs = Array.from({ length: DOCUMENTS }, (_, i) => ({
  content: `Invoice ${i} for ${['bolts', 'nuts', 'gears', 'belts'][i % 4]} shipped from depot ${i % 17} in week ${i % 52}.`,
  classification: 'public',
  // `rack` is an array: `rack.0` reads its first element, which containment cannot express.
  metadata: { team: `t${i % 40}`, region: { code: `r${i % 8}` }, rack: [`a${i % 5}`], n: i },
}));

describeEachDatabase(
  'metadata filters through the metadata index',
  (fixture) => {
    let pipelineId: string;
    beforeAll(async () => {
      pipelineId = (await createPipeline(fixture().api, { classifications: ['public'] })).id;
      await addDocuments(fixture().api, pipelineId, docs);
    });

    const query = 'invoice for gears shipped from depot 3';
    /** The k nearest documents (by n) among those `matches` keeps, exactly. */
    const exactNearest = (matches: (d: (typeof docs)[number]) => boolean, k: number) =>
      docs
        .filter(matches)
        .map((d) => ({
          n: d.metadata.n,
          distance: cosineDistance(storedVector(d.content), storedVector(query)),
        }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, k);

    it.each([
      ['an $eq filter', { team: 't3' }, (d: (typeof docs)[number]) => d.metadata.team === 't3'],
      [
        'a nested $eq filter',
        { 'region.code': 'r2', team: 't10' },
        (d: (typeof docs)[number]) => d.metadata.team === 't10',
      ],
      [
        'an $or of $in and $eq',
        { $or: [{ team: { $in: ['t1', 't2'] } }, { 'region.code': 'r9' }] },
        (d: (typeof docs)[number]) => ['t1', 't2'].includes(d.metadata.team),
      ],
      [
        'a filter through an array index (no containment)',
        { 'rack.0': 'a4', team: 't9' },
        (d: (typeof docs)[number]) => d.metadata.rack[0] === 'a4' && d.metadata.team === 't9',
      ],
    ])('answers %s exactly (similarity)', async (_, filters, matches) => {
      const response = await search(fixture().api, pipelineId, {
        type: 'similarity',
        query,
        classifications: ['public'],
        params: { k: 5 },
        filters,
      });
      expect(response.status).toBe(200);
      const expected = exactNearest(matches, 5);
      expect(expected.length).toBeGreaterThan(0);
      expect(response.body.map((f: any) => f.metadata.n)).toEqual(expected.map((e) => e.n));
    });

    it('answers MMR and full text under such a filter with matching fragments only', async () => {
      for (const type of ['mmr', 'search']) {
        const response = await search(fixture().api, pipelineId, {
          type,
          query: type === 'search' ? 'gears' : query,
          classifications: ['public'],
          params: type === 'mmr' ? { k: 3, fetch_k: 8 } : { k: 3 },
          filters: { team: { $in: ['t2', 't6'] } },
        });
        expect(response.status).toBe(200);
        expect(response.body).toHaveLength(3);
        for (const fragment of response.body) expect(['t2', 't6']).toContain(fragment.metadata.team);
      }
    });

    it('finds nothing, with 200, for an empty $in, alone or in $and; an $or keeps its other branch', async () => {
      for (const [filters, count] of [
        [{ team: { $in: [] } }, 0],
        [{ $and: [{ team: { $in: [] } }, { 'region.code': 'r1' }] }, 0],
        [{ $or: [{ team: { $in: [] } }, { team: 't5' }] }, 5],
      ] as const) {
        for (const type of ['similarity', 'search']) {
          const response = await search(fixture().api, pipelineId, {
            type,
            query: type === 'search' ? 'invoice' : query,
            classifications: ['public'],
            params: { k: 5 },
            filters,
          });
          expect(response.status).toBe(200);
          expect(response.body).toHaveLength(count);
        }
      }
    });
  },
  { env: { TROVE_EXACT_SEARCH_BELOW: '50' } },
);
