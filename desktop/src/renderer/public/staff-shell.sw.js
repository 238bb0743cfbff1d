/*
 * The browser build's app shell for offline use (issue 34, docs/domain-rules.md "Offline staff
 * app"): the page itself (index.html) and its hashed assets are kept in the Cache API so that a
 * reload without the server still opens the app, which then shows its persisted data. Only GETs
 * under /staff/ are touched: the API, the socket and everything else go to the network untouched.
 * The desktop app does not need it (its shell is served from app:// on the machine).
 */
const CACHE = 'staff-shell-v1';
const BASE = new URL('./', self.location.href).pathname;
const ASSETS = `${BASE}assets/`;

async function putShell(response) {
  const cache = await caches.open(CACHE);
  await cache.put(BASE, response);
}

/**
 * The shell and every chunk of the build (the build's manifest lists them: lazy pages and the
 * languages not chosen yet too), so the first reload offline already has all it may need.
 */
async function precache() {
  const response = await fetch(BASE, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await putShell(response);
  const named = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
  const manifest = await fetch(`${BASE}.vite/manifest.json`, { cache: 'no-store' })
    .then((answer) => (answer.ok ? answer.json() : {}))
    .catch(() => ({}));
  const listed = Object.values(manifest).flatMap((chunk) => [
    chunk.file,
    ...(chunk.css || []),
    ...(chunk.assets || []),
  ]);
  await cacheAssets(
    [...named, ...listed.map((file) => `${BASE}${file}`)].map((url) => new URL(url, self.location.href).href),
  );
}

/** Hashed assets never change: each is fetched once. */
async function cacheAssets(urls) {
  const cache = await caches.open(CACHE);
  const wanted = urls.filter((url) => {
    const parsed = new URL(url);
    return parsed.origin === self.location.origin && parsed.pathname.startsWith(ASSETS);
  });
  await Promise.all(
    wanted.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url).catch(() => null);
      if (response && response.ok) await cache.put(url, response);
    }),
  );
}

/** Navigation: the server's page when it answers, else the kept shell. */
async function shell(request) {
  try {
    const response = await fetch(request);
    if (response.status >= 500) {
      const kept = await caches.match(BASE);
      if (kept) return kept;
    }
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      await putShell(response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(BASE);
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The page names the assets it loaded before this worker took over (lazy chunks, locales). */
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'cache-assets' && Array.isArray(event.data.urls)) {
    event.waitUntil(cacheAssets(event.data.urls.filter((url) => typeof url === 'string')));
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  if (request.mode === 'navigate') event.respondWith(shell(request));
  else if (url.pathname.startsWith(ASSETS)) event.respondWith(asset(request));
});
