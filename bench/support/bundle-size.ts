import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What a built Vite app makes the browser download, read from its dist: index.html (entry script,
 * modulepreloads) and .vite/manifest.json (each chunk's static and dynamic imports). Sizes are
 * gzip level 6, what servers and CDNs use by default.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** Script files index.html loads by itself: module scripts and modulepreload links. */
export function htmlScripts(html: string): string[] {
  const found = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => m[1].replace(/^\//, ''));
  return [...new Set(found)];
}

/**
 * The JS files of the chunks `keys` need before they run: each chunk with its static imports,
 * recursively; with `followDynamic`, also what those chunks import on demand (and so on). Chunks
 * in `known` are not entered (the entry, counted already, whose on-demand chunks are other routes).
 */
export function chunkClosure(
  manifest: Manifest,
  keys: readonly string[],
  followDynamic = false,
  known: readonly string[] = [],
): string[] {
  const seen = new Set<string>(known);
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    if (followDynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...files];
}

export interface BundleFigures {
  /** Everything index.html loads: its scripts, modulepreloads and their static imports. */
  initialFiles: string[];
  initialGzipBytes: number;
  /** What a brotli-capable browser receives for them: the build's .br twins (scripts/vite-precompress.ts). */
  initialWireBytes: number;
  /**
   * Initial files plus the route's chunk and everything it imports, statically or on demand,
   * except the chunks it loads only on a user's action (`onAction`).
   */
  routeFiles: string[];
  routeGzipBytes: number;
  routeWireBytes: number;
  /** What the route adds when the user acts (opens a study): the `onAction` chunks and theirs. */
  actionFiles: string[];
  actionGzipBytes: number;
  actionWireBytes: number;
}

export function gzipSize(distDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 6 }).length;
}

/** Bytes on the wire for a browser that takes brotli: the precompressed twin, else compressed here as the build does. */
export function wireSize(distDir: string, file: string): number {
  const twin = path.join(distDir, `${file}.br`);
  if (existsSync(twin)) return readFileSync(twin).length;
  return brotliCompressSync(readFileSync(path.join(distDir, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

/**
 * Initial and one route's download of the built app in `distDir` (the route by its source path);
 * `onAction`: sources the route imports only when the user does something (counted apart).
 */
export function bundleFigures(
  distDir: string,
  routeSource: string,
  onAction: readonly string[] = [],
): BundleFigures {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const initialFiles = [...new Set([...htmlScripts(html), ...chunkClosure(manifest, entryKeys)])];
  const routeFiles = [
    ...new Set([
      ...initialFiles,
      ...chunkClosure(manifest, [routeSource], true, [...entryKeys, ...onAction]),
    ]),
  ];
  const actionFiles = onAction.length
    ? chunkClosure(manifest, onAction, true, entryKeys).filter((file) => !routeFiles.includes(file))
    : [];
  const sum = (files: string[], size: (dir: string, file: string) => number) =>
    files.reduce((total, file) => total + size(distDir, file), 0);
  return {
    initialFiles,
    initialGzipBytes: sum(initialFiles, gzipSize),
    initialWireBytes: sum(initialFiles, wireSize),
    routeFiles,
    routeGzipBytes: sum(routeFiles, gzipSize),
    routeWireBytes: sum(routeFiles, wireSize),
    actionFiles,
    actionGzipBytes: sum(actionFiles, gzipSize),
    actionWireBytes: sum(actionFiles, wireSize),
  };
}

export const toKiB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Issue 11 point 9, tightened by issue 35 point 4: the family app's first visit and its home
 * (calendar) route, gzipped KiB. The calendar route counts everything it loads once the calendar
 * is shown (socket.io included), not what it loads when the user opens a study (the study modal
 * with homework, chat, reports, the recordings player and the transfer view: FAMILY_ON_ACTION,
 * reported beside it). They had grown to 113.2 and 209.1 KiB: every language area of the staff
 * app in the first visit, and the modal in the calendar's chunk.
 */
export const FAMILY_WEB_BUDGET = { initialKiB: 100, calendarKiB: 190 } as const;
export const FAMILY_CALENDAR_ROUTE = 'src/features/calendar/calendar-page.tsx';
/** What the calendar loads when a study is opened (family-web study-modal-loader.ts). */
export const FAMILY_ON_ACTION = [
  'src/features/study-modal/study-modal.tsx',
  'src/features/study-transfer/transfer-view.tsx',
] as const;
