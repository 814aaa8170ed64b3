/**
 * What many tests create through the REST API before they start, one helper each: a key
 * with given grants, and support-kb, the pipeline of the published pages' examples.
 */
import { randomBytes } from 'node:crypto';
import { Api, Credentials } from './http';

export interface GrantBody {
  pipeline_id: string;
  permissions: number;
  classifications?: '*' | string[];
}

/** A key (not admin) with these grants; `api.as(await createKey(api, grants))` acts as it. */
export async function createKey(
  api: Api,
  grants: GrantBody[],
  name = `key-${randomBytes(4).toString('hex')}`,
): Promise<Credentials> {
  const response = await api.post('/api_keys', { name, admin: false, grants });
  if (response.status !== 201) throw new Error(`creating key ${name}: ${response.status} ${response.text}`);
  return { id: response.body.id, secret: response.body.secret };
}

export const SUPPORT_KB_DOCUMENTS = {
  password: {
    content:
      'To reset a password, open Settings, choose Security and select Reset password. A reset link is sent to the registered email address and expires after 30 minutes.',
    classification: 'public',
    metadata: { product: 'accounts' },
  },
  invoices: {
    content:
      'Invoices are generated on the first day of each month. Finance staff can export invoices as PDF or CSV files from the Billing page.',
    classification: 'internal',
    metadata: { product: 'billing' },
  },
  refunds: {
    content:
      'Refunds for annual plans are prorated. Support agents must record the refund reason in the ticket before approving a refund.',
    classification: 'internal',
    metadata: { product: 'billing' },
  },
} as const;

export interface SupportKb {
  pipelineId: string;
  /** The pipeline as REST returns it. */
  pipeline: any;
  /** Document ids by name. */
  documents: Record<keyof typeof SUPPORT_KB_DOCUMENTS, string>;
}

/** support-kb (full text on): classifications public and internal, internal inherits public, the three documents. */
export async function createSupportKb(api: Api, name = 'support-kb'): Promise<SupportKb> {
  const created = await api.post('/pipelines', {
    name,
    description: 'Support knowledge base',
    classifications: ['public', 'internal'],
    hierarchy: [['internal', 'public']],
    full_text_search: true,
  });
  if (created.status !== 201) throw new Error(`creating ${name}: ${created.status} ${created.text}`);
  const pipelineId = created.body.id as string;
  const documents = {} as SupportKb['documents'];
  for (const [key, document] of Object.entries(SUPPORT_KB_DOCUMENTS)) {
    const added = await api.post(`/pipelines/${pipelineId}/documents`, document);
    if (added.status !== 201) throw new Error(`adding ${key}: ${added.status} ${added.text}`);
    documents[key as keyof typeof SUPPORT_KB_DOCUMENTS] = added.body.id;
  }
  return { pipelineId, pipeline: created.body, documents };
}
