/**
 * Every request the authorization server makes on a client's say: a client ID metadata
 * document (a `client_id` that is an HTTPS URL, which Trove fetches to learn the client)
 * and the URLs such a document names (`jwks_uri`). The client chooses the URL, so it
 * could point Trove at the cluster's own services (server-side request forgery). This
 * is oidc-provider's `fetch` setting, guarded:
 *
 * - HTTPS only;
 * - the host is resolved once and every address it resolves to is checked: private,
 *   loopback, link-local, carrier-grade NAT, multicast, documentation and the IPv6 forms
 *   that embed an IPv4 address (mapped, NAT64, 6to4) are refused, unless
 *   TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE says otherwise (tests, labs);
 * - the connection goes to the address that was checked (the socket's lookup answers
 *   it), so a second DNS answer (rebinding) cannot swap it for another;
 * - no redirect is followed (the answer is handed back as it is, and oidc-provider
 *   refuses anything but a 200);
 * - the answer is bounded in size and the whole exchange in time.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable, Transform } from 'node:stream';

/** What a client ID metadata document (or a key set it names) may weigh. */
export const OUTBOUND_MAX_BYTES = 64 * 1024;
/** How long one fetch may take, connection to last byte. */
export const OUTBOUND_TIMEOUT_MS = 5_000;

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
// An IPv4-mapped address (::ffff:a.b.c.d) is checked against the IPv4 rules by BlockList itself.
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the IPv4-compatible ::a.b.c.d
  ['64:ff9b::', 96], // NAT64: reaches an IPv4 address
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: reaches an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** True for an address that is not a public unicast one (and for anything that is not an address). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Why an outbound fetch was refused before or while it ran; oidc-provider answers `invalid_client`. */
export class OutboundFetchRefused extends Error {}

export interface OutboundFetchPolicy {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** Every address of a host name (tests answer their own). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Trust roots besides the system's (tests; a deployment sets NODE_EXTRA_CA_CERTS). */
  ca?: string;
}

const resolveAll = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** The guarded fetch, in the shape oidc-provider's `fetch` setting takes. */
export function outboundFetch(policy: OutboundFetchPolicy) {
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = policy.maxBytes ?? OUTBOUND_MAX_BYTES;
  const resolve = policy.resolve ?? resolveAll;

  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'https:') throw new OutboundFetchRefused(`${url.protocol} is not https:`);
    if (url.username !== '' || url.password !== '')
      throw new OutboundFetchRefused('a URL with credentials is not fetched');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await resolve(host);
    if (addresses.length === 0) throw new OutboundFetchRefused(`${host} resolves to no address`);
    if (!policy.allowPrivate) {
      const refused = addresses.find((a) => isNonPublicAddress(a.address));
      if (refused)
        throw new OutboundFetchRefused(
          `${host} resolves to ${refused.address}, which is not a public address`,
        );
    }
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])]);
    return send(url, addresses[0], init, signal, maxBytes, policy.ca);
  };
}

/** One request over a connection to `pinned`, the address that was checked. */
function send(
  url: URL,
  pinned: LookupAddress,
  init: RequestInit,
  signal: AbortSignal,
  maxBytes: number,
  ca: string | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port === '' ? 443 : Number(url.port),
        path: url.pathname + url.search,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        // Never a pooled socket: each fetch connects to the address it checked.
        agent: false,
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: LookupAddress[]) => void)(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        },
        signal,
        ...(ca === undefined ? {} : { ca }),
      },
      (response) => {
        const status = response.statusCode ?? 502;
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          return reject(new OutboundFetchRefused(`the answer is larger than ${maxBytes} bytes`));
        }
        let received = 0;
        const bounded = response.pipe(
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              received += chunk.length;
              if (received > maxBytes) {
                response.destroy();
                return done(new OutboundFetchRefused(`the answer is larger than ${maxBytes} bytes`));
              }
              done(null, chunk);
            },
          }),
        );
        response.on('error', (error) => bounded.destroy(error));
        const body = [204, 304].includes(status) ? null : (Readable.toWeb(bounded) as ReadableStream);
        resolve(new Response(body, { status, headers: headersOf(response.headers) }));
      },
    );
    request.on('error', (error) =>
      reject(signal.aborted ? new OutboundFetchRefused(`no answer within the time allowed`) : error),
    );
    request.end();
  });
}

function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  return headers;
}
