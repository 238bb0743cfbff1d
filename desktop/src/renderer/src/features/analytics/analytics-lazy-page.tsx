import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';

// Its own chunk: recharts (and d3 under it) must not weigh on the staff app's first load.
const LazyAnalyticsPage = lazy(() =>
  import('./analytics-page').then((module) => ({ default: module.AnalyticsPage })),
);

/** /admin/analytics, fetched on the first visit. */
export function AnalyticsLazyPage() {
  return (
    <Suspense
      fallback={
        <div className="center-screen">
          <Spinner />
        </div>
      }
    >
      <LazyAnalyticsPage />
    </Suspense>
  );
}
