/**
 * What anyone on the network can reach, asked for by hostile names (issue 20, item 1):
 * every route that needs no key (those the OpenAPI document lists with no security,
 * and the console's static files under /ui) with names an object or a file system
 * may give a meaning to (`constructor`, `__proto__`, `..%2f`, an encoded NUL, a name
 * of 10,000 characters). Each answer is a 4xx (or, under /ui, the console's page),
 * never a 500, and the process answers afterwards: on `GET /docs/constructor` it used
 * to answer 500 and then exit on an unheard stream error.
 */
import { rawRequest } from '../support/http';
import { describeEachDatabase } from '../support/suite';

const HOSTILE_NAMES = [
  'constructor',
  '__proto__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'prototype',
  '__defineGetter__',
  '..',
  '..%2f..%2fetc%2fpasswd',
  '..%2F..%2Fpackage.json',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '%00',
  'swagger-ui.css%00.png',
  '%ff',
  'x'.repeat(10_000),
];

/** The console's own routes: any name there that is not a file is the console's page (its client-side routes). */
const CONSOLE_PAGES = /^\/ui\/(?!assets\/)/;

describeEachDatabase('public routes under hostile names', (fixture) => {
  const get = (path: string) => rawRequest(fixture().trove.url, { path });

  async function publicPaths(): Promise<string[]> {
    const document = JSON.parse((await get('/openapi.json')).body) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const paths = Object.entries(document.paths)
      .filter(([, operations]) => operations.get?.security?.length === 0)
      .map(([path]) => path);
    // From the document, so a new public route is covered the day it is added (openapi.test.ts checks the list).
    expect(paths).toEqual(expect.arrayContaining(['/', '/healthz', '/docs/{asset}']));
    return [...paths, '/ui/{name}', '/ui/assets/{name}'];
  }

  /** Each path with each name: as its parameter, and as one more segment after it. */
  function hostileRequests(paths: string[]): string[] {
    return paths.flatMap((path) =>
      HOSTILE_NAMES.flatMap((name) => {
        const withName = path.includes('{') ? [path.replace(/\{[^}]+\}/, name)] : [];
        return [...withName, `${path.replace(/\{[^}]+\}/, 'x').replace(/\/$/, '')}/${name}`];
      }),
    );
  }

  it('answers every hostile name with a 4xx, and keeps serving', async () => {
    const requests = hostileRequests(await publicPaths());
    const wrong: string[] = [];
    for (const path of requests) {
      const response = await get(path);
      const consolePage =
        CONSOLE_PAGES.test(path) &&
        response.status === 200 &&
        String(response.headers['content-type']).startsWith('text/html');
      if (!consolePage && (response.status < 400 || response.status >= 500))
        wrong.push(`${path.slice(0, 80)}: ${response.status} ${response.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
    expect(fixture().trove.child.exitCode).toBeNull();
    expect((await get('/healthz')).status).toBe(200);
    const stylesheet = await get('/docs/swagger-ui.css');
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(stylesheet.body.length).toBeGreaterThan(1000);
  });
});
