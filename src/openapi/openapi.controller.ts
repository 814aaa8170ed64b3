/**
 * The API's description and its reader, both public (they describe the open-source
 * API, nothing of this installation): GET /openapi.json, and GET /docs, Swagger UI
 * served from the swagger-ui-dist package, so it works offline and under a strict
 * Content-Security-Policy (no CDN, no inline script or style).
 */
import { Controller, Get, Header, Injectable, NotFoundException, Param, Res } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Public } from '../common/public';
import { ApiDoc } from './api-doc';

/** Filled in by createApp once every route is mapped (app.factory.ts). */
@Injectable()
export class OpenApiDocument {
  document?: OpenAPIObject;
}

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
/**
 * The only files of swagger-ui-dist served, by name. A Map, not an object literal: the
 * name comes from the URL, and `constructor` or `__proto__` must find nothing rather
 * than what every object inherits.
 */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Trove API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

/** validatorUrl: none, so the page never calls swagger.io. */
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: 'none',
  persistAuthorization: false,
});
`;

@Controller()
@Public()
export class OpenApiController {
  /** Each asset read once, when first asked for: about 2 MB in all, and no file stream per request. */
  private readonly contents = new Map<string, Promise<Buffer>>();

  constructor(private readonly holder: OpenApiDocument) {}

  @Get('openapi.json')
  @ApiDoc({
    summary: 'This document: the REST API as OpenAPI 3.1',
    response: { type: 'object', required: ['openapi', 'info', 'paths'] },
  })
  openapi() {
    return this.holder.document;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', CSP)
  @ApiDoc({
    summary: 'The interactive API reference (Swagger UI, an HTML page), offline',
    produces: { mediaType: 'text/html', description: 'The Swagger UI page' },
  })
  docs() {
    return PAGE;
  }

  @Get('docs/:asset')
  @ApiDoc({
    summary: "The reference's own script, style sheet and icon",
    produces: { mediaType: '*/*', description: 'JavaScript, CSS or PNG, as the name says' },
  })
  async asset(@Param('asset') asset: string, @Res() reply: FastifyReply) {
    if (asset === 'init.js') return this.send(reply, 'application/javascript; charset=utf-8', INIT);
    const type = ASSETS.get(asset);
    if (!type) throw new NotFoundException('Not Found');
    return this.send(reply, type, await this.contentOf(asset));
  }

  private contentOf(asset: string): Promise<Buffer> {
    let content = this.contents.get(asset);
    if (!content) {
      content = fs.promises.readFile(path.join(UI_DIR, asset));
      // A failed read is not kept: the next request tries again.
      content.catch(() => this.contents.delete(asset));
      this.contents.set(asset, content);
    }
    return content;
  }

  private send(reply: FastifyReply, type: string, body: string | Buffer) {
    return reply
      .header('content-type', type)
      .header('content-security-policy', CSP)
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  }
}
