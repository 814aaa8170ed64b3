/**
 * Debian's Chromium driven by playwright-core, for the console's end-to-end tests.
 * Nothing downloads a browser: the executable is the system's (`apt-get install
 * chromium`), started with a fresh profile and without any background networking, so
 * the only requests it makes are the page's own. axe-core checks each page.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BrowserContext, chromium, Page } from 'playwright-core';

export const CHROMIUM = process.env.TROVE_TEST_CHROMIUM ?? '/usr/bin/chromium';

/** The browser tests run when Chromium is installed, and must when TROVE_TEST_REQUIRE_BROWSER=true (CI). */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.TROVE_TEST_REQUIRE_BROWSER === 'true')
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (TROVE_TEST_REQUIRE_BROWSER=true)`);
  return false;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every request the page made to another origin than Trove's, and every CSP violation it reported. */
  foreignRequests: string[];
  cspViolations: string[];
  pageErrors: string[];
  close(): Promise<void>;
}

export async function openBrowser(origin: string): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1366, height: 800 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const browser: Browser = {
    context,
    page,
    foreignRequests: [],
    cspViolations: [],
    pageErrors: [],
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) browser.foreignRequests.push(url);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) browser.cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => browser.pageErrors.push(error.message));
  return browser;
}

/** The page's globals the evaluated callbacks use (the tests compile without the DOM library). */
declare const window: { axe: { run: (context: unknown, options: object) => Promise<any> } };
declare const document: unknown;

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now. The script is
 * evaluated through the DevTools protocol, which the page's CSP does not govern, so
 * the check runs under the same policy users get.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    // A run that checked nothing proves nothing.
    if (result.passes.length + result.violations.length < 10)
      throw new Error('axe-core checked almost nothing');
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n: any) => n.target.join(' ')),
    }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
