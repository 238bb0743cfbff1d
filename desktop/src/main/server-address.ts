import type { DesktopSettings, ServerInfo } from '../common/ipc-schemas';

/** Used until the first-run screen stores an address (and by the dev setup, whose server runs here). */
export const DEFAULT_SERVER_URL = 'http://localhost:8080';

/**
 * Where the API is: SCHOOL_SERVER_URL (IT's deployment or the tests) wins, then the address the
 * user gave on first run. Source none tells the renderer to ask for it.
 */
export function serverInfo(env: Record<string, string | undefined>, settings: DesktopSettings): ServerInfo {
  if (env.SCHOOL_SERVER_URL) return { serverUrl: env.SCHOOL_SERVER_URL, source: 'env' };
  if (settings.serverUrl) return { serverUrl: settings.serverUrl, source: 'settings' };
  return { serverUrl: null, source: 'none' };
}

export function serverUrlOf(info: ServerInfo): string {
  return info.serverUrl ?? DEFAULT_SERVER_URL;
}
