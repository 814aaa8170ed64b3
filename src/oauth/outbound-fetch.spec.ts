import type { ServerResponse } from 'node:http';
import { HttpsServer, selfSignedCertificate, serveHttps, TestCertificate } from '../../test/support/tls';
import { isNonPublicAddress, outboundFetch, OutboundFetchRefused } from './outbound-fetch';

describe('isNonPublicAddress', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.9.9.9',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:1.1.1.1',
  ])('lets %s through', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });
});

describe('outboundFetch', () => {
  let certificate: TestCertificate;
  let server: HttpsServer;
  let port: number;
  const routes = new Map<string, (response: ServerResponse) => void>();
  const connections: string[] = [];

  beforeAll(async () => {
    certificate = selfSignedCertificate();
    server = await serveHttps(certificate, (request, response) => {
      connections.push(request.headers.host ?? '');
      const route = routes.get(request.url ?? '');
      if (route) route(response);
      else response.writeHead(404).end();
    });
    port = server.port;
  });
  afterAll(async () => {
    await server.close();
    certificate.remove();
  });
  beforeEach(() => {
    routes.clear();
    connections.length = 0;
  });

  const loopback = (extra: Partial<Parameters<typeof outboundFetch>[0]> = {}) =>
    outboundFetch({ allowPrivate: true, ca: certificate.cert, ...extra });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the fetch went through');
      },
      (error: unknown) => error,
    );

  it('fetches a document over HTTPS, with its status, headers and body', async () => {
    routes.set('/client.json', (response) =>
      response
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' })
        .end('{"a":1}'),
    );
    const response = await loopback()(`https://localhost:${port}/client.json`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(await response.json()).toEqual({ a: 1 });
  });

  it('refuses anything but https', async () => {
    const error = await refusal(loopback()(`http://localhost:${port}/client.json`));
    expect(error).toBeInstanceOf(OutboundFetchRefused);
    expect((error as Error).message).toBe('http: is not https:');
  });

  it('refuses a loopback or private address unless allowed, checking every address a name resolves to', async () => {
    const guarded = outboundFetch({ allowPrivate: false, ca: certificate.cert });
    await expect(guarded(`https://127.0.0.1:${port}/x`)).rejects.toThrow(
      '127.0.0.1 resolves to 127.0.0.1, which is not a public address',
    );
    await expect(guarded(`https://[::ffff:127.0.0.1]:${port}/x`)).rejects.toBeInstanceOf(
      OutboundFetchRefused,
    );
    await expect(guarded(`https://[::1]:${port}/x`)).rejects.toBeInstanceOf(OutboundFetchRefused);
    const mixed = outboundFetch({
      allowPrivate: false,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    await expect(mixed('https://metadata.example/client.json')).rejects.toThrow(
      'metadata.example resolves to 10.0.0.7, which is not a public address',
    );
    expect(connections).toEqual([]);
  });

  it('connects to the address it checked, not to a second answer of the name', async () => {
    routes.set('/client.json', (response) => response.writeHead(200).end('pinned'));
    let lookups = 0;
    const fetcher = loopback({
      resolve: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    // metadata.invalid resolves nowhere: the answer can only come from the pinned address.
    const response = await fetcher(`https://metadata.invalid:${port}/client.json`, {
      headers: { accept: 'text/plain' },
    }).catch((error: Error) => error);
    // The certificate names localhost, not metadata.invalid: TLS still checks the name asked for.
    expect((response as Error).message).toMatch(/altnames|Hostname/i);
    expect(lookups).toBe(1);
    expect(connections).toEqual([]);
    const pinnedToLocalhost = loopback({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(await (await pinnedToLocalhost(`https://localhost:${port}/client.json`)).text()).toBe('pinned');
  });

  it('hands a redirect back without following it', async () => {
    routes.set('/moved', (response) =>
      response.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end(),
    );
    const response = await loopback()(`https://localhost:${port}/moved`);
    expect(response.status).toBe(302);
    expect(connections).toEqual([`localhost:${port}`]);
  });

  it('refuses an answer larger than the bound, declared or streamed', async () => {
    routes.set('/declared', (response) =>
      response.writeHead(200, { 'content-length': String(70 * 1024) }).end('x'.repeat(70 * 1024)),
    );
    routes.set('/streamed', (response) => {
      response.writeHead(200);
      for (let i = 0; i < 70; i++) response.write('x'.repeat(1024));
      response.end();
    });
    await expect(loopback()(`https://localhost:${port}/declared`)).rejects.toThrow(
      'the answer is larger than 65536 bytes',
    );
    const streamed = await loopback()(`https://localhost:${port}/streamed`);
    await expect(streamed.text()).rejects.toThrow();
  });

  it('gives up on a server that answers too slowly, before or during the body', async () => {
    routes.set('/silent', () => undefined);
    routes.set('/trickle', (response) => {
      response.writeHead(200);
      response.write('{');
    });
    const quick = loopback({ timeoutMs: 300 });
    const started = Date.now();
    await expect(quick(`https://localhost:${port}/silent`)).rejects.toThrow(
      'no answer within the time allowed',
    );
    const trickle = await quick(`https://localhost:${port}/trickle`);
    await expect(trickle.text()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
