import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppErrorBoundary,
  Redirect,
  matchRoute,
  reportError,
  useAuth,
  useRouter,
  type RouteParams,
} from '@school/shared/ui';
import { useToasts } from './toasts-context';
import { LoadingScreen } from '../components/loading-screen';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { AppShell } from '../features/shell/app-shell';
import { CalendarPage, PaymentsPage, ProfilePage, SettingsPage } from './lazy-pages';

type Access = 'auth-only' | 'signed-in';

interface RouteDef {
  path: string;
  access: Access;
  component: ComponentType<{ params: RouteParams }>;
}

/** Routes of spec part 1 §2 that belong to students and parents. */
const routes: readonly RouteDef[] = [
  { path: '/login', access: 'auth-only', component: LoginPage },
  { path: '/password/forgot', access: 'auth-only', component: ForgotPasswordPage },
  { path: '/password/reset/:token', access: 'auth-only', component: ResetPasswordPage },
  { path: '/', access: 'signed-in', component: CalendarPage },
  { path: '/profile', access: 'signed-in', component: ProfilePage },
  { path: '/settings', access: 'signed-in', component: SettingsPage },
  { path: '/payments', access: 'signed-in', component: PaymentsPage },
];

export function AppRoutes() {
  const { path } = useRouter();
  const { status } = useAuth();
  const { t } = useTranslation();
  const toasts = useToasts();

  if (status === 'loading') return <LoadingScreen />;

  for (const route of routes) {
    const params = matchRoute(route.path, path);
    if (!params) continue;
    // Guard: unauthenticated -> /login; authenticated on an auth-only route -> /.
    if (route.access === 'signed-in' && status !== 'signed-in') return <Redirect to="/login" />;
    if (route.access === 'auth-only' && status === 'signed-in') return <Redirect to="/" />;
    const Page = route.component;
    if (route.access === 'auth-only') return <Page params={params} />;
    // The shell stays on screen while a page's chunk loads.
    return (
      <AppShell>
        {/* A render error shows the unknown-error toast (spec part 1 §8); the shell stays usable and
            another page (a new key) starts over. */}
        <AppErrorBoundary key={route.path} onError={() => reportError(undefined, t, toasts)}>
          <Suspense fallback={<LoadingScreen inline />}>
            <Page params={params} />
          </Suspense>
        </AppErrorBoundary>
      </AppShell>
    );
  }
  return <Redirect to={status === 'signed-in' ? '/' : '/login'} />;
}
