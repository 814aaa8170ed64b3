/** Helpers shared by the documents and search integration tests. */
import { randomBytes } from 'node:crypto';
import { HashingVectorizer } from '../../src/embeddings/hashing.provider';
import { Api } from '../support/http';

/** The default embedding model of a fresh install (hashing, 384 dimensions). */
export const DEFAULT_MODEL_ID = '01900000-0000-7000-8000-000000000002';

/** The three documents of the published "First search" example. */
export const FIRST_SEARCH_DOCUMENTS = [
  {
    content:
      'To reset a password, open Settings, choose Security and select Reset password. A reset link is sent to the registered email address and expires after 30 minutes.',
    classification: 'public',
    metadata: { product: 'accounts' },
    external_id: 'password-reset',
  },
  {
    content:
      'Invoices are generated on the first day of each month. Finance staff can export invoices as PDF or CSV files from the Billing page.',
    classification: 'internal',
    metadata: { product: 'billing' },
    external_id: 'invoices',
  },
  {
    content:
      'Refunds for annual plans are prorated. Support agents must record the refund reason in the ticket before approving a refund.',
    classification: 'internal',
    metadata: { product: 'billing' },
    external_id: 'refunds',
  },
];

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function createPipeline(api: Api, body: Record<string, unknown> = {}): Promise<any> {
  const response = await api.post('/pipelines', { name: unique('pipeline'), ...body });
  if (response.status !== 201) throw new Error(`pipeline: ${response.status} ${response.text}`);
  return response.body;
}

export async function supportKb(
  api: Api,
  extra: Record<string, unknown> = {},
): Promise<{ pipeline: any; documents: any[] }> {
  const pipeline = await createPipeline(api, {
    description: 'Support knowledge base',
    classifications: ['public', 'internal'],
    hierarchy: [['internal', 'public']],
    ...extra,
  });
  const documents = await addDocuments(api, pipeline.id, FIRST_SEARCH_DOCUMENTS);
  return { pipeline, documents };
}

export async function addDocuments(api: Api, pipelineId: string, documents: unknown[]): Promise<any[]> {
  const response = await api.post(`/pipelines/${pipelineId}/documents`, documents);
  if (response.status !== 201) throw new Error(`documents: ${response.status} ${response.text}`);
  return response.body;
}

/** A key with the given grants, as an Api client. */
export async function keyWith(
  api: Api,
  grants: { pipeline_id: string; permissions: number; classifications?: '*' | string[] }[],
): Promise<Api> {
  const response = await api.post('/api_keys', { name: unique('key'), grants });
  if (response.status !== 201) throw new Error(`api key: ${response.status} ${response.text}`);
  return api.as({ id: response.body.id, secret: response.body.secret });
}

export async function search(api: Api, pipelineId: string, body: Record<string, unknown>) {
  return api.post(`/pipelines/${pipelineId}/search`, body);
}

const vectorizers = new Map<string, HashingVectorizer>();
/** What the hashing model stores for a text: its vector, rounded to pgvector's float4. */
export function storedVector(text: string, size = 384, ngram = 3): number[] {
  const key = `${size}/${ngram}`;
  let vectorizer = vectorizers.get(key);
  if (!vectorizer)
    vectorizers.set(key, (vectorizer = new HashingVectorizer(size, { ngram, lowercase: true })));
  return vectorizer.vectorize(text).map(Math.fround);
}

export function cosineSimilarity(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}

export const cosineDistance = (a: number[], b: number[]) => 1 - cosineSimilarity(a, b);
export const euclideanDistance = (a: number[], b: number[]) =>
  Math.sqrt(a.reduce((sum, x, i) => sum + (x - b[i]) ** 2, 0));
export const negativeInnerProduct = (a: number[], b: number[]) => -a.reduce((sum, x, i) => sum + x * b[i], 0);
