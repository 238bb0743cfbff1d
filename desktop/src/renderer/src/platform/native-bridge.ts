import { SCHOOL_BRIDGE_KEY, type SchoolBridge } from '../../../common/desktop-bridge';
import { createBrowserNativeBridge } from './browser-native-bridge';
import { createElectronNativeBridge } from './electron-native-bridge';
import type { NativeBridge } from './native-bridge.types';

export { NativeBridgeError } from './native-bridge.types';
export type { NativeBridge, NativeOfflineStore, UploadRecordingsRequest } from './native-bridge.types';

/** The bridge preload exposed, if this page runs in the desktop app. */
export function findSchoolBridge(scope: object): SchoolBridge | null {
  const candidate = (scope as Record<string, unknown>)[SCHOOL_BRIDGE_KEY] as
    Partial<SchoolBridge> | undefined;
  return candidate?.isDesktop === true ? (candidate as SchoolBridge) : null;
}

export function createNativeBridge(scope: object = window): NativeBridge {
  const exposed = findSchoolBridge(scope);
  return exposed ? createElectronNativeBridge(exposed) : createBrowserNativeBridge();
}

let instance: NativeBridge | undefined;

/** The app's one NativeBridge (created on first use, so importing this module has no side effects). */
export function getNativeBridge(): NativeBridge {
  instance ??= createNativeBridge();
  return instance;
}

/**
 * `nativeBridge.saveDocument(…)` anywhere in the renderer; resolved on first use (a Proxy, so
 * tests and the browser build can import this module before any window exists).
 */
export const nativeBridge: NativeBridge = new Proxy({} as NativeBridge, {
  get: (_target, key) => Reflect.get(getNativeBridge(), key),
});
