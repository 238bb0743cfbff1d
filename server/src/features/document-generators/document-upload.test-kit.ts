import fs from 'node:fs';
import path from 'node:path';

/** A browser-like form: text fields, then files as [bytes, file name, type the browser claims]. */
export function form(
  fields: Record<string, string>,
  files: Record<string, readonly [Buffer, string, string]> = {},
): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [k, [bytes, name, type]] of Object.entries(files))
    body.append(k, new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

/** Every file under `dir` (relative paths, sorted), without storage's own .meta / .tmp entries. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((p) => !p.split(path.sep).some((s) => s.startsWith('.')))
    .sort();
}
