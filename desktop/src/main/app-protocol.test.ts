import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ net: {}, protocol: {} }));
const { resolveRendererFile } = await import('./app-protocol');
const { routeAppRequest } = await import('./app-routes');

const ROOT = path.resolve('/app/out/renderer');

describe('app:// protocol', () => {
  it('forwards API, socket and bot calls to the server, and sign-in posts only', () => {
    expect(routeAppRequest('GET', '/api/studies')).toBe('proxy');
    expect(routeAppRequest('POST', '/socket.io/')).toBe('proxy');
    expect(routeAppRequest('GET', '/telegram/disconnect')).toBe('proxy');
    expect(routeAppRequest('POST', '/login')).toBe('proxy');
    expect(routeAppRequest('POST', '/logout')).toBe('proxy');
    // The renderer's own routes are files (the SPA answers them).
    expect(routeAppRequest('GET', '/login')).toBe('file');
    expect(routeAppRequest('GET', '/admin/studies')).toBe('file');
    expect(routeAppRequest('GET', '/assets/index.js')).toBe('file');
  });

  it('serves files from the renderer build only, index.html for app routes', () => {
    expect(resolveRendererFile(ROOT, '/')).toBe(path.join(ROOT, 'index.html'));
    expect(resolveRendererFile(ROOT, '/admin/studies')).toBe(path.join(ROOT, 'index.html'));
    expect(resolveRendererFile(ROOT, '/assets/index-abc.js')).toBe(path.join(ROOT, 'assets/index-abc.js'));
    for (const escape of [
      '/../../etc/passwd',
      '/assets/..%2F..%2F..%2Fetc%2Fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd.txt',
      '/..\\..\\secret.txt',
    ]) {
      const file = resolveRendererFile(ROOT, escape);
      expect(file === null || file.startsWith(`${ROOT}${path.sep}`), `${escape} -> ${file}`).toBe(true);
    }
    expect(resolveRendererFile(ROOT, '/%E0%A4%A')).toBeNull();
  });
});
