/**
 * Two replicas on one PostgreSQL database: a cancel that reaches the replica not
 * running the turn still stops it (the run registry lives in the database), and
 * both replicas agree on the installation's org id.
 */
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { runStream } from './support/agui';
import { addStubLlm, buildWorld, createStubAgent, World } from './support/world';

const withPostgres = databaseKinds().includes('postgres') ? describe : describe.skip;

withPostgres('agents on two replicas [postgres]', () => {
  let database: TroveDatabase;
  let stub: OpenAiChatStub;
  let a: TroveProcess;
  let b: TroveProcess;
  let world: World;
  let agent = '';

  beforeAll(async () => {
    stub = await startOpenAiChatStub();
    database = await createTestDatabase('postgres');
    a = await startTrove(database);
    b = await startTrove(database);
    world = await buildWorld(new Api(a.url));
    await addStubLlm(new Api(a.url), stub.url);
    agent = await createStubAgent(world.internal, world, { name: 'Slow' });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await stub?.close();
  });

  const on = (trove: TroveProcess, api: Api) => new Api(trove.url, api.credentials);

  it('stops a turn streaming on one replica when the cancel reaches the other', async () => {
    stub.next({ kind: 'text', chunks: Array.from({ length: 20 }, (_, i) => `part${i} `), delayMs: 300 });
    const runId = '7a1c2f9e-8a44-4c1b-9d43-2d8f3c9a1b01';
    let cancelled: unknown;
    let threadId = '';
    const run = await runStream(
      on(a, world.internal),
      `/api/v1/agents/${agent}/conversations/stream`,
      { query: 'Refunds?', chatMode: 'quick', runId },
      async (event) => {
        if (event.type === 'RUN_STARTED') threadId = (event as any).threadId;
        if (event.type === 'TEXT_MESSAGE_CONTENT' && cancelled === undefined) {
          cancelled = (
            await on(b, world.internal).post(`/api/v1/agents/${agent}/conversations/${threadId}/cancel`, {
              runId,
            })
          ).body;
        }
      },
    );
    expect(cancelled).toEqual({ cancelled: true });
    expect(run.finished!.outcome).toEqual({ type: 'cancelled' });
    const answer = run.finished!.result.conversation.messages[1];
    expect(answer.content).toMatch(/^part0 /);
    expect(answer.content).not.toContain('part19');
  });

  it('has one org id whichever replica answers', async () => {
    const first = await on(a, world.internal).post(`/api/v1/agents/${agent}/conversations`, {
      query: 'Refunds?',
    });
    const second = await on(b, world.publicOnly).post(`/api/v1/agents/${agent}/conversations`, {
      query: 'Refunds?',
    });
    expect(first.body.conversation.orgId).toMatch(/^[0-9a-f]{24}$/);
    expect(second.status).toBe(404);
    const third = await on(b, world.internal).post(`/api/v1/agents/${agent}/conversations`, {
      query: 'Refunds?',
    });
    expect(third.body.conversation.orgId).toBe(first.body.conversation.orgId);
  });
});
