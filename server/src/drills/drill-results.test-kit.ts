import fs from 'node:fs';
import path from 'node:path';

/** Where the drills leave their figures (git-ignored); docs/reliability.md quotes the latest. */
export const DRILL_RESULTS_DIR = path.resolve(import.meta.dirname, '../../../test-results/drills');

export function writeDrillResult(name: string, result: Record<string, unknown>): string {
  fs.mkdirSync(DRILL_RESULTS_DIR, { recursive: true });
  const file = path.join(DRILL_RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ drill: name, date: new Date().toISOString(), ...result }, null, 2) + '\n',
  );
  return file;
}
