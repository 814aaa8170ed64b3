/**
 * The web console (web/, built by `npm run build` into dist/ui) served at /ui as
 * static files, with a Content-Security-Policy that allows nothing but this origin:
 * no inline script or style, no third-party request, no framing.
 *
 * The files are the console's build output only: @fastify/static registers one route
 * per file found at start (no wildcard lookup on disk), and every other path under
 * /ui answers the app's index.html so that the console's own routes (/ui/search, a
 * reload on /ui/pipelines/<id>) work. Nothing outside /ui is touched: `/` and the
 * API keep their answers. An unknown file under /ui/assets is a 404, not the index,
 * so a stale bundle fails visibly rather than being parsed as HTML.
 */
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Logger } from 'pino';

export const CONSOLE_PREFIX = '/ui';

/** Where `npm run build` puts the console: dist/ui beside dist/console. */
export const CONSOLE_DIR = path.resolve(__dirname, '..', 'ui');

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONSOLE_CSP,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Hashed bundle files never change under their name; everything else is revalidated. */
const cacheControl = (file: string) =>
  file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';

export async function registerConsole(
  app: NestFastifyApplication,
  logger: Logger,
  dir: string = CONSOLE_DIR,
): Promise<void> {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    logger.warn({ dir }, 'The web console is not built (npm run build): /ui is not served');
    return;
  }
  const index = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: dir,
    prefix: `${CONSOLE_PREFIX}/`,
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders: (reply, file) => {
      void reply.headers({ ...SECURITY_HEADERS, 'cache-control': cacheControl(file) });
    },
  });
  const fastify = app.getHttpAdapter().getInstance();
  const sendIndex = (reply: FastifyReply) =>
    reply
      .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-cache' })
      .type('text/html; charset=utf-8')
      .send(index);
  fastify.get(CONSOLE_PREFIX, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`, 308));
  fastify.get(`${CONSOLE_PREFIX}/*`, (request, reply) => {
    if (request.url.startsWith(`${CONSOLE_PREFIX}/assets/`)) {
      return reply.status(404).send({ detail: 'Not Found' });
    }
    return sendIndex(reply);
  });
}
