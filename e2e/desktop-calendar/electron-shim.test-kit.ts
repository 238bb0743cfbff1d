/**
 * What the real preload (desktop/src/preload/index.ts) gets as `electron` when the e2e tests bundle it
 * for Chromium: contextBridge puts the bridge on window, ipcRenderer goes through a Playwright binding
 * to the real main-process handlers running in the test (native-bridge.test-kit.ts). Only the transport is
 * replaced; the preload's code and main's handlers are the app's own.
 */

type Listener = (event: unknown, payload: unknown) => void;

interface ShimWindow {
  __schoolIpcInvoke(channel: string, input: unknown): Promise<unknown>;
  __schoolIpcEmit?: (channel: string, payload: unknown) => void;
}

const scope = window as unknown as ShimWindow & Record<string, unknown>;
const listeners = new Map<string, Set<Listener>>();

/** Playwright's bindings carry JSON: bytes travel as base64, as Electron's structured clone would carry them. */
function encode(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return encode(new Uint8Array(value));
  if (value instanceof Uint8Array) {
    let binary = '';
    for (const byte of value) binary += String.fromCharCode(byte);
    return { __bytes: btoa(binary) };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

/** What main answered, its bytes (a picked spreadsheet) back from base64. */
function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    if ('__bytes' in value) return Uint8Array.from(atob(String(value.__bytes)), (c) => c.charCodeAt(0));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

scope.__schoolIpcEmit = (channel, payload) => {
  // Like Electron, listeners get an event object first; the preload must not pass it on.
  for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc-event-object' }, payload);
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    Object.defineProperty(scope, key, {
      value: Object.freeze(api),
      enumerable: false,
      configurable: false,
      writable: false,
    });
  },
};

export const ipcRenderer = {
  invoke: async (channel: string, input?: unknown) =>
    decode(await scope.__schoolIpcInvoke(channel, encode(input))),
  on(channel: string, listener: Listener): void {
    if (!listeners.has(channel)) listeners.set(channel, new Set());
    listeners.get(channel)?.add(listener);
  },
  removeListener(channel: string, listener: Listener): void {
    listeners.get(channel)?.delete(listener);
  },
};
