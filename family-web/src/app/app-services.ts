import type { i18n as I18nInstance } from 'i18next';
import { createApiClient, createAuthApi } from '@school/shared/api';
import { createToastBus, installGlobalErrorToasts, type ApiServices, type ToastBus } from '@school/shared/ui';

export interface AppServices {
  api: ApiServices;
  toasts: ToastBus;
}

/** The API client talks to the page's own origin (the server serves this app at '/'). */
export function createAppServices(i18n: I18nInstance): AppServices {
  const client = createApiClient({
    baseUrl: '',
    getLanguage: () => i18n.language,
    onUnauthenticated: () => window.location.reload(),
  });
  const toasts = createToastBus();
  installGlobalErrorToasts((key, params) => i18n.t(key, params), toasts);
  return { api: { client, auth: createAuthApi(client) }, toasts };
}
