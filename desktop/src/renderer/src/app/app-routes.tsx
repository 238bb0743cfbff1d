import { Spinner } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { Redirect, matchRoute, useAuth, useRouter, type RouteParams } from '@school/shared/ui';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { ChatPage } from '../features/chat/chat-page';
import { HomeCalendarPage } from '../features/calendar/home-calendar-page';
import { TeacherProfilePage } from '../features/profile/teacher-profile-page';
import { SettingsPage } from '../features/settings/settings-page';
import { InvoicesLive } from '../features/invoices/invoices-live';
import { AppNavbar } from '../features/shell/app-navbar';
import { OfflineBanner } from '../features/offline/offline-banner';
import { PendingWritesBadge } from '../features/offline/pending-writes-badge';
import { adminFormOverlay, backgroundOf } from '../kit/admin-forms/admin-form-route';
import { AdminPageFormProvider, type AdminPage } from '../kit/admin-forms/admin-page';
import { adminPages } from './admin-page-registry';

interface RouteDef {
  path: string;
  access: 'auth-only' | 'signed-in';
  render: ComponentType<{ params: RouteParams }>;
  /** A dialog over the page: the forms an admin page's deep links open (`?create`, `?edit=id`). */
  overlay?: ComponentType;
}

/** An admin page's table, told its form (Add and pencil buttons read it from there). */
function adminTableRoute(page: AdminPage): ComponentType<{ params: RouteParams }> {
  const { Table, form } = page;
  const Route = ({ params }: { params: RouteParams }) => (
    <AdminPageFormProvider form={form}>
      <Table params={params} />
    </AdminPageFormProvider>
  );
  Route.displayName = `AdminPage(${page.path})`;
  return Route;
}

/** Routes of spec part 1 §2 and the admin pages of part 2 §2. Home is the calendar. */
const routes: readonly RouteDef[] = [
  { path: '/login', access: 'auth-only', render: LoginPage },
  { path: '/password/forgot', access: 'auth-only', render: ForgotPasswordPage },
  { path: '/password/reset/:token', access: 'auth-only', render: ResetPasswordPage },
  { path: '/', access: 'signed-in', render: HomeCalendarPage },
  { path: '/profile', access: 'signed-in', render: TeacherProfilePage },
  { path: '/settings', access: 'signed-in', render: SettingsPage },
  { path: '/chat', access: 'signed-in', render: ChatPage },
  // An admin page: its table with its form dialog over it (`?create`, `?edit=id`).
  ...adminPages.map((page): RouteDef => ({
    path: page.path,
    access: 'signed-in',
    render: adminTableRoute(page),
    overlay: page.form ? adminFormOverlay(page.form) : page.overlay,
  })),
];

/** The page a form dialog was opened over (the calendar), drawn under it as it was. */
function backgroundRoute(state: unknown): { route: RouteDef; params: RouteParams } | null {
  const background = backgroundOf(state);
  if (!background) return null;
  const path = background.split('?')[0];
  for (const route of routes) {
    const params = route.access === 'signed-in' && !route.overlay ? matchRoute(route.path, path) : null;
    if (params) return { route, params };
  }
  return null;
}

export function AppRoutes() {
  const { path, state } = useRouter();
  const { status } = useAuth();

  if (status === 'loading') {
    return (
      <div className="center-screen" data-testid="loading">
        <Spinner />
      </div>
    );
  }

  for (const route of routes) {
    const params = matchRoute(route.path, path);
    if (!params) continue;
    if (route.access === 'signed-in' && status !== 'signed-in') return <Redirect to="/login" />;
    if (route.access === 'auth-only' && status === 'signed-in') return <Redirect to="/" />;
    if (route.access === 'auth-only') {
      const AuthPage = route.render;
      return <AuthPage params={params} />;
    }
    // A form opened from another page shows over it: that page stays mounted (same place, same type).
    const Overlay = route.overlay;
    const background = Overlay ? backgroundRoute(state) : null;
    const Page = background?.route.render ?? route.render;
    return (
      <div className="app-layout">
        <AppNavbar />
        <InvoicesLive />
        <main className="app-layout__main">
          <OfflineBanner />
          <PendingWritesBadge />
          <Page params={background?.params ?? params} />
          {Overlay ? <Overlay /> : null}
        </main>
      </div>
    );
  }
  return <Redirect to={status === 'signed-in' ? '/' : '/login'} />;
}
