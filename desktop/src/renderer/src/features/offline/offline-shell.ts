/**
 * The browser build keeps its own page for a reload without the server: a service worker
 * (public/staff-shell.sw.js) caches the shell and its assets. Production builds over http(s)
 * only; the desktop app loads its shell from the machine and needs none.
 */
export const SHELL_WORKER_FILE = 'staff-shell.sw.js';

export async function registerOfflineShell(scope: Window = window): Promise<void> {
  const { navigator, location } = scope;
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const base = import.meta.env.BASE_URL;
  const registration = await navigator.serviceWorker.register(`${base}${SHELL_WORKER_FILE}`, { scope: base });
  const ready = await navigator.serviceWorker.ready;
  // What this page loaded before the worker took over (lazy chunks, a locale) is kept too.
  const assets = scope.performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).pathname.startsWith(`${base}assets/`));
  (ready.active ?? registration.active)?.postMessage({ type: 'cache-assets', urls: assets });
}
