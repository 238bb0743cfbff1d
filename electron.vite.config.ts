import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Main, preload and renderer of the desktop app, built into desktop/out.
 * Main and preload bundle their dependencies so desktop/out runs without node_modules;
 * preload is CommonJS because sandboxed preloads cannot be ES modules.
 */
export default defineConfig({
  main: {
    build: {
      outDir: fromRoot('./desktop/out/main'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: fromRoot('./desktop/src/main/index.ts') },
        external: ['electron'],
      },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('./desktop/out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: fromRoot('./desktop/src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromRoot('./desktop/src/renderer'),
    base: '/',
    // The offline cache's buster (features/offline): each build drops what an older one persisted.
    define: { 'import.meta.env.VITE_STAFF_BUILD': JSON.stringify(Date.now().toString(36)) },
    plugins: [react()],
    build: {
      outDir: fromRoot('./desktop/out/renderer'),
      chunkSizeWarningLimit: 1200,
      rollupOptions: { input: { index: fromRoot('./desktop/src/renderer/index.html') } },
    },
  },
});
