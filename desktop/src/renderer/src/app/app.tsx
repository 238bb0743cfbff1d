import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { useMemo, useState } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ApiProvider, AppErrorBoundary, AuthProvider, I18nProvider, RouterProvider } from '@school/shared/ui';
import type { AppServices } from './app-services';
import { AppRoutes } from './app-routes';
import { createAppStore } from './app-store';
import {
  readCalendarWindowUser,
  readRememberedUser,
  writeRememberedUser,
} from '../features/calendar/calendar-ui.slice';
import { createQueryClient } from './query-client';
import { DesktopMenuSync } from '../features/shell/desktop-menu-sync';
import { FirstRunGate } from '../features/shell/first-run-gate';
import { WriteQueueSync } from '../features/offline/write-queue-sync';
import { ServicesContext } from './services-context';
import { connectivity } from '../features/offline/connectivity';
import { createOfflineCache } from '../features/offline/offline-cache';
import { OfflineCacheGate } from '../features/offline/offline-cache-gate';
import { offlineStorage } from '../features/offline/offline-storage';

export function App({ i18n, services }: { i18n: I18nInstance; services: AppServices }) {
  const [queryClient] = useState(() => createQueryClient(services.reportError));
  // Server data per account for offline use; the session check falls back to the last account.
  const [offlineCache] = useState(() =>
    createOfflineCache({ storage: offlineStorage(), queryClient, connectivity, ...services.offline }),
  );
  const authApi = useMemo(() => offlineCache.wrapAuthApi(services.api.auth), [offlineCache, services]);
  const [store] = useState(() =>
    createAppStore({
      calendarWindowUserId: readCalendarWindowUser(window.location.search),
      rememberedUserId: readRememberedUser(),
      rememberUser: (userId) => {
        writeRememberedUser(userId);
        // The desktop menu's "New calendar window" opens the last chosen user.
        void services.native.setSetting({ key: 'lastCalendarUserId', value: userId }).catch(() => undefined);
      },
    }),
  );
  return (
    <I18nProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <ApiProvider services={services.api}>
          <QueryClientProvider client={queryClient}>
            <ReduxProvider store={store}>
              <AuthProvider authApi={authApi}>
                <RouterProvider base={import.meta.env.BASE_URL}>
                  <AppErrorBoundary onError={() => services.reportError(undefined)}>
                    <FirstRunGate>
                      <DesktopMenuSync />
                      <OfflineCacheGate cache={offlineCache}>
                        <WriteQueueSync />
                        <AppRoutes />
                      </OfflineCacheGate>
                    </FirstRunGate>
                  </AppErrorBoundary>
                </RouterProvider>
              </AuthProvider>
            </ReduxProvider>
          </QueryClientProvider>
        </ApiProvider>
      </ServicesContext.Provider>
    </I18nProvider>
  );
}
