import { DESKTOP_BRIDGE_KEY, type DesktopBridge } from '../../../common/desktop-bridge';
import type { DesktopSettings } from '../../../common/ipc-schemas';

const BROWSER_SETTINGS_KEY = 'desktop:settings';

/** In a plain browser (the /staff/ build) the same bridge is backed by web APIs. */
export function createBrowserBridge(): DesktopBridge {
  const read = (): DesktopSettings => {
    try {
      return JSON.parse(localStorage.getItem(BROWSER_SETTINGS_KEY) ?? '{}') as DesktopSettings;
    } catch {
      return {};
    }
  };
  return {
    isDesktop: true,
    getAppInfo: async () => ({ version: 'web', platform: 'browser' }),
    getSettings: async () => read(),
    updateSettings: async (update) => {
      const next = { ...read(), ...update };
      localStorage.setItem(BROWSER_SETTINGS_KEY, JSON.stringify(next));
      return next;
    },
  };
}

export function getDesktopBridge(): { bridge: DesktopBridge; native: boolean } {
  const exposed = (window as unknown as Record<string, DesktopBridge | undefined>)[DESKTOP_BRIDGE_KEY];
  return exposed ? { bridge: exposed, native: true } : { bridge: createBrowserBridge(), native: false };
}
