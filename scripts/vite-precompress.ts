import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the server sends compressed (server/src/platform/http/static-files.ts picks the twin). */
const TEXT_FILE = /\.(?:html|js|mjs|css|json|svg|webmanifest|txt)$/;

interface BundleFile {
  fileName: string;
}

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every text file of the
 * build, the HTML shell included: compressed once here at the strongest settings, so the server
 * spends no CPU per request on its static files. A twin no smaller than its file is not written.
 */
export function precompress() {
  return {
    name: 'school:precompress',
    apply: 'build' as const,
    async writeBundle(options: { dir?: string }, bundle: Record<string, BundleFile>) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.values(bundle)
        .map((f) => f.fileName)
        // The manifest is read by the budget test, never served.
        .filter((name) => TEXT_FILE.test(name) && !name.startsWith('.vite/'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const bytes = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              },
            }),
            gzip(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
