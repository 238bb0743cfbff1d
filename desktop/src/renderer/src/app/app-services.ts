import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { i18n as I18nInstance } from 'i18next';
import { createElement } from 'react';
import { createApiClient, createAuthApi } from '@school/shared/api';
import {
  createToastBus,
  installGlobalErrorToasts,
  reportError,
  type ApiServices,
  type ToastBus,
  type ToastMessage,
} from '@school/shared/ui';
import { calendarUiTexts } from '@school/shared/ui/calendar';
import type { DesktopBridge } from '../../../common/desktop-bridge';
import { getDesktopBridge } from './desktop-bridge';

export interface AppServices {
  api: ApiServices;
  toasts: ToastBus;
  bridge: DesktopBridge;
  nativeBridge: boolean;
  /** Global response handling of spec part 1 §8 for errors the screens do not handle. */
  reportError(error: unknown): void;
}

/** A toast's title on its own line and the message with its line breaks (one per field error). */
function toastContent(toast: ToastMessage) {
  const message = createElement('div', { className: 'app-toast__message' }, toast.message);
  if (!toast.title) return message;
  return createElement(
    'div',
    { className: 'app-toast', 'data-testid': `toast-${toast.intent}` },
    createElement('strong', { className: 'app-toast__title' }, toast.title),
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

/**
 * Texts of the calendar screens (shared/src/i18n/locales/<lang>/calendar-ui.ts). Added without
 * overwriting, so this is a no-op once the shared resources include them.
 */
function addCalendarTexts(i18n: I18nInstance): void {
  for (const [language, calendarUi] of Object.entries(calendarUiTexts)) {
    i18n.addResourceBundle(language, 'translation', { calendarUi }, true, false);
  }
}

/** The API is on the page's own origin: /staff/ in the browser, app://staff proxied by main in Electron. */
export async function createAppServices(i18n: I18nInstance): Promise<AppServices> {
  const { bridge, native } = getDesktopBridge();
  addCalendarTexts(i18n);
  const client = createApiClient({
    baseUrl: '',
    getLanguage: () => i18n.language,
    onUnauthenticated: () => window.location.reload(),
  });
  const toasts = createToastBus();
  await connectToaster(toasts);
  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
  installGlobalErrorToasts(t, toasts);
  i18n.on('languageChanged', (language: string) => {
    if (language === 'uk' || language === 'ru' || language === 'en') void bridge.updateSettings({ language });
  });
  return {
    api: { client, auth: createAuthApi(client) },
    toasts,
    bridge,
    nativeBridge: native,
    reportError: (error) => reportError(error, t, toasts),
  };
}
