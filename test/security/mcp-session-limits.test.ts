/**
 * MCP sessions are capped per API key and in all (issue 8, item 5), in both
 * session stores: the excess initialize is answered in the transport's published
 * style (a plain-text HTTP error), with a retry hint, and counted in /metrics.
 */
import { Credentials } from '../support/http';
import { counterValue } from '../support/metrics';
import { describeEachDatabase, TroveFixture } from '../support/suite';
import { initializeMessage, RawMcp } from '../mcp/support';
import { createKey } from '../support/records';

const LIMITS = { TROVE_MCP_MAX_SESSIONS_PER_KEY: '3', TROVE_MCP_MAX_SESSIONS: '5' };
const PER_KEY =
  'Too Many Requests: this API key has 3 open MCP sessions, the most allowed (TROVE_MCP_MAX_SESSIONS_PER_KEY); end one with DELETE or let one expire';
const TOTAL =
  'Service Unavailable: the server has 5 open MCP sessions, the most allowed (TROVE_MCP_MAX_SESSIONS); retry later';

function sessionLimits(fixture: () => TroveFixture) {
  let keys: Credentials[];
  const mcp = (key: Credentials) => new RawMcp(fixture().trove.url, key);

  beforeAll(async () => {
    // Keys without any grant: opening sessions needs nothing more than a valid key.
    keys = await Promise.all(['a', 'b', 'c'].map((name) => createKey(fixture().api, [], `sessions-${name}`)));
  });

  it('refuses a key its fourth session with 429, until it ends one', async () => {
    const a = mcp(keys[0]);
    const sessions = [await a.openSession(), await a.openSession(), await a.openSession()];
    const before = await counterValue(fixture().api, 'trove_mcp_sessions_refused_total', 'limit="per_key"');
    const refused = await a.post(initializeMessage());
    expect(refused.status).toBe(429);
    expect(refused.body).toBe(PER_KEY);
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['mcp-session-id']).toBeUndefined();
    expect(await counterValue(fixture().api, 'trove_mcp_sessions_refused_total', 'limit="per_key"')).toBe(
      before + 1,
    );

    const ended = await a.request({ method: 'DELETE', headers: { 'mcp-session-id': sessions[0] } });
    expect(ended.status).toBe(202);
    sessions[0] = await a.openSession();
    // The existing sessions keep working.
    const ping = await a.call(sessions[1], 'ping');
    expect(ping.result).toEqual({});
  });

  it('refuses anyone once the server holds the most sessions in all, with 503', async () => {
    const b = mcp(keys[1]);
    await b.openSession();
    await b.openSession(); // 3 of a + 2 of b: five in all
    const before = await counterValue(fixture().api, 'trove_mcp_sessions_refused_total', 'limit="total"');
    const refused = await mcp(keys[2]).post(initializeMessage());
    expect(refused.status).toBe(503);
    expect(refused.body).toBe(TOTAL);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counterValue(fixture().api, 'trove_mcp_sessions_refused_total', 'limit="total"')).toBe(
      before + 1,
    );
  });
}

describeEachDatabase('MCP session limits, memory store', sessionLimits, { env: LIMITS });

describeEachDatabase('MCP session limits, postgres store', sessionLimits, {
  env: { ...LIMITS, TROVE_MCP_SESSION_STORE: 'postgres' },
});
