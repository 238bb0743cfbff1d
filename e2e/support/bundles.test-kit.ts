import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The browser tests open the built bundles the server serves; the test runner builds them first. */
export function assertBundlesBuilt(): void {
  const missing = [
    ['family-web/dist/index.html', 'npm run build -w family-web'],
    ['desktop/dist-web/index.html', 'npm run build:renderer -w desktop'],
  ].filter(([file]) => !existsSync(path.join(repoRoot, file)));
  if (missing.length > 0) {
    throw new Error(`Build the web bundles first: ${missing.map(([, command]) => command).join(' && ')}`);
  }
}
