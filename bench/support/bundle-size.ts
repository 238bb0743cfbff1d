import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
  /** Initial files plus the route's chunk and everything it imports, statically or on demand. */
  routeFiles: string[];
  routeGzipBytes: number;
}

export function gzipSize(distDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 6 }).length;
}

/** Initial and one route's download of the built app in `distDir` (the route by its source path). */
export function bundleFigures(distDir: string, routeSource: string): BundleFigures {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const initialFiles = [...new Set([...htmlScripts(html), ...chunkClosure(manifest, entryKeys)])];
  const routeFiles = [...new Set([...initialFiles, ...chunkClosure(manifest, [routeSource], true, entryKeys)])];
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(distDir, file), 0);
  return { initialFiles, initialGzipBytes: sum(initialFiles), routeFiles, routeGzipBytes: sum(routeFiles) };
}

export const toKiB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Issue 11 point 9: the family app's first visit and its home (calendar) route, gzipped KiB.
 * The calendar route counts everything it loads once the calendar is shown (socket.io included).
 * Raised from 200 to 210 KiB with issues 13-14: the route now carries the study modal's homework,
 * chat, reports and the recordings player (203 KiB measured); the first visit stays at 120.
 */
export const FAMILY_WEB_BUDGET = { initialKiB: 120, calendarKiB: 210 } as const;
export const FAMILY_CALENDAR_ROUTE = 'src/features/calendar/calendar-page.tsx';
