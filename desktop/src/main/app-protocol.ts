import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol, type Session } from 'electron';
import { APP_SCHEME } from './security-policy';

/**
 * The renderer is served from `app://staff/`, and the API calls it makes to the same origin are
 * forwarded to the configured server. The page thus sees one origin (as in the browser build under
 * /staff/): relative URLs, the SameSite session cookie and `connect-src 'self'` all just work.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true },
    },
  ]);
}

const PROXIED_ALWAYS = ['/api/', '/socket.io/', '/viber/', '/telegram/'];
const PROXIED_UNLESS_GET = ['/login', '/logout', '/password/email', '/password/reset'];

/** Which requests go to the server and which are files of the renderer build. */
export function routeAppRequest(method: string, pathname: string): 'proxy' | 'file' {
  if (PROXIED_ALWAYS.some((prefix) => pathname.startsWith(prefix))) return 'proxy';
  if (method !== 'GET' && method !== 'HEAD' && PROXIED_UNLESS_GET.some((p) => pathname === p)) return 'proxy';
  return 'file';
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
      return net.fetch(target.toString(), {
        method: request.method,
        headers: request.headers,
        body: request.body,
        credentials: 'include',
        duplex: 'half',
      } as RequestInit);
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
