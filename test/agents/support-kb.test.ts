/**
 * The extractive model end to end on the support-kb world `npm run demo` builds:
 * the demo itself goes on to create an agent and stream its answer; then a key that
 * may read `internal` gets the refunds fragment, quoted and cited, while a key
 * limited to `public` never gets an internal fragment (here: nothing relevant, said
 * plainly, with no citation at all).
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { NOTHING_RELEVANT } from '../../src/llms/extractive.model';
import { ADMIN } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { expectSchema } from './contract/schemas';
import { CreateAgentConversationResponse } from './contract/schemas';
import { runStream } from './support/agui';
import { ALL_SCOPES, key } from './support/world';

const ROOT = path.resolve(__dirname, '../..');
const QUESTION = 'How do customers get their money back?';

describeEachDatabase('the extractive model on the support-kb world of npm run demo', (fixture) => {
  let pipeline = '';
  let agent = '';
  const documents: Record<string, string> = {};

  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/node'),
      [path.join(ROOT, 'scripts/demo.mjs')],
      {
        env: {
          PATH: process.env.PATH ?? '',
          TROVE_URL: fixture().trove.url,
          TROVE_API_KEY: ADMIN.id,
          TROVE_API_SECRET: ADMIN.secret,
        },
      },
    );
    expect(stdout).toContain('Created the agent "Support assistant"');
    expect(stdout).toContain(`Asking it: "${QUESTION}"`);
    expect(stdout).toMatch(/\n {2}Support agents must record the refund reason .*\[1\]/);
    expect(stdout).toMatch(
      /1 document\(s\) cited:\n {2}\[1\] refunds: Refunds for annual plans are prorated\./,
    );
    pipeline = (await fixture().api.get('/pipelines?name=support-kb')).body.data[0].id;
    agent = (await fixture().api.get('/api/v1/agents?search=Support%20assistant')).body.agents[0]._key;
    for (const d of (await fixture().api.get(`/pipelines/${pipeline}/documents`)).body.data)
      documents[d.external_id] = d.id;
  });

  it('answers a key that may read internal from the refunds fragment, and cites it', async () => {
    const internal = await key(fixture().api, 'internal-reader', {
      scopes: ALL_SCOPES,
      grants: [{ pipeline_id: pipeline, permissions: 5 }],
    });
    const response = await internal.post(`/api/v1/agents/${agent}/conversations`, { query: QUESTION });
    expect(response.status).toBe(201);
    expectSchema(CreateAgentConversationResponse, response.body);
    const answer = response.body.conversation.messages[1];
    expect(answer.content).toBe(
      'Support agents must record the refund reason in the ticket before approving a refund. [1] Refunds for annual plans are prorated. [1]',
    );
    expect(answer.citations.map((c: any) => c.citationData.metadata.recordId)).toEqual([documents.refunds]);
    expect(answer.citations[0].citationData.content).toBe(
      'Refunds for annual plans are prorated. Support agents must record the refund reason in the ticket before approving a refund.',
    );
  });

  it('never gives a public-only key an internal fragment, in the answer, the citations or the stream', async () => {
    const publicOnly = await key(fixture().api, 'public-reader', {
      scopes: ALL_SCOPES,
      grants: [{ pipeline_id: pipeline, permissions: 5, classifications: ['public'] }],
    });
    const run = await runStream(publicOnly, `/api/v1/agents/${agent}/conversations/stream`, {
      query: QUESTION,
      chatMode: 'quick',
    });
    expect(run.error).toBeUndefined();
    const conversation = run.finished!.result.conversation;
    const answer = conversation.messages[1];
    expect(answer.content).toBe(NOTHING_RELEVANT);
    expect(answer.citations).toEqual([]);
    const everything = JSON.stringify(run.events);
    for (const internalText of [
      'Refunds for annual plans',
      'Invoices are generated',
      documents.refunds,
      documents.invoices,
    ]) {
      expect(everything).not.toContain(internalText);
    }
    // Questions about public knowledge are answered, from the public fragment only.
    const reset = await publicOnly.post(`/api/v1/agents/${agent}/conversations`, {
      query: 'How do I reset a password?',
    });
    const citations = reset.body.conversation.messages[1].citations.map(
      (c: any) => c.citationData.metadata.recordId,
    );
    expect(citations).toEqual([documents['password-reset']]);
  });
});
