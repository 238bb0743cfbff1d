import { createRoot } from 'react-dom/client';
import { familyLocales, setupI18n } from '@school/shared/ui';
import { App } from './app/app';
import { createAppServices } from './app/app-services';
import { loadCalendarPage } from './app/lazy-pages';
import { prefetchCalendar } from './features/calendar/calendar-prefetch';
import './styles/app.css';

async function start(): Promise<void> {
  // The calendar is the home page: fetch its chunk, and a returning visitor's studies, alongside the
  // sign-in check instead of after it.
  const home = window.location.pathname === '/';
  if (home) void loadCalendarPage().catch(() => undefined);
  const i18n = await setupI18n(familyLocales);
  const services = createAppServices(i18n);
  if (home) prefetchCalendar(services.api.client);
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(<App i18n={i18n} services={services} />);
}

void start();
