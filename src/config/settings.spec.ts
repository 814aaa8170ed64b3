import { loadSettings, SettingsError } from './settings';

const refusal = (env: Record<string, string>) => {
  try {
    loadSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('security settings', () => {
  it('have defaults that bound every request', () => {
    const settings = loadSettings({});
    expect(settings.limits).toEqual({
      searchQueryMaxChars: 8192,
      searchQueryMaxTerms: 64,
      searchMaxK: 1000,
      metadataMaxBytes: 65536,
      evaluationMaxQueries: 5000,
      evaluationMaxSearches: 8,
    });
    expect(settings.auth).toEqual({
      maxFailuresPerAddress: 20,
      maxFailuresPerKey: 100,
      failureWindowSeconds: 60,
      maxConcurrentHashes: 2,
    });
    expect(settings.mcp.maxSessionsPerKey).toBe(100);
    expect(settings.mcp.maxSessions).toBe(10_000);
    expect(settings.dbStatementTimeoutMs).toBe(30_000);
    expect(settings.trustedProxies).toEqual([]);
  });

  it('listen on loopback on the embedded default, on every interface with PostgreSQL, or where told', () => {
    const postgres = {
      DATABASE_URL: 'postgres://x/y',
      TROVE_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
    };
    expect(loadSettings({}).host).toBe('127.0.0.1');
    expect(loadSettings(postgres).host).toBe('0.0.0.0');
    expect(loadSettings({ TROVE_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadSettings({ ...postgres, TROVE_HOST: '::1' }).host).toBe('::1');
  });

  it('take TROVE_PUBLIC_URL as an HTTPS origin, plain HTTP for loopback only, naming the variable', () => {
    expect(loadSettings({}).oauth.publicUrl).toBeNull();
    expect(loadSettings({ TROVE_PUBLIC_URL: 'https://trove.example.com/' }).oauth.publicUrl).toBe(
      'https://trove.example.com',
    );
    expect(loadSettings({ TROVE_PUBLIC_URL: 'http://localhost:8080' }).oauth.publicUrl).toBe(
      'http://localhost:8080',
    );
    for (const bad of ['http://trove.example.com', 'https://trove.example.com/trove', 'ftp://x', 'not a url'])
      expect(() => loadSettings({ TROVE_PUBLIC_URL: bad })).toThrow(/TROVE_PUBLIC_URL/);
    expect(loadSettings({ TROVE_OAUTH_REGISTRATION: 'false' }).oauth.registration).toBe(false);
    // Client ID metadata documents: on, public addresses only, unless a lab says otherwise.
    expect(loadSettings({}).oauth).toMatchObject({
      clientMetadataDocuments: true,
      clientMetadataAllowPrivate: false,
    });
    expect(
      loadSettings({ TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: 'true' }).oauth.clientMetadataAllowPrivate,
    ).toBe(true);
    expect(() => loadSettings({ TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: 'maybe' })).toThrow(
      /TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE/,
    );
  });

  it('take the upstream identity provider as issuer, client id and secret together, naming the variable', () => {
    const oidc = {
      TROVE_OIDC_ISSUER: 'https://login.example.com/realms/acme',
      TROVE_OIDC_CLIENT_ID: 'trove',
      TROVE_OIDC_CLIENT_SECRET: 's3cret',
    };
    expect(loadSettings({}).oauth.upstream).toBeNull();
    expect(loadSettings(oidc).oauth.upstream).toEqual({
      issuer: 'https://login.example.com/realms/acme',
      clientId: 'trove',
      clientSecret: 's3cret',
      scopes: ['openid', 'email', 'profile'],
      claims: ['groups', 'email'],
    });
    const custom = loadSettings({
      ...oidc,
      TROVE_OIDC_SCOPES: 'email groups',
      TROVE_OIDC_CLAIMS: 'roles, https://acme.example/groups',
    });
    expect(custom.oauth.upstream?.scopes).toEqual(['openid', 'email', 'groups']);
    expect(custom.oauth.upstream?.claims).toEqual(['roles', 'https://acme.example/groups']);
    expect(
      loadSettings({ ...oidc, TROVE_OIDC_ISSUER: 'http://127.0.0.1:5556/dex' }).oauth.upstream?.issuer,
    ).toBe('http://127.0.0.1:5556/dex');
    const refusals: [Record<string, string>, RegExp][] = [
      [{ TROVE_OIDC_CLIENT_ID: 'trove' }, /TROVE_OIDC_ISSUER: is required when TROVE_OIDC_CLIENT_ID/],
      [{ ...oidc, TROVE_OIDC_CLIENT_ID: '' }, /TROVE_OIDC_CLIENT_ID/],
      [{ ...oidc, TROVE_OIDC_CLIENT_SECRET: ' ' }, /TROVE_OIDC_CLIENT_SECRET/],
      [{ ...oidc, TROVE_OIDC_ISSUER: 'http://login.example.com' }, /TROVE_OIDC_ISSUER: must use https/],
      [{ ...oidc, TROVE_OIDC_ISSUER: 'not a url' }, /TROVE_OIDC_ISSUER/],
      [{ ...oidc, TROVE_OIDC_ISSUER: 'https://login.example.com/?tenant=1' }, /TROVE_OIDC_ISSUER/],
      [{ ...oidc, TROVE_OIDC_SCOPES: 'openid "quoted"' }, /TROVE_OIDC_SCOPES/],
    ];
    for (const [env, message] of refusals) expect(() => loadSettings(env)).toThrow(message);
  });

  it('read trusted proxies as addresses and CIDR ranges', () => {
    expect(loadSettings({ TROVE_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    for (const bad of ['ingress', '10.0.0.0/33', '10.0.0.1/x', '::1/129', '10.0.0.0/8/1']) {
      expect(refusal({ TROVE_TRUSTED_PROXIES: bad })).toBe(
        `Invalid environment variable TROVE_TRUSTED_PROXIES: expected IP addresses or CIDR ranges, got '${bad}'`,
      );
    }
  });

  it('name the variable of a limit out of range', () => {
    expect(refusal({ TROVE_SEARCH_MAX_K: '70000' })).toBe(
      'Invalid environment variable TROVE_SEARCH_MAX_K: expected 1 to 65535, got 70000',
    );
    expect(refusal({ TROVE_AUTH_MAX_CONCURRENT_HASHES: '0' })).toBe(
      'Invalid environment variable TROVE_AUTH_MAX_CONCURRENT_HASHES: expected 1 to 64, got 0',
    );
    expect(loadSettings({ TROVE_AUTH_MAX_FAILURES_PER_ADDRESS: '0' }).auth.maxFailuresPerAddress).toBe(0);
  });
});

describe('database deadlines', () => {
  it("wait for an answer a little longer than the server's own limit, and for /readyz less than its probe", () => {
    const settings = loadSettings({});
    expect(settings.dbQueryTimeoutMs).toBe(35_000);
    expect(settings.dbKeepAliveDelayMs).toBe(10_000);
    expect(settings.readyzTimeoutMs).toBe(2_000);
    expect(loadSettings({ TROVE_DB_STATEMENT_TIMEOUT_MS: '60000' }).dbQueryTimeoutMs).toBe(65_000);
    // No limit on the server: none on the client, unless asked.
    expect(loadSettings({ TROVE_DB_STATEMENT_TIMEOUT_MS: '0' }).dbQueryTimeoutMs).toBe(0);
    expect(loadSettings({ TROVE_DB_QUERY_TIMEOUT_MS: '1500' }).dbQueryTimeoutMs).toBe(1500);
    expect(refusal({ TROVE_READYZ_TIMEOUT_MS: '10' })).toContain('TROVE_READYZ_TIMEOUT_MS');
  });
});

describe('read replicas', () => {
  const primary = {
    DATABASE_URL: 'postgres://u:p@primary/db',
    TROVE_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
  };

  it('reads a comma-separated list of replica URLs beside DATABASE_URL', () => {
    expect(loadSettings(primary).databaseReadUrls).toEqual([]);
    expect(
      loadSettings({ ...primary, TROVE_DATABASE_READ_URL: 'postgres://u:p@r1/db, postgresql://u:p@r2/db' })
        .databaseReadUrls,
    ).toEqual(['postgres://u:p@r1/db', 'postgresql://u:p@r2/db']);
  });

  it('refuses replicas without a primary, and what is not a PostgreSQL URL', () => {
    expect(refusal({ TROVE_DATABASE_READ_URL: 'postgres://u:p@r1/db' })).toMatch(
      /TROVE_DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(refusal({ ...primary, TROVE_DATABASE_READ_URL: 'mysql://r1/db' })).toMatch(
      /TROVE_DATABASE_READ_URL: expected comma-separated postgres/,
    );
  });
});

describe('the metrics port', () => {
  it('is off unless set, and may be 0 (a free port)', () => {
    expect(loadSettings({}).metricsPort).toBeNull();
    expect(loadSettings({ TROVE_METRICS_PORT: '9090' }).metricsPort).toBe(9090);
    expect(loadSettings({ TROVE_METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it('refuses the API port and bad numbers, naming the variable', () => {
    expect(refusal({ TROVE_METRICS_PORT: '8080' })).toMatch(
      /variable TROVE_METRICS_PORT: must differ from PORT \(8080\)/,
    );
    expect(refusal({ PORT: '9000', TROVE_METRICS_PORT: '9000' })).toMatch(/variable TROVE_METRICS_PORT:/);
    expect(refusal({ TROVE_METRICS_PORT: 'metrics' })).toMatch(/variable TROVE_METRICS_PORT:/);
    expect(refusal({ TROVE_METRICS_PORT: '70000' })).toMatch(/variable TROVE_METRICS_PORT:/);
  });

  it('carries the evaluation gauges, whose labels name pipelines, only when it is not the public API port', () => {
    expect(loadSettings({}).metricsEvaluations).toBe(false);
    expect(loadSettings({ TROVE_METRICS_PORT: '9090' }).metricsEvaluations).toBe(true);
    expect(loadSettings({ TROVE_METRICS_EVALUATIONS: 'true' }).metricsEvaluations).toBe(true);
    expect(
      loadSettings({ TROVE_METRICS_PORT: '9090', TROVE_METRICS_EVALUATIONS: 'false' }).metricsEvaluations,
    ).toBe(false);
  });
});

describe('recall tuning settings', () => {
  it('search vector embeddings of up to 2,000 vectors exactly on PostgreSQL, 5,000 on the embedded database', () => {
    expect(loadSettings({}).vectorIndex.exactBelow).toBe(5000);
    const postgres = {
      DATABASE_URL: 'postgres://trove@db/trove',
      TROVE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(loadSettings(postgres).vectorIndex.exactBelow).toBe(2000);
    expect(loadSettings({ ...postgres, TROVE_EXACT_SEARCH_BELOW: '0' }).vectorIndex.exactBelow).toBe(0);
  });

  it('aim at 0.97 by default, sampling one search in 50', () => {
    const { vectorIndex } = loadSettings({});
    expect([vectorIndex.recallTarget, vectorIndex.recallSampleEvery]).toEqual([0.97, 50]);
    expect(loadSettings({ TROVE_SEARCH_RECALL_TARGET: '0' }).vectorIndex.recallTarget).toBe(0);
    expect(loadSettings({ TROVE_SEARCH_RECALL_TARGET: '0.995' }).vectorIndex.recallTarget).toBe(0.995);
    expect(loadSettings({ TROVE_SEARCH_RECALL_TARGET: '9.5e-1' }).vectorIndex.recallTarget).toBe(0.95);
  });

  it.each([
    [{ TROVE_SEARCH_RECALL_TARGET: '97%' }, "TROVE_SEARCH_RECALL_TARGET: expected a number, got '97%'"],
    [{ TROVE_SEARCH_RECALL_TARGET: '1.5' }, 'TROVE_SEARCH_RECALL_TARGET: expected 0 to 1, got 1.5'],
    [
      { TROVE_SEARCH_RECALL_SAMPLE_EVERY: '0' },
      'TROVE_SEARCH_RECALL_SAMPLE_EVERY: expected 1 to 1000000, got 0',
    ],
  ])('refuse %j, naming the variable', (env, message) => {
    expect(refusal(env)).toContain(message);
  });
});
