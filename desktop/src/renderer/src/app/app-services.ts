import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { i18n as I18nInstance } from 'i18next';
import { createElement } from 'react';
import { createApiClient, createAuthApi } from '@school/shared/api';
import {
  createToastBus,
  installGlobalErrorToasts,
  reportError,
  switchableLanguages,
  type ApiServices,
  type ToastBus,
  type ToastMessage,
} from '@school/shared/ui';
import { getNativeBridge, type NativeBridge } from '../platform/native-bridge';
import {
  connectivity,
  connectivityFetch,
  driveOnlineManager,
  watchBrowserOnline,
} from '../features/offline/connectivity';
import { cacheBuster } from '../features/offline/offline-cache.rules';
import { registerOfflineShell } from '../features/offline/offline-shell';
import { offlineStorage } from '../features/offline/offline-storage';
import { guardOfflineWrites } from '../features/offline/write-queue-guard';
import { WriteQueueHub } from '../features/offline/write-queue-hub';

export interface AppServices {
  api: ApiServices;
  toasts: ToastBus;
  /** The one door to native features (Electron's preload bridge, or the browser fallbacks). */
  native: NativeBridge;
  /** The signed-in account's queue of lesson writes made offline (issue 34). */
  writeQueue: WriteQueueHub;
  /** Global response handling of spec part 1 §8 for errors the screens do not handle. */
  reportError(error: unknown): void;
  /** Which server this app talks to and which build it is: the offline cache's key and buster. */
  offline: { serverAddress: string; buster: string };
}

/** The server's address (the desktop's setting, or the page's origin) and this build's buster. */
async function offlineIdentity(native: NativeBridge): Promise<AppServices['offline']> {
  const build = import.meta.env.VITE_STAFF_BUILD ?? 'dev';
  if (!native.native) return { serverAddress: window.location.origin, buster: cacheBuster(`web-${build}`) };
  const [server, info] = await Promise.all([
    native.getServerInfo().catch(() => null),
    native.getAppInfo().catch(() => null),
  ]);
  return {
    serverAddress: server?.serverUrl ?? 'app',
    buster: cacheBuster(`${info?.version ?? 'unknown'}-${build}`),
  };
}

/** A toast's title on its own line and the message with its line breaks (one per field error). */
function toastContent(toast: ToastMessage) {
  const message = createElement(
    'div',
    { className: 'app-toast__message', 'data-testid': 'toast-message' },
    toast.message,
  );
  return createElement(
    'div',
    { className: 'app-toast', 'data-testid': `toast-${toast.intent}` },
    toast.title
      ? createElement('strong', { className: 'app-toast__title', 'data-testid': 'toast-title' }, toast.title)
      : null,
    message,
  );
}

/** Shows the shared toast queue with Blueprint's toaster at the top centre. */
async function connectToaster(bus: ToastBus): Promise<void> {
  const toaster: Toaster = await OverlayToaster.createAsync({ position: Position.TOP });
  const shown = new Set<number>();
  bus.subscribe(() => {
    for (const toast of bus.list()) {
      if (shown.has(toast.id)) continue;
      shown.add(toast.id);
      toaster.show({
        intent: toast.intent,
        timeout: toast.timeoutMs,
        message: toastContent(toast),
        onDismiss: () => bus.dismiss(toast.id),
      });
    }
  });
}

const isSwitchable = (language: unknown): language is (typeof switchableLanguages)[number] =>
  (switchableLanguages as readonly unknown[]).includes(language);

/**
 * The interface language is one for the whole desktop app: the settings store (electron-store in
 * Electron) holds it next to `app:language`; a switch in any window, or in the app menu, reaches
 * every window. In the browser the bridge keeps the same setting in local storage.
 */
async function syncLanguage(i18n: I18nInstance, native: NativeBridge): Promise<void> {
  if (native.native) {
    const stored = (await native.getSettings().catch(() => ({ language: undefined }))).language;
    if (isSwitchable(stored) && stored !== i18n.language) await i18n.changeLanguage(stored);
  }
  i18n.on('languageChanged', (language: string) => {
    if (isSwitchable(language))
      void native.setSetting({ key: 'language', value: language }).catch(() => undefined);
  });
  native.onLanguageChanged((language) => {
    if (isSwitchable(language) && language !== i18n.language) void i18n.changeLanguage(language);
  });
}

/** The API is on the page's own origin: /staff/ in the browser, app://staff proxied by main in Electron. */
export async function createAppServices(i18n: I18nInstance): Promise<AppServices> {
  const native = getNativeBridge();
  await syncLanguage(i18n, native);
  const plain = createApiClient({
    baseUrl: '',
    getLanguage: () => i18n.language,
    onUnauthenticated: () => window.location.reload(),
    // Every answer, or its absence, tells the connectivity state whether the server is there.
    fetchImpl: connectivityFetch(),
  });
  const writeQueue = new WriteQueueHub({
    storage: offlineStorage,
    client: () => plain,
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('school-write-queue'),
  });
  const client = guardOfflineWrites(plain, {
    queue: () => writeQueue.current(),
    isOnline: () => connectivity.getState().online,
    onQueued: () => writeQueue.flushSoon(),
    refusal: () => i18n.t('offlineWrites.refused'),
  });
  // Offline, queries pause (react-query follows the connectivity state) and the server is asked
  // again now and then; the browser's own online/offline events count too.
  driveOnlineManager();
  watchBrowserOnline(window);
  connectivity.setProbe(() => client.get('/api/user', undefined, { ignoreUnauthenticated: true }));
  const offline = await offlineIdentity(native);
  // The browser build's page itself survives a reload without the server (a service worker).
  if (!native.native && import.meta.env.PROD) void registerOfflineShell().catch(() => undefined);
  const toasts = createToastBus();
  await connectToaster(toasts);
  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
  installGlobalErrorToasts(t, toasts);
  return {
    api: { client, auth: createAuthApi(client) },
    toasts,
    native,
    writeQueue,
    reportError: (error) => reportError(error, t, toasts),
    offline,
  };
}
