/**
 * A turn cut off by kill -9 does not stay `Inprogress`: once its run is no longer
 * touched (TROVE_AGENT_RUN_STALE_SECONDS, short here), the restarted server (or any
 * live replica) saves it `Failed` with the reason, and the conversation goes on. With
 * two replicas, a turn still running on a live one is never failed by the other.
 */
import { databaseKinds } from '../support/databases';
import { Api, keyHeaders, openStream } from '../support/http';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';
import { addStubLlm, buildWorld, createStubAgent, World } from './support/world';

const ENV = {
  TROVE_AGENT_RUN_STALE_SECONDS: '3',
  TROVE_LLM_TIMEOUT_MS: '300000',
  TROVE_SHUTDOWN_GRACE_SECONDS: '1',
};
const CUT_OFF = 'The answer was cut off: the server running this turn stopped before it finished. Ask again.';

let stub: OpenAiChatStub;
beforeAll(async () => (stub = await startOpenAiChatStub()));
afterAll(() => stub.close());
beforeEach(() => stub.reset());

async function setUp(trove: TroveProcess): Promise<{ world: World; agent: string }> {
  const admin = new Api(trove.url);
  const world = await buildWorld(admin);
  await addStubLlm(admin, stub.url);
  return { world, agent: await createStubAgent(world.internal, world, { name: 'Support' }) };
}

const on = (trove: TroveProcess, api: Api) => new Api(trove.url, api.credentials);

/**
 * Starts a turn the stub never answers; resolves with its conversation id once the model
 * was asked. The raw stream: its server is killed under it, which it takes as an end.
 */
async function hangingTurn(trove: TroveProcess, api: Api, agent: string): Promise<string> {
  const asked = stub.requests.length;
  stub.next({ kind: 'hang' });
  const stream = await openStream(
    trove.url,
    `/api/v1/agents/${agent}/conversations/stream`,
    { ...keyHeaders(api.credentials!), 'content-type': 'application/json', accept: 'text/event-stream' },
    {
      method: 'POST',
      body: JSON.stringify({ query: 'How do customers get their money back?', chatMode: 'quick' }),
    },
  );
  expect(stream.status).toBe(200);
  return waitFor(
    'the model to be asked',
    () => stub.requests.length > asked && /"conversationId":"([0-9a-f]{24})"/.exec(stream.received())?.[1],
    { timeoutMs: 20_000 },
  );
}

const statusOf = async (api: Api, agent: string, conversationId: string) =>
  (await api.get(`/api/v1/agents/${agent}/conversations/${conversationId}`)).body.conversation;

describe.each(databaseKinds())('a turn cut off by kill -9 [%s]', (kind) => {
  let database: TroveDatabase;
  let trove: TroveProcess | undefined;
  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
  });

  it('is failed with the reason once the server is back, and the conversation goes on', async () => {
    database = await createTestDatabase(kind);
    const first = await startTrove(database, { env: ENV });
    const { world, agent } = await setUp(first);
    const conversationId = await hangingTurn(first, world.internal, agent);
    await first.kill();

    trove = await startTrove(database, { env: ENV });
    const api = on(trove, world.internal);
    const failed = await waitFor(
      'the cut-off turn to be failed',
      async () => {
        const conversation = await statusOf(api, agent, conversationId);
        return conversation.status === 'Failed' && conversation;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(failed.failReason).toBe(CUT_OFF);
    expect(failed.messages.map((m: any) => m.messageType).sort()).toEqual(['error', 'user_query']);

    const again = await api.post(`/api/v1/agents/${agent}/conversations/${conversationId}/messages`, {
      query: 'How do customers get their money back?',
    });
    expect(again.status).toBe(200);
    expect(again.body.conversation.status).toBe('Complete');
  });
});

const withPostgres = databaseKinds().includes('postgres') ? describe : describe.skip;

withPostgres('turns on two replicas, one killed [postgres]', () => {
  let database: TroveDatabase;
  let alive: TroveProcess | undefined;
  afterAll(async () => {
    await alive?.stop();
    await database?.drop();
  });

  it('the live replica fails the dead one’s turn, never its own running one', async () => {
    database = await createTestDatabase('postgres');
    alive = await startTrove(database, { env: ENV });
    const doomed = await startTrove(database, { env: ENV });
    const { world, agent } = await setUp(alive);
    // The older turn runs on the live replica all along; the newer one on the replica killed.
    const running = await hangingTurn(alive, world.internal, agent);
    const cutOff = await hangingTurn(doomed, world.internal, agent);
    await doomed.kill();

    const api = on(alive, world.internal);
    await waitFor(
      'the dead replica’s turn to be failed',
      async () => (await statusOf(api, agent, cutOff)).status === 'Failed',
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    // The sweep that failed it saw the older run too: alive, so left running.
    expect((await statusOf(api, agent, running)).status).toBe('Inprogress');
  });
});
