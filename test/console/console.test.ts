/**
 * The console end to end, as a person uses it: Debian's Chromium (playwright-core)
 * against one real Trove. It signs in, creates a pipeline with two classifications,
 * uploads a file, finds it with a search, creates an agent and streams an answer with
 * a citation, evaluates searches on an uploaded labelled set and compares two runs,
 * creates a read-only key and sees that it cannot create a pipeline. Every
 * page it visits passes axe-core without a serious or critical violation, requests
 * nothing from another origin and trips no Content-Security-Policy rule.
 *
 * Screenshots of the main pages go to a temporary folder, or to docs/screenshots/ with
 * TROVE_UPDATE_SCREENSHOTS=true (`npm run screenshots`), which the README shows.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN, Api } from '../support/http';
import { waitForJob } from '../support/jobs';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { Browser, browserAvailable, CHROMIUM, openBrowser, seriousViolations } from './browser';

/** The page's globals the evaluated callbacks use (the tests compile without the DOM library). */
declare const document: {
  cookie: string;
  body: object;
  documentElement: { dataset: Record<string, string | undefined> };
};
declare const getComputedStyle: (element: object) => { backgroundColor: string };
declare const location: { href: string };
declare const sessionStorage: { getItem(key: string): string | null };
declare const localStorage: object;

const SCREENSHOTS =
  process.env.TROVE_UPDATE_SCREENSHOTS === 'true'
    ? path.resolve(__dirname, '../../docs/screenshots')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'trove-screenshots-'));

const HANDBOOK = [
  '# Refunds',
  '',
  'Customers get their money back within 14 days of a refund request.',
  'Refunds go back to the card that paid.',
  '',
  '# Shipping',
  '',
  'Parcels leave the warehouse every weekday at noon.',
].join('\n');

/**
 * Without Chromium the tests are skipped, saying why in the output and in the skipped
 * test's name. CI installs Chromium (.ci/run) and sets TROVE_TEST_REQUIRE_BROWSER=true,
 * so there a missing browser fails instead (browserAvailable throws).
 */
const describeWithBrowser = browserAvailable()
  ? describe
  : (name: string) => {
      const why = `no Chromium at ${CHROMIUM}: apt-get install chromium (or set TROVE_TEST_CHROMIUM) to run them`;
      console.warn(`Skipping the console's browser tests: ${why}`);
      describe(name, () => it.skip(why, () => undefined));
    };

describeWithBrowser('the console in a browser', () => {
  let database: TroveDatabase;
  let trove: TroveProcess;
  let browser: Browser;
  let page: Page;
  let chat: OpenAiChatStub;
  const visited: string[] = [];

  beforeAll(async () => {
    chat = await startOpenAiChatStub();
    database = await createTestDatabase('pglite');
    trove = await startTrove(database);
    browser = await openBrowser(trove.url);
    page = browser.page;
    page.setDefaultTimeout(20_000);
  });

  afterAll(async () => {
    await browser?.close();
    await trove?.stop();
    await database?.drop();
    await chat?.close();
  });

  /** What every page must hold: no serious accessibility violation; a screenshot when named. */
  async function checkPage(name: string, screenshot?: string) {
    await page.waitForLoadState('networkidle');
    visited.push(name);
    expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
    if (screenshot)
      await page.screenshot({ path: path.join(SCREENSHOTS, `${screenshot}.png`), fullPage: true });
  }

  const region = (name: string) => page.getByRole('region', { name, exact: true });

  async function signIn(id: string, secret: string) {
    await page.goto(`${trove.url}/ui/`);
    await page.getByLabel('Key id').fill(id);
    await page.getByLabel('Secret').fill(secret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  it('serves the console at /ui with a strict CSP, linked from /', async () => {
    const api = new Api(trove.url);
    expect((await api.request('GET', '/')).body).toEqual({
      name: 'trove',
      version: expect.any(String),
      mcp: '/mcp',
      console: '/ui/',
      docs: '/docs',
      openapi: '/openapi.json',
    });
    const index = await api.request('GET', '/ui/search');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.text).not.toMatch(/<script(?![^>]*\bsrc=)/); // no inline script
    expect(index.text).not.toMatch(/\sstyle=/);
    expect((await api.request('GET', '/ui/assets/missing.js')).status).toBe(404);

    await page.goto(`${trove.url}/ui/`);
    await page.getByRole('heading', { name: 'Sign in to Trove' }).waitFor();
    // The theme picker keeps to its choices' width rather than stretching across the page.
    const picker = await page.getByLabel('Theme').boundingBox();
    expect(picker!.width).toBeLessThan(200);
    await checkPage('sign in', 'sign-in');
  });

  it('signs in, keeping the key in sessionStorage only', async () => {
    await signIn(ADMIN.id, ADMIN.secret);
    const storage = await page.evaluate(() => ({
      session: JSON.stringify(sessionStorage),
      local: JSON.stringify(localStorage),
      cookie: document.cookie,
      url: location.href,
    }));
    expect(storage.session).toContain(ADMIN.secret);
    expect(storage.local).not.toContain(ADMIN.secret);
    expect(storage.cookie).toBe('');
    expect(storage.url).not.toContain(ADMIN.secret);
    await page.getByRole('heading', { name: 'Pipelines' }).waitFor();
    await checkPage('pipelines (empty)');
  });

  it('creates a pipeline with two classifications and refuses a cycle with the API message', async () => {
    await page.getByRole('link', { name: 'New pipeline' }).click();
    await page.getByLabel('Name', { exact: true }).fill('handbook');
    for (const name of ['public', 'internal']) {
      await page.getByLabel('New classification').fill(name);
      await page.getByRole('button', { name: 'Add classification' }).click();
    }
    await page.getByLabel('Classification', { exact: true }).selectOption('internal');
    await page.getByLabel('Inherited classification').selectOption('public');
    await page.getByRole('button', { name: 'Add inheritance' }).click();
    await page.getByText('internal inherits public').waitFor();
    await checkPage('new pipeline', 'pipeline-new');
    await page.getByRole('button', { name: 'Create pipeline' }).click();

    await page.getByRole('heading', { name: 'Pipeline handbook' }).waitFor();
    const graph = page.getByRole('img', { name: /Classification hierarchy/ });
    await expectText(graph, 'internal inherits public', 'aria-label');
    // public inherits internal closes a cycle: the API refuses it and the page says why.
    await page.getByLabel('Classification', { exact: true }).selectOption('public');
    await page.getByLabel('Inherited classification').selectOption('internal');
    await page.getByRole('button', { name: 'Add inheritance' }).click();
    await page.getByRole('button', { name: 'Save hierarchy' }).click();
    await page.getByRole('alert').filter({ hasText: 'the pairs form a cycle' }).waitFor();
    await checkPage('pipeline with a refused cycle', 'pipeline-hierarchy');
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('uploads a file with its progress and lists the document', async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Documents of handbook' }).waitFor();
    const add = region('Add documents');
    await add.getByRole('button', { name: 'Upload files' }).click();
    await add.getByLabel('Classification').selectOption('internal');
    await add.getByLabel('Metadata (JSON object)').fill('{"team": "support"}');
    await add.locator('input[type=file]').setInputFiles({
      name: 'handbook.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(HANDBOOK),
    });
    await add.getByText('Done').waitFor();
    await add.getByText(/processed: \d+ fragments/).waitFor();
    const documents = region('Documents');
    await documents.getByRole('rowheader', { name: /handbook\.md/ }).waitFor();
    await documents
      .getByRole('button', { name: /Fragments of/ })
      .first()
      .click();
    await page.getByText('Customers get their money back within 14 days').first().waitFor();

    // A file Trove cannot read fails on its own row, without a progress bar to show.
    await add.locator('input[type=file]').setInputFiles({
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a PDF at all'),
    });
    const failed = add.getByRole('listitem').filter({ hasText: 'broken.pdf' });
    await failed.getByText('Failed', { exact: true }).waitFor();
    await expectCount(failed.getByRole('progressbar'), 0);
    await expectCount(
      add.getByRole('listitem').filter({ hasText: 'handbook.md' }).getByRole('progressbar'),
      1,
    );
  });

  it("uploads the changed file as a new version and reads the older version's fragments", async () => {
    const add = region('Add documents');
    await add.locator('input[type=file]').setInputFiles({
      name: 'handbook.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(HANDBOOK.replace('at noon', 'at two')),
    });
    await add.getByText('Done').nth(1).waitFor();
    // The list shows the new version before its fragments are asked for (the viewer keeps the version it opened).
    const api = new Api(trove.url);
    const pipelineId = (await api.request('GET', '/pipelines?name=handbook')).body.data[0].id;
    const stored = await api.request('GET', `/pipelines/${pipelineId}/documents`);
    await region('Documents').locator(`td[title="${stored.body.data[0].version}"]`).waitFor();
    await region('Documents')
      .getByRole('button', { name: /Fragments of/ })
      .first()
      .click();
    const viewer = region('Fragments of handbook.md');
    const versions = viewer.getByRole('table', { name: 'Versions of handbook.md' });
    await versions.getByRole('row').nth(2).waitFor(); // the header and two versions
    expect(await versions.getByRole('row').count()).toBe(3);
    await viewer.getByText('Parcels leave the warehouse every weekday at two.').waitFor();
    // The current version's button is disabled; the first row is the older version.
    const older = versions.getByRole('button', { name: /Show fragments of version/ }).first();
    await older.click();
    await viewer.getByRole('heading', { name: /Older version/ }).waitFor();
    await viewer.getByText('Parcels leave the warehouse every weekday at noon.').waitFor();
    expect(await viewer.getByText('at two.').count()).toBe(0);
    await viewer
      .getByText(/expired/)
      .first()
      .waitFor();
    await checkPage('documents', 'documents');
  });

  it('finds the file with a search and shows the same search as curl and MCP', async () => {
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'Search playground' }).waitFor();
    await page.getByRole('textbox', { name: 'Query' }).fill('How do customers get their money back?');
    await page.getByRole('button', { name: 'Add filter row' }).click();
    await page.getByLabel('Key 1').fill('team');
    await page.getByLabel('Value 1').fill('support');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = region('Results (2)').or(region('Results (1)')).or(region('Results (3)'));
    await results.getByText('Customers get their money back within 14 days').waitFor();
    await results.getByText('internal').first().waitFor();
    const curl = await page.getByLabel('curl', { exact: true }).textContent();
    expect(curl).toContain('/search');
    expect(curl).toContain('"team"');
    expect(curl).not.toContain(ADMIN.secret);
    await page.getByText('"search_knowledge"').waitFor();
    await checkPage('search', 'search');

    // The same question as a hybrid search: both lists fused, weighted, scored as such.
    await page.getByLabel('Type').selectOption('hybrid');
    await page.getByLabel('Fusion').selectOption('weighted');
    await page.getByLabel('alpha (vector weight, 0–1)').fill('0.3');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await results.getByText('Customers get their money back within 14 days').waitFor();
    await results
      .getByText(/^fused score /)
      .first()
      .waitFor();
    const hybrid = await page.getByLabel('curl', { exact: true }).textContent();
    expect(hybrid).toContain('"fusion": "weighted"');
    await page.getByText("MCP's hybrid takes only embedding and k").waitFor();
    await checkPage('hybrid search');
  });

  it("edits the pipeline's embedding models and follows the reindex job to its end", async () => {
    const api = new Api(trove.url);
    const model = (
      await api.request('POST', '/embedding_models', { name: 'hash-64', provider: 'hashing', size: 64 })
    ).body;
    await page.getByRole('link', { name: 'Pipelines' }).click();
    await page.getByRole('link', { name: 'handbook' }).click();
    await page.getByRole('heading', { name: 'Pipeline handbook' }).waitFor();
    const settings = region('Settings');
    await settings.getByLabel('hash-64 — hashing, 64 dimensions').check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    const reindex = region('Reindex');
    await reindex.getByText('succeeded').waitFor();
    await reindex.getByText(/^(\d+)\/\1 fragments$/).waitFor();
    await page.locator('.facts').getByText('hash-64 (64 dimensions)').waitFor();
    await checkPage('pipeline settings after a reindex', 'pipeline-reindex');

    // The handbook is found with the model added.
    const pipelineId = (await api.request('GET', '/pipelines?name=handbook')).body.data[0].id;
    const found = await api.request('POST', `/pipelines/${pipelineId}/search`, {
      type: 'similarity',
      query: 'How do customers get their money back?',
      classifications: ['internal'],
      params: { k: 1, embedding: model.id },
    });
    expect(found.status).toBe(200);
    expect(found.body[0].page_content).toContain('money back within 14 days');
  });

  it('creates an agent and streams an answer with a citation', async () => {
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('link', { name: 'New agent' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Support');
    await page.getByLabel('handbook').check();
    await checkPage('new agent');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'Chat with Support' }).waitFor();
    await page.getByLabel('Your question').fill('How do customers get their money back?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const answer = page.locator('.message.bot').last();
    await answer
      .getByRole('link', { name: /Citation 1/ })
      .first()
      .waitFor();
    await answer.locator('blockquote').getByText('money back within 14 days').first().waitFor();
    await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
    await page.getByText('marked as helpful').waitFor();
    await page
      .getByRole('complementary', { name: 'Conversations' })
      .getByRole('button', { name: 'How do customers get their money back?', exact: true })
      .waitFor();
    await checkPage('chat', 'agent-chat');

    await answer.getByRole('button', { name: 'Regenerate' }).click();
    await page
      .locator('.message.bot')
      .last()
      .getByRole('link', { name: /Citation 1/ })
      .first()
      .waitFor();
    const conversations = page.getByRole('complementary', { name: 'Conversations' });
    await conversations.getByRole('button', { name: /^Archive How do customers/ }).click();
    await conversations
      .getByRole('button', { name: /^Archive How do customers/ })
      .waitFor({ state: 'detached' });
    await conversations.getByRole('button', { name: 'Archived', exact: true }).click();
    await conversations.getByRole('button', { name: /^Unarchive How do customers/ }).waitFor();
    // Archiving it emptied the thread: opening it shows the stored detail, whose citations carry no score.
    await conversations
      .getByRole('button', { name: 'How do customers get their money back?', exact: true })
      .click();
    await page
      .locator('.message.bot')
      .first()
      .getByRole('link', { name: /Citation 1/ })
      .first()
      .waitFor();
  });

  it('stops an answer while it streams, and the stored turn says it was stopped', async () => {
    // An agent answering through the chat stub, which streams one word every 300 ms.
    const api = new Api(trove.url);
    const llm = await api.request('POST', '/llms', {
      name: 'slow',
      provider: 'openai',
      endpoint: chat.url,
      model: 'slow-model',
    });
    expect(llm.status).toBe(201);
    const words = 'Refunds take fourteen days and go back to the card that paid [1].'.split(' ');
    chat.next({ kind: 'text', chunks: words.map((w) => `${w} `), delayMs: 300 });

    // The agent form picks its LLM among the registered ones (GET /llms).
    await page.goto(`${trove.url}/ui/agents/new`);
    await page.getByLabel('Name', { exact: true }).fill('Slow');
    await page.getByLabel('handbook').check();
    await page.getByLabel('LLM', { exact: true }).selectOption({ label: 'slow — openai, slow-model' });
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'Chat with Slow' }).waitFor();
    const agentKey = /\/agents\/([^/]+)$/.exec(page.url())![1];
    const agent = await api.request('GET', `/api/v1/agents/${agentKey}`);
    expect(agent.body.agent.models).toEqual([
      expect.objectContaining({ modelKey: llm.body.id, isReasoning: true }),
    ]);
    await page.getByLabel('Your question').fill('How long do refunds take?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page
      .locator('.message.bot.streaming')
      .getByText(/Refunds take/)
      .waitFor();
    await page.getByRole('button', { name: 'Stop answer' }).click();
    await page.getByText('The answer was stopped.').waitFor();
    await page.getByRole('button', { name: 'Ask' }).waitFor();
    const conversations = page.getByRole('complementary', { name: 'Conversations' });
    await conversations.getByText('Stopped', { exact: true }).waitFor();

    // The stored conversation: Stopped, its answer the part streamed before the stop.
    const conversationId = /\/conversations\/([0-9a-f-]+)/.exec(page.url())![1];
    const stored = await api.request('GET', `/api/v1/agents/${agentKey}/conversations/${conversationId}`);
    expect(stored.body.conversation.status).toBe('Stopped');
    const answers = stored.body.conversation.messages.filter((m: any) => m.messageType === 'bot_response');
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer.content).toMatch(/^Refunds take/);
    expect(answer.content).not.toContain('card that paid');
    await page
      .locator('.message.bot')
      .last()
      .getByText(/^Refunds take/)
      .waitFor();
  });

  it('shows models, LLMs (with probes), jobs and health to the admin', async () => {
    await page.getByRole('link', { name: 'Pipelines' }).click();
    await page.getByRole('link', { name: 'handbook' }).waitFor();
    await checkPage('pipelines', 'pipelines');

    await page.getByRole('link', { name: 'Models & LLMs' }).click();
    await page.getByRole('heading', { name: 'Models and LLMs' }).waitFor();
    await region('Embedding models').getByRole('button', { name: /^Test/ }).first().click();
    await region('Embedding models')
      .getByText(/OK in .* ms: 384 dimensions/)
      .waitFor();
    await region('LLMs').getByRole('button', { name: /^Test/ }).first().click();
    await region('LLMs')
      .getByText(/OK in .* ms: answered/)
      .waitFor();
    await checkPage('models', 'models');

    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    await checkPage('jobs');

    await page.getByRole('link', { name: 'Health' }).click();
    await page.getByText('ready', { exact: true }).waitFor();
    // Some traffic for the live figures: searches while the page samples /metrics.
    const api = new Api(trove.url);
    const pipelineId = (await api.request('GET', '/pipelines?name=handbook')).body.data[0].id;
    const chart = page.getByRole('img', {
      name: /Requests per second: now .* the last ([4-9]|\d\d) samples/,
    });
    for (let i = 0; i < 60 && !(await chart.count()); i++) {
      await api.request('POST', `/pipelines/${pipelineId}/search`, {
        type: 'similarity',
        query: 'refund',
        classifications: ['internal'],
      });
      await page.waitForTimeout(250);
    }
    await chart.waitFor();
    await checkPage('health', 'health');
  });

  it('lists jobs newest first, paged, and reads a new filter at once', async () => {
    const api = new Api(trove.url);
    const pipelineId = (await api.request('GET', '/pipelines?name=handbook')).body.data[0].id;
    // 207 jobs: the page once showed the oldest 200, so the newest 7 were not to be seen.
    const queued: string[] = [];
    for (let i = 0; i < 207; i += 9) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(9, 207 - i) }, (_, j) =>
          api.request('POST', `/pipelines/${pipelineId}/documents?async=true`, {
            content: `Note ${i + j}.`,
            classification: 'public',
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(202);
        queued.push(answer.body.id);
      }
    }
    const all = (await api.request('GET', '/jobs?limit=1000')).body.data.map((job: { id: string }) => job.id);
    const newest = all[all.length - 1];
    const oldest = all[0];

    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    const show = page.getByLabel('Show');
    const table = page.getByRole('table', { name: 'Jobs' });
    /** How long the page takes to show a filter's jobs after it is chosen. */
    const choose = async (value: string, shown: () => Promise<void>) => {
      const started = Date.now();
      await show.selectOption(value);
      await shown();
      return Date.now() - started;
    };
    const toAll = await choose('all', () => table.getByRole('rowheader', { name: newest }).waitFor());
    await page.getByText(new RegExp(`^${all.length} jobs, newest first\\.$`)).waitFor();
    // Newest first: the first row is the last job queued.
    expect(await table.getByRole('rowheader').first().textContent()).toBe(newest);
    expect(await table.getByRole('row').count()).toBe(51); // the header and a page of 50
    await checkPage('jobs, newest first');
    // The oldest is a few pages on.
    for (
      let pages = 0;
      pages < 10 && !(await table.getByRole('rowheader', { name: oldest }).count());
      pages++
    ) {
      const last = await table.getByRole('rowheader').last().textContent();
      await page.getByRole('button', { name: 'Next page' }).click();
      await table.getByRole('rowheader', { name: last! }).waitFor({ state: 'detached' });
      await table.getByRole('rowheader').first().waitFor();
    }
    await table.getByRole('rowheader', { name: oldest }).waitFor();
    await page.getByRole('button', { name: 'First page' }).click();
    await table.getByRole('rowheader', { name: newest }).waitFor();

    // A new filter is read at once, not at the next refresh (every 3 s).
    for (const id of queued) await waitForJob(api, id);
    const toOpen = await choose('open', () => page.getByText('No job to show.').waitFor());
    const backToAll = await choose('all', () => table.getByRole('rowheader', { name: newest }).waitFor());
    console.log(`jobs filter change: ${toAll} ms to all, ${toOpen} ms to open, ${backToAll} ms back to all`);
    expect(Math.max(toOpen, backToAll)).toBeLessThan(1500);
  });

  it('adds pasted text, expires it after asking, and searches with MMR', async () => {
    await page.getByRole('link', { name: 'Pipelines' }).click();
    await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
    const add = region('Add documents');
    await add.getByRole('combobox', { name: 'Classification' }).selectOption('public');
    await add.getByLabel(/^External id/).fill('shipping-note');
    await add.getByLabel('Text', { exact: true }).fill('Parcels leave the warehouse at noon.');
    await add.getByRole('button', { name: 'Add document' }).click();
    await add.getByText('Added: 1 fragment.').waitFor();
    const documents = region('Documents');
    // Newest first, with the total the API counts. The list reloads after the add
    // answers, so wait for the new row before reading the order.
    await documents.getByRole('row', { name: /shipping-note/ }).waitFor();
    await documents.getByText(/^\d+ documents, newest first\.$/).waitFor();
    expect(await documents.getByRole('rowheader').first().textContent()).toContain('shipping-note');
    const row = documents.getByRole('row', { name: /shipping-note/ });
    await row.getByRole('button', { name: 'Expire shipping-note' }).click();
    // Irreversible: the first press only asks; Cancel takes it back.
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: 'Expire shipping-note' }).click();
    await row.getByRole('button', { name: 'Yes, expire shipping-note' }).click();
    await row.getByText(/^expired/).waitFor();

    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.getByLabel('Type').selectOption({ label: 'MMR (diverse)' });
    await page.getByRole('textbox', { name: 'Query' }).fill('refunds');
    await page.getByLabel('fetch_k (candidates)').fill('10');
    await page.getByLabel(/^lambda/).fill('0.3');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('region', { name: /^Results/ })
      .getByText('Customers get their money back within 14 days')
      .first()
      .waitFor();
    const curl = await page.getByLabel('curl', { exact: true }).textContent();
    expect(curl).toContain('"type": "mmr"');
    expect(curl).toContain('"fetch_k": 10');
    expect(curl).toContain('"lambda_mult": 0.3');
  });

  it('evaluates searches on an uploaded labelled set, shows where they disagree, and compares two runs', async () => {
    const api = new Api(trove.url);
    const pipeline = (
      await api.request('POST', '/pipelines', {
        name: 'zoo',
        classifications: ['public'],
        full_text_search: true,
      })
    ).body;
    const stored = await api.request('POST', `/pipelines/${pipeline.id}/documents`, [
      {
        external_id: 'hamlet',
        classification: 'public',
        content: 'To be, or not to be, that is the question.',
      },
      {
        external_id: 'zoo',
        classification: 'public',
        content: 'The city zoo opened a new enclosure. Visitors watched lions and one zebra near the lake.',
      },
      { external_id: 'zebu', classification: 'public', content: 'Zebu, zebus and zeb.' },
    ]);
    expect(stored.status).toBe(201);
    const set = [
      { id: 'stop-words', query: 'to be or not to be', relevant: [{ external_id: 'hamlet' }] },
      { id: 'zebra', query: 'zebra', relevant: [{ external_id: 'zoo', grade: 2 }] },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');

    await page.getByRole('link', { name: 'Pipelines' }).click();
    await page.getByRole('link', { name: 'zoo', exact: true }).click();
    await page.getByRole('link', { name: 'Evaluations' }).click();
    await page.getByRole('heading', { name: 'Evaluations of zoo' }).waitFor();
    const start = async (name: string, k: string) => {
      const form = region('New evaluation');
      await form.getByLabel('Labelled set').setInputFiles({
        name: 'zoo.jsonl',
        mimeType: 'application/jsonl',
        buffer: Buffer.from(set),
      });
      await form.getByText('2 labelled queries read from zoo.jsonl.').waitFor();
      await form.getByLabel('Name').fill(name);
      await form.getByLabel(/^k /).fill(k);
      await form.getByLabel('MMR (diverse)').uncheck();
      await form.getByLabel('Hybrid (RRF)').check();
      await form.getByRole('button', { name: 'Start evaluation' }).click();
      await region('Evaluations')
        .getByRole('row', { name: new RegExp(`^${name} done`) })
        .waitFor();
    };
    await start('first', '3');
    const results = region('Results of first');
    const table = results.getByRole('table', { name: 'Metrics per search' });
    await table.getByRole('row', { name: /^search / }).waitFor();
    // Hybrid answers both queries first: the best nDCG, marked in words too.
    await table.getByRole('row', { name: /^hybrid \(rrf\) 1\.000 ★ best/ }).waitFor();
    await results.getByRole('img', { name: /Bar chart of the metrics at 3/ }).waitFor();
    // Full text cannot answer stop words: the searches disagree there.
    const disagreements = results.getByRole('table', { name: 'Queries where the searches disagree' });
    await disagreements.getByRole('button', { name: 'Passages of to be or not to be' }).click();
    await results
      .getByRole('region', { name: 'similarity for to be or not to be' })
      .getByText('To be, or not to be, that is the question.')
      .waitFor();
    await checkPage('evaluations', 'evaluations');

    await start('second', '1');
    const list = region('Evaluations');
    await list.getByLabel('Compare first').check();
    await list.getByLabel('Compare second').check();
    const comparison = region('Comparison: first → second');
    await comparison.getByRole('row', { name: /^similarity/ }).waitFor();
    await checkPage('evaluations compared');
  });

  it('adds, tests and deletes an embedding model; rotates, disables and deletes a key', async () => {
    await page.getByRole('link', { name: 'Models & LLMs' }).click();
    const models = region('Embedding models');
    await models.getByLabel('Name', { exact: true }).fill('small');
    await models.getByLabel('Dimensions').fill('64');
    await models.getByLabel('Description').fill('a small one');
    await models.getByRole('button', { name: 'Add embedding model' }).click();
    await models.getByRole('button', { name: 'Test small' }).click();
    // The form starts afresh for the next model.
    expect(await models.getByLabel('Description').inputValue()).toBe('');
    expect(await models.getByLabel('Dimensions').inputValue()).toBe('384');
    await models.getByText(/OK in .* ms: 64 dimensions/).waitFor();
    await models.getByRole('button', { name: 'Delete small' }).click();
    await models.getByRole('button', { name: 'Yes, delete small' }).click();
    await models.getByRole('button', { name: 'Test small' }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Keys' }).click();
    const form = region('New key');
    await form.getByLabel('Name').fill('temporary');
    await form.getByRole('button', { name: 'Create key' }).click();
    const shownSecret = async () => {
      const shown = region('Secret of temporary');
      await shown.getByRole('button', { name: 'Copy secret' }).waitFor();
      return (await shown.locator('code').allTextContents())[1];
    };
    const first = await shownSecret();
    expect(first).toMatch(/^\S{20,}$/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const keys = region('Keys').last();
    const temporaryId = (await region('Keys')
      .last()
      .getByRole('row', { name: /temporary/ })
      .locator('code')
      .textContent())!;
    const works = async (secret: string) =>
      (await new Api(trove.url, { id: temporaryId, secret }).request('GET', '/api_keys/me')).status;
    // Rotating asks first, in a dialog that says what it does; Cancel changes nothing.
    await keys.getByRole('button', { name: 'Rotate secret of temporary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the secret of temporary?' });
    await dialog.getByText(/stops working at once/).waitFor();
    await checkPage('rotate dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await works(first)).toBe(200);
    await keys.getByRole('button', { name: 'Rotate secret of temporary' }).click();
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await shownSecret();
    expect(rotated).not.toBe(first);
    await region('Secret of temporary')
      .getByText(/the old secret of temporary no longer works/)
      .waitFor();
    expect(await works(first)).toBe(401);
    expect(await works(rotated)).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await keys.getByRole('button', { name: 'Disable temporary' }).click();
    await keys
      .getByRole('row', { name: /temporary/ })
      .getByText('disabled')
      .waitFor();
    await keys.getByRole('button', { name: 'Delete temporary' }).click();
    await keys.getByRole('button', { name: 'Yes, delete temporary' }).click();
    await keys.getByRole('row', { name: /temporary/ }).waitFor({ state: 'detached' });
  });

  let reader: { id: string; secret: string };

  it('creates a read-only key and shows its secret once', async () => {
    await page.getByRole('link', { name: 'Keys' }).click();
    const form = region('New key');
    await form.getByLabel('Name').fill('reader');
    await form.getByLabel('execute', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = region('Secret of reader');
    await secret.getByRole('button', { name: 'Copy secret' }).waitFor();
    // The form starts afresh for the next key.
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    expect(await form.getByLabel('execute', { exact: true }).isChecked()).toBe(true);
    const codes = await secret.locator('code').allTextContents();
    reader = { id: codes[0], secret: codes[1] };
    expect(reader.id).toMatch(/^[0-9a-f-]{36}$/);
    await checkPage('keys', 'keys');
    await secret.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByText(reader.secret).waitFor({ state: 'detached' });
  });

  it('offers the read-only key no pipeline creation, and the API refuses it', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(reader.id, reader.secret);
    await page.getByRole('link', { name: 'handbook' }).waitFor();
    await expectCount(page.getByRole('link', { name: 'New pipeline' }), 0);
    await expectCount(page.getByRole('link', { name: 'Keys' }), 0);
    await expectCount(page.getByRole('link', { name: 'Search', exact: true }), 0);
    await page.goto(`${trove.url}/ui/pipelines/new`);
    await page.getByText('Only admin keys create pipelines.').waitFor();
    const status = await page.evaluate(async () => {
      const { id, secret } = JSON.parse(sessionStorage.getItem('trove.credentials')!);
      const response = await fetch('/pipelines', {
        method: 'POST',
        headers: { 'x-api-key': id, 'x-api-key-secret': secret, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'not-allowed' }),
      });
      return response.status;
    });
    expect(status).toBe(403);
    await checkPage('read-only key');
  });

  it('shows a key limited to some classifications what it may use, and why no other is offered', async () => {
    const api = new Api(trove.url);
    const pipelineId = (await api.request('GET', '/pipelines?name=handbook')).body.data[0].id;
    const limited = await api.request('POST', '/api_keys', {
      name: 'internal-only',
      grants: [{ pipeline_id: pipelineId, permissions: 7, classifications: ['internal'] }],
    });
    expect(limited.status).toBe(201);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(limited.body.id, limited.body.secret);

    await page.getByRole('link', { name: 'handbook' }).click();
    const granted = region('Classifications this key may use');
    await granted.getByText('internal', { exact: true }).waitFor();
    await granted.getByText(/allows only internal \(and what they inherit\)/).waitFor();
    await expectCount(page.getByText(/Authorization error/), 0);
    // The pipeline's other classification is named nowhere.
    await expectCount(page.getByText('public', { exact: true }), 0);
    await checkPage('pipeline for a limited key');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Search playground' }).waitFor();
    const classes = region('Classifications');
    await classes.getByRole('checkbox', { name: 'internal', exact: true, checked: true }).waitFor();
    await classes.getByText(/allows only internal/).waitFor();
    await page.getByRole('textbox', { name: 'Query' }).fill('How do customers get their money back?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('region', { name: /^Results/ })
      .getByText('Customers get their money back within 14 days')
      .first()
      .waitFor();
    // With nothing found, the page says where it looked and why it looked no further.
    await page.getByRole('textbox', { name: 'Query' }).fill('zebra');
    await page.getByLabel('Type').selectOption({ label: 'Full text (BM25)' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByText(/No fragment matched in internal .* searches only the classifications its grant allows/)
      .waitFor();
    await checkPage('search for a limited key');
    // With no classification chosen, the search is not offered, and the page says why.
    await classes.getByLabel('internal', { exact: true }).uncheck();
    await page.getByText('Choose at least one classification to search.').waitFor();
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);

    await page.goto(`${trove.url}/ui/pipelines/${pipelineId}/documents`);
    const add = region('Add documents');
    await add.getByText(/allows only internal/).waitFor();
    expect(await add.getByRole('combobox', { name: 'Classification' }).inputValue()).toBe('internal');
    await checkPage('documents for a limited key');
  });

  it('renders the dark theme too', async () => {
    await page.getByLabel('Theme').first().selectOption('dark');
    // The choice is applied and saved by an effect after the render: wait for it before reloading.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.goto(`${trove.url}/ui/pipelines`);
    await page.getByRole('heading', { name: 'Pipelines' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await checkPage('pipelines (dark)', 'pipelines-dark');
  });

  it("follows the system's scheme unless the picker pins one", async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const LIGHT = 'rgb(246, 247, 249)';
    const DARK = 'rgb(18, 22, 28)';
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      const theme = page.getByLabel('Theme').first();
      await theme.selectOption('light');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      expect(await background()).toBe(LIGHT);
      await theme.selectOption('system');
      await page.waitForFunction(() => document.documentElement.dataset.theme === undefined);
      expect(await background()).toBe(DARK);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await background()).toBe(LIGHT);
      await theme.selectOption('dark');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      expect(await background()).toBe(DARK);
    } finally {
      await page.emulateMedia({ colorScheme: null });
    }
  });

  it('made no request to another origin and tripped no CSP rule', () => {
    expect(visited.length).toBeGreaterThan(10);
    expect(browser.foreignRequests).toEqual([]);
    expect(browser.cspViolations).toEqual([]);
    expect(browser.pageErrors).toEqual([]);
  });
});

async function expectText(locator: ReturnType<Page['locator']>, text: string, attribute: string) {
  expect(await locator.getAttribute(attribute)).toContain(text);
}

async function expectCount(locator: ReturnType<Page['locator']>, count: number) {
  expect(await locator.count()).toBe(count);
}
