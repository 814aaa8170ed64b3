import { checkHost, parseAuthority } from './host-check';
import { primingEvent, sseEvent } from './sse';

const DEFAULTS = ['localhost', '127.0.0.1', '::1'];

describe('Host check', () => {
  it.each([
    ['localhost', { host: 'localhost', port: null }],
    ['LocalHost:8080', { host: 'localhost', port: 8080 }],
    ['[::1]', { host: '::1', port: null }],
    ['[::1]:8080', { host: '::1', port: 8080 }],
    ['127.0.0.1:65535', { host: '127.0.0.1', port: 65535 }],
  ])('parses %s', (value, authority) => {
    expect(parseAuthority(value)).toEqual(authority);
  });

  it.each(['', '::1', 'localhost:99999', 'localhost:abc', '[::1', '[::1]x', 'a b', 'user@localhost'])(
    'refuses %j as an authority',
    (value) => {
      expect(parseAuthority(value)).toBeNull();
    },
  );

  it('allows the loopback names with any port by default', () => {
    for (const host of ['localhost', 'localhost:1', '127.0.0.1:8080', '[::1]:8080'])
      expect(checkHost(host, DEFAULTS)).toBe('allowed');
    for (const host of ['example.com', 'localhost.example.com', '127.0.0.2', '[::2]'])
      expect(checkHost(host, DEFAULTS)).toBe('forbidden');
    expect(checkHost(undefined, DEFAULTS)).toBe('missing');
    expect(checkHost('bad host', DEFAULTS)).toBe('invalid');
  });

  it('matches a configured port exactly, and * allows everything', () => {
    expect(checkHost('mcp.example.com:443', ['mcp.example.com:443'])).toBe('allowed');
    expect(checkHost('mcp.example.com', ['mcp.example.com:443'])).toBe('forbidden');
    expect(checkHost('mcp.example.com:8443', ['mcp.example.com:443'])).toBe('forbidden');
    expect(checkHost('anything:1', ['*'])).toBe('allowed');
  });
});

describe('SSE framing', () => {
  it('writes data, then id, then retry, then a blank line', () => {
    expect(primingEvent('0/3')).toBe('data: \nid: 0/3\nretry: 3000\n\n');
    expect(sseEvent('{"a":1}', '1/3')).toBe('data: {"a":1}\nid: 1/3\n\n');
    expect(sseEvent('{}')).toBe('data: {}\n\n');
  });
});
