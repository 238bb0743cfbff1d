import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import {
  CALENDAR_VIEWS,
  hourRange,
  mapStudiesToEvents,
  toSpan,
  type CalendarStudy,
  type CalendarViewType,
  type HourRange,
} from '@school/shared/ui/calendar';
import { StudyCalendar, type StudyCalendarHandle, type VisibleRange } from '@school/shared/ui/calendar/react';
import { useToasts } from '../../app/toasts-context';
import { CalendarToolbar } from '../../kit/calendar/calendar-toolbar';
import type { CalendarAudience } from '../../kit/calendar/calendar-user';
import { loadStudyModal, studyModalParts } from './study-modal-loader';
import { useFamilyStudies } from './use-family-studies';

/** The mark the bench reads: navigation start to the first calendar drawn with its studies. */
export const CALENDAR_VISIBLE_MARK = 'family:calendar-visible';

type Open = { studyId: number; mode: 'details' | 'transfer' } | null;

/**
 * The previous range object while its hours are the same: FullCalendar resets its options on every
 * new object, and paging through months of the same hours should not cost a re-layout.
 */
function useSameHourRange(next: HourRange): HourRange {
  const [kept, setKept] = useState(next);
  const same = kept.slotMinTime === next.slotMinTime && kept.slotMaxTime === next.slotMaxTime;
  if (!same) setKept(next);
  return same ? kept : next;
}

/**
 * One user's calendar for a family: month by default (spec part 1 §2), week and day, the reduced
 * event display, no all-day row, live updates, the study modal and, for a Responsible, transfer.
 */
export function FamilyCalendar({
  userId,
  owner,
  audience,
}: {
  userId: number;
  owner: number;
  audience: CalendarAudience;
}) {
  const { t, i18n } = useTranslation();
  const data = useFamilyStudies(userId, owner);
  const handle = useRef<StudyCalendarHandle>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [drawnAt, setDrawnAt] = useState(0);
  const tFn = useCallback((key: string, params?: Record<string, unknown>) => t(key, params), [t]);

  const events = useMemo(
    () =>
      mapStudiesToEvents(data.studies, {
        audience: 'family',
        now: data.loadedAt || Date.now(),
        t: tFn,
        typeNames: data.typeNames,
      }),
    // language: titles are translated strings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data.studies, data.loadedAt, tFn, data.typeNames, i18n.language],
  );

  const spans = useMemo(() => data.studies.map(toSpan), [data.studies]);
  const visible = useMemo(
    () => (range ? spans.filter((s) => s.start < range.end && s.end > range.start) : []),
    [spans, range],
  );
  const hours = useSameHourRange(hourRange(visible));

  // "Visible" in the first frame painted after FullCalendar drew the loaded studies (it draws them
  // in React's commit; requestAnimationFrame runs just before that frame is painted).
  useEffect(() => {
    if (data.loadedAt === 0) return;
    const frame = requestAnimationFrame(() => {
      if (performance.getEntriesByName(CALENDAR_VISIBLE_MARK).length === 0)
        performance.mark(CALENDAR_VISIBLE_MARK);
      setDrawnAt(data.loadedAt);
    });
    return () => cancelAnimationFrame(frame);
  }, [data.loadedAt, events]);

  const openStudy: CalendarStudy | null = open
    ? (data.studies.find((s) => s.id === open.studyId) ?? null)
    : null;
  const toasts = useToasts();
  // The modal's code comes with the first study opened (study-modal-loader.ts).
  const onStudyClick = useCallback(
    (studyId: number) => {
      loadStudyModal().then(
        () => setOpen({ studyId, mode: 'details' }),
        () =>
          toasts.show({ intent: 'danger', message: t('family.study.openFailed'), timeoutMs: TOAST_MS.long }),
      );
    },
    [toasts, t],
  );
  const parts = open ? studyModalParts() : null;
  const StudyModal = parts?.StudyModal;
  const TransferView = parts?.TransferView;
  const view: CalendarViewType = range?.viewType ?? CALENDAR_VIEWS.month;

  return (
    <section
      className="calendar-card"
      data-testid="family-calendar"
      data-user-id={userId}
      data-state={data.loading ? 'loading' : drawnAt > 0 && drawnAt === data.loadedAt ? 'ready' : 'drawing'}
    >
      <CalendarToolbar
        title={range?.title ?? ''}
        view={view}
        realtime={data.realtime}
        onPrev={() => handle.current?.prev()}
        onNext={() => handle.current?.next()}
        onToday={() => handle.current?.today()}
        onView={(next) => handle.current?.changeView(next)}
      />
      {data.error ? (
        <div
          className="form-alert form-alert--error calendar-card__alert"
          role="alert"
          data-testid="calendar-error"
        >
          {t('family.calendar.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={data.reload}>
            {t('family.calendar.retry')}
          </button>
        </div>
      ) : null}
      {!data.loading && !data.error && range && visible.length === 0 ? (
        <p className="calendar-card__empty muted" data-testid="calendar-empty">
          {t('family.calendar.empty')}
        </p>
      ) : null}
      <div className={`calendar-card__grid calendar-card__grid--${view}`} aria-busy={data.loading}>
        {data.loading ? (
          // FullCalendar mounts once the studies are here: one heavy first render instead of two.
          <div className="calendar-card__placeholder" role="status" data-testid="calendar-loading">
            <span className="loading__spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        ) : (
          <StudyCalendar
            handleRef={handle}
            events={events}
            initialView={CALENDAR_VIEWS.month}
            language={i18n.language}
            t={tFn}
            hourRange={hours}
            showAllDay={false}
            onStudyClick={onStudyClick}
            onDatesSet={setRange}
          />
        )}
      </div>
      {open?.mode === 'details' && StudyModal ? (
        <StudyModal
          study={openStudy}
          typeNames={data.typeNames}
          audience={audience}
          calendarUserId={userId}
          onClose={() => setOpen(null)}
          onTransfer={(study) => setOpen({ studyId: study.id, mode: 'transfer' })}
        />
      ) : null}
      {open?.mode === 'transfer' && openStudy && TransferView ? (
        <TransferView
          study={openStudy}
          typeNames={data.typeNames}
          onBack={() => setOpen({ studyId: openStudy.id, mode: 'details' })}
          onClose={() => setOpen(null)}
          onMoved={() => {
            setOpen(null);
            data.reload();
          }}
        />
      ) : null}
    </section>
  );
}
