#!/usr/bin/env node
// `npm run typecheck`: tsc on every layer's project (scripts/typecheck-projects.json), each with
// only the globals its code may use (see each tsconfig.json); stops at the first that fails.
// npm test runs the same list; scripts/layer-types.test.ts fails if a layer's project is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const TYPECHECK_PROJECTS = JSON.parse(
  fs.readFileSync(new URL('./typecheck-projects.json', import.meta.url), 'utf8'),
);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const project of TYPECHECK_PROJECTS) {
    process.stdout.write(`> tsc -p ${project}\n`);
    const r = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
