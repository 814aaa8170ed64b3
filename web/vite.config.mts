/**
 * The console's build: Preact components compiled by Vite's own JSX transform (no
 * plugin), one hashed script and stylesheet under /ui/assets, nothing inlined, so
 * the page runs under Trove's strict Content-Security-Policy. `npm run build` writes
 * it into dist/ui, which Trove serves at /ui (src/console/console-static.ts).
 *
 * `npx vite --config web/vite.config.mts` serves it with hot reload against a Trove on
 * :8080 (TROVE_URL to change it).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const trove = process.env.TROVE_URL ?? 'http://localhost:8080';
const API_PREFIXES = [
  '/api_keys',
  '/api/v1',
  '/embedding_providers',
  '/embedding_models',
  '/text_splitters',
  '/pipelines',
  '/jobs',
  '/llms',
  '/rerankers',
  '/readyz',
  '/healthz',
  '/metrics',
];

export default defineConfig({
  root,
  base: '/ui/',
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: { react: 'preact/compat' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    // Nothing inlined as data: or inline script; the CSP allows only files of this origin.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: trove, changeOrigin: true }])),
  },
});
