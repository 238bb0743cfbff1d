import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol, type Session } from 'electron';
import { PROXIED_ANSWER_CSP, routeAppRequest } from './app-routes';
import { APP_SCHEME } from './security-policy';

/**
 * A standard, secure origin with fetch and streams: what a page served over https has. Not
 * bypassCSP, not allowServiceWorkers, not CORS-enabled for other origins.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: false,
  stream: true,
} as const;

/**
 * The renderer is served from `app://staff/`, and the API calls it makes to the same origin are
 * forwarded to the configured server. The page thus sees one origin (as in the browser build under
 * /staff/): relative URLs, the SameSite session cookie and `connect-src 'self'` all just work.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
}

/** The server's answer as the page gets it, with PROXIED_ANSWER_CSP and no type sniffing. */
export function proxiedAnswerHeaders(from: Headers): Headers {
  const headers = new Headers(from);
  headers.set('Content-Security-Policy', PROXIED_ANSWER_CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
  return headers;
}

/** The file under rendererRoot for a path; app routes without an extension get index.html. */
export function resolveRendererFile(rendererRoot: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const root = path.resolve(rendererRoot);
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) return null;
  if (target === root || path.extname(target) === '') return path.join(root, 'index.html');
  return target;
}

export interface AppProtocolOptions {
  rendererRoot: string;
  getServerUrl: () => string;
  contentSecurityPolicy: string;
}

export function handleAppProtocol(session: Session, options: AppProtocolOptions): void {
  session.protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (routeAppRequest(request.method, url.pathname) === 'proxy') {
      const target = new URL(`${url.pathname}${url.search}`, options.getServerUrl());
      const answer = await net.fetch(target.toString(), {
        method: request.method,
        headers: request.headers,
        body: request.body,
        credentials: 'include',
        duplex: 'half',
      } as RequestInit);
      return new Response(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: proxiedAnswerHeaders(answer.headers),
      });
    }
    const file = resolveRendererFile(options.rendererRoot, url.pathname);
    if (!file) return new Response(null, { status: 404 });
    const answer = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(answer.headers);
    headers.set('Content-Security-Policy', options.contentSecurityPolicy);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(answer.body, { status: answer.status, headers });
  });
}
