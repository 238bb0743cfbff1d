import { lazy, type ComponentType } from 'react';
import { addBundledTranslations, type RouteParams } from '@school/shared/ui';

/**
 * The signed-in pages load on demand: FullCalendar, luxon and zod are most of their weight, and the
 * sign-in screens must stay small (initial JS budget, bench/cases/family-web.bench.ts).
 *
 * A page whose chunk has already arrived renders directly instead of through React.lazy: a
 * suspended boundary is revealed no sooner than 300 ms after its fallback (React throttles
 * fallbacks), which would cost the home page that much on every visit. Start-up loads the calendar
 * chunk in parallel with the sign-in check, so it is usually there first.
 */
type PageProps = { params: RouteParams };

function lazyPage(load: () => Promise<ComponentType<PageProps>>) {
  let loaded: ComponentType<PageProps> | null = null;
  let pending: Promise<ComponentType<PageProps>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be retried on the next visit to the page.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: PageProps) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return { Page, preload };
}

// Each page's Ukrainian areas come with it (the first visit bundles the shell's only).
const calendar = lazyPage(() =>
  import('../features/calendar/calendar-page').then((m) => {
    addBundledTranslations(m.calendarTranslations);
    return m.CalendarPage;
  }),
);
const settings = lazyPage(() =>
  import('../features/settings/settings-page').then((m) => {
    addBundledTranslations(m.settingsTranslations);
    return m.SettingsPage;
  }),
);
// Its own chunk: the profile adds nothing to the first visit or to the calendar route.
const profile = lazyPage(() =>
  import('../features/family-profile/profile-page').then((m) => {
    addBundledTranslations(m.profileTranslations);
    return m.ProfilePage;
  }),
);

// Its own chunk: only families that pay online open it.
const payments = lazyPage(() =>
  import('../features/payments/payments-page').then((m) => {
    addBundledTranslations(m.paymentsTranslations);
    return m.PaymentsPage;
  }),
);

export const CalendarPage = calendar.Page;
export const SettingsPage = settings.Page;
export const ProfilePage = profile.Page;
export const PaymentsPage = payments.Page;
export const loadCalendarPage = calendar.preload;
