import { Callout, Spinner } from '@blueprintjs/core';
import interactionPlugin from '@fullcalendar/interaction';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE, TOAST_MS } from '@school/shared/domain';
import { asSubject } from '@school/shared/permissions';
import { formLinkPath, useApi, useAuth, useRouter } from '@school/shared/ui';
import {
  defaultViewFor,
  freeSlotAt,
  hourRange,
  isFamilyRole,
  showsAllDay,
  studyCreationPath,
  sumHours,
  type CalendarViewType,
} from '@school/shared/ui/calendar';
import { StudyCalendar, type StudyCalendarHandle, type VisibleRange } from '@school/shared/ui/calendar/react';
import { useAbility } from '../../app/ability-context';
import { useAppDispatch, useAppSelector } from '../../app/app-store';
import { useServices } from '../../app/services-context';
import { StudyEventModal } from '../study-modal/study-event-modal';
import { StaffTransferDialog } from '../study-transfer/staff-transfer-dialog';
import { ADMIN_PAGES } from '../../../../common/admin-pages';
import { CalendarLegend } from './calendar-legend';
import { CalendarToolbar, HoursBar } from './calendar-toolbar';
import { backgroundToggled, viewChanged } from './calendar-ui.slice';
import { createMessageNotices } from './message-notices';
import { useCalendarData } from './use-calendar-data';
import { NotLoadedOffline } from '../offline/not-loaded-offline';

/** The calendar of one chosen user: toolbar, hours bar, FullCalendar, the study modal. */
export function CalendarBoard({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { path, query, navigate } = useRouter();
  const ability = useAbility();
  const dispatch = useAppDispatch();
  const ui = useAppSelector((state) => state.calendarUi);
  const handle = useRef<StudyCalendarHandle>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [openStudyId, setOpenStudyId] = useState<number | null>(null);
  const [transferMode, setTransferMode] = useState(false);
  const [transferStudyId, setTransferStudyId] = useState<number | null>(null);

  const roleId = user?.role_id ?? ROLE.Guest;
  const family = isFamilyRole(roleId);
  const { client } = useApi();
  const { native, toasts } = useServices();
  const viewerId = user?.id ?? null;
  // A message in a study the signed-in user teaches: a notification and the badge (issue #17 p. 5).
  const onStudyMessage = useMemo(() => {
    if (viewerId === null || family) return undefined;
    const notices = createMessageNotices({
      client,
      native,
      viewer: { id: viewerId, roleId },
      language: i18n.language,
      t,
    });
    return (studyId: number, userIds: number[]) => {
      if (userIds.includes(viewerId)) void notices(studyId).catch(() => undefined);
    };
  }, [client, native, viewerId, roleId, family, i18n.language, t]);
  const data = useCalendarData({
    userId,
    audience: family ? 'family' : 'staff',
    canReadSchedules: ability.can('read', 'schedule'),
    t,
    language: i18n.language,
    onStudyMessage,
  });

  const initialView = useRef<CalendarViewType>(ui.view ?? defaultViewFor(roleId)).current;
  const view = range?.viewType ?? initialView;
  const canCreateStudy = ability.can('create', 'study');
  // Transfer mode (spec part 1 §2, §4): for who may change a study's start (Administrator, Manager;
  // an Administrator switched to Responsible, with the family's rules the server applies).
  const canTransfer = ability.can('update', 'study', 'start');
  // Administrator and Manager jump from an event to the study in the admin table (spec part 1 §2).
  const canEditInTable = ability.can('manage', 'study');

  const events = useMemo(
    () => (ui.backgroundHidden ? data.studyEvents : [...data.backgroundEvents, ...data.studyEvents]),
    [ui.backgroundHidden, data.backgroundEvents, data.studyEvents],
  );

  const visibleSpans = useMemo(() => {
    if (!range) return [];
    const inRange = (s: { start: number; end: number }) => s.start < range.end && s.end > range.start;
    const work = ui.backgroundHidden ? [] : data.workSpans;
    return [...data.studySpans, ...work].filter(inRange);
  }, [range, data.studySpans, data.workSpans, ui.backgroundHidden]);
  const hours = useMemo(
    () => (range ? sumHours(data.studyEvents, { start: range.currentStart, end: range.currentEnd }) : 0),
    [range, data.studyEvents],
  );

  const onDatesSet = useCallback(
    (next: VisibleRange) => {
      setRange(next);
      dispatch(viewChanged(next.viewType));
    },
    [dispatch],
  );

  // The study form opens over this calendar, which stays as it is; closing it comes back here.
  const search = query.toString();
  const here = useMemo(() => ({ background: search ? `${path}?${search}` : path }), [path, search]);
  const onDateClick = useCallback(
    (at: number, allDay: boolean) => {
      if (allDay || !canCreateStudy) return;
      const slot = freeSlotAt(at, {
        workPeriods: data.workSpans,
        studies: data.studySpans,
        offPeriods: data.offSpans,
      });
      if (slot) navigate(studyCreationPath(slot.start, userId), { state: here });
    },
    [canCreateStudy, data.workSpans, data.studySpans, data.offSpans, navigate, userId, here],
  );

  const onEditStudy = useCallback(
    (studyId: number) =>
      navigate(formLinkPath(ADMIN_PAGES.studies.path, { mode: 'update', id: studyId }), { state: here }),
    [navigate, here],
  );
  const openStudy = useMemo(
    () => data.studies.find((s) => s.id === openStudyId) ?? null,
    [data.studies, openStudyId],
  );
  const transferStudy = useMemo(
    () => data.studies.find((s) => s.id === transferStudyId) ?? null,
    [data.studies, transferStudyId],
  );
  // In transfer mode a click on a study starts its transfer instead of opening the modal.
  const onStudyClick = useCallback(
    (studyId: number) => {
      if (!transferMode) return setOpenStudyId(studyId);
      const study = data.studies.find((s) => s.id === studyId);
      const subject =
        study && asSubject('study', { ...study, user_ids: (study.users ?? []).map((u) => u.id) });
      if (subject && ability.can('update', subject, 'start')) setTransferStudyId(studyId);
      else
        toasts.show({
          intent: 'warning',
          message: t('staffScreens.transfer.notAllowed'),
          timeoutMs: TOAST_MS.short,
        });
    },
    [transferMode, data.studies, ability, toasts, t],
  );
  // ?study={id}: a clicked message notification (or any link) opens that study's modal.
  const linkedStudy = Number(query.get('study'));
  useEffect(() => {
    if (Number.isInteger(linkedStudy) && linkedStudy > 0) setOpenStudyId(linkedStudy);
  }, [linkedStudy]);
  // Opening a study reads its chat: its messages leave the badge count.
  useEffect(() => {
    if (openStudyId !== null) void native.readMessages(openStudyId).catch(() => undefined);
  }, [native, openStudyId]);
  const closeStudy = useCallback(() => {
    setOpenStudyId(null);
    if (!query.has('study')) return;
    // Dropped from the address, so that the next notification of the same study opens it again.
    const rest = new URLSearchParams(query);
    rest.delete('study');
    navigate(rest.size ? `${path}?${rest}` : path, { replace: true });
  }, [query, path, navigate]);
  const tFn = useCallback((key: string, params?: Record<string, unknown>) => t(key, params), [t]);

  return (
    <div className="calendar-board" data-testid="calendar-board" data-loading={data.loading || undefined}>
      <CalendarToolbar
        title={range?.title ?? ''}
        view={view}
        onPrev={() => handle.current?.prev()}
        onNext={() => handle.current?.next()}
        onToday={() => handle.current?.today()}
        onView={(next) => handle.current?.changeView(next)}
        showRefresh={ability.can('refresh', 'event')}
        showHide={ability.can('hide', 'event')}
        refreshing={data.fetching}
        onRefresh={() => void data.refresh()}
        backgroundHidden={ui.backgroundHidden}
        onToggleBackground={() => dispatch(backgroundToggled())}
        realtime={data.realtime}
        showTransfer={canTransfer}
        transferMode={transferMode}
        onToggleTransfer={() => setTransferMode((on) => !on)}
      />
      {transferMode ? (
        <Callout
          intent="primary"
          icon="swap-horizontal"
          compact
          className="calendar-board__transfer-hint"
          data-testid="transfer-mode-hint"
        >
          {t('staffScreens.transfer.modeHint')}
        </Callout>
      ) : null}
      <div className="calendar-board__meta">
        {ability.can('read', 'workhour') ? <HoursBar hours={hours} /> : <span />}
        <CalendarLegend withBackground={data.backgroundEvents.length > 0 && !ui.backgroundHidden} />
      </div>
      <div className="calendar-board__grid">
        {data.loading ? (
          <div className="calendar-board__loading">
            <Spinner size={32} />
          </div>
        ) : null}
        {data.notLoadedOffline ? (
          <div className="calendar-board__loading">
            <NotLoadedOffline />
          </div>
        ) : null}
        <StudyCalendar
          handleRef={handle}
          events={events}
          initialView={initialView}
          language={i18n.language}
          t={tFn}
          hourRange={hourRange(visibleSpans)}
          showAllDay={showsAllDay(roleId)}
          onStudyClick={onStudyClick}
          onDateClick={onDateClick}
          interactionPlugin={interactionPlugin}
          onDatesSet={onDatesSet}
          onEditStudy={canEditInTable ? onEditStudy : undefined}
          editLabel={t('calendarUi.editStudy')}
        />
      </div>
      {canCreateStudy && data.workSpans.length > 0 ? (
        <p className="calendar-board__hint" data-testid="free-slot-hint">
          {t('calendarUi.freeSlotHint')}
        </p>
      ) : null}
      {transferStudy ? (
        <StaffTransferDialog
          study={transferStudy}
          onClose={() => setTransferStudyId(null)}
          onMoved={() => {
            setTransferStudyId(null);
            setTransferMode(false);
            void data.refresh();
          }}
        />
      ) : null}
      {openStudyId !== null ? (
        <StudyEventModal
          study={openStudy}
          studyId={openStudyId}
          calendarUserId={userId}
          onClose={closeStudy}
        />
      ) : null}
    </div>
  );
}
