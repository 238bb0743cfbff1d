/**
 * Which requests of the app:// origin go to the server and which are files of the renderer
 * build (app-protocol.ts serves them). The security policy reads it too: what the server answers
 * is data, never a page of ours (security-policy.ts).
 */
const PROXIED_ALWAYS = ['/api/', '/socket.io/', '/viber/', '/telegram/'];
const PROXIED_UNLESS_GET = ['/login', '/logout', '/password/email', '/password/reset'];

export function routeAppRequest(method: string, pathname: string): 'proxy' | 'file' {
  if (PROXIED_ALWAYS.some((prefix) => pathname.startsWith(prefix))) return 'proxy';
  if (method !== 'GET' && method !== 'HEAD' && PROXIED_UNLESS_GET.some((p) => pathname === p)) return 'proxy';
  return 'file';
}

/**
 * Put on every answer the server gives through app://: should one ever be shown as a page (a
 * stored file opened by a navigation), it runs no script and has an origin of its own, so it
 * never reaches the preload bridge or the session of our pages.
 */
export const PROXIED_ANSWER_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";
