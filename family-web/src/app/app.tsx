import type { i18n as I18nInstance } from 'i18next';
import { ApiProvider, AuthProvider, I18nProvider, RouterProvider } from '@school/shared/ui';
import { ToastRegion } from '../components/toast-region';
import type { AppServices } from './app-services';
import { AppRoutes } from './app-routes';
import { ToastsProvider } from './toasts-context';

export function App({ i18n, services }: { i18n: I18nInstance; services: AppServices }) {
  return (
    <I18nProvider i18n={i18n}>
      <ApiProvider services={services.api}>
        <ToastsProvider bus={services.toasts}>
          <AuthProvider authApi={services.api.auth}>
            <RouterProvider base={import.meta.env.BASE_URL}>
              <AppRoutes />
              <ToastRegion bus={services.toasts} />
            </RouterProvider>
          </AuthProvider>
        </ToastsProvider>
      </ApiProvider>
    </I18nProvider>
  );
}
