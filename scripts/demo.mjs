#!/usr/bin/env node
// npm run demo — replays the "First search" example against a running Trove:
// a support-kb pipeline with the classifications public and internal (internal
// inherits public), three documents, and the searches of the example; then it
// creates a support agent on the pipeline and asks it a question, printing the
// answer as it streams (AG-UI events) and the citations it saved. Last, it writes a
// small folder of mixed files (Markdown, CSV, HTML, JSON, text), uploads them into a
// second pipeline, support-files, in one multipart request, and searches them.
//
//   TROVE_URL         default http://localhost:8080
//   TROVE_API_KEY     an admin key id (the one `npm start` printed, or TROVE_BOOTSTRAP_API_KEY)
//   TROVE_API_SECRET  its secret
//
// Safe to run again: it reuses the pipeline and the agent, and re-adding the
// documents by their external ids makes new versions of them instead of copies.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const url = (process.env.TROVE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const key = process.env.TROVE_API_KEY;
const secret = process.env.TROVE_API_SECRET;

const DOCUMENTS = [
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
const CLASSIFICATIONS = ['internal', 'public'];
const HIERARCHY = [['internal', 'public']];

class DemoError extends Error {}

async function send(method, path, body, headers = {}, form = undefined) {
  try {
    return await fetch(url + path, {
      method,
      headers: {
        'x-api-key': key,
        'x-api-key-secret': secret,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      // A FormData body sets its own multipart content type.
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch (error) {
    throw new DemoError(
      `Cannot reach Trove at ${url} (${error.cause?.code ?? error.message}). Start it with \`npm start\`, or set TROVE_URL.`,
    );
  }
}

async function call(method, path, body) {
  const response = await send(method, path, body);
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const message = parsed?.detail ?? parsed?.error?.message ?? text;
    throw new DemoError(`${method} ${path} answered ${response.status}: ${message}`);
  }
  return parsed;
}

function check(condition, message) {
  if (!condition) throw new DemoError(`Unexpected answer: ${message}`);
}

const short = (text) => (text.length > 72 ? `${text.slice(0, 69)}...` : text);

function show(title, request, fragments, scoreName) {
  console.log(`\n${title}`);
  console.log(`  POST /pipelines/{id}/search ${JSON.stringify(request)}`);
  if (fragments.length === 0) console.log('  (no fragments)');
  for (const f of fragments) {
    console.log(`  ${scoreName} ${f.score.toFixed(4)}  [${f.classification}] ${short(f.page_content ?? '')}`);
  }
}

async function ensurePipeline() {
  const found = await call('GET', '/pipelines?name=support-kb');
  if (found.data.length > 0) {
    const pipeline = found.data[0];
    const current = await call('GET', `/pipelines/${pipeline.id}/classifications`);
    if (
      JSON.stringify(current) !== JSON.stringify({ classifications: CLASSIFICATIONS, hierarchy: HIERARCHY })
    ) {
      await call('PUT', `/pipelines/${pipeline.id}/classifications`, {
        classifications: CLASSIFICATIONS,
        hierarchy: HIERARCHY,
      });
      console.log(
        'Reset the classifications of support-kb to public and internal (internal inherits public).',
      );
    }
    console.log(`Using the existing pipeline support-kb (${pipeline.id}).`);
    return pipeline;
  }
  const pipeline = await call('POST', '/pipelines', {
    name: 'support-kb',
    description: 'Support knowledge base',
    classifications: CLASSIFICATIONS,
    hierarchy: HIERARCHY,
    full_text_search: true,
  });
  console.log(`Created the pipeline support-kb (${pipeline.id}) with the default hashing embedding model,`);
  console.log('  classifications public and internal, where internal inherits public.');
  return pipeline;
}

async function main() {
  if (!key || !secret) {
    throw new DemoError(
      'Set TROVE_API_KEY and TROVE_API_SECRET to an admin key: the one Trove printed at its first start, ' +
        'or the TROVE_BOOTSTRAP_API_KEY / TROVE_BOOTSTRAP_API_SECRET it was started with.',
    );
  }
  console.log(`Trove at ${url}`);
  const pipeline = await ensurePipeline();
  const search = (body) => call('POST', `/pipelines/${pipeline.id}/search`, body);

  const stored = await call('POST', `/pipelines/${pipeline.id}/documents`, DOCUMENTS);
  console.log('\nAdded three documents (one call, one transaction):');
  for (const doc of stored) {
    console.log(
      `  ${doc.external_id.padEnd(15)} [${doc.classification}] document ${doc.id} version ${doc.version} (${doc.fragment_count} fragment)`,
    );
  }
  const docOf = Object.fromEntries(stored.map((d) => [d.id, d.external_id]));
  const names = (fragments) => fragments.map((f) => docOf[f.document_id]);
  const ascending = (fragments) => fragments.every((f, i) => i === 0 || fragments[i - 1].score <= f.score);

  let request = {
    type: 'similarity',
    query: 'How do customers get their money back?',
    classifications: ['internal'],
    params: { k: 1 },
  };
  let found = await search(request);
  show(
    'The example exchange: the nearest fragment for a question about money back.',
    request,
    found,
    'distance',
  );
  check(found.length === 1, 'k 1 should return one fragment');

  request = {
    type: 'similarity',
    query: 'How do customers get their money back?',
    classifications: ['internal'],
  };
  found = await search(request);
  show(
    'Searching internal finds all three documents (internal inherits public), nearest first:',
    request,
    found,
    'distance',
  );
  check(
    found.length === 3 && ascending(found),
    'internal should find the three documents by ascending distance',
  );

  request = {
    type: 'similarity',
    query: 'How do customers get their money back?',
    classifications: ['public'],
  };
  found = await search(request);
  show('Searching public finds only the public document:', request, found, 'distance');
  check(
    found.length === 1 && names(found)[0] === 'password-reset',
    'public should find only the password document',
  );

  request = {
    type: 'mmr',
    query: 'How do I rotate the database credentials?',
    classifications: ['internal'],
    params: { k: 5, fetch_k: 20, lambda_mult: 0.5 },
  };
  found = await search(request);
  show(
    'MMR: 5 fragments from 20 candidates; with three in the pipeline, all three by ascending distance:',
    request,
    found,
    'distance',
  );
  check(
    found.length === 3 && ascending(found),
    'MMR should return the three fragments by ascending distance',
  );

  request = { type: 'search', query: 'refund', classifications: ['internal'] };
  found = await search(request);
  show('Full-text search ranks by ts_rank, best first:', request, found, 'rank');
  check(found.length === 1 && names(found)[0] === 'refunds', 'full text should find the refunds document');

  console.log(
    '\nThe same searches work over MCP: the search_knowledge tool of /mcp, for pipeline_id',
    pipeline.id,
  );

  await askAgent(pipeline, docOf);
  await ingestFiles();
}

// ---- files: a folder of mixed formats, uploaded in one request and searched

const FILES = {
  'warranty.md':
    '# Warranty\n\nEvery device carries a two-year warranty from the date of delivery.\n\n' +
    '## Claims\n\nA warranty claim needs the serial number and a photo of the fault.\n',
  'plans.csv': 'plan,price,seats\nStarter,9,3\nTeam,29,25\nEnterprise,99,unlimited\n',
  'status.html':
    '<!doctype html><html><head><title>Service status</title></head><body><nav>Home | Status</nav>' +
    '<main><article><h1>Service status</h1><p>The status page lists planned maintenance windows, ' +
    'announced a week ahead, and every incident with its timeline.</p></article></main></body></html>',
  'contacts.json': JSON.stringify({ support: { email: 'support@example.com', hours: 'weekdays 8-18' } }),
  'shipping.txt': 'Orders ship within two working days. Tracking numbers arrive by email.\n',
};

async function ingestFiles() {
  const folder = mkdtempSync(join(tmpdir(), 'trove-demo-files-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);

  const found = await call('GET', '/pipelines?name=support-files');
  const pipeline =
    found.data[0] ??
    (await call('POST', '/pipelines', {
      name: 'support-files',
      description: 'Files uploaded by npm run demo',
      classifications: ['public'],
      full_text_search: true,
    }));

  // The type is read from the bytes; the file name becomes the external id, so a rerun versions them.
  const form = new FormData();
  form.append('classification', 'public');
  form.append('metadata', JSON.stringify({ source: 'demo' }));
  for (const name of Object.keys(FILES))
    form.append('file', new Blob([readFileSync(join(folder, name))]), name);
  const response = await send('POST', `/pipelines/${pipeline.id}/files`, undefined, {}, form);
  const results = await response.json();
  if (!response.ok)
    throw new DemoError(`POST /pipelines/{id}/files answered ${response.status}: ${results.detail}`);
  console.log(
    `\nUploaded ${results.length} files from ${folder} into support-files (${pipeline.id}), one request:`,
  );
  for (const file of results)
    console.log(
      `  ${file.filename.padEnd(14)} ${file.type.padEnd(9)} version ${file.version}, ${file.fragment_count} fragment(s)`,
    );
  check(
    results.every((file) => file.status === 'processed'),
    'every file should be processed',
  );

  const request = {
    type: 'similarity',
    query: 'How long is the warranty?',
    classifications: ['public'],
    params: { k: 2 },
  };
  const hits = await call('POST', `/pipelines/${pipeline.id}/search`, request);
  console.log(`\nSearching the files: ${JSON.stringify(request)}`);
  for (const hit of hits)
    console.log(
      `  distance ${hit.score.toFixed(4)}  ${hit.metadata.filename}${hit.metadata.section ? ` § ${hit.metadata.section}` : ''}: ${short(hit.page_content)}`,
    );
  check(hits[0]?.metadata.filename === 'warranty.md', 'the warranty question should find warranty.md first');
}

const AGENT_NAME = 'Support assistant';
const QUESTION = 'How do customers get their money back?';

/** The demo's agent: found by name, or created on the pipeline (no models: the default LLM answers). */
async function ensureAgent(pipeline) {
  const found = await call('GET', `/api/v1/agents?search=${encodeURIComponent(AGENT_NAME)}&limit=200`);
  const existing = found.agents.find((a) => a.name === AGENT_NAME);
  if (existing) {
    console.log(`\nUsing the existing agent "${AGENT_NAME}" (${existing._key}).`);
    return existing._key;
  }
  const created = await call('POST', '/api/v1/agents/create', {
    name: AGENT_NAME,
    description: 'Answers support questions from the support-kb pipeline, with citations',
    systemPrompt: 'You are a support assistant. Answer from the support knowledge base only.',
    knowledge: [{ connectorId: pipeline.id }],
    shareWithOrg: true,
  });
  console.log(
    `\nCreated the agent "${AGENT_NAME}" (${created.agent._key}) on support-kb, answering with the default LLM.`,
  );
  return created.agent._key;
}

/** Reads server-sent events: one {event, data} per frame. */
async function* events(response) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}

async function askAgent(pipeline, docOf) {
  const agentKey = await ensureAgent(pipeline);
  console.log(`\nAsking it: "${QUESTION}"`);
  console.log(`  POST /api/v1/agents/${agentKey}/conversations/stream (AG-UI events)`);
  const response = await send(
    'POST',
    `/api/v1/agents/${agentKey}/conversations/stream`,
    { query: QUESTION, chatMode: 'quick' },
    { accept: 'text/event-stream' },
  );
  if (!response.ok) throw new DemoError(`the stream answered ${response.status}: ${await response.text()}`);
  let finished = null;
  process.stdout.write('\n  ');
  for await (const event of events(response)) {
    if (event.type === 'TEXT_MESSAGE_CONTENT') process.stdout.write(event.delta);
    if (event.type === 'RUN_ERROR') throw new DemoError(`the agent failed: ${event.message}`);
    if (event.type === 'RUN_FINISHED') finished = event.result;
  }
  process.stdout.write('\n');
  check(finished, 'the stream should end with RUN_FINISHED');
  const answer = finished.conversation.messages.at(-1);
  console.log(
    `\nSaved in conversation ${finished.conversation._id}; ${finished.recordsUsed} document(s) cited:`,
  );
  for (const [i, citation] of answer.citations.entries()) {
    const document =
      docOf[citation.citationData.metadata.recordId] ?? citation.citationData.metadata.recordId;
    console.log(`  [${i + 1}] ${document}: ${short(citation.citationData.content)}`);
  }
  check(
    answer.citations.some((c) => docOf[c.citationData.metadata.recordId] === 'refunds'),
    'the answer should cite the refunds document',
  );
}

main().catch((error) => {
  console.error(`\ndemo: ${error instanceof DemoError ? error.message : error.stack}`);
  process.exit(1);
});
