/**
 * The DNS-rebinding guard of the published MCP library: the Host header must
 * name an allowed host (any port unless the allowed entry names one).
 * Defaults: localhost, 127.0.0.1 and ::1; TROVE_MCP_ALLOWED_HOSTS adds an
 * ingress host deliberately, and `*` turns the check off.
 */

export interface Authority {
  host: string;
  port: number | null;
}

/** Parses `host`, `host:port`, `[v6]` or `[v6]:port`; null when it is not a valid authority. */
export function parseAuthority(value: string): Authority | null {
  const text = value.trim();
  if (text === '') return null;
  let host: string;
  let portText: string | undefined;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return null;
    host = text.slice(1, close);
    const rest = text.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return null;
      portText = rest.slice(1);
    }
    if (!/^[0-9a-fA-F:.]+$/.test(host)) return null;
  } else {
    const colon = text.indexOf(':');
    if (colon >= 0) {
      if (text.indexOf(':', colon + 1) >= 0) return null; // an IPv6 address needs brackets
      host = text.slice(0, colon);
      portText = text.slice(colon + 1);
    } else {
      host = text;
    }
    if (host === '' || /[\s/?#@[\]\\]/.test(host)) return null;
  }
  let port: number | null = null;
  if (portText !== undefined && portText !== '') {
    if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) return null;
    port = Number(portText);
  }
  return { host: host.toLowerCase(), port };
}

export type HostVerdict = 'allowed' | 'forbidden' | 'invalid' | 'missing';

export function checkHost(hostHeader: string | undefined, allowedHosts: readonly string[]): HostVerdict {
  if (allowedHosts.includes('*')) return 'allowed';
  if (hostHeader === undefined) return 'missing';
  const authority = parseAuthority(hostHeader);
  if (!authority) return 'invalid';
  const allowed = allowedHosts.some((entry) => {
    const rule = parseAuthority(entry) ?? { host: entry.replace(/^\[|\]$/g, '').toLowerCase(), port: null };
    return rule.host === authority.host && (rule.port === null || rule.port === authority.port);
  });
  return allowed ? 'allowed' : 'forbidden';
}
