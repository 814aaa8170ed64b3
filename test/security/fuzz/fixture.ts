/** The objects the fuzz test aims at (see Fixture in routes.ts), made through the API as the admin key. */
import { Api, UploadFile } from '../../support/http';
import { Fixture } from '../routes';

export async function createFixture(api: Api): Promise<Fixture> {
  const created = async (path: string, body: unknown, status = 201) => {
    const response = await api.request('POST', path, body);
    if (response.status !== status) throw new Error(`${path}: ${response.status} ${response.text}`);
    return response.body;
  };
  const uploaded = async (path: string, files: UploadFile[], fields: Record<string, string>) => {
    const response = await api.upload(path, files, fields);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${response.text}`);
    return response.body;
  };
  const pipeline = await created('/pipelines', {
    name: 'fuzz-target',
    classifications: ['public', 'internal'],
    hierarchy: [['internal', 'public']],
  });
  const document = await created(`/pipelines/${pipeline.id}/documents`, {
    content: 'The fuzz target document, about refunds and invoices. Refunds take five days.',
    classification: 'public',
    metadata: { n: 2 },
  });
  const job = await created(
    `/pipelines/${pipeline.id}/documents?async=true`,
    [{ content: 'Queued by the fuzz fixture.', classification: 'internal' }],
    202,
  );
  const key = await created('/api_keys', {
    name: 'fuzz-key',
    grants: [{ pipeline_id: pipeline.id, permissions: 7 }],
  });
  const token = await created(`/api_keys/${key.id}/tokens`, { name: 'fuzz-token', grants: [] });
  const oauthClient = await created('/oauth_clients', {
    name: 'fuzz-client',
    grants: [{ pipeline_id: pipeline.id, permissions: 5 }],
  });
  const model = await created('/embedding_models', { name: 'fuzz-model', provider: 'hashing', size: 16 });
  const splitter = await created('/text_splitters', {
    provider: 'character',
    parameters: { chunk_size: 100 },
  });
  const [pending] = await uploaded(
    `/pipelines/${pipeline.id}/files`,
    [
      {
        name: 'pending.txt',
        bytes: Buffer.from('Kept for later: invoices are monthly.'),
        type: 'text/plain',
      },
    ],
    { classification: 'public', process: 'false' },
  );
  const llm = await created('/llms', { name: 'fuzz-llm', provider: 'extractive' });
  const reranker = await created('/rerankers', {
    name: 'fuzz-reranker',
    provider: 'tei',
    endpoint: 'http://127.0.0.1:9',
    parameters: { timeout_ms: 200 },
  });
  const evaluation = await created(
    `/pipelines/${pipeline.id}/evaluations`,
    {
      name: 'fuzz-evaluation',
      classifications: 'public',
      queries: [{ id: 'q1', query: 'refunds', relevant: [{ document_id: document.id }] }],
      searches: [{ type: 'similarity' }],
    },
    202,
  );
  const agent = await created('/api/v1/agents/create', {
    name: 'fuzz-agent',
    knowledge: [{ connectorId: pipeline.id }],
    models: [{ modelKey: llm.id, isReasoning: true }],
  });
  const conversations = `/api/v1/agents/${agent.agent._key}/conversations`;
  const conversation = await created(conversations, { query: 'How long do refunds take?' });
  const attachment = await uploaded(
    `${conversations}/attachments/upload`,
    [{ name: 'notes.txt', bytes: Buffer.from('Attached: refunds take five days.'), field: 'files' }],
    { conversationId: conversation.conversation._id },
  );
  return {
    pipelineId: pipeline.id,
    documentId: document.id,
    keyId: key.id,
    tokenId: token.id,
    oauthClientId: oauthClient.client_id,
    modelId: model.id,
    splitterId: splitter.id,
    jobId: job.id,
    pendingFileId: pending.file_id,
    llmId: llm.id,
    rerankerId: reranker.id,
    evaluationId: evaluation.id,
    queryPosition: '0',
    agentKey: agent.agent._key,
    conversationId: conversation.conversation._id,
    messageId: conversation.conversation.messages[1]._id,
    attachmentId: attachment.attachments[0].recordId,
    docsAsset: 'init.js',
  };
}
