import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress.ts';

const rendererRoot = fileURLToPath(new URL('./src/renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./dist-web', import.meta.url));

/**
 * The staff renderer built for a plain browser: served by the server under /staff/
 * (the same code as the Electron renderer; the desktop bridge falls back to web APIs).
 */
export default defineConfig({
  root: rendererRoot,
  base: '/staff/',
  // The offline cache's buster (features/offline): each build drops what an older one persisted.
  define: { 'import.meta.env.VITE_STAFF_BUILD': JSON.stringify(Date.now().toString(36)) },
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    // .vite/manifest.json: the offline shell's service worker keeps every chunk it lists (issue 34).
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/logout': 'http://localhost:3000' },
  },
});
