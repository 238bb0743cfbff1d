// Bundles the server into one ESM file. npm packages stay external (native binaries,
// embedded PostgreSQL); the workspace's own TypeScript (shared/) is bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

// `--outdir DIR`: somewhere else than server/dist (the deployment test builds a private copy).
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? process.argv[outdirArg + 1] : new URL('./dist', import.meta.url).pathname;
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const own = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({
  ...root.dependencies,
  ...root.devDependencies,
  ...own.dependencies,
  ...own.devDependencies,
});

await build({
  // The API and the recordings upload service (a process of its own that main.js forks).
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'upload-service': new URL('./src/features/recording-uploads/upload-service.main.ts', import.meta.url)
      .pathname,
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
