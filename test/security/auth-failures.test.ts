/**
 * Failed authentications (issue 8, item 6): every failure costs one secret hash
 * whatever the key id (so timing tells nothing about which ids exist), failures
 * are rate limited per client address and per key id with 429 and Retry-After,
 * and a valid key, verified before, keeps being served meanwhile.
 *
 * These processes trust 127.0.0.1 as a proxy, so each test picks its client
 * address with X-Forwarded-For.
 */
import { Credentials } from '../support/http';
import { counterValue } from '../support/metrics';
import { describeEachDatabase } from '../support/suite';
import { RawMcp, STREAM_HEADERS } from '../mcp/support';
import { createKey } from '../support/records';

const LIMITS = {
  TROVE_TRUSTED_PROXIES: '127.0.0.1',
  TROVE_AUTH_MAX_FAILURES_PER_ADDRESS: '5',
  TROVE_AUTH_MAX_FAILURES_PER_KEY: '8',
  TROVE_AUTH_FAILURE_WINDOW_SECONDS: '600',
};
const UNKNOWN_ID = '0193a000-0000-7000-8000-0000000fffff';

describeEachDatabase(
  'failed authentications',
  (fixture) => {
    let valid: Credentials;
    let disabled: Credentials;
    const from = (address: string, credentials: Credentials | null) => ({
      get: (path: string) =>
        fixture().api.as(credentials).request('GET', path, undefined, { 'x-forwarded-for': address }),
    });

    beforeAll(async () => {
      valid = await createKey(fixture().api, [], 'auth-valid');
      disabled = await createKey(fixture().api, [], 'auth-disabled');
      expect((await fixture().api.patch(`/api_keys/${disabled.id}`, { disabled: true })).status).toBe(200);
    });

    it('hashes a secret once for every failure, whatever the key id', async () => {
      const api = fixture().api;
      const attempts: [string, Credentials][] = [
        ['unknown id', { id: UNKNOWN_ID, secret: 'x'.repeat(43) }],
        ['not a UUID', { id: 'not-a-key', secret: 'x'.repeat(43) }],
        ['disabled key, right secret', disabled],
        ['real key, wrong secret', { id: valid.id, secret: 'x'.repeat(43) }],
      ];
      for (const [name, credentials] of attempts) {
        const before = await counterValue(api, 'trove_auth_secret_hashes_total');
        const response = await from('10.9.0.1', credentials).get('/pipelines');
        expect({ name, status: response.status, body: response.body }).toEqual({
          name,
          status: 401,
          body: { detail: 'Unauthorized: Invalid API Key.' },
        });
        expect({ name, hashes: await counterValue(api, 'trove_auth_secret_hashes_total') }).toEqual({
          name,
          hashes: before + 1,
        });
      }
      // A valid key is hashed once, then served from the verified cache.
      await from('10.9.0.2', valid).get('/pipelines');
      const before = await counterValue(api, 'trove_auth_secret_hashes_total');
      expect((await from('10.9.0.2', valid).get('/pipelines')).status).toBe(200);
      expect(await counterValue(api, 'trove_auth_secret_hashes_total')).toBe(before);
    });

    it('answers 429 to an address after its failures, and still serves a valid key from it', async () => {
      expect((await from('10.1.0.1', valid).get('/pipelines')).status).toBe(200);
      const wrong = { id: valid.id, secret: 'wrong-secret-wrong-secret' };
      for (let i = 0; i < 5; i++) expect((await from('10.1.0.1', wrong).get('/pipelines')).status).toBe(401);
      const hashes = await counterValue(fixture().api, 'trove_auth_secret_hashes_total');
      const limited = await from('10.1.0.1', { id: UNKNOWN_ID, secret: 'x' }).get('/pipelines');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        detail: 'Too Many Requests: too many failed authentications from this address; try again later',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('x-request-id')).toBeTruthy();
      // Refused before any hashing: a flood costs nothing more.
      expect(await counterValue(fixture().api, 'trove_auth_secret_hashes_total')).toBe(hashes);
      expect((await from('10.1.0.1', valid).get('/pipelines')).status).toBe(200);
      // Another address is not affected.
      expect((await from('10.1.0.2', wrong).get('/pipelines')).status).toBe(401);
      // The MCP endpoint authenticates the same way.
      const mcp = await new RawMcp(fixture().trove.url, wrong).request({
        headers: { ...STREAM_HEADERS, 'x-forwarded-for': '10.1.0.1' },
        body: '{}',
      });
      expect(mcp.status).toBe(429);
      expect(JSON.parse(mcp.body).detail).toMatch(/^Too Many Requests: /);
    });

    it('answers 429 for a key id after its failures from many addresses, and still serves the key', async () => {
      const target = await createKey(fixture().api, [], 'auth-target');
      expect((await from('10.2.0.100', target).get('/pipelines')).status).toBe(200);
      const wrong = { id: target.id, secret: 'wrong-secret-wrong-secret' };
      for (let i = 0; i < 8; i++)
        expect((await from(`10.2.0.${i}`, wrong).get('/pipelines')).status).toBe(401);
      const limited = await from('10.2.0.50', wrong).get('/pipelines');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        detail: 'Too Many Requests: too many failed authentications for this API key; try again later',
      });
      expect((await from('10.2.0.51', target).get('/pipelines')).status).toBe(200);
      expect(await counterValue(fixture().api, 'trove_auth_rate_limited_total')).toBeGreaterThan(0);
    });

    it("limits a machine client's wrong secrets as a key's, answering in OAuth's error format", async () => {
      const made = await fixture().api.post('/oauth_clients', { name: 'limited-client', grants: [] });
      expect(made.status).toBe(201);
      const token = (address: string, secret: string) =>
        fetch(`${fixture().trove.url}/api/v1/oauth2/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': address,
          },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: made.body.client_id,
            client_secret: secret,
          }).toString(),
        });
      const wrong = made.body.client_secret.slice(0, -1) + '0';
      for (let i = 0; i < 5; i++) expect((await token('10.3.0.1', wrong)).status).toBe(401);
      // The address Fastify took from X-Forwarded-For: the sixth failure from it is refused unchecked.
      const limited = await token('10.3.0.1', made.body.client_secret);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description:
          'Too Many Requests: too many failed authentications from this address; try again later',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await token('10.3.0.2', made.body.client_secret)).status).toBe(200);
    });
  },
  { env: LIMITS },
);
