import { Button, FormGroup, HTMLSelect, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@school/shared/ui';
import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  chartSeries,
  displayDay,
  invoicesColumns,
  studiesColumns,
  useAnalytics,
  type AnalyticsRange,
} from '@school/shared/ui/analytics';
import { DocumentGenerators } from '../document-generators/document-generators';
import { AnalyticsCharts } from './analytics-charts';
import { WeeklyTable } from './weekly-table';
import './analytics.css';

/**
 * /admin/analytics (spec part 2 §2 "Analytics" and "Document generators"): the current week, charts
 * of the weekly series, the three weekly lists, and the generators in a second tab. Loaded on demand
 * (analytics-lazy-page.tsx): the charts library is most of its weight.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  usePageTitle('titles.analytics');
  const [tab, setTab] = useState<'analytics' | 'generators'>('analytics');
  return (
    <div className="page analytics-page" data-testid="analytics-page">
      <h1 className="page__title">{t('titles.analytics')}</h1>
      <Tabs
        id="analytics-tabs"
        selectedTabId={tab}
        onChange={(next) => setTab(next as typeof tab)}
        renderActiveTabPanelOnly
      >
        <Tab
          id="analytics"
          title={t('analyticsUi.tabs.analytics')}
          panel={<WeeklyAnalytics />}
          data-testid="analytics-tab-analytics"
        />
        <Tab
          id="generators"
          title={t('analyticsUi.tabs.generators')}
          panel={<DocumentGenerators />}
          data-testid="analytics-tab-generators"
        />
      </Tabs>
    </div>
  );
}

function WeeklyAnalytics() {
  const { t } = useTranslation();
  const [weeks, setWeeks] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const analytics = useAnalytics(weeks);
  const { studies, trial, invoices, current } = analytics;
  const points = useMemo(
    () => (studies && trial && invoices ? chartSeries(studies.data, trial.data, invoices.data, current) : []),
    [studies, trial, invoices, current],
  );

  if (analytics.error && !studies) {
    return (
      <NonIdealState
        icon="error"
        description={t('analyticsUi.loadFailed')}
        action={<Button text={t('analyticsUi.retry')} onClick={analytics.refetch} />}
        data-testid="analytics-error"
      />
    );
  }
  return (
    <div data-testid="analytics-weekly">
      <div className="analytics-page__bar">
        <span className="analytics-page__week" data-testid="analytics-current-week">
          {current
            ? t('analyticsUi.currentWeek', {
                week: current.week,
                from: displayDay(current.first_day_of_week),
                to: displayDay(current.last_day_of_week),
              })
            : null}
        </span>
        <FormGroup
          inline
          label={t('analyticsUi.range')}
          labelFor="analytics-range"
          helperText={t('analyticsUi.rangeNote')}
        >
          <HTMLSelect
            id="analytics-range"
            data-testid="analytics-range"
            value={weeks}
            onChange={(event) => setWeeks(Number(event.currentTarget.value) as AnalyticsRange)}
            options={ANALYTICS_RANGES.map((value) => ({
              value,
              label: t('analyticsUi.rangeWeeks', { count: value }),
            }))}
          />
        </FormGroup>
        {analytics.loading ? <Spinner size={16} /> : null}
      </div>
      {studies && trial && invoices ? (
        <>
          <AnalyticsCharts points={points} />
          <WeeklyTable kind="studies" columns={studiesColumns} weekly={studies} current={current} />
          <WeeklyTable kind="trial" columns={studiesColumns} weekly={trial} current={current} />
          <WeeklyTable kind="invoices" columns={invoicesColumns} weekly={invoices} current={current} />
        </>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
