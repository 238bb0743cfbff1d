import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { CALENDAR_VIEWS, mapStudyToEvent, type CalendarStudy } from '@school/shared/ui/calendar';
import type { StudyCalendarHandle, VisibleRange } from '@school/shared/ui/calendar/react';
import {
  TransferCalendar,
  transferEvents,
  transferHours,
  useStudyTransfer,
  type MovedStudy,
} from '@school/shared/ui/study-transfer';
import { useToasts } from '../../app/toasts-context';
import { ChevronLeftIcon } from '../../components/icons';
import { ModalDialog } from '../../components/modal-dialog';
import { useMediaQuery } from '../../hooks/use-media-query';
import { CalendarToolbar } from '../../kit/calendar/calendar-toolbar';
import { formatClock, formatDay, formatMoment } from '../../kit/calendar/study-time';
import { TransferConfirm } from './transfer-confirm';
import './transfer-view.css';

const FREE = { background: '#e3f4ea', border: '#238551', text: '#14532d' };
/** Where a week column is too narrow for "09:00 - 10:00 Free": a slot then reads its start only. */
const COMPACT_QUERY = '(max-width: 599px)';

export interface TransferViewProps {
  study: CalendarStudy;
  typeNames: ReadonlyMap<number, string> | undefined;
  onBack(): void;
  onClose(): void;
  onMoved(moved: MovedStudy): void;
}

/**
 * Transfer mode (spec part 1 §4): a week view, time cells of 50 px, offering only the free slots of
 * the study's teacher inside the transfer window; a picked slot is confirmed, then saved with the
 * study update command. The server runs the same rules again and has the last word: its refusal is
 * shown as it words it, and a slot taken meanwhile (409, or no longer free) reloads the offer.
 */
export function TransferView({ study, typeNames, onBack, onClose, onMoved }: TransferViewProps) {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const now = useRef(Date.now()).current;
  const handle = useRef<StudyCalendarHandle>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const tFn = useCallback((key: string, params?: Record<string, unknown>) => t(key, params), [t]);
  const week = useMemo(() => (range ? { start: range.start, end: range.end } : null), [range]);
  const moved = useCallback(
    (done: MovedStudy) => {
      toasts.show({
        intent: 'success',
        message: t('family.transfer.done', { time: formatMoment(done.start, i18n.language) }),
        timeoutMs: TOAST_MS.short,
      });
      onMoved(done);
    },
    [toasts, t, i18n.language, onMoved],
  );
  const transfer = useStudyTransfer(study, { now, week, t: tFn, onMoved: moved });
  const { error, picked, saving } = transfer;
  const frame = { window: transfer.window, offPeriods: transfer.offPeriods, loading: transfer.loading };
  const offer = { slots: transfer.slots, loading: transfer.loading };
  // A refusal comes while the person looks at a slot far down the week: bring the message to them.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const compact = useMediaQuery(COMPACT_QUERY);

  const events = useMemo(
    () =>
      transferEvents(
        mapStudyToEvent(study, { audience: 'family', now, t: tFn, typeNames }),
        frame.offPeriods,
        offer.slots,
        (slot) => ({
          title: compact ? formatClock(slot.start) : t('family.transfer.free'),
          classNames: ['transfer-slot'],
          backgroundColor: FREE.background,
          borderColor: FREE.border,
          textColor: FREE.text,
        }),
      ),
    // language: the slot titles are translated
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [study, now, tFn, typeNames, frame.offPeriods, offer.slots, compact, i18n.language],
  );

  const hours = useMemo(() => transferHours(offer.slots, study, range), [offer.slots, study, range]);

  const limits = frame.window;
  const inWindow = offer.slots.length > 0;
  const title = (
    <span className="transfer-title">
      <button
        type="button"
        className="icon-button"
        onClick={onBack}
        aria-label={t('family.transfer.back')}
        title={t('family.transfer.back')}
        data-testid="transfer-back"
      >
        <ChevronLeftIcon />
      </button>
      {t('family.transfer.title')}
    </span>
  );

  return (
    <ModalDialog
      title={title}
      closeLabel={t('family.study.close')}
      onClose={onClose}
      size="sheet"
      testId="transfer-view"
    >
      <div className="transfer" data-state={offer.loading || frame.loading ? 'loading' : 'ready'}>
        <p className="transfer__now">
          {t('family.transfer.now', { time: formatMoment(study.start, i18n.language) })}
        </p>
        <p className="transfer__hint">{t('family.transfer.hint')}</p>
        {limits ? (
          <p
            className="transfer__window"
            data-testid="transfer-window"
            data-from={limits.start}
            data-to={limits.end}
          >
            {t('family.transfer.window', {
              from: formatDay(limits.start, i18n.language),
              to: formatDay(limits.end - 1, i18n.language),
            })}
          </p>
        ) : null}
        {error ? (
          <div
            ref={errorRef}
            className="form-alert form-alert--error"
            role="alert"
            data-testid="transfer-error"
          >
            {error}
          </div>
        ) : null}
        <CalendarToolbar
          title={range?.title ?? ''}
          view={CALENDAR_VIEWS.week}
          fixedView
          prevDisabled={!range || !limits || range.start <= limits.start}
          nextDisabled={!range || !limits || range.end >= limits.end}
          onPrev={() => handle.current?.prev()}
          onNext={() => handle.current?.next()}
        />
        <div className="transfer__legend" aria-hidden="true">
          <span className="legend-chip legend-chip--free">{t('family.transfer.legendFree')}</span>
          <span className="legend-chip legend-chip--off">{t('family.transfer.legendOff')}</span>
        </div>
        {limits ? (
          <div className="transfer__calendar">
            <TransferCalendar
              handleRef={handle}
              events={events}
              hours={hours}
              initialDate={limits.start}
              language={i18n.language}
              t={tFn}
              onDatesSet={setRange}
              onPick={transfer.pick}
            />
          </div>
        ) : null}
        {offer.loading || frame.loading ? (
          <p className="muted" role="status">
            {t('family.transfer.loading')}
          </p>
        ) : !inWindow ? (
          <p className="muted" data-testid="transfer-no-slots">
            {t('family.transfer.noSlots')}
          </p>
        ) : null}
      </div>
      {picked ? (
        <TransferConfirm
          from={study.start}
          to={picked.start}
          saving={saving}
          onCancel={transfer.unpick}
          onConfirm={() => void transfer.confirm()}
        />
      ) : null}
    </ModalDialog>
  );
}
