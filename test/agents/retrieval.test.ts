/**
 * An agent's retrieval, on each database: one hybrid search of the pipeline (full text
 * and the model), its default reranker when it names one, and citations that say which
 * searches found each passage and name the file it came from.
 */
import { samplePdf } from '../../bench/sample-files';
import { startRerankStub } from '../support/rerank-stub';
import { describeEachDatabase } from '../support/suite';
import { createPipeline, unique } from '../search/helpers';

describeEachDatabase("an agent's retrieval", (fixture) => {
  const api = () => fixture().api;

  it('cites the file a passage came from, and the searches that found it, reranked by the default reranker', async () => {
    const pipeline = await createPipeline(api(), { classifications: ['public'] });
    const pdf = samplePdf({
      title: 'Refund policy',
      pages: [['Refunds for annual plans are prorated.', 'A refund needs the ticket number.']],
    });
    const uploaded = await api().upload(
      `/pipelines/${pipeline.id}/files`,
      [{ name: 'refunds.pdf', bytes: pdf }],
      {
        classification: 'public',
      },
    );
    expect(uploaded.status).toBe(201);
    await api().post(`/pipelines/${pipeline.id}/documents`, [
      { content: 'Invoices are generated on the first day of each month.', classification: 'public' },
    ]);
    const agent = (
      await api().post('/api/v1/agents/create', {
        name: unique('retrieval-agent'),
        knowledge: [{ connectorId: pipeline.id }],
      })
    ).body.agent._key;
    const ask = async (query: string) => {
      const response = await api().post(`/api/v1/agents/${agent}/conversations`, { query });
      expect(response.status).toBe(201);
      return response.body.conversation.messages[1];
    };

    const answer = await ask('How are refunds for annual plans handled?');
    const [cited] = answer.citations;
    expect(cited.citationData.metadata).toMatchObject({
      recordName: 'refunds.pdf',
      mimeType: 'application/pdf',
      extension: 'pdf',
    });
    expect(cited.context).toBe('Found by similarity search and full-text search.');
    expect(cited.relevanceScore).toBeGreaterThan(0.5);

    const stub = await startRerankStub();
    try {
      const reranker = await api().post('/rerankers', {
        name: unique('agent-reranker'),
        provider: 'tei',
        endpoint: stub.teiUrl,
      });
      await api().patch(`/pipelines/${pipeline.id}`, { default_reranker_id: reranker.body.id });
      const query = 'refund ticket number';
      const reranked = await ask(query);
      const [first] = reranked.citations;
      expect(first.context).toBe('Found by similarity search and full-text search, ranked by the reranker.');
      expect(first.relevanceScore).toBeCloseTo(
        Math.min(1, stub.relevance(query, first.citationData.content)),
        9,
      );
      expect(stub.requests.length).toBeGreaterThan(0);
    } finally {
      await stub.close();
    }
  });
});
