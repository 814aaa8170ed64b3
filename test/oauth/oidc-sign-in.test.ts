/**
 * Signing in through a real OpenID Connect provider (an oidc-provider instance started
 * here, with two users in different groups), the pages followed over HTTP: Trove's
 * sign-in page sends the browser to the provider, its callback checks the ID token and
 * records the user, and the token Trove issues stands for that user, whose grants are the
 * roles bound to their groups, resolved at every request. Shown over MCP (OAuth tokens
 * are for /mcp, not REST): the user sees exactly the role's pipelines and
 * classifications, the other user nothing, and removing the binding takes effect on the
 * next request. Then the refusals: a callback with an unknown state, a replayed one.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { refundsSearch } from '../mcp/support';
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { startIdentityProvider, IdentityProvider } from '../support/oidc-identity-provider';
import { createSupportKb, SupportKb } from '../support/records';
import {
  createTestDatabase,
  freePort,
  startTrove,
  TroveDatabase,
  TroveProcess,
} from '../support/trove-process';
import { Browser, Page } from './browser';
import { authorizationRequest, CALLBACK, Json, registerPublicClient } from './sign-in';

describe.each(databaseKinds())('sign-in through an OpenID Connect provider [%s]', (kind) => {
  let idp: IdentityProvider;
  let database: TroveDatabase;
  let trove: TroveProcess;
  let api: Api;
  let base: string;
  let kb: SupportKb;
  let other: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    idp = await startIdentityProvider(
      {
        ann: { email: 'ann@example.com', groups: ['support', 'everyone'] },
        bob: { email: 'bob@example.com', groups: ['sales', 'everyone'] },
      },
      `${base}/api/v1/oauth2/callback`,
    );
    database = await createTestDatabase(kind);
    trove = await startTrove(database, {
      env: {
        PORT: String(port),
        TROVE_OIDC_ISSUER: idp.issuer,
        TROVE_OIDC_CLIENT_ID: idp.clientId,
        TROVE_OIDC_CLIENT_SECRET: idp.clientSecret,
        TROVE_OIDC_SCOPES: 'openid email groups',
        TROVE_OIDC_CLAIMS: 'groups,email',
      },
    });
    api = new Api(trove.url);
    kb = await createSupportKb(api);
    other = (await createSupportKb(api, 'other-kb')).pipelineId;
  }, 120_000);

  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
    await idp?.stop();
  });

  /** Fills and posts a form of the provider's development pages (no CSRF field: its cookies bind them). */
  function submitProviderForm(browser: Browser, page: Page, fields: Record<string, string>) {
    const action = /<form[^>]* action="([^"]+)"/.exec(page.html)?.[1];
    if (!action) throw new Error(`no form on ${page.url}: ${page.status} ${page.html.slice(0, 300)}`);
    const hidden = Object.fromEntries(
      [...page.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    return browser.open(new URL(action, page.url).toString(), {
      method: 'POST',
      form: { ...hidden, ...fields },
    });
  }

  /** Runs the flow as `login` from the authorization request to the access token. */
  async function signIn(login: string): Promise<{ token: string; consent: Page; visited: string[] }> {
    const clientId = await registerPublicClient(base, 'SSO test client');
    const { url, verifier } = authorizationRequest(base, clientId, { state: 'client-state' });
    const browser = new Browser(CALLBACK);
    // Trove's sign-in page sends the browser to the provider, whose own sign-in page it shows.
    const providerLogin = await browser.open(url);
    expect(providerLogin.url.startsWith(idp.issuer)).toBe(true);
    expect(providerLogin.html).toContain('name="login"');
    const providerConsent = await submitProviderForm(browser, providerLogin, { login, password: 'any' });
    const consent = await submitProviderForm(browser, providerConsent, {});
    // Back at Trove, signed in: its consent page.
    expect(consent.url.startsWith(base)).toBe(true);
    expect(consent.html).toContain('Allow access?');
    const callback = await browser.submit(consent, { decision: 'allow' });
    const params = new URL(callback.url).searchParams;
    expect(params.get('state')).toBe('client-state');
    const code = params.get('code');
    expect(code).toEqual(expect.any(String));
    const redeemed = await fetch(`${base}/api/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: code!,
        code_verifier: verifier,
        redirect_uri: CALLBACK,
      }).toString(),
    });
    const body = (await redeemed.json()) as Json;
    expect(redeemed.status).toBe(200);
    return { token: body.access_token, consent, visited: browser.visited };
  }

  /** What the token sees over MCP, on a new connection (a new request): its pipelines and a search's documents. */
  async function connect(token: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    const client = new Client({ name: 'trove-sso-tests', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  const pipelinesOf = async (client: Client) =>
    (
      (await client.callTool({ name: 'get_pipelines', arguments: {} })).structuredContent as {
        results: { pipeline_id: string }[];
      }
    ).results.map((p) => p.pipeline_id);

  async function seen(token: string) {
    const client = await connect(token);
    try {
      const pipelines = await pipelinesOf(client);
      /** The documents found, or the refusal's text (a JSON-RPC error when the pipeline is not the caller's to see). */
      const search = async (classifications: string[]): Promise<string[] | string> => {
        try {
          const found = await client.callTool({
            name: 'search_knowledge',
            arguments: { ...refundsSearch(kb.pipelineId), classifications, params: { k: 10 } },
          });
          if (found.isError) return (found.content as { text: string }[])[0].text;
          return (found.structuredContent as { results: { document_id: string }[] }).results
            .map((r) => r.document_id)
            .sort();
        } catch (error) {
          return (error as Error).message;
        }
      };
      return {
        pipelines,
        publicDocuments: await search(['public']),
        internalDocuments: await search(['internal']),
      };
    } finally {
      await client.close();
    }
  }

  it("gives a signed-in user exactly their group's role, at every request", async () => {
    const role = await api.post('/roles', {
      name: 'support readers',
      grants: [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] }],
    });
    expect(role.status).toBe(201);
    const binding = await api.post('/role_bindings', {
      claim: 'groups',
      value: 'support',
      role_id: role.body.id,
    });
    expect(binding.status).toBe(201);

    const ann = await signIn('ann');
    expect(ann.token).toMatch(/^trove_at_/);
    // The consent page names what the user's roles reach.
    expect(ann.consent.html).toContain('what your roles give now');
    expect(ann.consent.html).toContain(`pipeline ${kb.pipelineId}: classifications public`);

    const annSees = await seen(ann.token);
    expect(annSees.pipelines).toEqual([kb.pipelineId]);
    expect(annSees.pipelines).not.toContain(other);
    expect(annSees.publicDocuments).toEqual([kb.documents.password]);
    // Internal documents are outside the role's classifications.
    expect(annSees.internalDocuments).not.toEqual(expect.arrayContaining([kb.documents.refunds]));

    const bob = await signIn('bob');
    const bobSees = await seen(bob.token);
    expect(bobSees.pipelines).toEqual([]);
    expect(bobSees.publicDocuments).toContain('Pipeline not found'); // not his to see

    // A second role for everyone widens Ann's and opens Bob's, on their next requests.
    const everyone = await api.post('/roles', {
      name: 'everyone reads internal',
      grants: [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['internal'] }],
    });
    await api.post('/role_bindings', { claim: 'groups', value: 'everyone', role_id: everyone.body.id });
    expect((await seen(ann.token)).internalDocuments).toEqual(
      [kb.documents.password, kb.documents.invoices, kb.documents.refunds].sort(),
    );
    expect((await seen(bob.token)).pipelines).toEqual([kb.pipelineId]);

    // Removing the bindings: the next request with the same tokens sees nothing, in an open session too.
    const session = await connect(ann.token);
    try {
      expect(await pipelinesOf(session)).toEqual([kb.pipelineId]);
      expect((await api.delete(`/roles/${everyone.body.id}`)).status).toBe(204);
      expect((await api.delete(`/role_bindings/${binding.body.id}`)).status).toBe(204);
      expect(await pipelinesOf(session)).toEqual([]);
    } finally {
      await session.close();
    }
    expect((await seen(ann.token)).pipelines).toEqual([]);
    expect((await seen(bob.token)).pipelines).toEqual([]);
  });

  it('tells the client access_denied when the person cancels at the provider', async () => {
    const clientId = await registerPublicClient(base, 'SSO test client');
    const { url } = authorizationRequest(base, clientId, { state: 'cancelled' });
    const browser = new Browser(CALLBACK);
    const providerLogin = await browser.open(url);
    const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(providerLogin.html)?.[1];
    expect(cancel).toBeDefined();
    const callback = await browser.open(
      new URL(cancel!.replace(/&#38;|&amp;/g, '&'), providerLogin.url).toString(),
    );
    const params = new URL(callback.url).searchParams;
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_description')).toContain("identity provider's sign-in failed");
    expect(params.get('state')).toBe('cancelled');
    expect(params.get('code')).toBeNull();
  });

  it('refuses a callback whose state it never issued, and a replayed one', async () => {
    const unknown = await fetch(`${base}/api/v1/oauth2/callback?code=x&state=never-issued`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Sign-in expired');

    const { visited } = await signIn('bob');
    const callback = visited.find((url) => url.startsWith(`${base}/api/v1/oauth2/callback?`));
    expect(callback).toBeDefined();
    const replayed = await fetch(callback!, { redirect: 'manual' });
    expect(replayed.status).toBe(400);
  });
});
