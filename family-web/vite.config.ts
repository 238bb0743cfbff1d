import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The family web app: served by the server at '/'. */
export default defineConfig({
  root,
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: the bundle budget test and the bench follow the chunks' static imports.
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Every browser the es2022 target runs in but Safari 16 reads <link rel=modulepreload> itself;
    // there the scripts still load, only without the head start. Saves the first visit 0.4 KiB.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/login': {
        target: 'http://localhost:3000',
        bypass: (req) => (req.method === 'GET' ? req.url : undefined),
      },
      '/logout': 'http://localhost:3000',
      '/password/email': 'http://localhost:3000',
      '/password/reset': {
        target: 'http://localhost:3000',
        bypass: (req) => (req.method === 'GET' ? req.url : undefined),
      },
    },
  },
});
