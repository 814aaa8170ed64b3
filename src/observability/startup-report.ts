/**
 * The end of start-up: where Trove answers, its console and API reference, and the
 * bootstrap admin key when this start generated it. They come last, after every
 * migration and module line, so a first run's key is not lost among them. A person at
 * a terminal gets a plain block; a pipe (containers, log collectors) gets JSON lines
 * like every other line. Either way the key is printed this once.
 */
import type { Logger } from 'pino';

/**
 * The key a start generated (TROVE_BOOTSTRAP_API_KEY unset), to be shown once. Declared
 * here, with the report that shows it, so that auth (which generates it) imports down.
 */
export interface GeneratedBootstrapKey {
  id: string;
  secret: string;
  /** Where it was also written, or null (PostgreSQL). */
  file: string | null;
}

export interface StartupFacts {
  host: string;
  port: number;
  version: string;
  database: 'embedded' | 'postgresql';
  dataDir: string;
  uiEnabled: boolean;
  bootstrapKey: GeneratedBootstrapKey | null;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The address to open: `localhost` for every interface, brackets for IPv6. */
export function baseUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The key's line, in the words the contract's "printed once" has always had. */
export function bootstrapKeyMessage(key: GeneratedBootstrapKey): string {
  const file = key.file ? ` (also in ${key.file}, readable by this user only)` : '';
  return `Created the bootstrap admin API key. Save it now, it is not shown again: x-api-key=${key.id} x-api-key-secret=${key.secret}${file}`;
}

function reach(host: string): string {
  if (LOOPBACK.has(host)) return 'reachable from this machine only: TROVE_HOST=0.0.0.0 opens every interface';
  return host === '0.0.0.0' || host === '::' ? 'reachable on every interface' : `reachable on ${host}`;
}

/** The block for a terminal. */
export function startupBlock(facts: StartupFacts): string {
  const url = baseUrl(facts.host, facts.port);
  const database = facts.database === 'embedded' ? `embedded, in ${facts.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `  Trove ${facts.version} is ready at ${url}/ (database: ${database})`,
    `    ${reach(facts.host)}`,
    ...(facts.uiEnabled ? [`    console        ${url}/ui/`] : []),
    `    API reference  ${url}/docs`,
    `    MCP            ${url}/mcp`,
  ];
  const key = facts.bootstrapKey;
  if (key) {
    lines.push(
      '',
      '  The bootstrap admin API key was created. Save it now: it is not shown again.',
      `    x-api-key         ${key.id}`,
      `    x-api-key-secret  ${key.secret}`,
    );
    if (key.file) lines.push(`    also in ${key.file} (readable by you only; delete it once saved)`);
  }
  return `${lines.join('\n')}\n\n`;
}

/** Prints the end of start-up: the block on a terminal, else JSON lines. */
export function reportStartup(
  logger: Logger,
  facts: StartupFacts,
  terminal: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
): void {
  if (terminal.isTTY) {
    terminal.write(startupBlock(facts));
    return;
  }
  const url = baseUrl(facts.host, facts.port);
  logger.info(
    { ...(facts.uiEnabled ? { console: `${url}/ui/` } : {}), docs: `${url}/docs`, mcp: `${url}/mcp` },
    `Trove is ready at ${url}/, ${reach(facts.host)}`,
  );
  if (facts.bootstrapKey) logger.warn(bootstrapKeyMessage(facts.bootstrapKey));
}
