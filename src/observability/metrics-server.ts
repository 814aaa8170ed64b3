/**
 * The metrics listener of TROVE_METRICS_PORT: GET /metrics and nothing else, so
 * Prometheus can be let in to that port alone (the chart's NetworkPolicy) while the
 * API port stays closed to it. A plain node:http server: no routes, auth or body
 * parsing to share with the API.
 */
import { createServer, Server } from 'node:http';
import { registry } from './metrics';
import { forbidContentSniffing } from './request-hooks';

export async function startMetricsServer(
  host: string,
  port: number,
  scrape: () => Promise<string>,
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ detail: 'Not Found' }));
      return;
    }
    scrape().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () =>
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ detail: 'Internal Server Error' })),
    );
  });
  forbidContentSniffing(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}
