/// <reference types="vite/client" />
import '@blueprintjs/core/lib/css/blueprint.css';
import '@school/desktop/src/renderer/src/styles/app.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createApiClient, createAuthApi } from '@school/shared/api';
import { createI18n } from '@school/shared/i18n';
import { ApiProvider, AuthProvider, I18nProvider, RouterProvider, createToastBus } from '@school/shared/ui';
import { ServicesContext } from '@school/desktop/src/renderer/src/app/services-context';
import type { AppServices } from '@school/desktop/src/renderer/src/app/app-services';
import { StudiesTablePage } from '@school/desktop/src/renderer/src/features/studies/studies-table-page';
import { studiesPageParts } from '@school/desktop/src/renderer/src/features/studies/studies.admin-page';
import { AdminPageFormProvider } from '@school/desktop/src/renderer/src/kit/admin-forms/admin-page';
import { createBrowserNativeBridge } from '@school/desktop/src/renderer/src/platform/browser-native-bridge';

/**
 * Bench page: the staff app's real studies table (StudiesTablePage with its relations, filters,
 * score buttons, links and footer) as an Administrator, its API answered in memory by the fetch
 * the API client is given. `window.renderStudies(seed)` changes the view (a filter, as a person
 * would) and resolves with the milliseconds from the moment the 100-row answer arrives to the
 * rows on screen, a row focused by the keyboard, and the next frame.
 */

const T0 = Date.UTC(2026, 10, 23, 6, 0);
const person = (id: number, name: string, roleId: number) => ({
  id,
  firstname: name,
  surname: `Прізвище${id}`,
  patronymic: 'Іванович',
  full_name: `Прізвище${id} ${name} Іванович`,
  role_id: roleId,
  role: { id: roleId, name: roleId === 3 ? 'Teacher' : 'Student' },
  pivot: { role_id: roleId, subscription_id: roleId === 4 ? 7 : null },
});

function studies(seed: number) {
  return Array.from({ length: 100 }, (_, i) => {
    const start = T0 + i * 3_600_000;
    return {
      id: seed * 1000 + i + 1,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      type_id: 1,
      trial: i % 9 === 0,
      comment: null,
      miss_status: 0,
      created_at: new Date(start - 86_400_000).toISOString(),
      created_by: person(2, 'Менеджер', 2),
      users: [
        person(10 + (i % 20), 'Викладач', 3),
        person(100 + i, 'Учень', 4),
        ...(i % 4 === 0 ? [person(300 + i, 'Учениця', 4)] : []),
      ],
      subscriptions: [
        {
          id: 500 + i,
          price_per_study: 35_000,
          contract: { id: 40 + i, payer: person(700 + i, 'Платник', 5) },
        },
      ],
      type: { id: 1, name: 'Індивідуальне' },
      evaluation: i % 3 === 0 ? { id: i, study_id: i, score: (i % 10) + 1, report: 'Звіт' } : null,
      price_total: 35_000,
    };
  });
}

const admin = {
  ...person(1, 'Олена', 1),
  email: 'admin@example.com',
  role: { id: 1, name: 'Administrator', impersonated: false },
  original_role_id: 1,
  abilities: [{ action: 'manage', subject: 'all' }],
  childs: [],
};

let seed = 0;
let arrived = 0;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), window.location.href);
  if (url.pathname === '/api/user') return json({ data: admin });
  if (url.pathname === '/api/studies') {
    const rows = studies(seed);
    const answer = json({ data: rows, meta: { current_page: 1, per_page: 100, total: 100, last_page: 1 } });
    arrived = performance.now();
    return answer;
  }
  return json({
    data: [{ id: 1, name: 'Індивідуальне' }],
    meta: { current_page: 1, per_page: 1000, total: 1, last_page: 1 },
  });
}

const i18n = createI18n('uk');
const client = createApiClient({
  baseUrl: '',
  getLanguage: () => 'uk',
  fetchImpl: fakeFetch as typeof fetch,
});
const toasts = createToastBus();
const services = {
  api: { client, auth: createAuthApi(client) },
  toasts,
  native: createBrowserNativeBridge(),
  reportError: (error: unknown) => console.error(error),
} as unknown as AppServices;
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

window.history.replaceState(null, '', '/admin/studies?perpage=100&start_from=&start_to=&students_count=');

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

/** Waits (polling each frame) until the table shows the rows of `seed`. */
async function rowsOf(n: number): Promise<void> {
  const firstId = String(n * 1000 + 1);
  for (;;) {
    const rows = document.querySelectorAll('tr[data-row-id]');
    if (rows.length === 100 && rows[0].getAttribute('data-row-id') === firstId) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

async function renderStudies(n: number): Promise<{ totalMs: number; rows: number; focused: boolean }> {
  seed = n;
  // A new view, as a filter typed by a person: the router hears popstate and the table refetches.
  window.history.replaceState(
    null,
    '',
    `/admin/studies?perpage=100&start_from=&start_to=&students_count=&users=${n}`,
  );
  window.dispatchEvent(new PopStateEvent('popstate'));
  await rowsOf(n);
  // Interactive: a row takes the keyboard focus, then the frame is painted.
  const row = document.querySelector<HTMLElement>('tr[data-row-id]:nth-child(50)');
  row?.focus();
  const focused = document.activeElement === row;
  await nextFrame();
  return {
    totalMs: performance.now() - arrived,
    rows: document.querySelectorAll('tr[data-row-id]').length,
    focused,
  };
}

Object.assign(window, {
  renderStudies,
  benchReady: () => document.querySelectorAll('tr[data-row-id]').length === 100,
});

createRoot(document.getElementById('root')!).render(
  <I18nProvider i18n={i18n}>
    <ServicesContext.Provider value={services}>
      <ApiProvider services={services.api}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider authApi={services.api.auth}>
            <RouterProvider base="/">
              {/* As its route gives it: the page's form (Add, pencil and duplicate buttons). */}
              <AdminPageFormProvider form={studiesPageParts.form}>
                <StudiesTablePage />
              </AdminPageFormProvider>
            </RouterProvider>
          </AuthProvider>
        </QueryClientProvider>
      </ApiProvider>
    </ServicesContext.Provider>
  </I18nProvider>,
);
