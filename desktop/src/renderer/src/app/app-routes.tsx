import { Spinner } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { Redirect, matchRoute, useAuth, useRouter, type RouteParams } from '@school/shared/ui';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { HomeCalendarPage } from '../features/calendar/home-calendar-page';
import { TeacherProfilePage } from '../features/profile/teacher-profile-page';
import { SettingsPage } from '../features/settings/settings-page';
import { adminLinks } from '../features/shell/admin-links';
import { AppNavbar } from '../features/shell/app-navbar';
import { PlaceholderPage } from '../features/shell/placeholder-page';
import { adminFormOverlay, backgroundOf } from '../features/admin-forms/admin-form-route';
import { STUDIES_PAGE, StudyFormRoute } from '../features/studies/study-form-route';
import { StudyReportFormRoute } from '../features/study-reports/study-report-form-route';
import { userFormDefinition, USERS_PAGE } from '../features/users/user-form-route';
import { scheduleFormDefinition, SCHEDULES_PAGE } from '../features/schedules/schedule-form-route';

interface RouteDef {
  path: string;
  access: 'auth-only' | 'signed-in';
  render: ComponentType<{ params: RouteParams }>;
  /** A dialog over the page: the forms an admin page's deep links open (`?create`, `?edit=id`). */
  overlay?: ComponentType;
}

/** Admin pages whose forms open from their deep links (`?create`, `?edit=id`). */
const ADMIN_FORM_OVERLAYS: Readonly<Record<string, ComponentType>> = {
  [STUDIES_PAGE]: StudyFormRoute,
  [USERS_PAGE]: adminFormOverlay(userFormDefinition),
  [SCHEDULES_PAGE]: adminFormOverlay(scheduleFormDefinition),
};

const placeholder = (titleKey: string) => {
  const Page = () => <PlaceholderPage titleKey={titleKey} />;
  return Page;
};

/** Routes of spec part 1 §2; admin screens are placeholders until their issues land. Home is the calendar. */
const routes: readonly RouteDef[] = [
  { path: '/login', access: 'auth-only', render: LoginPage },
  { path: '/password/forgot', access: 'auth-only', render: ForgotPasswordPage },
  { path: '/password/reset/:token', access: 'auth-only', render: ResetPasswordPage },
  { path: '/', access: 'signed-in', render: HomeCalendarPage },
  { path: '/profile', access: 'signed-in', render: TeacherProfilePage },
  { path: '/settings', access: 'signed-in', render: SettingsPage },
  // The study report form (?create&study_id&user_id, ?edit=id) over the page it was opened from;
  // the reports table comes with the admin tables.
  { path: '/admin/study_reports', access: 'signed-in', render: placeholder('titles.studyReports'), overlay: StudyReportFormRoute },
  ...adminLinks.map(
    (link): RouteDef => ({
      path: link.path,
      access: 'signed-in',
      render: placeholder(link.titleKey),
      overlay: ADMIN_FORM_OVERLAYS[link.path],
    }),
  ),
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
        <main className="app-layout__main">
          <Page params={background?.params ?? params} />
          {Overlay ? <Overlay /> : null}
        </main>
      </div>
    );
  }
  return <Redirect to={status === 'signed-in' ? '/' : '/login'} />;
}
