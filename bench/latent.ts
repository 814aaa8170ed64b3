/**
 * The benchmark's second corpus: vectors with a low intrinsic dimension, the way real
 * embedding models' vectors lie near a low-dimensional manifold of the space they
 * are written in (hashing vectors, the first corpus, are close to random in 384
 * dimensions: the hardest case for an HNSW index, and an unrealistic one).
 *
 * The generator, deterministic from the text it embeds:
 *  - 300 topics, each a point drawn from N(0, I) in a 48-dimensional latent space;
 *  - a text's latent point is a mixture of 1 to 3 topics (weights: normalised
 *    exponentials, as a flat Dirichlet draws them) plus N(0, 0.35² I) of its own;
 *  - a fixed random 48 × 384 Gaussian matrix projects it to 384 dimensions, where
 *    isotropic noise of a tenth of the signal's norm is added (no text sits exactly
 *    on the manifold), and the result is normalised to length 1.
 * The seed is a hash of the text, so the vector does not depend on which process
 * computes it: Trove gets it from a small OpenAI-compatible server the benchmark runs
 * (`startLatentEmbeddingServer`), and the benchmark computes the same vector for its
 * exact answers.
 */
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { random } from './corpus';

export const LATENT_DIMENSIONS = 48;
export const LATENT_TOPICS = 300;
export const OUTPUT_DIMENSIONS = 384;
const OWN_SPREAD = 0.35;
const AMBIENT_NOISE = 0.1;

/** A standard normal draw (Box-Muller) from a uniform source. */
function gaussian(rnd: () => number): number {
  const u = 1 - rnd();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
}

/** FNV-1a, 32 bits: the text's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class LatentVectors {
  private readonly topics: Float64Array[];
  /** Row-major, LATENT_DIMENSIONS rows of OUTPUT_DIMENSIONS. */
  private readonly projection: Float64Array;

  constructor(seed = 4242) {
    const rnd = random(seed);
    this.topics = Array.from({ length: LATENT_TOPICS }, () =>
      Float64Array.from({ length: LATENT_DIMENSIONS }, () => gaussian(rnd)),
    );
    const scale = 1 / Math.sqrt(LATENT_DIMENSIONS);
    this.projection = Float64Array.from(
      { length: LATENT_DIMENSIONS * OUTPUT_DIMENSIONS },
      () => gaussian(rnd) * scale,
    );
  }

  vectorize(text: string): number[] {
    const rnd = random(hash(text));
    const latent = new Float64Array(LATENT_DIMENSIONS);
    const mixed = 1 + Math.floor(rnd() * 3);
    const weights = Array.from({ length: mixed }, () => -Math.log(1 - rnd()));
    const total = weights.reduce((a, b) => a + b, 0);
    for (let t = 0; t < mixed; t++) {
      const topic = this.topics[Math.floor(rnd() * LATENT_TOPICS)];
      for (let d = 0; d < LATENT_DIMENSIONS; d++) latent[d] += (weights[t] / total) * topic[d];
    }
    for (let d = 0; d < LATENT_DIMENSIONS; d++) latent[d] += OWN_SPREAD * gaussian(rnd);

    const out = new Float64Array(OUTPUT_DIMENSIONS);
    for (let d = 0; d < LATENT_DIMENSIONS; d++) {
      const row = d * OUTPUT_DIMENSIONS;
      for (let j = 0; j < OUTPUT_DIMENSIONS; j++) out[j] += latent[d] * this.projection[row + j];
    }
    const signal = Math.hypot(...out);
    const noise = (AMBIENT_NOISE * signal) / Math.sqrt(OUTPUT_DIMENSIONS);
    for (let j = 0; j < OUTPUT_DIMENSIONS; j++) out[j] += noise * gaussian(rnd);
    const norm = Math.hypot(...out);
    return Array.from(out, (x) => x / norm);
  }
}

/** An OpenAI-compatible `POST /v1/embeddings` that answers `vectors.vectorize(text)`. */
export async function startLatentEmbeddingServer(
  vectors: LatentVectors,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let input: unknown;
      try {
        input = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input?: unknown }).input;
      } catch {
        input = undefined;
      }
      // Anything but an embeddings request (a stray probe of the port) is refused, not fatal to the run.
      if (typeof input !== 'string' && !(Array.isArray(input) && input.every((t) => typeof t === 'string'))) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"expected {\\"input\\": string | string[]}"}}');
        return;
      }
      const texts: string[] = Array.isArray(input) ? input : [input];
      const body = JSON.stringify({
        object: 'list',
        model: 'latent-48',
        data: texts.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: vectors.vectorize(text),
        })),
        usage: { prompt_tokens: 0, total_tokens: 0 },
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  // Trove's ingestion keeps one embedding request per batch in flight; keep-alive avoids a handshake each.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
