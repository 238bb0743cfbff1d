#!/usr/bin/env node
// `npm run typecheck`: tsc on every layer's project (scripts/typecheck-projects.json), each with
// only the globals its code may use (see each tsconfig.json).
// npm test runs the same list; scripts/layer-types.test.ts fails if a layer's project is missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';

export const TYPECHECK_PROJECTS = JSON.parse(
  fs.readFileSync(new URL('./typecheck-projects.json', import.meta.url), 'utf8'),
);

/** One command's run: its exit status and everything it printed, kept together. */
function runCaptured(cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => resolve({ status: 1, output: String(error), seconds: 0 }));
    child.on('close', (status) =>
      resolve({
        status: status ?? 1,
        output: Buffer.concat(chunks).toString(),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

/**
 * Runs the commands a few at a time (tsc is single-threaded; one per core), printing each one's
 * output as a block when it ends so parallel runs never interleave. Resolves to the failed ones.
 */
export async function runAll(
  commands,
  concurrency = Math.max(1, Math.min(os.availableParallelism?.() ?? 2, 4)),
) {
  const queue = [...commands];
  const failed = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { status, output, seconds } = await runCaptured(next.cmd, next.args);
      process.stdout.write(
        `\n> ${next.label} (${seconds.toFixed(1)} s)${status === 0 ? '' : ' FAILED'}\n${output}`,
      );
      if (status !== 0) failed.push(next.label);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failed;
}

export const typecheckCommands = () =>
  TYPECHECK_PROJECTS.map((project) => ({
    label: `tsc -p ${project}`,
    cmd: process.execPath,
    args: ['node_modules/typescript/bin/tsc', '-p', project],
  }));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const failed = await runAll(typecheckCommands());
  if (failed.length > 0) {
    console.error(`\nFailed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
