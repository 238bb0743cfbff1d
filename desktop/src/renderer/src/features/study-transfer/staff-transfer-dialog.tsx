import { Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { DateTime } from 'luxon';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, TIME_ZONE, TOAST_MS } from '@school/shared/domain';
import { mapStudyToEvent, type CalendarStudy } from '@school/shared/ui/calendar';
import type { StudyCalendarHandle, VisibleRange } from '@school/shared/ui/calendar/react';
import {
  TransferCalendar,
  transferEvents,
  transferHours,
  useStudyTransfer,
  type MovedStudy,
} from '@school/shared/ui/study-transfer';
import { useServices } from '../../app/services-context';
import './staff-transfer-dialog.css';

function moment(at: string | number, language: string): string {
  const when = typeof at === 'number' ? DateTime.fromMillis(at) : DateTime.fromISO(at);
  return when.setZone(TIME_ZONE).setLocale(language).toFormat('cccc, d MMMM yyyy, HH:mm');
}

export interface StaffTransferDialogProps {
  study: CalendarStudy;
  onClose(): void;
  onMoved(moved: MovedStudy): void;
}

/**
 * Transfer mode of the staff calendar (issue 29 point 2; spec part 1 §2, §4, §9): the family's rules
 * and headless logic (useStudyTransfer, shared/src/ui), drawn with Blueprint. A week view with time
 * cells of 50 px offers the teacher's free slots after today and before the package's last study
 * + 4 days, outside off periods (no warning zone); a study less than a day away gets the spec's
 * refusal. A picked slot is confirmed, then saved with the same study update command as a family's.
 */
export function StaffTransferDialog({ study, onClose, onMoved }: StaffTransferDialogProps) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const now = useRef(Date.now()).current;
  const handle = useRef<StudyCalendarHandle>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  // FullCalendar measures its columns when it mounts: not while the dialog still zooms in.
  const [opened, setOpened] = useState(false);
  const tFn = useCallback((key: string, params?: Record<string, unknown>) => t(key, params), [t]);
  const week = useMemo(() => (range ? { start: range.start, end: range.end } : null), [range]);
  const moved = useCallback(
    (done: MovedStudy) => {
      toasts.show({
        intent: 'success',
        message: t('staffScreens.transfer.done', { time: moment(done.start, i18n.language) }),
        timeoutMs: TOAST_MS.short,
      });
      onMoved(done);
    },
    [toasts, t, i18n.language, onMoved],
  );
  const transfer = useStudyTransfer(study, { now, week, t: tFn, onMoved: moved });

  const events = useMemo(
    () =>
      transferEvents(
        mapStudyToEvent(study, { audience: 'staff', now, t: tFn }),
        transfer.offPeriods,
        transfer.slots,
        () => ({
          title: t('staffScreens.transfer.free'),
          classNames: ['staff-transfer__slot'],
        }),
      ),
    // language: the slot titles are translated
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [study, now, tFn, transfer.offPeriods, transfer.slots, i18n.language],
  );

  const hours = useMemo(() => transferHours(transfer.slots, study, range), [transfer.slots, study, range]);

  const limits = transfer.window;
  let body;
  if (transfer.blocker) {
    body = (
      <Callout intent="warning" icon="disable" data-testid="staff-transfer-refused">
        {t(`scheduling.transfer.${transfer.blocker}`)}
      </Callout>
    );
  } else {
    body = (
      <>
        <p className="staff-transfer__now">
          {t('staffScreens.transfer.now', { time: moment(study.start, i18n.language) })}
        </p>
        {limits ? (
          <p className="staff-transfer__window" data-testid="staff-transfer-window">
            {t('staffScreens.transfer.window', {
              from: DateTime.fromMillis(limits.start).setZone(TIME_ZONE).toFormat(DATE_FORMAT),
              to: DateTime.fromMillis(limits.end - 1)
                .setZone(TIME_ZONE)
                .toFormat(DATE_FORMAT),
            })}
          </p>
        ) : null}
        {transfer.error ? (
          <Callout intent="danger" data-testid="staff-transfer-error">
            {transfer.error}
          </Callout>
        ) : null}
        <div className="staff-transfer__toolbar">
          <ButtonGroup>
            <Button
              icon="chevron-left"
              aria-label={t('calendarUi.toolbar.prev')}
              disabled={!range || !limits || range.start <= limits.start}
              onClick={() => handle.current?.prev()}
              data-testid="staff-transfer-prev"
            />
            <Button
              icon="chevron-right"
              aria-label={t('calendarUi.toolbar.next')}
              disabled={!range || !limits || range.end >= limits.end}
              onClick={() => handle.current?.next()}
              data-testid="staff-transfer-next"
            />
          </ButtonGroup>
          <strong>{range?.title ?? ''}</strong>
          {transfer.loading ? <Spinner size={16} /> : null}
        </div>
        {limits && opened ? (
          <div
            className="staff-transfer__calendar"
            data-testid="staff-transfer-calendar"
            data-state={transfer.loading ? 'loading' : 'ready'}
          >
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
        {!transfer.loading && limits && transfer.slots.length === 0 ? (
          <p className="admin-table__muted" data-testid="staff-transfer-no-slots">
            {t('staffScreens.transfer.noSlots')}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Dialog
      isOpen
      title={t('calendar.transferMode')}
      icon="swap-horizontal"
      className="staff-transfer"
      onClose={onClose}
      onOpened={() => setOpened(true)}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <div data-testid="staff-transfer">{body}</div>
        {transfer.picked ? (
          <Callout
            intent="primary"
            icon="swap-horizontal"
            className="staff-transfer__confirm"
            data-testid="staff-transfer-confirm"
          >
            <p>
              {t('staffScreens.transfer.confirmFrom')}: <s>{moment(study.start, i18n.language)}</s>
            </p>
            <p>
              {t('staffScreens.transfer.confirmTo')}:{' '}
              <strong data-testid="staff-transfer-confirm-to">
                {moment(transfer.picked.start, i18n.language)}
              </strong>
            </p>
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('studyPanels.cancel')}
              onClick={transfer.picked ? transfer.unpick : onClose}
              disabled={transfer.saving}
              data-testid="staff-transfer-cancel"
            />
            {transfer.blocker ? null : (
              <Button
                intent="primary"
                icon="floppy-disk"
                text={t('staffScreens.transfer.save')}
                disabled={!transfer.picked}
                loading={transfer.saving}
                onClick={() => void transfer.confirm()}
                data-testid="staff-transfer-save"
              />
            )}
          </>
        }
      />
    </Dialog>
  );
}
