import { createApiClient, type ApiClient } from '@school/shared/api';
import type { TestClient } from './test-client.test-kit.js';

/**
 * The apps' own API client (shared/src/api) on a signed-in test session: what the desktop and the
 * family app send, to the real server. Node's fetch keeps no cookies, so the session's go along.
 */
export function sharedApiClientOf(session: TestClient, lang = 'uk'): ApiClient {
  const cookie = () => [...session.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return createApiClient({
    baseUrl: session.baseUrl,
    getLanguage: () => lang,
    fetchImpl: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Cookie', cookie());
      return fetch(input, { ...init, headers });
    },
  });
}
