import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readCorpus, readQuerySets } from './eval-sets';

describe('the labelled sets trove eval reads', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-eval-sets-'));
    fs.mkdirSync(path.join(dir, 'beir', 'qrels'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'beir', 'queries.jsonl'),
      '{"_id": "1", "text": "what is a zebra"}\n{"_id": 2, "text": "unjudged"}\n\n{"_id": "3", "text": "refunds"}\n',
    );
    fs.writeFileSync(
      path.join(dir, 'beir', 'qrels', 'test.tsv'),
      'query-id\tcorpus-id\tscore\n1\tzoo\t2\n1\tzebu\t0\n3\trefunds\t1\n',
    );
    fs.writeFileSync(
      path.join(dir, 'beir', 'corpus.jsonl'),
      '{"_id": "zoo", "title": "Zoo", "text": "A zebra."}\n{"_id": 7, "text": "Refunds."}\n{"_id": "x", "text": "Third."}\n',
    );
    fs.writeFileSync(
      path.join(dir, 'set.jsonl'),
      '{"id": "q9", "query": "pony", "relevant": [{"document_id": "0193a000-0000-7000-8000-00000000a0a0"}]}\n',
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the BEIR layout (only judged queries, scores as grades) and JSONL files, in order', () => {
    expect(readQuerySets([path.join(dir, 'beir'), path.join(dir, 'set.jsonl')], 'test')).toEqual([
      {
        id: '1',
        query: 'what is a zebra',
        relevant: [
          { external_id: 'zoo', grade: 2 },
          { external_id: 'zebu', grade: 0 },
        ],
      },
      { id: '3', query: 'refunds', relevant: [{ external_id: 'refunds', grade: 1 }] },
      { id: 'q9', query: 'pony', relevant: [{ document_id: '0193a000-0000-7000-8000-00000000a0a0' }] },
    ]);
    expect(() => readQuerySets([path.join(dir, 'beir')], 'dev')).toThrow(/no qrels\/dev\.tsv/);
  });

  it('reads a corpus in batches, the title before the text', async () => {
    const batches = [];
    for await (const batch of readCorpus(path.join(dir, 'beir', 'corpus.jsonl'), 2)) batches.push(batch);
    expect(batches.map((batch) => batch.map((doc) => doc.external_id))).toEqual([['zoo', '7'], ['x']]);
    expect(batches[0][0]).toEqual({ external_id: 'zoo', content: 'Zoo\n\nA zebra.', metadata: {} });
  });
});
