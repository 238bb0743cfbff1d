import type http from 'node:http';

/**
 * The desktop app's renderer origin (desktop/src/main/security-policy.ts APP_ORIGIN): its
 * socket.io requests are forwarded to the server by the app:// protocol handler.
 */
export const DESKTOP_APP_ORIGIN = 'app://staff';

/** scheme://host[:port] of a URL, also for custom schemes (whose URL.origin is 'null'). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!parsed.host) return null;
    return `${parsed.protocol}//${parsed.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a socket.io handshake may go on, judged by its Origin: one of the configured app
 * origins, or a page of this very host (the web apps this server serves, however it is
 * addressed). Browsers send Origin with every WebSocket handshake and cross-origin request, so
 * another site's page is refused even where the session cookie would travel (a sibling
 * subdomain counts as same-site). A request without Origin comes from no other site's page
 * (a same-origin polling GET, a native client) and is let through to the session check.
 */
export function isAllowedHandshakeOrigin(req: http.IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const header = req.headers.origin;
  if (header === undefined) return true;
  const origin = originOf(header);
  if (origin === null) return false;
  if (allowed.has(origin)) return true;
  const host = req.headers.host?.toLowerCase();
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
