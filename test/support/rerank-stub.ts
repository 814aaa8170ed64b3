/**
 * A real HTTP server that reranks as the two APIs Trove speaks do, for tests of
 * rerankers without a model server: `POST /v1/rerank` as Cohere's (and Jina's, vLLM's,
 * Infinity's, LocalAI's) `{model, query, documents, top_n}` → `{results: [{index,
 * relevance_score}]}`, and `POST /rerank` as Text Embeddings Inference's `{query,
 * texts}` → `[{index, score}]`. Both answer best first, as the servers do, so a client
 * must place scores by `index`.
 *
 * The relevance is deterministic and meaningful: the share of the query's distinct
 * words (lowercase, three letters or more) that the passage holds, plus a thousandth
 * per character of the passage under 1000, so that ties go to the shorter passage.
 * `failNext` answers the next requests with an error status.
 */
import { createServer, IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';

export interface RerankStub {
  /** The base URL of the Cohere-style API, e.g. `http://127.0.0.1:41234/v1`. */
  cohereUrl: string;
  /** The base URL of the TEI-style API, e.g. `http://127.0.0.1:41234`. */
  teiUrl: string;
  requests: { path: string; headers: IncomingHttpHeaders; body: any }[];
  relevance(query: string, passage: string): number;
  failNext(status: number, n?: number): void;
  close(): Promise<void>;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

export function stubRelevance(query: string, passage: string): number {
  const wanted = words(query);
  const held = words(passage);
  const shared = [...wanted].filter((w) => held.has(w)).length;
  return (wanted.size === 0 ? 0 : shared / wanted.size) + Math.max(0, 1000 - passage.length) / 1e6;
}

export async function startRerankStub(): Promise<RerankStub> {
  const requests: RerankStub['requests'] = [];
  const failures: number[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const failure = failures.shift();
      if (failure !== undefined) return send(failure, { error: 'model is loading' });
      const passages: string[] | undefined = request.url === '/rerank' ? body?.texts : body?.documents;
      if (typeof body?.query !== 'string' || !Array.isArray(passages))
        return send(422, { error: 'query and passages are required' });
      const scored = passages
        .map((passage, index) => ({ index, score: stubRelevance(body.query, passage) }))
        .sort((a, b) => b.score - a.score);
      if (request.url === '/rerank') return send(200, scored);
      if (request.url === '/v1/rerank')
        return send(200, { results: scored.map(({ index, score }) => ({ index, relevance_score: score })) });
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cohereUrl: `${base}/v1`,
    teiUrl: base,
    requests,
    relevance: stubRelevance,
    failNext(status, n = 1) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
